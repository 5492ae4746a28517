#include "common/view_export.hpp"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTemporaryFile>

namespace cdx::widgets {

QString writeTextFile(const QString& path, const QString& text) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        return QStringLiteral("%1: cannot be written (%2)").arg(path, f.errorString());
    }
    f.write(text.toUtf8());
    if (!f.commit()) {
        return QStringLiteral("%1: write failed (%2)").arg(path, f.errorString());
    }
    return {};
}

namespace {
// Renders into a temporary file next to `path`, then replaces `path` with it.
template <typename Render> QString renderAtomically(const QString& path, Render render) {
    const QFileInfo info(path);
    QTemporaryFile tmp(info.absolutePath() + "/.XXXXXX." + info.suffix());
    if (!tmp.open()) {
        return QStringLiteral("%1: cannot be written (%2)").arg(path, tmp.errorString());
    }
    tmp.close();
    const QString error = render(tmp.fileName());
    if (!error.isEmpty()) {
        return error;
    }
    QFile::remove(path);
    if (!QFile::rename(tmp.fileName(), path)) {
        return QStringLiteral("%1: could not replace the file").arg(path);
    }
    tmp.setAutoRemove(false);
    // QTemporaryFile creates 0600; an exported figure is an ordinary document.
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                    QFileDevice::ReadGroup | QFileDevice::ReadOther);
    return {};
}
} // namespace

QString exportView(ExplorerView& view, const QString& path, const QSize& size) {
    view.finishPendingWork();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "csv") {
        return writeTextFile(path, view.csv());
    }
    if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
        return QStringLiteral("size = %1x%2: width and height must be in [16, 20000] pixels")
            .arg(size.width())
            .arg(size.height());
    }
    if (suffix == "png") {
        return renderAtomically(path, [&](const QString& tmp) {
            QImage image(size, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            view.renderTo(image, size);
            return image.save(tmp, "PNG") ? QString()
                                          : QStringLiteral("%1: PNG write failed").arg(path);
        });
    }
    if (suffix == "pdf") {
        return renderAtomically(path, [&](const QString& tmp) {
            QPdfWriter pdf(tmp);
            pdf.setResolution(96);
            pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / 96, size.height() * 72.0 / 96),
                                      QPageSize::Point));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            pdf.setTitle(view.viewTitle());
            pdf.setCreator("Codesign Explorer");
            view.renderTo(pdf, size);
            return QString();
        });
    }
    if (suffix == "svg") {
        return renderAtomically(path, [&](const QString& tmp) {
            QSvgGenerator svg;
            svg.setFileName(tmp);
            svg.setSize(size);
            svg.setViewBox(QRect(QPoint(0, 0), size));
            svg.setTitle(view.viewTitle());
            svg.setDescription("Codesign Explorer");
            view.renderTo(svg, size);
            return QString();
        });
    }
    return QStringLiteral("%1: unknown format '%2'; expected .png, .pdf, .svg or .csv")
        .arg(path, suffix);
}

} // namespace cdx::widgets
