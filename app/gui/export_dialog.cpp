// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_dialog.hpp"

#include "common/explorer_view.hpp"
#include "common/plot_scheme.hpp"
#include "common/view_export.hpp"
#include "interactive_page.hpp"
#include "preference.hpp"
#include "session_files.hpp"

#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QSpinBox>

namespace cdx::app {

namespace {
Preference<QSize> exportSize{"export/size", QSize(1600, 1000)};
Preference<QString> exportStyle{"export/style", QStringLiteral("screen")};
Preference<QString> exportTheme{"export/theme", QString()}; // empty: the window's
} // namespace

widgets::FigureOptions lastFigureStyle(widgets::FigureOptions figure, QSize* size) {
    figure.style =
        widgets::figureStyleFromName(exportStyle.get()).value_or(widgets::FigureStyle::Screen);
    figure.scheme = widgets::plotSchemeFromName(exportTheme.get()); // unset: the window's
    if (size) {
        *size = exportSize.get();
    }
    return figure;
}

void copyViewToClipboard(widgets::ExplorerView& view, const widgets::FigureOptions& figure,
                         bool image, bool data,
                         const std::function<void(const QString&, int)>& message) {
    auto* mime = new QMimeData;
    QSize size;
    const widgets::FigureOptions o = lastFigureStyle(figure, &size);
    if (image) {
        mime->setImageData(widgets::exportImage(view, size, o));
    }
    if (data) {
        view.finishPendingWork();
        QString head;
        for (const QString& n : o.notes) {
            head += QStringLiteral("# Outside the calibration domain: %1\n").arg(n);
        }
        const QString csv = head + widgets::commentedPreamble(view.csv());
        mime->setText(csv);
        mime->setData("text/csv", csv.toUtf8());
    }
    QGuiApplication::clipboard()->setMimeData(mime);
    const QString what = image && data ? QObject::tr("the figure and its data")
                         : image       ? QObject::tr("the figure")
                                       : QObject::tr("the data (CSV)");
    message(image ? QObject::tr("Copied %1 of %2 (%3 × %4 px, %5 style)")
                        .arg(what, view.viewTitle())
                        .arg(size.width())
                        .arg(size.height())
                        .arg(widgets::figureStyleName(o.style))
                  : QObject::tr("Copied %1 of %2").arg(what, view.viewTitle()),
            6000);
}

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
                           widgets::FigureOptions figure, const QString& subject) {
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
        dialog.setObjectName("exportFigureDialog");
        dialog.setWindowTitle(QObject::tr("Export Figure"));
        // Wide enough for its title in the window manager's bar (it was cut at the form's width).
        dialog.setMinimumWidth(
            dialog.fontMetrics().horizontalAdvance(dialog.windowTitle() + "MMMMMMMMMMMM") + 160);
        auto* form = new QFormLayout(&dialog);
        auto* styleBox = new QComboBox(&dialog);
        styleBox->setObjectName("figureStyle");
        styleBox->addItem(QObject::tr("Screen: as the window draws it"), "screen");
        styleBox->addItem(QObject::tr("Slide: large fonts and lines for a projector"), "slide");
        styleBox->addItem(QObject::tr("Paper: compact, for a document"), "paper");
        styleBox->setCurrentIndex(std::max(0, styleBox->findData(exportStyle.get())));
        auto* themeBox = new QComboBox(&dialog);
        themeBox->setObjectName("figureTheme");
        themeBox->addItem(QObject::tr("Light: black on white"), "light");
        themeBox->addItem(QObject::tr("Dark: high contrast, white on black"), "dark");
        const QString theme = exportTheme.get().isEmpty()
                                  ? widgets::plotSchemeName(widgets::plotScheme())
                                  : exportTheme.get();
        themeBox->setCurrentIndex(std::max(0, themeBox->findData(theme)));
        form->addRow(QObject::tr("Style"), styleBox);
        form->addRow(QObject::tr("Plot theme"), themeBox);
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
        exportStyle.set(styleBox->currentData().toString());
        exportTheme.set(themeBox->currentData().toString());
        figure.style = widgets::figureStyleFromName(styleBox->currentData().toString())
                           .value_or(widgets::FigureStyle::Screen);
        figure.scheme = widgets::plotSchemeFromName(themeBox->currentData().toString());
    }
    finishPendingWork();
    const QString error = widgets::exportView(*v, path, size, figure);
    if (!error.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export"), error);
    } else {
        setLastDirectory(QFileInfo(path).absolutePath());
        message(QObject::tr("Exported %1").arg(QDir::toNativeSeparators(path)), 8000);
    }
}

void exportPageInteractive(QWidget* parent, widgets::ExplorerView& view,
                           const std::function<void()>& finishPendingWork,
                           const std::function<void(const QString&, int)>& message,
                           const widgets::FigureOptions& figure, const QString& subject,
                           const QString& sessionJson) {
    QString name = defaultExportName(view.fileStem(), subject, false);
    name = name.left(name.lastIndexOf('.')) + ".html";
    const QString path = QFileDialog::getSaveFileName(
        parent, QObject::tr("Export interactive page"), lastDirectory() + "/" + name,
        QObject::tr("Interactive page, one file (*.html)"));
    if (path.isEmpty()) {
        return;
    }
    finishPendingWork();
    const QString target = QFileInfo(path).suffix().isEmpty() ? path + ".html" : path;
    const QString error = writeInteractivePage(view, target, exportSize.get(), figure, sessionJson);
    if (!error.isEmpty()) {
        QMessageBox::warning(parent, QObject::tr("Export interactive page"), error);
    } else {
        setLastDirectory(QFileInfo(target).absolutePath());
        message(QObject::tr("Exported the interactive page %1 (opens in any browser, no network "
                            "needed; File ▸ Import from Page reads its session back)")
                    .arg(QDir::toNativeSeparators(target)),
                10000);
    }
}

} // namespace cdx::app
