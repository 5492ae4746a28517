// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_dialog.hpp"

#include "common/explorer_view.hpp"
#include "common/view_export.hpp"
#include "preference.hpp"
#include "session_files.hpp"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSpinBox>

namespace cdx::app {

namespace {
Preference<QSize> exportSize{"export/size", QSize(1600, 1000)};
} // namespace

QString defaultExportName(const QString& stem, const QString& subject, bool asCsv) {
    QString name = stem;
    if (!subject.isEmpty()) {
        // A file name: the characters a file system refuses or a shell trips on become '-'.
        static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
        name += "-" + QString(subject).replace(unsafe, QStringLiteral("-"));
    }
    return name + (asCsv ? ".csv" : ".png");
}

void exportViewInteractive(QWidget* parent, widgets::ExplorerView& view, bool asCsv,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message,
                           const QStringList& notes, const QString& subject) {
    widgets::ExplorerView* const v = &view;
    QString path = QFileDialog::getSaveFileName(
        parent, asCsv ? QObject::tr("Export view data as CSV") : QObject::tr("Export view"),
        lastDirectory() + "/" + defaultExportName(v->fileStem(), subject, asCsv),
        asCsv ? QObject::tr("CSV (*.csv)")
              : QObject::tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"));
    if (path.isEmpty()) {
        return;
    }
    QSize size = exportSize.get();
    if (!asCsv) {
        QDialog dialog(parent);
        dialog.setWindowTitle(QObject::tr("Export size"));
        auto* form = new QFormLayout(&dialog);
        auto* wBox = new QSpinBox(&dialog);
        auto* hBox = new QSpinBox(&dialog);
        wBox->setRange(16, 20000);
        hBox->setRange(16, 20000);
        wBox->setValue(size.width());
        hBox->setValue(size.height());
        wBox->setSuffix(" px");
        hBox->setSuffix(" px");
        form->addRow(QObject::tr("Width"), wBox);
        form->addRow(QObject::tr("Height"), hBox);
        auto* buttons =
            new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
        form->addRow(buttons);
        QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        if (dialog.exec() != QDialog::Accepted) {
            return;
        }
        size = QSize(wBox->value(), hBox->value());
        exportSize.set(size);
    }
    finishPendingWork();
    const QString error = widgets::exportView(*v, path, size, notes);
    if (!error.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export"), error);
    } else {
        setLastDirectory(QFileInfo(path).absolutePath());
        message(QObject::tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
    }
}

} // namespace cdx::app
