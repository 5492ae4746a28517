// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshots.hpp"

#include "common/explorer_view.hpp"
#include "common/plot_scheme.hpp"
#include "common/view_export.hpp"
#include "glossary_window.hpp"
#include "help_browser.hpp"
#include "help_menu.hpp"
#include "interactive_page.hpp"
#include "lesson_runner.hpp"
#include "main_window.hpp"
#include "params/input_error.hpp"
#include "session_document.hpp"
#include "views/composed_figure.hpp"

#include <QApplication>
#include <QDate>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QPainter>
#include <QPixmap>
#include <QTabWidget>

namespace cdx::app {

QString writeScreenshots(MainWindow& window, const QString& dir, const QSize& viewSize,
                         const QSize& windowSize) {
    if (!QDir().mkpath(dir)) {
        return QObject::tr("%1: cannot create the folder").arg(dir);
    }
    // The window as a laptop screen shows it (1366 x 768 by default).
    window.showNormal();
    window.resize(windowSize);
    const auto grabTo = [&](const QString& name) -> QString {
        QApplication::processEvents();
        if (!window.grab().save(QDir(dir).filePath(name))) {
            return QObject::tr("%1: cannot write %2").arg(dir, name);
        }
        return {};
    };
    window.showStart();
    if (QString e = grabTo("start.png"); !e.isEmpty()) {
        return e;
    }
    for (auto* w : window.workspaces()) {
        window.showWorkspace(w);
        for (int i = 0; i < w->viewTabs()->count(); ++i) {
            w->viewTabs()->setCurrentIndex(i);
            QApplication::processEvents();
            w->finishPendingWork();
            auto* view = w->views()[static_cast<std::size_t>(i)];
            if (QString e = grabTo("window-" + view->fileStem() + ".png"); !e.isEmpty()) {
                return e;
            }
            const QString error =
                widgets::exportView(*view, QDir(dir).filePath(view->fileStem() + ".png"), viewSize,
                                    w->figureOptions(*view));
            if (!error.isEmpty()) {
                return error;
            }
        }
        w->viewTabs()->setCurrentIndex(0);
    }
    window.showWorkspace(window.workspaces().front());
    if (QString e = grabTo("main-window.png"); !e.isEmpty()) {
        return e;
    }
    // Learning inside the app: the glossary and the documentation beside the window, and a
    // lesson in progress (its second step, done).
    const auto grabWidget = [&](QWidget* w, const QString& name) -> QString {
        w->resize(980, 640);
        QApplication::processEvents();
        return w->grab().save(QDir(dir).filePath(name))
                   ? QString()
                   : QObject::tr("%1: cannot write %2").arg(dir, name);
    };
    GlossaryWindow* g = window.helpMenu()->showGlossary();
    g->searchField()->setText("rounds");
    if (QString e = grabWidget(g, "glossary.png"); !e.isEmpty()) {
        return e;
    }
    g->close();
    HelpBrowser* help = window.helpMenu()->showHelp("model.md", "Talg (core/talg/)");
    if (QString e = grabWidget(help, "help-browser.png"); !e.isEmpty()) {
        return e;
    }
    help->close();
    LessonRunner* lessons = window.lessonRunner();
    if (!lessons->start("1-why-talg-jumps") || !lessons->next() || !lessons->showMe()) {
        return QObject::tr("the lesson could not be started");
    }
    window.workspaces().front()->finishPendingWork();
    QApplication::processEvents();
    // The panel floats above the window (a window of its own): drawn where it stands.
    QPixmap shot = window.grab();
    {
        QPainter painter(&shot);
        painter.drawPixmap(lessons->dock()->frameGeometry().topLeft() - window.geometry().topLeft(),
                           lessons->dock()->grab());
    }
    lessons->stop();
    return shot.save(QDir(dir).filePath("lesson.png"))
               ? QString()
               : QObject::tr("%1: cannot write %2").arg(dir, "lesson.png");
}

QString writeExports(MainWindow& window, const QStringList& specs, const QSize& viewSize,
                     widgets::FigureStyle style, std::optional<widgets::PlotScheme> scheme) {
    struct Target {
        Workspace* workspace;
        int tab;
        QString file;
    };
    std::vector<Target> targets;
    QStringList names;
    for (auto* w : window.workspaces()) {
        for (auto* v : w->views()) {
            names << v->fileStem();
        }
    }
    std::vector<std::pair<Composition, QString>> composed;
    for (const QString& spec : specs) {
        const qsizetype eq = spec.indexOf('=');
        if (eq <= 0 || eq + 1 >= spec.size()) {
            return QObject::tr("--export %1: expected VIEW=FILE (VIEW one of %2, or "
                               "compose:VIEW,VIEW[@baseline]...)")
                .arg(spec, names.join(", "));
        }
        const QString name = spec.left(eq);
        const QString file = spec.mid(eq + 1);
        // A composed figure (issue 61): compose:VIEW,VIEW@baseline, or compose for the
        // session's own composition.
        if (name == "compose" || name.startsWith("compose:")) {
            Composition c;
            if (name == "compose") {
                const auto saved = compositionOf(window.document()->state(), names);
                if (!saved) {
                    return QObject::tr("--export %1: the session has no composed figure; give "
                                       "its views, compose:VIEW,VIEW[@baseline]")
                        .arg(spec);
                }
                c = *saved;
            } else {
                QString error;
                const auto panels = parsePanels(name.mid(8), names, &error);
                if (!panels) {
                    return QObject::tr("--export %1: %2").arg(spec, error);
                }
                c.panels = *panels;
            }
            composed.emplace_back(c, file);
            continue;
        }
        bool found = false;
        for (auto* w : window.workspaces()) {
            const auto& views = w->views();
            for (std::size_t i = 0; i < views.size() && !found; ++i) {
                if (views[i]->fileStem() == name) {
                    targets.push_back({w, static_cast<int>(i), file});
                    found = true;
                }
            }
        }
        if (!found) {
            return QObject::tr("--export %1: unknown view '%2'; expected one of %3")
                .arg(spec, name, names.join(", "));
        }
    }
    // Every composed figure is checked before any file is written (a baseline panel without a
    // baseline left a half-written meeting pack).
    for (const auto& [c, file] : composed) {
        const ComposedFigure figure(window.workspaces(), c, window.document()->state());
        try {
            for (std::size_t i = 0; i < c.panels.size(); ++i) {
                (void)figure.panelSession(i);
            }
        } catch (const cdx::InputError& e) {
            return QObject::tr("--export compose: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    for (const Target& t : targets) {
        window.showWorkspace(t.workspace);
        t.workspace->viewTabs()->setCurrentIndex(t.tab);
        QApplication::processEvents();
        t.workspace->finishPendingWork();
        auto* view = t.workspace->views()[static_cast<std::size_t>(t.tab)];
        widgets::FigureOptions figure = t.workspace->figureOptions(*view);
        figure.style = style;
        figure.scheme = scheme;
        const QString error =
            exportViewOrPage(*view, t.file, viewSize, figure,
                             QString::fromStdString(sessionToJson(window.document()->state())));
        if (!error.isEmpty()) {
            return error;
        }
    }
    for (const auto& [c, file] : composed) {
        ComposedFigure figure(window.workspaces(), c, window.document()->state());
        Workspace* w = nullptr;
        try {
            figure.finishPendingWork();
            w = figure.panelWorkspace(0);
            for (std::size_t i = 0; i < c.panels.size(); ++i) {
                (void)figure.panelSession(i); // a baseline panel without a baseline: said
            }
        } catch (const cdx::InputError& e) {
            return QObject::tr("--export compose: %1").arg(QString::fromUtf8(e.what()));
        }
        widgets::FigureOptions options = w->figureOptions(figure);
        options.style = style;
        options.scheme = scheme;
        const QString error =
            exportViewOrPage(figure, file, viewSize, options,
                             QString::fromStdString(sessionToJson(window.document()->state())));
        if (!error.isEmpty()) {
            return error;
        }
    }
    return {};
}

QStringList defaultPackViews(MainWindow& window) {
    Workspace* w = window.currentWorkspace();
    if (w == nullptr && !window.workspaces().empty()) {
        w = window.workspaces().front();
    }
    QStringList out;
    if (w == nullptr) {
        return out;
    }
    const bool lineup = window.document()->state().lineup.size() >= 2;
    for (auto* v : w->views()) {
        const QString stem = v->fileStem();
        // Text views (how far to trust, compare) and an empty line-up make no slide.
        if (stem.endsWith("-how-far-to-trust") || stem.endsWith("-compare") ||
            (stem.endsWith("-lineup") && !lineup)) {
            continue;
        }
        out << stem;
    }
    return out;
}

QString writeMeetingPack(MainWindow& window, const QString& dir, QStringList views,
                         const QSize& viewSize, std::optional<widgets::PlotScheme> scheme,
                         QStringList* written) {
    if (views.isEmpty()) {
        views = defaultPackViews(window);
    }
    if (!QDir().mkpath(dir)) {
        return QObject::tr("%1: the folder cannot be made").arg(dir);
    }
    QStringList specs;
    for (const QString& v : views) {
        for (const char* suffix : {".html", ".png", ".pdf"}) {
            specs << v + "=" + QDir(dir).filePath(v + suffix);
        }
    }
    // The pages and the slide figures (every view is checked before a file is written).
    if (QString error = writeExports(window, specs, viewSize, widgets::FigureStyle::Slide, scheme);
        !error.isEmpty()) {
        return error;
    }
    const SessionState& state = window.document()->state();
    if (QString error = widgets::writeTextFile(QDir(dir).filePath("session.cdx.json"),
                                               QString::fromStdString(sessionToJson(state)));
        !error.isEmpty()) {
        return error;
    }
    // The index: every figure, its page and its PDF, and the session.
    // The session's title as shown everywhere (issue 61: an example's title, with its numbers,
    // named the pack of an H100 session "... on the GTX 980 ... T_alg = 9.9885 s").
    const QString title = window.document()->displayTitle();
    const QString description = window.document()->displayDescription();
    QString index =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<title>%1</title>\n<style>body{font-family:sans-serif;max-width:1320px;"
                       "margin:0 auto;padding:0 16px 32px}figure{margin:24px 0;border-top:1px "
                       "solid #ddd}figure img{max-width:min(100%,960px);border:1px solid #ddd}"
                       "figcaption{font-size:1.1em;margin:8px 0}.links a{margin-right:16px}"
                       "</style></head><body>\n<h1>%1</h1>\n")
            .arg(title.toHtmlEscaped());
    if (!description.isEmpty()) {
        index += QStringLiteral("<p>%1</p>\n").arg(description.toHtmlEscaped());
    }
    index += QObject::tr("<p>Made by Codesign Explorer on %1.</p>\n")
                 .arg(QDate::currentDate().toString(Qt::ISODate));
    index +=
        QObject::tr("<p>%1 views. Each has an interactive page (hover values, zoom, its table; "
                    "opens in any browser, no network needed), its slide figure as PNG and "
                    "PDF. The session: <a href=\"session.cdx.json\">session.cdx.json</a> "
                    "(File ▸ Open in Codesign Explorer; every page holds it too).</p>\n")
            .arg(views.size());
    QStringList names;
    QStringList stems;
    for (auto* w : window.workspaces()) {
        for (auto* view : w->views()) {
            stems << view->fileStem();
        }
    }
    for (const QString& v : views) {
        QString viewTitle = v;
        if (v == "compose") {
            if (const auto c = compositionOf(state, stems)) {
                viewTitle = QObject::tr("Composed figure: %1")
                                .arg(ComposedFigure(window.workspaces(), *c, state).viewTitle());
            }
        }
        for (auto* w : window.workspaces()) {
            for (auto* view : w->views()) {
                if (view->fileStem() == v) {
                    viewTitle = w->title() + QStringLiteral(" ▸ ") + view->viewTitle();
                }
            }
        }
        index += QStringLiteral("<figure id=\"%1\"><figcaption>%2</figcaption>"
                                "<p class=\"links\"><a href=\"%1.html\">Interactive page</a>"
                                "<a href=\"%1.pdf\">Slide (PDF)</a><a href=\"%1.png\">Slide "
                                "(PNG)</a></p><a href=\"%1.html\"><img src=\"%1.png\" alt=\"%2\">"
                                "</a></figure>\n")
                     .arg(v.toHtmlEscaped(), viewTitle.toHtmlEscaped());
        names << v + ".html" << v + ".png" << v + ".pdf";
    }
    index += "</body></html>\n";
    if (QString error = widgets::writeTextFile(QDir(dir).filePath("index.html"), index);
        !error.isEmpty()) {
        return error;
    }
    names << "session.cdx.json"
          << "index.html";
    if (written != nullptr) {
        *written = names;
    }
    return {};
}

} // namespace cdx::app
