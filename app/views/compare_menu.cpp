// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/compare_menu.hpp"

#include "params/input_error.hpp"
#include "preference.hpp"
#include "session/session.hpp"
#include "session_document.hpp"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

namespace cdx::app {

namespace {
Preference<QString> lastBaselineDirectory{"compare/lastDirectory", QDir::homePath()};
} // namespace

CompareMenu::CompareMenu(SessionDocument* doc, QWidget* window, Message message)
    : QObject(window), doc_(doc), window_(window), message_(std::move(message)) {
    pin_ = new QAction(tr("&Pin Current as Baseline"), this);
    pin_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    pin_->setToolTip(tr("Keep this configuration (every workspace's) to compare the session with"));
    connect(pin_, &QAction::triggered, this, &CompareMenu::pin);
    open_ = new QAction(tr("&Open Session as Baseline…"), this);
    connect(open_, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            window_, tr("Open session as baseline"), lastBaselineDirectory.get(),
            tr("Codesign Explorer sessions (*.cdx.json);;JSON (*.json)"));
        if (!path.isEmpty()) {
            lastBaselineDirectory.set(QFileInfo(path).absolutePath());
            openAsBaseline(path);
        }
    });
    shipped_ = new QAction(tr("Baseline: &Shipped Profiles"), this);
    shipped_->setToolTip(tr("The session with every edited value back to its published one"));
    connect(shipped_, &QAction::triggered, this, &CompareMenu::shippedProfiles);
    swap_ = new QAction(tr("S&wap Baseline and Session"), this);
    connect(swap_, &QAction::triggered, this, &CompareMenu::swap);
    clear_ = new QAction(tr("&Clear Baseline"), this);
    connect(clear_, &QAction::triggered, this, &CompareMenu::clear);
    connect(doc_, &SessionDocument::changed, this, &CompareMenu::updateActions);
    updateActions();
}

void CompareMenu::addTo(QMenuBar* bar) {
    QMenu* m = bar->addMenu(tr("&Compare"));
    m->addAction(pin_);
    m->addAction(open_);
    m->addAction(shipped_);
    m->addSeparator();
    m->addAction(swap_);
    m->addAction(clear_);
}

void CompareMenu::updateActions() {
    const bool has = doc_->state().baseline != nullptr;
    swap_->setEnabled(has);
    clear_->setEnabled(has);
}

void CompareMenu::pin() {
    SessionState next = doc_->state();
    next.baseline = std::make_shared<const SessionState>(asBaseline(next));
    if (doc_->state().baseline && *doc_->state().baseline == *next.baseline) {
        message_(tr("The baseline already is the current configuration."), 5000);
        return;
    }
    doc_->edit(tr("Pin as baseline"), next);
    message_(tr("Pinned the current configuration as the baseline: edit the session, and each "
                "workspace's Compare view shows both (Edit ▸ Undo unpins)."),
             8000);
}

bool CompareMenu::openAsBaseline(const QString& path, QString* error) {
    SessionState base;
    try {
        base = loadSession(path.toStdString());
    } catch (const InputError& e) {
        const QString why = QString::fromUtf8(e.what());
        message_(tr("Not taken as the baseline: %1").arg(why), 10000);
        if (error) {
            *error = why;
        } else {
            QMessageBox::warning(window_, tr("Open session as baseline"),
                                 tr("Could not open the baseline:\n%1").arg(why));
        }
        return false;
    }
    SessionState next = doc_->state();
    next.baseline = std::make_shared<const SessionState>(asBaseline(base));
    doc_->edit(tr("Open baseline %1").arg(QFileInfo(path).fileName()), next);
    message_(
        tr("Baseline: %1 (Compare view of each workspace).").arg(QDir::toNativeSeparators(path)),
        8000);
    return true;
}

void CompareMenu::shippedProfiles() {
    std::vector<std::string> kept;
    SessionState next = doc_->state();
    next.baseline = std::make_shared<const SessionState>(withShippedProfiles(doc_->state(), &kept));
    doc_->edit(tr("Baseline: shipped profiles"), next);
    QString text = tr("Baseline: the session with its profiles as shipped.");
    if (!kept.empty()) {
        QStringList ids;
        for (const auto& id : kept) {
            ids << QString::fromStdString(id);
        }
        text += tr(" Not shipped, kept as they are: %1.").arg(ids.join(", "));
    }
    message_(text, 8000);
}

void CompareMenu::swap() {
    const SessionState& now = doc_->state();
    if (!now.baseline) {
        return;
    }
    SessionState next = *now.baseline;
    next.view = now.view; // what is on screen stays
    next.baseline = std::make_shared<const SessionState>(asBaseline(now));
    doc_->edit(tr("Swap baseline and session"), next);
    message_(tr("Swapped: the session is the former baseline (Edit ▸ Undo swaps back)."), 6000);
}

void CompareMenu::clear() {
    if (!doc_->state().baseline) {
        return;
    }
    SessionState next = doc_->state();
    next.baseline.reset();
    doc_->edit(tr("Clear baseline"), next);
    message_(tr("Baseline cleared (Edit ▸ Undo brings it back)."), 6000);
}

} // namespace cdx::app
