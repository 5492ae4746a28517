// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshots.hpp"

#include "common/explorer_view.hpp"
#include "common/view_export.hpp"
#include "glossary_window.hpp"
#include "help_browser.hpp"
#include "help_menu.hpp"
#include "interactive_page.hpp"
#include "lesson_runner.hpp"
#include "main_window.hpp"
#include "session_document.hpp"

#include <QApplication>
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
    for (const QString& spec : specs) {
        const qsizetype eq = spec.indexOf('=');
        if (eq <= 0 || eq + 1 >= spec.size()) {
            return QObject::tr("--export %1: expected VIEW=FILE (VIEW one of %2)")
                .arg(spec, names.join(", "));
        }
        const QString name = spec.left(eq);
        const QString file = spec.mid(eq + 1);
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
    return {};
}

} // namespace cdx::app
