// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_files.hpp"

#include "params/input_error.hpp"
#include "preference.hpp"
#include "session_document.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace cdx::app {

namespace {
Preference<QStringList> recentFiles{"session/recentFiles"};
Preference<QString> lastDirectoryPreference{"session/lastDirectory", QDir::homePath()};
constexpr int kMaxRecent = 8;
} // namespace

QString lastDirectory() {
    return lastDirectoryPreference.get();
}

void setLastDirectory(const QString& dir) {
    lastDirectoryPreference.set(dir);
}

SessionFiles::SessionFiles(SessionDocument* doc, QWidget* dialogParent,
                           std::function<void(const QString&, int)> message)
    : QObject(dialogParent), doc_(doc), parent_(dialogParent), message_(std::move(message)) {}

QStringList SessionFiles::recent() const {
    return recentFiles.get();
}

void SessionFiles::addMenuEntries(QMenu* file) {
    file->addAction(tr("&New Session"), QKeySequence::New, this, [this] {
        if (!maybeSave()) {
            return;
        }
        try {
            doc_->reset(defaultSession());
            message_(tr("New session: the defaults (GTX 980, Heat 2D, the optimal tiles)"), 5000);
        } catch (const InputError& e) {
            QMessageBox::warning(parent_, tr("New session"), QString::fromUtf8(e.what()));
        }
    });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave()) {
            return;
        }
        const QString path = QFileDialog::getOpenFileName(
            parent_, tr("Open session"), lastDirectory(),
            tr("Codesign Explorer sessions (*.cdx.json);;JSON (*.json);;Interactive pages, their "
               "session (*.html *.htm)"));
        if (!path.isEmpty()) {
            open(path);
        }
    });
    file->addAction(tr("&Import from Page…"), this, [this] {
        if (!maybeSave()) {
            return;
        }
        const QString path =
            QFileDialog::getOpenFileName(parent_, tr("Import the session of an interactive page"),
                                         lastDirectory(), tr("Interactive pages (*.html *.htm)"));
        if (!path.isEmpty()) {
            importPage(path);
        }
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    fillRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] { save(); });
    // Ctrl+Shift+S everywhere: QKeySequence::SaveAs is empty outside GNOME and KDE.
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this,
                    [this] { saveAs(); });
}

bool SessionFiles::refused(const InputError& e, QString* error, bool quiet, const QString& title,
                           const QString& text) const {
    const QString msg = QString::fromUtf8(e.what());
    if (error) {
        *error = msg;
    }
    if (!quiet) {
        QMessageBox::warning(parent_, title, text.arg(msg));
    }
    return false;
}

bool SessionFiles::importPage(const QString& path, QString* error, bool quiet) {
    try {
        const QStringList warnings = doc_->openCopy(path);
        setLastDirectory(QFileInfo(path).absolutePath());
        message_(warnings.isEmpty()
                     ? tr("Imported the session of the page %1 as an untitled session (Save As "
                          "keeps it; the page stays as it is).")
                           .arg(QFileInfo(path).fileName())
                     : tr("Imported the session of the page %1 with warnings: %2")
                           .arg(QFileInfo(path).fileName(), warnings.join("; ")),
                 15000);
        return true;
    } catch (const InputError& e) {
        return refused(e, error, quiet, tr("Import from page"),
                       tr("Could not import the session:\n%1"));
    }
}

bool SessionFiles::open(const QString& path, QString* error, bool quiet) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "html" || suffix == "htm") {
        return importPage(path, error, quiet);
    }
    try {
        const QStringList warnings = doc_->open(path);
        addRecent(path);
        setLastDirectory(QFileInfo(path).absolutePath());
        if (!warnings.isEmpty()) {
            message_(tr("Opened %1 with %n warning(s): %2", nullptr, int(warnings.size()))
                         .arg(QFileInfo(path).fileName(), warnings.join("; ")),
                     15000);
        } else {
            message_(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
        }
        return true;
    } catch (const InputError& e) {
        return refused(e, error, quiet, tr("Open session"), tr("Could not open the session:\n%1"));
    }
}

bool SessionFiles::openExample(const QString& path, const QString& title) {
    try {
        const QStringList warnings = doc_->openCopy(path);
        message_(warnings.isEmpty()
                     ? tr("Example “%1” opened as an untitled session (Save As keeps your "
                          "changes; the example stays as shipped).")
                           .arg(title)
                     : tr("Example “%1” opened with warnings: %2").arg(title, warnings.join("; ")),
                 15000);
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(
            parent_, tr("Open example"),
            tr("Could not open the example:\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

QString SessionFiles::savedText(const QString& path) const {
    const QStringList left = leftOut_ ? leftOut_() : QStringList();
    const QString saved = tr("Saved %1").arg(QDir::toNativeSeparators(path));
    return left.isEmpty() ? saved
                          : tr("%1; not in it: the refused text of %2").arg(saved, left.join(", "));
}

bool SessionFiles::save() {
    if (doc_->filePath().isEmpty()) {
        return saveAs();
    }
    try {
        doc_->saveAs(doc_->filePath());
        message_(savedText(doc_->filePath()), 8000);
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(parent_, tr("Save session"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool SessionFiles::saveAs() {
    QString path = QFileDialog::getSaveFileName(parent_, tr("Save session"),
                                                lastDirectory() + "/session.cdx.json",
                                                tr("Codesign Explorer sessions (*.cdx.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (!path.endsWith(".json")) {
        path += ".cdx.json";
    }
    try {
        doc_->saveAs(path);
        addRecent(path);
        setLastDirectory(QFileInfo(path).absolutePath());
        message_(savedText(path), 8000);
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(parent_, tr("Save session"), QString::fromUtf8(e.what()));
        return false;
    }
}

bool SessionFiles::maybeClose() {
    const QStringList refused = leftOut_ ? leftOut_() : QStringList();
    if (!refused.isEmpty() &&
        QMessageBox::question(parent_, tr("Quit"),
                              tr("These fields hold text that was refused and is not in the "
                                 "session:\n%1\nQuit and lose it?")
                                  .arg(refused.join('\n')),
                              QMessageBox::Yes | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Yes) {
        return false;
    }
    return maybeSave();
}

bool SessionFiles::maybeSave() {
    if (!doc_->isModified()) {
        return true;
    }
    const auto answer = QMessageBox::question(
        parent_, tr("Unsaved changes"), tr("Save the changes to this session?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void SessionFiles::addRecent(const QString& path) {
    QStringList list = recentFiles.get();
    if (!path.isEmpty()) {
        list.removeAll(path);
        list.prepend(path);
        while (list.size() > kMaxRecent) {
            list.removeLast();
        }
        recentFiles.set(list);
    }
    fillRecentMenu();
    emit recentChanged(list);
}

void SessionFiles::fillRecentMenu() {
    if (!recentMenu_) {
        return;
    }
    const QStringList list = recent();
    recentMenu_->clear();
    for (const QString& p : list) {
        recentMenu_
            ->addAction(QFileInfo(p).fileName(), this,
                        [this, p] {
                            if (maybeSave()) {
                                open(p);
                            }
                        })
            ->setToolTip(p);
    }
    recentMenu_->setEnabled(!list.isEmpty());
}

} // namespace cdx::app
