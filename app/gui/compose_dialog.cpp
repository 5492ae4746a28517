// SPDX-License-Identifier: GPL-3.0-or-later
#include "compose_dialog.hpp"

#include "interactive_page.hpp"
#include "main_window.hpp"
#include "params/input_error.hpp"
#include "session_document.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>

namespace cdx::app {

namespace {

QStringList knownViews(const MainWindow& window) {
    QStringList out;
    for (auto* w : window.workspaces()) {
        for (auto* v : w->views()) {
            out << v->fileStem();
        }
    }
    return out;
}

} // namespace

ComposeDialog::ComposeDialog(MainWindow& window) : QDialog(&window), window_(window) {
    setObjectName("composeDialog");
    setWindowTitle(tr("Compose Figure"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    title_ = new QLineEdit(this);
    title_->setObjectName("composeTitle");
    title_->setPlaceholderText(tr("made from the panels' views"));
    title_->setMaxLength(200);
    form->addRow(tr("&Title"), title_);
    layout_ = new QComboBox(this);
    layout_->setObjectName("composeLayout");
    layout_->addItem(tr("In a row"), QStringLiteral("row"));
    layout_->addItem(tr("2 × 2 grid"), QStringLiteral("grid"));
    scales_ = new QComboBox(this);
    scales_->setObjectName("composeScales");
    scales_->addItem(tr("One colour scale for every map"), QStringLiteral("shared"));
    scales_->addItem(tr("Each map its own colour scale"), QStringLiteral("separate"));
    auto* options = new QHBoxLayout;
    options->addWidget(layout_);
    options->addWidget(scales_);
    options->addStretch(1);
    form->addRow(tr("Layout"), options);
    layout->addLayout(form);

    auto* panels = new QGridLayout;
    const bool hasBaseline = window.document()->state().baseline != nullptr;
    for (std::size_t i = 0; i < kMaxPanels; ++i) {
        auto* label = new QLabel(tr("Panel %1").arg(i + 1), this);
        views_[i] = new QComboBox(this);
        views_[i]->setObjectName(QStringLiteral("composeView%1").arg(i + 1));
        if (i >= kMinPanels) {
            views_[i]->addItem(tr("(none)"), QString());
        }
        for (auto* w : window.workspaces()) {
            for (auto* v : w->views()) {
                if (views_[i]->findData(v->fileStem()) < 0) {
                    views_[i]->addItem(QString(w->title()).replace('\n', ' ') +
                                           QStringLiteral(" ▸ ") + v->viewTitle(),
                                       v->fileStem());
                }
            }
        }
        sources_[i] = new QComboBox(this);
        sources_[i]->setObjectName(QStringLiteral("composeSource%1").arg(i + 1));
        sources_[i]->addItem(tr("the session"), QStringLiteral("session"));
        sources_[i]->addItem(hasBaseline ? tr("its baseline") : tr("its baseline (none pinned)"),
                             QStringLiteral("baseline"));
        label->setBuddy(views_[i]);
        panels->addWidget(label, static_cast<int>(i), 0);
        panels->addWidget(views_[i], static_cast<int>(i), 1);
        panels->addWidget(sources_[i], static_cast<int>(i), 2);
    }
    panels->setColumnStretch(1, 1);
    layout->addLayout(panels);
    preview_ = new QLabel(this);
    preview_->setObjectName("composePreview");
    preview_->setMinimumSize(320, 140);
    preview_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored); // the pixmap follows it
    preview_->setAlignment(Qt::AlignCenter);
    layout->addWidget(preview_, 1);
    message_ = new QLabel(this);
    message_->setObjectName("composeMessage");
    message_->setWordWrap(true);
    layout->addWidget(message_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    save_ = buttons->addButton(tr("&Save in Session"), QDialogButtonBox::ActionRole);
    export_ = buttons->addButton(tr("&Export…"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(save_, &QPushButton::clicked, this, [this] { saveInSession(); });
    connect(export_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the composed figure"),
            QDir::home().filePath(QStringLiteral("composed.png")),
            tr("Figures (*.png *.pdf *.svg);;Interactive page (*.html);;Data (*.csv)"));
        if (path.isEmpty()) {
            return;
        }
        QString error;
        if (exportTo(path, &error)) {
            message_->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path)));
            window_.showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
        } else {
            message_->setText(tr("Not exported: %1").arg(error));
        }
    });

    // What the session holds, else the current view beside its baseline's (or the next view).
    const QStringList known = knownViews(window);
    Composition start;
    if (const auto saved = compositionOf(window.document()->state(), known)) {
        start = *saved;
    } else {
        Workspace* w = window.currentWorkspace();
        if (w == nullptr) {
            w = window.workspaces().front();
        }
        widgets::ExplorerView* v = w->currentView() ? w->currentView() : w->views().front();
        start.panels.push_back({v->fileStem(), false});
        if (hasBaseline) {
            start.panels.push_back({v->fileStem(), true});
        } else {
            const auto& all = w->views();
            const auto at = std::find(all.begin(), all.end(), v);
            const auto next = at + 1 != all.end() ? at + 1 : all.begin();
            start.panels.push_back({(*next)->fileStem(), false});
        }
    }
    title_->setText(start.title);
    layout_->setCurrentIndex(start.grid ? 1 : 0);
    scales_->setCurrentIndex(start.sharedScales ? 0 : 1);
    for (std::size_t i = 0; i < kMaxPanels; ++i) {
        const int index = i < start.panels.size() ? views_[i]->findData(start.panels[i].view)
                                                  : views_[i]->findData(QString());
        views_[i]->setCurrentIndex(std::max(0, index));
        sources_[i]->setCurrentIndex(i < start.panels.size() && start.panels[i].baseline ? 1 : 0);
    }
    for (QComboBox* c : {layout_, scales_}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { updatePreview(); });
    }
    for (std::size_t i = 0; i < kMaxPanels; ++i) {
        connect(views_[i], &QComboBox::currentIndexChanged, this, [this] { updatePreview(); });
        connect(sources_[i], &QComboBox::currentIndexChanged, this, [this] { updatePreview(); });
    }
    connect(title_, &QLineEdit::editingFinished, this, [this] { updatePreview(); });
    resize(900, 720);
    updatePreview();
}

std::optional<Composition> ComposeDialog::composition() const {
    Composition c;
    c.title = title_->text().simplified();
    c.grid = layout_->currentData().toString() == "grid";
    c.sharedScales = scales_->currentData().toString() == "shared";
    for (std::size_t i = 0; i < kMaxPanels; ++i) {
        const QString view = views_[i]->currentData().toString();
        if (view.isEmpty()) {
            continue;
        }
        const bool baseline = sources_[i]->currentData().toString() == "baseline";
        if (baseline && !window_.document()->state().baseline) {
            message_->setText(tr("Panel %1 shows the baseline, and the session has none: pin one "
                                 "(Compare ▸ Pin Current as Baseline) or choose the session.")
                                  .arg(i + 1));
            return std::nullopt;
        }
        c.panels.push_back({view, baseline});
    }
    if (c.panels.size() < kMinPanels) {
        message_->setText(tr("A composed figure has 2 to 4 panels."));
        return std::nullopt;
    }
    return c;
}

void ComposeDialog::updatePreview() {
    const auto c = composition();
    save_->setEnabled(c.has_value());
    export_->setEnabled(c.has_value());
    if (!c) {
        rendered_ = QImage();
        preview_->setPixmap({});
        return;
    }
    ComposedFigure figure(window_.workspaces(), *c, window_.document()->state());
    const QSize size(1400, c->grid && c->panels.size() > 2 ? 1100 : 620);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    try {
        figure.renderTo(image, size);
    } catch (const InputError& e) {
        message_->setText(QString::fromUtf8(e.what()));
        return;
    }
    rendered_ = image;
    showPreview();
    message_->setText(tr("Save in Session keeps it with the session (and the meeting pack); "
                         "headless: --export compose=FILE, or compose:%1=FILE.")
                          .arg(panelsText(c->panels)));
}

void ComposeDialog::showPreview() {
    if (rendered_.isNull()) {
        return;
    }
    preview_->setPixmap(
        QPixmap::fromImage(rendered_.scaled(preview_->size().expandedTo(QSize(320, 140)),
                                            Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

void ComposeDialog::resizeEvent(QResizeEvent* e) {
    QDialog::resizeEvent(e);
    showPreview();
}

bool ComposeDialog::saveInSession() {
    const auto c = composition();
    if (!c) {
        return false;
    }
    const SessionState next = withComposition(window_.document()->state(), *c);
    window_.document()->edit(tr("Compose figure"), next);
    window_.showMessage(tr("Composed figure saved in the session (%1; Ctrl+Z undoes it)")
                            .arg(panelsText(c->panels)),
                        8000);
    message_->setText(tr("Saved in the session: File ▸ Save keeps it in the file."));
    return true;
}

bool ComposeDialog::exportTo(const QString& path, QString* error) {
    const auto c = composition();
    if (!c) {
        if (error) {
            *error = message_->text();
        }
        return false;
    }
    ComposedFigure figure(window_.workspaces(), *c, window_.document()->state());
    Workspace* w = figure.panelWorkspace(0);
    widgets::FigureOptions options = w->figureOptions(figure);
    const QString e = exportViewOrPage(
        figure, path, QSize(1600, c->grid && c->panels.size() > 2 ? 1200 : 800), options,
        QString::fromStdString(sessionToJson(window_.document()->state())));
    if (!e.isEmpty() && error) {
        *error = e;
    }
    return e.isEmpty();
}

} // namespace cdx::app
