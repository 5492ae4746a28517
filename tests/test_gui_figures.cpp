// SPDX-License-Identifier: GPL-3.0-or-later
// The figure audit (issue 55): every view of every workspace, as every export draws it, in each
// figure style (screen, slide, paper) at 800 x 500, 1600 x 1000 and 3200 x 2000, light and dark:
// no text over another, none cut by the page or by its area, no band that relies on a clip (an
// SVG draws it whole), a footnote of at most two lines of whole words, and table pages whose
// text stands out from the page. Geometry, not pixels (gui/figure_audit.hpp). A failure names
// the workspace, the view, the style, the size, the scheme and what is wrong.
#include "common/plot_scheme.hpp"
#include "common/view_export.hpp"
#include "gui/figure_audit.hpp"
#include "gui/gui_fixture.hpp"
#include "session/session.hpp"
#include "workspace.hpp"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QSvgRenderer>
#include <QTabWidget>

using namespace cdx;

class TestGuiFigures : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow(""); }
    void cleanup() { closeWindow(); }
    void everyWorkspace_data();
    void everyWorkspace() { audit(); }
    void everyExampleSession_data();
    void everyExampleSession() { audit(); }
    void svgHonoursClips();

private:
    // The figures of one row's workspace (its session opened first, if it names one).
    void audit();
};

// Every workspace on the default session.
void TestGuiFigures::everyWorkspace_data() {
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<QString>("session");
    for (const char* id : {"talg", "area", "mwp", "energy", "eatss", "chain", "runs"}) {
        QTest::newRow(id) << QString(id) << QString();
    }
}

// Each example session (a published figure or worked example: what people open first) in its
// own workspace.
void TestGuiFigures::everyExampleSession_data() {
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<QString>("session");
    const QDir dir(CDX_SOURCE_SESSIONS_DIR);
    int sessions = 0;
    for (const QString& f : dir.entryList({"*.cdx.json"}, QDir::Files, QDir::Name)) {
        const SessionState s = loadSession(dir.filePath(f).toStdString());
        QTest::newRow(qPrintable(f)) << QString::fromStdString(s.workspace) << dir.filePath(f);
        ++sessions;
    }
    QVERIFY(sessions >= 9);
}

void TestGuiFigures::audit() {
    QFETCH(QString, workspace);
    QFETCH(QString, session);
    if (!session.isEmpty()) {
        doc_->reset(loadSession(session.toStdString()));
    }
    app::Workspace* ws = nullptr;
    for (auto* w : window_->workspaces()) {
        if (w->id() == workspace) {
            ws = w;
        }
    }
    QVERIFY2(ws, qPrintable(workspace));
    window_->showWorkspace(ws);
    const QList<QSize> sizes{{800, 500}, {1600, 1000}, {3200, 2000}};
    const QList<widgets::FigureStyle> styles{
        widgets::FigureStyle::Screen, widgets::FigureStyle::Slide, widgets::FigureStyle::Paper};
    const QList<widgets::PlotScheme> schemes{widgets::PlotScheme::Light, widgets::PlotScheme::Dark};
    QStringList failures;
    int rendered = 0;
    for (widgets::ExplorerView* view : ws->views()) {
        ws->viewTabs()->setCurrentWidget(view->widget()); // a hidden view updates when shown
        QCoreApplication::processEvents();
        view->finishPendingWork();
        for (const auto style : styles) {
            for (const QSize& size : sizes) {
                for (const auto scheme : schemes) {
                    widgets::FigureOptions o = ws->figureOptions(*view);
                    o.style = style;
                    o.scheme = scheme;
                    const QStringList found = test::auditFigure(*view, size, o);
                    ++rendered;
                    for (const QString& f : found) {
                        failures << QStringLiteral("%1%2 / %3 / %4 %5x%6 %7: %8")
                                        .arg(session.isEmpty() ? QString()
                                                               : QFileInfo(session).fileName() +
                                                                     QStringLiteral(": "),
                                             ws->title().simplified(), view->viewTitle(),
                                             widgets::figureStyleName(style))
                                        .arg(size.width())
                                        .arg(size.height())
                                        .arg(widgets::plotSchemeName(scheme), f);
                    }
                }
            }
        }
    }
    QCOMPARE(rendered, static_cast<int>(ws->views().size()) * 18);
    QVERIFY(rendered >= 18);
    failures.removeDuplicates();
    // All of them to a file when asked (CDX_FIGURE_AUDIT=PATH), the message shows the first.
    if (const QString path = qEnvironmentVariable("CDX_FIGURE_AUDIT"); !path.isEmpty()) {
        QFile out(path);
        if (!failures.isEmpty() && out.open(QIODevice::Append | QIODevice::Text)) {
            out.write((failures.join('\n') + '\n').toUtf8());
        }
    }
    QVERIFY2(failures.isEmpty(), qPrintable(QStringLiteral("%1 defects:\n").arg(failures.size()) +
                                            failures.mid(0, 400).join('\n')));
}

// Issue 55: Qt's SVG generator ignores clipping, and the codesign budget band, clipped to the
// plot in a PNG or PDF, ran through the SVG's title and legend. Through the clipping device the
// SVG, drawn back, has no band colour in the title rows, and the band in the plot.
void TestGuiFigures::svgHonoursClips() {
    doc_->reset(loadSession(std::string(CDX_SOURCE_SESSIONS_DIR) + "/tableC2-codesign.cdx.json"));
    app::Workspace* ws = nullptr;
    for (auto* w : window_->workspaces()) {
        ws = w->id() == "area" ? w : ws;
    }
    QVERIFY(ws);
    window_->showWorkspace(ws);
    widgets::ExplorerView* codesign = nullptr;
    for (auto* v : ws->views()) {
        codesign = v->fileStem().contains("codesign") ? v : codesign;
    }
    QVERIFY(codesign);
    ws->viewTabs()->setCurrentWidget(codesign->widget());
    codesign->finishPendingWork();
    widgets::FigureOptions o = ws->figureOptions(*codesign);
    o.scheme = widgets::PlotScheme::Light;
    const QString svg = tempPath("codesign.svg");
    QVERIFY(widgets::exportView(*codesign, svg, QSize(1600, 1000), o).isEmpty());
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QImage image(1600, 1000, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        renderer.render(&p);
    }
    // The band's yellow (240, 228, 66 at 90/255) over white.
    const auto band = [](QRgb c) {
        return std::abs(qRed(c) - 251) <= 5 && std::abs(qGreen(c) - 247) <= 5 &&
               std::abs(qBlue(c) - 197) <= 8;
    };
    int title = 0, plot = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (band(image.pixel(x, y))) {
                (y < 40 ? title : plot) += 1;
            }
        }
    }
    QCOMPARE(title, 0);
    QVERIFY2(plot > 500, qPrintable(QString::number(plot)));
}

CDX_GUI_TEST_MAIN(TestGuiFigures)

#include "test_gui_figures.moc"
