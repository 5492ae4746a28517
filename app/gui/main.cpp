// SPDX-License-Identifier: GPL-3.0-or-later
// codesign-explorer: the desktop explorer. Starts with the default session (GTX 980,
// Heat 2D, 8192^2 x 8192, the exact optimal tiles) or the session file given.

#include "cdx/cli.hpp"
#include "common/plot_scheme.hpp"
#include "main_window.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "run_database.hpp"
#include "screenshots.hpp"
#include "session_document.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTextStream>
#include <memory>

namespace {

// --help and --version answer without a display (scripts, packaging, a man page generator):
// the command line is parsed before any application exists, with the real options, so an
// option's value ("--runs-db -v") is not taken for a request for help.
bool onlyAsksForHelp(int argc, char** argv, QCommandLineParser& parser) {
    QStringList args;
    for (int i = 0; i < argc; ++i) {
        args << QString::fromLocal8Bit(argv[i]);
    }
    return parser.parse(args) &&
           (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all")) ||
            parser.isSet(QStringLiteral("version")));
}

} // namespace

int main(int argc, char** argv) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Interactive analytical GPU cost models (Talg, tile search, die area, codesign, "
        "MWP-CWP/IPP, measured runs).");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("session", "A session file (.cdx.json) to open.", "[session]");
    QCommandLineOption screenshots(
        "screenshots",
        "Write a PNG of the main window, of every view, of the glossary, of the help browser and "
        "of a lesson in progress to DIR, then exit.",
        "DIR");
    QCommandLineOption exports(
        "export",
        "Write the view VIEW (tile-space-map, sweep, breakdown, die-area, codesign, ...: the "
        "names --screenshots uses) to FILE (.png, .pdf, .svg, .csv, or .html: an interactive "
        "page in one file, with the session inside) and exit without showing a window; "
        "repeatable. With a session file, its figures.",
        "VIEW=FILE");
    QCommandLineOption viewSize(
        "view-size", "Size of the view PNGs for --screenshots and of --export (default 1400x900).",
        "WxH", "1400x900");
    QCommandLineOption windowSize("window-size",
                                  "Size of the window PNGs for --screenshots (default 1366x768, "
                                  "a laptop screen).",
                                  "WxH", "1366x768");
    QCommandLineOption figureStyle(
        "figure-style",
        "How --export draws its figures: screen (as the window), slide (large fonts and lines "
        "for a projector) or paper (compact). Default: screen.",
        "STYLE", "screen");
    QCommandLineOption theme("theme",
                             "The plots' colours for --export: light or dark (high contrast). "
                             "Default: the window's (View > Dark Plots).",
                             "THEME");
    QCommandLineOption exportPack(
        "export-pack",
        "Write a meeting pack into DIR and exit without showing a window: each view's "
        "interactive page (.html), its slide figure (.png at --view-size, .pdf), the session and "
        "an index.html. The views: --pack-views, else the session's workspace's.",
        "DIR");
    QCommandLineOption packViews("pack-views",
                                 "The views of --export-pack, comma-separated (the names "
                                 "--export takes).",
                                 "VIEW,...");
    QCommandLineOption presentation("presentation", "Start in presentation mode.");
    QCommandLineOption runsDb("runs-db",
                              "The measured-run database to open for this run (it does not become "
                              "the default; default: the last one opened with File > Open Run "
                              "Database, else runs.sqlite in the user's data folder).",
                              "PATH");
    QCommandLineOption studyResults("study",
                                    "Open the results of a study (cdx study run --out FILE) in "
                                    "the study view.",
                                    "FILE");
    parser.addOptions({screenshots, exports, exportPack, packViews, viewSize, windowSize,
                       figureStyle, theme, presentation, runsDb, studyResults});
    std::unique_ptr<QCoreApplication> application;
    // --export needs no display: drawn offscreen unless a platform is chosen.
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if ((a == "--export" || a.startsWith("--export=") || a.startsWith("--export-pack")) &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
    }
    if (onlyAsksForHelp(argc, argv, parser)) {
        application = std::make_unique<QCoreApplication>(argc, argv);
    } else {
        application = std::make_unique<QApplication>(argc, argv);
    }
    QCoreApplication& app = *application;
    QCoreApplication::setOrganizationName("CodesignExplorer");
    QCoreApplication::setApplicationName("codesign-explorer");
    QCoreApplication::setApplicationVersion(CDX_VERSION);
    // The user's profiles (docs/formats.md): Qt's data location, which cdx computes alike.
    if (const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        !data.isEmpty()) {
        cdx::setUserProfileFolder(std::filesystem::path(data.toStdString()) / "profiles");
    }
    if (qobject_cast<QApplication*>(&app) != nullptr) {
        QApplication::setApplicationDisplayName("Codesign Explorer");
        // The freedesktop id: the launcher, the icon and the window's taskbar entry match.
        QGuiApplication::setDesktopFileName("io.github.codesignexplorer.CodesignExplorer");
        QApplication::setWindowIcon(QIcon(":/app-icon.svg"));
    }

    if (parser.isSet(QStringLiteral("version"))) {
        // Qt's own --version prints the name and version only; the licence follows, as in cdx.
        QTextStream(stdout) << QCoreApplication::applicationName() << ' '
                            << QCoreApplication::applicationVersion() << '\n'
                            << QString::fromStdString(cdx::cli::licenceNotice());
        return 0;
    }
    parser.process(app);
    QTextStream err(stderr);

    cdx::app::SessionDocument doc;
    try {
        doc.reset(cdx::defaultSession());
    } catch (const cdx::InputError& e) {
        err << "codesign-explorer: " << e.what() << "\n";
        QMessageBox::critical(nullptr, "Codesign Explorer",
                              QString("The shipped profiles could not be loaded:\n%1")
                                  .arg(QString::fromUtf8(e.what())));
        return 2;
    }
    cdx::app::MainWindow window(&doc);
    {
        // --runs-db opens that database for this run only; the default (the last one opened
        // with File > Open Run Database) stays as it was.
        const bool given = parser.isSet(runsDb);
        const QString path = given ? parser.value(runsDb) : cdx::app::RunDatabase::defaultPath();
        const QString error = window.runDatabase()->open(path, /*remember=*/false);
        if (!error.isEmpty()) {
            err << "codesign-explorer: " << error << "\n";
        }
    }
    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty()) {
        QString error;
        const bool batch =
            parser.isSet(screenshots) || parser.isSet(exports) || parser.isSet(exportPack);
        if (!window.openSession(args.first(), &error, batch)) {
            err << "codesign-explorer: " << error << "\n";
            if (batch) {
                return 2;
            }
        }
    }
    if (parser.isSet(exports) || parser.isSet(exportPack)) {
        const QStringList wh = parser.value(viewSize).split('x');
        const QSize size(wh.value(0).toInt(), wh.value(1).toInt());
        if (wh.size() != 2 || size.width() < 16 || size.height() < 16 || size.width() > 20000 ||
            size.height() > 20000) {
            err << "codesign-explorer: --view-size = " << parser.value(viewSize)
                << ": expected WxH with W and H in [16, 20000] pixels\n";
            return 2;
        }
        const auto style = cdx::widgets::figureStyleFromName(parser.value(figureStyle));
        if (!style) {
            err << "codesign-explorer: --figure-style = " << parser.value(figureStyle)
                << ": expected screen, slide or paper\n";
            return 2;
        }
        std::optional<cdx::widgets::PlotScheme> scheme;
        if (parser.isSet(theme)) {
            scheme = cdx::widgets::plotSchemeFromName(parser.value(theme));
            if (!scheme) {
                err << "codesign-explorer: --theme = " << parser.value(theme)
                    << ": expected light or dark\n";
                return 2;
            }
        }
        // Laid out as on a laptop screen (the views' texts wrap at their widths), never on
        // screen, whatever the platform.
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1366, 768);
        window.show();
        const QString error =
            cdx::app::writeExports(window, parser.values(exports), size, *style, scheme);
        if (!error.isEmpty()) {
            err << "codesign-explorer: " << error << "\n";
            return 2;
        }
        for (const QString& spec : parser.values(exports)) {
            QTextStream(stdout) << "wrote " << spec.mid(spec.indexOf('=') + 1) << "\n";
        }
        if (parser.isSet(exportPack)) {
            QStringList written;
            const QString dir = parser.value(exportPack);
            const QString packError = cdx::app::writeMeetingPack(
                window, dir, parser.value(packViews).split(',', Qt::SkipEmptyParts), size, scheme,
                &written);
            if (!packError.isEmpty()) {
                err << "codesign-explorer: --export-pack: " << packError << "\n";
                return 2;
            }
            QTextStream(stdout) << "wrote " << written.size() << " files into " << dir << " (open "
                                << QDir(dir).filePath("index.html") << ")\n";
        }
        return 0;
    }
    window.show();
    if (parser.isSet(presentation)) {
        window.setPresentation(true);
    }
    if (parser.isSet(studyResults)) {
        QString error;
        if (!window.openStudy(parser.value(studyResults), &error)) {
            err << "codesign-explorer: --study = " << parser.value(studyResults) << ": " << error
                << "\n";
            err.flush();
        }
    }
    if (parser.isSet(screenshots)) {
        const auto sizeOf = [&](const QCommandLineOption& o) {
            const QStringList wh = parser.value(o).split('x');
            return QSize(wh.value(0).toInt(), wh.value(1).toInt());
        };
        const QSize windowPng = sizeOf(windowSize);
        if (windowPng.width() < 320 || windowPng.height() < 240) {
            err << "codesign-explorer: --window-size = " << parser.value(windowSize)
                << ": expected WxH with W >= 320 and H >= 240\n";
            return 2;
        }
        const QString error = cdx::app::writeScreenshots(window, parser.value(screenshots),
                                                         sizeOf(viewSize), windowPng);
        if (!error.isEmpty()) {
            err << "codesign-explorer: " << error << "\n";
            return 2;
        }
        QTextStream(stdout) << "screenshots written to " << parser.value(screenshots) << "\n";
        return 0;
    }
    return app.exec();
}
