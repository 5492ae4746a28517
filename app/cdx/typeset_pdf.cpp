// SPDX-License-Identifier: GPL-3.0-or-later
#include "cdx/typeset_pdf.hpp"

#include "params/input_error.hpp"

#ifdef CDX_TYPESET_PDF
#include <QBuffer>
#include <QFont>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTextOption>
#include <memory>
#endif

namespace cdx::cli {

#ifdef CDX_TYPESET_PDF

bool canTypesetPdf() {
    return true;
}

std::string typesetPdf(const std::string& html, const std::string& title, const std::string& file) {
    // Fonts need a Qt application: cdx and the Python module have none, so one for this call,
    // offscreen (no display is needed).
    std::unique_ptr<QGuiApplication> app;
    if (QCoreApplication::instance() == nullptr) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        static int argc = 1;
        static char name[] = "cdx";
        static char* argv[] = {name, nullptr};
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()) == nullptr) {
        throw InputError("--report", file,
                         "a FILE.html: this program runs a Qt application without fonts "
                         "(QCoreApplication), in which no PDF can be typeset");
    }
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter pdf(&buffer);
        pdf.setTitle(QString::fromStdString(title));
        pdf.setCreator(QStringLiteral("Codesign Explorer"));
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                      QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter));
        // The document's units are the screen's points: at the writer's own 1200 dpi,
        // QTextDocument::print laid the text out on a third of the page's width.
        pdf.setResolution(96);
        QTextDocument doc;
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setStyleHint(QFont::SansSerif);
        font.setPointSizeF(8.5);
        // No ligatures: "fl" was one glyph, and the text copied or searched in the PDF read
        // "ﬂoyd-warshall" (Latin text needs no other shaping).
        font.setStyleStrategy(QFont::PreferNoShaping);
        doc.setDefaultFont(font);
        // Lines break between words only: a word longer than its cell widens the column.
        QTextOption option = doc.defaultTextOption();
        option.setWrapMode(QTextOption::WordWrap);
        doc.setDefaultTextOption(option);
        doc.setHtml(QString::fromStdString(html));
        doc.print(&pdf); // paginates a copy of the document and numbers its pages
    }
    if (bytes.isEmpty()) {
        throw InputError("--report", file, "a PDF that Qt could typeset");
    }
    return bytes.toStdString();
}

#else

bool canTypesetPdf() {
    return false;
}

std::string typesetPdf(const std::string&, const std::string&, const std::string& file) {
    throw InputError("--report", file,
                     "a FILE.html: this cdx was built without Qt (CDX_BUILD_GUI=OFF), which "
                     "typesets the PDF");
}

#endif

} // namespace cdx::cli
