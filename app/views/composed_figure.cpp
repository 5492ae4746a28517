// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/composed_figure.hpp"

#include "common/annotations.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"
#include "workspace.hpp"

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QPicture>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace cdx::app {

namespace {

const char* const kTitle = "compose.title";
const char* const kLayout = "compose.layout";
const char* const kScales = "compose.scales";
const char* const kPanels = "compose.panels";

constexpr int kGap = 8; // pixels between panels (on the figure's own scale)

} // namespace

std::optional<std::vector<Composition::Panel>>
parsePanels(const QString& text, const QStringList& known, QString* error) {
    const auto fail = [&](const QString& why) -> std::optional<std::vector<Composition::Panel>> {
        if (error) {
            *error = why;
        }
        return std::nullopt;
    };
    const QStringList parts = text.split(',');
    if (parts.size() < static_cast<qsizetype>(kMinPanels) ||
        parts.size() > static_cast<qsizetype>(kMaxPanels)) {
        return fail(QObject::tr("compose = %1: expected 2 to 4 views separated by commas, each "
                                "VIEW or VIEW@baseline")
                        .arg(text));
    }
    std::vector<Composition::Panel> out;
    for (const QString& part : parts) {
        Composition::Panel p;
        const qsizetype at = part.indexOf('@');
        p.view = part.left(at).trimmed();
        if (at >= 0) {
            const QString source = part.mid(at + 1).trimmed();
            if (source != "baseline" && source != "session") {
                return fail(QObject::tr("compose = %1: '%2': the source after @ is baseline or "
                                        "session")
                                .arg(text, part));
            }
            p.baseline = source == "baseline";
        }
        if (!known.contains(p.view)) {
            return fail(QObject::tr("compose = %1: unknown view '%2'; expected one of %3")
                            .arg(text, p.view, known.join(", ")));
        }
        out.push_back(p);
    }
    return out;
}

QString panelsText(const std::vector<Composition::Panel>& panels) {
    QStringList parts;
    for (const auto& p : panels) {
        parts << (p.baseline ? p.view + "@baseline" : p.view);
    }
    return parts.join(',');
}

bool isCompositionKey(const std::string& key) {
    return key.rfind("compose.", 0) == 0;
}

std::optional<Composition> compositionOf(const SessionState& s, const QStringList& known) {
    const auto panels = s.view.find(kPanels);
    if (panels == s.view.end()) {
        return std::nullopt;
    }
    auto parsed = parsePanels(QString::fromStdString(panels->second), known, nullptr);
    if (!parsed) {
        return std::nullopt;
    }
    Composition c;
    c.panels = std::move(*parsed);
    if (const auto t = s.view.find(kTitle); t != s.view.end()) {
        c.title = QString::fromStdString(t->second);
    }
    if (const auto l = s.view.find(kLayout); l != s.view.end()) {
        c.grid = l->second == "grid";
    }
    if (const auto sc = s.view.find(kScales); sc != s.view.end()) {
        c.sharedScales = sc->second != "separate";
    }
    return c;
}

SessionState withComposition(const SessionState& s, const Composition& c) {
    SessionState out = s;
    for (auto it = out.view.begin(); it != out.view.end();) {
        it = isCompositionKey(it->first) ? out.view.erase(it) : std::next(it);
    }
    if (!c.title.isEmpty()) {
        out.view[kTitle] = c.title.toStdString();
    }
    out.view[kLayout] = c.grid ? "grid" : "row";
    out.view[kScales] = c.sharedScales ? "shared" : "separate";
    out.view[kPanels] = panelsText(c.panels).toStdString();
    return out;
}

ComposedFigure::ComposedFigure(std::vector<Workspace*> workspaces, Composition c,
                               SessionState session, QWidget* parent)
    : QWidget(parent), workspaces_(std::move(workspaces)), c_(std::move(c)),
      session_(std::move(session)) {
    setVisible(false); // drawn for files, never shown itself
}

widgets::ExplorerView* ComposedFigure::panelView(std::size_t i) const {
    for (Workspace* w : workspaces_) {
        for (widgets::ExplorerView* v : w->views()) {
            if (v->fileStem() == c_.panels.at(i).view) {
                return v;
            }
        }
    }
    return nullptr;
}

Workspace* ComposedFigure::panelWorkspace(std::size_t i) const {
    for (Workspace* w : workspaces_) {
        for (widgets::ExplorerView* v : w->views()) {
            if (v->fileStem() == c_.panels.at(i).view) {
                return w;
            }
        }
    }
    return nullptr;
}

const SessionState& ComposedFigure::panelSession(std::size_t i) const {
    if (c_.panels.at(i).baseline) {
        if (!session_.baseline) {
            throw InputError("compose", panelsText(c_.panels).toStdString(),
                             "a panel shows the baseline, and the session has none: pin one "
                             "(Compare ▸ Pin Current as Baseline) or open a session that has one");
        }
        return *session_.baseline;
    }
    return session_;
}

QString ComposedFigure::viewTitle() const {
    if (!c_.title.isEmpty()) {
        return c_.title;
    }
    QStringList names;
    for (std::size_t i = 0; i < c_.panels.size(); ++i) {
        const widgets::ExplorerView* v = panelView(i);
        names << (v ? v->viewTitle() : c_.panels[i].view) +
                     (c_.panels[i].baseline ? QObject::tr(" (baseline)") : QString());
    }
    return names.join(QStringLiteral(" | "));
}

QRect ComposedFigure::cellRect(std::size_t i, const QSize& size) const {
    const int n = std::max(1, static_cast<int>(c_.panels.size()));
    const int columns = c_.grid ? 2 : n;
    const int rows = c_.grid ? (n + 1) / 2 : 1;
    QFont f;
    f.setPointSize(widgets::plotTheme(presentation_).titlePointSize + 3);
    f.setBold(true);
    const int titleHeight = QFontMetrics(f).height() * 2;
    const int width = (size.width() - (columns - 1) * kGap) / columns;
    const int height = (size.height() - titleHeight - (rows - 1) * kGap) / rows;
    const int k = static_cast<int>(i);
    return {(k % columns) * (width + kGap), titleHeight + (k / columns) * (height + kGap), width,
            height};
}

QStringList ComposedFigure::figureFamilies() const {
    QStringList out;
    for (std::size_t i = 0; i < c_.panels.size(); ++i) {
        if (const widgets::ExplorerView* v = panelView(i)) {
            for (const QString& f : v->figureFamilies()) {
                if (!out.contains(f)) {
                    out << f;
                }
            }
        }
    }
    return out;
}

void ComposedFigure::finishPendingWork() {
    for (std::size_t i = 0; i < c_.panels.size(); ++i) {
        if (widgets::ExplorerView* v = panelView(i)) {
            v->finishPendingWork();
        }
    }
}

void ComposedFigure::renderTo(QPaintDevice& device, const QSize& size) {
    // Every panel's view with its session (and a shared colour scale: the union of the panels'
    // own ranges), drawn into its cell; then each view gets its own session and scale back.
    if (c_.panels.empty()) {
        return;
    }
    std::vector<widgets::ExplorerView*> views;
    for (std::size_t i = 0; i < c_.panels.size(); ++i) {
        widgets::ExplorerView* v = panelView(i);
        if (v == nullptr) {
            throw InputError("compose", c_.panels[i].view.toStdString(), "unknown view");
        }
        views.push_back(v);
    }
    const auto show = [&](std::size_t i) {
        views[i]->setSession(panelSession(i));
        views[i]->finishPendingWork();
    };
    std::optional<std::pair<double, double>> shared;
    if (c_.sharedScales) {
        for (std::size_t i = 0; i < views.size(); ++i) {
            views[i]->setColourRange(std::nullopt);
            show(i);
            if (const auto r = views[i]->colourRange()) {
                shared = shared ? std::make_pair(std::min(shared->first, r->first),
                                                 std::max(shared->second, r->second))
                                : *r;
            }
        }
    }
    QPainter p(&device);
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    QFont f = p.font();
    f.setPointSize(widgets::plotTheme(presentation_).titlePointSize + 3);
    f.setBold(true);
    p.setFont(f);
    p.setPen(Qt::black);
    const QRect first = cellRect(0, size);
    p.drawText(QRect(0, 0, size.width(), first.top()), Qt::AlignCenter,
               QFontMetrics(f).elidedText(viewTitle(), Qt::ElideRight, size.width() - 16));
    for (std::size_t i = 0; i < views.size(); ++i) {
        Workspace* w = panelWorkspace(i);
        const bool was = w != nullptr && w->presentation();
        const SessionState& panel = panelSession(i); // checked before the view changes
        // The view as it was, whatever happens while the panel is drawn.
        struct Restore {
            widgets::ExplorerView* view;
            const SessionState& session;
            bool presentation;
            bool suspended;
            ~Restore() {
                view->setColourRange(std::nullopt);
                view->setPresentation(presentation);
                if (suspended) {
                    widgets::suspendAnnotations(*view->widget(), false);
                }
                view->setSession(session);
                view->finishPendingWork();
            }
        } restore{views[i], session_, was, c_.panels[i].baseline};
        views[i]->setPresentation(presentation_);
        views[i]->setColourRange(shared);
        if (c_.panels[i].baseline) {
            // The session's notes are not on the baseline's figure.
            widgets::suspendAnnotations(*views[i]->widget(), true);
        }
        views[i]->setSession(panel);
        views[i]->finishPendingWork();
        const QRect cell = cellRect(i, size);
        QPicture picture;
        // Twice, as every export draws a view: a wrapped title takes its height from the
        // layout before.
        views[i]->renderTo(picture, cell.size());
        picture = QPicture();
        views[i]->renderTo(picture, cell.size());
        p.drawPicture(cell.topLeft(), picture);
    }
}

QString ComposedFigure::csv() const {
    QString out;
    for (std::size_t i = 0; i < c_.panels.size(); ++i) {
        widgets::ExplorerView* v = panelView(i);
        if (v == nullptr) {
            continue;
        }
        v->setSession(panelSession(i));
        v->finishPendingWork();
        out += QStringLiteral("# panel %1: %2 (%3)\n")
                   .arg(i + 1)
                   .arg(v->viewTitle(), c_.panels[i].baseline ? QObject::tr("the baseline")
                                                              : QObject::tr("the session"));
        out += v->csv();
        if (!out.endsWith('\n')) {
            out += '\n';
        }
        v->setSession(session_);
        v->finishPendingWork();
    }
    return out;
}

} // namespace cdx::app
