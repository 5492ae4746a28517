// SPDX-License-Identifier: GPL-3.0-or-later
#include "meeting_files.hpp"

#include "common/profile_combo.hpp"
#include "main_window.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "screenshots.hpp"
#include "session_document.hpp"
#include "views/composed_figure.hpp"

#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>

namespace cdx::app {

QString importMeasuredGpuInteractive(QWidget* parent, const QString& given,
                                     const std::function<void(const QString&, int)>& showMessage) {
    const QString path = !given.isEmpty()
                             ? given
                             : QFileDialog::getOpenFileName(
                                   parent, QObject::tr("Import a measured GPU"), QDir::homePath(),
                                   QObject::tr("GPU descriptions (*.json)"));
    if (path.isEmpty()) {
        return {};
    }
    const auto attempt = [&](bool replace) {
        const auto [gpu, saved] = importGpuProfile(path.toStdString(), replace);
        widgets::ProfileCatalog::instance()->notifyChanged("gpus");
        showMessage(
            QObject::tr("Imported %1 as a GPU of yours (%2; %3): choose it in any workspace's GPU "
                        "list")
                .arg(QString::fromStdString(gpu.name), QString::fromStdString(kindCounts(gpu)),
                     QDir::toNativeSeparators(QString::fromStdString(saved.string()))),
            15000);
        return QString::fromStdString(gpu.id);
    };
    try {
        return attempt(false);
    } catch (const InputError& e) {
        const bool exists = e.field() == "id" &&
                            std::string(e.allowed()).find("a profile of yours has this id") == 0;
        if (exists && given.isEmpty() &&
            QMessageBox::question(parent, QObject::tr("Import measured GPU"),
                                  QObject::tr("%1\n\nReplace your GPU of this id?")
                                      .arg(QString::fromUtf8(e.what()))) == QMessageBox::Yes) {
            try {
                return attempt(true);
            } catch (const InputError& again) {
                QMessageBox::warning(parent, QObject::tr("Import measured GPU"),
                                     QString::fromUtf8(again.what()));
                return {};
            }
        }
        if (given.isEmpty()) {
            QMessageBox::warning(parent, QObject::tr("Import measured GPU"),
                                 QObject::tr("Not imported:\n%1").arg(QString::fromUtf8(e.what())));
        } else {
            showMessage(QObject::tr("Not imported: %1").arg(QString::fromUtf8(e.what())), 15000);
        }
        return {};
    }
}

void exportMeetingPackInteractive(MainWindow& window) {
    QWidget* const parent = &window;
    Workspace* w = window.currentWorkspace();
    if (w == nullptr) {
        window.showMessage(QObject::tr("Open a workspace first: a meeting pack holds its views"),
                           8000);
        return;
    }
    QDialog dialog(parent);
    dialog.setObjectName("meetingPackDialog");
    dialog.setWindowTitle(QObject::tr("Export Meeting Pack"));
    dialog.setMinimumWidth(520);
    auto* form = new QFormLayout(&dialog);
    auto* list = new QListWidget(&dialog);
    list->setObjectName("meetingPackViews");
    list->setMinimumHeight(260);
    // Every workspace's views (issue 61: only the current workspace's were offered), the
    // current one's checked, and the session's composed figure first when it has one.
    const QStringList chosen = defaultPackViews(window);
    QStringList stems;
    for (auto* ws : window.workspaces()) {
        for (auto* v : ws->views()) {
            stems << v->fileStem();
        }
    }
    if (const auto c = compositionOf(window.document()->state(), stems);
        c && (window.document()->state().baseline != nullptr ||
              std::none_of(c->panels.begin(), c->panels.end(),
                           [](const Composition::Panel& p) { return p.baseline; }))) {
        ComposedFigure figure(window.workspaces(), *c, window.document()->state());
        auto* item =
            new QListWidgetItem(QObject::tr("Composed figure: %1").arg(figure.viewTitle()), list);
        item->setData(Qt::UserRole, QStringLiteral("compose"));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    QStringList seen;
    for (auto* ws : window.workspaces()) {
        for (auto* v : ws->views()) {
            if (seen.contains(v->fileStem())) {
                continue; // the cross-family views (Compare, Line-up) are named per workspace
            }
            seen << v->fileStem();
            auto* item = new QListWidgetItem(QString(ws->title()).replace('\n', ' ') +
                                                 QStringLiteral(" ▸ ") + v->viewTitle(),
                                             list);
            item->setData(Qt::UserRole, v->fileStem());
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(ws == w && chosen.contains(v->fileStem()) ? Qt::Checked
                                                                          : Qt::Unchecked);
        }
    }
    form->addRow(QObject::tr("Views"), list);
    auto* folder = new QLineEdit(&dialog);
    folder->setObjectName("meetingPackFolder");
    folder->setText(
        QDir(QDir::homePath())
            .filePath("meeting-" +
                      QString::fromStdString(window.document()->state().gpu.id).replace('/', '-')));
    auto* choose = new QPushButton(QObject::tr("Choose…"), &dialog);
    auto* row = new QHBoxLayout;
    row->addWidget(folder, 1);
    row->addWidget(choose);
    form->addRow(QObject::tr("Folder"), row);
    QObject::connect(choose, &QPushButton::clicked, &dialog, [&dialog, folder] {
        const QString d = QFileDialog::getExistingDirectory(
            &dialog, QObject::tr("Meeting pack folder"), folder->text());
        if (!d.isEmpty()) {
            folder->setText(d);
        }
    });
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    width->setRange(640, 6000);
    height->setRange(400, 4000);
    width->setValue(1600);
    height->setValue(1000);
    width->setSuffix(" px");
    height->setSuffix(" px");
    auto* size = new QHBoxLayout;
    size->addWidget(width);
    size->addWidget(new QLabel(QStringLiteral("×"), &dialog));
    size->addWidget(height);
    form->addRow(QObject::tr("Slide figures"), size);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Export"));
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    QStringList views;
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->checkState() == Qt::Checked) {
            views << list->item(i)->data(Qt::UserRole).toString();
        }
    }
    if (views.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export meeting pack"),
                             QObject::tr("No view is checked."));
        return;
    }
    QStringList written;
    Workspace* back = w;
    const int tab = w->viewTabs()->currentIndex();
    // A pack of many views takes seconds: the pointer says it is working.
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error =
        writeMeetingPack(window, folder->text(), views, QSize(width->value(), height->value()),
                         std::nullopt, &written);
    QApplication::restoreOverrideCursor();
    window.showWorkspace(back); // the pack showed each view to draw it
    back->viewTabs()->setCurrentIndex(tab);
    if (!error.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export meeting pack"), error);
        return;
    }
    window.showMessage(QObject::tr("Wrote the meeting pack: %1 files into %2 (open index.html)")
                           .arg(written.size())
                           .arg(QDir::toNativeSeparators(folder->text())),
                       12000);
}

} // namespace cdx::app
