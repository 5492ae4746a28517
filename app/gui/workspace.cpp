// SPDX-License-Identifier: GPL-3.0-or-later
#include "workspace.hpp"

#include "area/area_gpu.hpp"
#include "area/process_node.hpp"
#include "common/annotations.hpp"
#include "common/background_job.hpp"
#include "common/explorer_view.hpp"
#include "common/glossary_hover.hpp"
#include "common/plot_layout.hpp"
#include "common/view_export.hpp"
#include "export_dialog.hpp"
#include "params/input_error.hpp"
#include "params/profile_label.hpp"
#include "preference.hpp"
#include "session_document.hpp"
#include "talg/talg_plot_text.hpp"
#include "views/compare_view.hpp"
#include "views/lineup_view.hpp"
#include "views/trust_view.hpp"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <functional>
#include <qcustomplot.h>
#include <set>

namespace cdx::app {

namespace {
// Editors are never squeezed below what their fields need, nor wider than this by default.
constexpr int kMaxDockWidth = 380;

// The mouse wheel over a dock scrolls the dock: a combo box, spin box or slider it passes over
// must not change the session (a scroll switched "Tile count" to ceil). Such a field takes the
// wheel only once it has the focus (clicked or tabbed to).
class WheelGuard : public QObject {
public:
    WheelGuard(QScrollArea* area, QObject* parent) : QObject(parent), area_(area) {}

protected:
    bool eventFilter(QObject* watched, QEvent* e) override {
        auto* w = qobject_cast<QWidget*>(watched);
        if (e->type() == QEvent::Wheel && w && !w->hasFocus()) {
            QCoreApplication::sendEvent(area_->verticalScrollBar(), e);
            return true;
        }
        return false;
    }

private:
    QScrollArea* area_;
};

// Runs `f` whenever a watched widget is resized or laid out again.
class LayoutWatch : public QObject {
public:
    LayoutWatch(std::function<void()> f, QObject* parent) : QObject(parent), f_(std::move(f)) {}

protected:
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Resize || e->type() == QEvent::LayoutRequest ||
            e->type() == QEvent::FontChange) {
            f_();
        }
        return false;
    }

private:
    std::function<void()> f_;
};

void guardWheel(QWidget* editor, QScrollArea* area) {
    auto* guard = new WheelGuard(area, area);
    const auto fields = editor->findChildren<QWidget*>();
    for (QWidget* w : fields) {
        if (qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
            qobject_cast<QAbstractSlider*>(w)) {
            w->setFocusPolicy(Qt::StrongFocus); // the wheel alone does not focus it
            w->installEventFilter(guard);
        }
    }
}
} // namespace

Workspace::Workspace(const QString& id, const QString& title, const QIcon& icon,
                     const WorkspaceContext& context, QWidget* parent)
    : QMainWindow(parent), id_(id), title_(title), icon_(icon), context_(context) {
    setObjectName(id + "Workspace");
    setWindowFlags(Qt::Widget); // a page of the shell, not a window
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    setDockNestingEnabled(true);
    auto* central = new QWidget(this);
    auto* column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    // Above every view: the session's values outside the models' calibration domain.
    banner_ = new QLabel(central);
    banner_->setObjectName(id + "CalibrationBanner");
    banner_->setWordWrap(true);
    banner_->setTextFormat(Qt::RichText);
    banner_->setStyleSheet(
        "QLabel { background: #fff4ce; color: #5c3c00; border-bottom: 1px solid #e0c060; "
        "padding: 4px 8px; }");
    banner_->hide();
    // It wraps; it must never set the window's minimum width (F11 and back left the window
    // wider than a 1366 px screen).
    banner_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    banner_->setMinimumWidth(1);
    connect(banner_, &QLabel::linkActivated, this, [this] {
        if (trustIndex_ >= 0) {
            tabs_->setCurrentIndex(trustIndex_);
        }
    });
    column->addWidget(banner_);
    tabs_ = new QTabWidget(central);
    tabs_->setObjectName(id + "Views");
    tabs_->setDocumentMode(true);
    // Whole tab titles, scrolled when they do not fit ("Extensions" was cut to "Exten…").
    tabs_->setElideMode(Qt::ElideNone);
    tabs_->setUsesScrollButtons(true);
    column->addWidget(tabs_);
    setCentralWidget(central);
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int i) {
        if (active_ && i >= 0 && dirty_[static_cast<std::size_t>(i)]) {
            refreshView(i);
        }
    });
    connect(context_.doc, &SessionDocument::changed, this, [this] {
        if (active_) {
            refresh();
        } else {
            stale_ = true;
        }
    });
}

widgets::ExplorerView* Workspace::currentView() const {
    const int i = tabs_->currentIndex();
    return i < 0 ? nullptr : views_[static_cast<std::size_t>(i)];
}

void Workspace::addView(widgets::ExplorerView* view) {
    views_.push_back(view);
    dirty_.push_back(true);
    tabs_->addTab(view->widget(), view->viewTitle());
    // In the normal style as leaving presentation mode sets it (a view that set some fonts only
    // in setPresentation showed its table at 9 pt before F11 and at 10 pt after).
    view->setPresentation(false);
    // Every plot: a right-click menu (copy, export, annotate; issue 45), and its annotations
    // dragged by their text, one undoable edit each (issue 55).
    for (QCustomPlot* plot : widgets::viewPlots(*view->widget())) {
        widgets::enableAnnotationDrag(*plot, [this, view](int index, double tx, double ty) {
            auto list = annotations(*view);
            if (index < 0 || index >= static_cast<int>(list.size())) {
                return;
            }
            auto& a = list[static_cast<std::size_t>(index)];
            a.tx = tx;
            a.ty = ty;
            if (setAnnotations(*view, list, tr("Move annotation"))) {
                showMessage(tr("Annotation “%1” moved (Edit ▸ Undo puts it back)").arg(a.text));
            }
        });
        plot->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(plot, &QWidget::customContextMenuRequested, this, [this, view, plot](QPoint p) {
            QMenu* menu = plotMenu(*view, *plot, p);
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(plot->mapToGlobal(p));
        });
    }
}

std::string Workspace::viewPrefix(const widgets::ExplorerView& view) const {
    return id_.toStdString() + "." + view.fileStem().toStdString();
}

void Workspace::copyView(widgets::ExplorerView& view, bool image, bool withData) {
    finishPendingWork();
    copyViewToClipboard(view, figureOptions(view), image, withData, context_.showMessage);
}

std::vector<widgets::Annotation> Workspace::annotations(const widgets::ExplorerView& view) const {
    return widgets::annotationsIn(doc()->state().view, viewPrefix(view));
}

bool Workspace::setAnnotations(const widgets::ExplorerView& view,
                               const std::vector<widgets::Annotation>& annotations,
                               const QString& label) {
    return editSession(label, [&](SessionState& s) {
        widgets::setAnnotationsIn(s.view, viewPrefix(view), annotations);
    });
}

QMenu* Workspace::plotMenu(widgets::ExplorerView& view, QCustomPlot& plot, const QPoint& pos) {
    auto* menu = new QMenu(&plot);
    menu->setObjectName("plotMenu");
    widgets::ExplorerView* v = &view;
    menu->addAction(tr("Copy Image"), this, [this, v] { copyView(*v, true, false); });
    menu->addAction(tr("Copy Data (CSV)"), this, [this, v] { copyView(*v, false, true); });
    menu->addSeparator();
    const auto exportAs = [this, v](bool csv) {
        exportViewInteractive(
            this, *v, csv, [this] { finishPendingWork(); }, context_.showMessage, figureOptions(*v),
            figureSubject());
    };
    menu->addAction(tr("Export View…"), this, [exportAs] { exportAs(false); });
    menu->addAction(tr("Export View Data as CSV…"), this, [exportAs] { exportAs(true); });
    menu->addSeparator();
    // An annotation points at the clicked place; its text sits up and to the right of it, inside
    // the axes (down or left near their edges).
    QCPAxisRect* rect = plot.axisRectAt(pos);
    const auto rects = plot.axisRects();
    const int plotIndex = static_cast<int>(widgets::viewPlots(*view.widget()).indexOf(&plot));
    if (rect != nullptr && plotIndex >= 0) {
        QAction* add = menu->addAction(tr("Add Annotation Here…"));
        add->setObjectName("addAnnotation");
        connect(add, &QAction::triggered, this, [this, v, &plot, rect, rects, plotIndex, pos] {
            bool ok = false;
            const QString text =
                QInputDialog::getText(this, tr("Add Annotation"),
                                      tr("Text (an arrow points from it to the place clicked):"),
                                      QLineEdit::Normal, QString(), &ok)
                    .trimmed();
            if (!ok) {
                return;
            }
            if (text.isEmpty()) {
                showMessage(tr("No annotation added: its text is empty"));
                return;
            }
            QCPAxis* x = rect->axis(QCPAxis::atBottom);
            QCPAxis* y = rect->axis(QCPAxis::atLeft);
            widgets::Annotation a;
            a.plot = plotIndex;
            a.rect = static_cast<int>(rects.indexOf(rect));
            a.x = x->pixelToCoord(pos.x());
            a.y = y->pixelToCoord(pos.y());
            // On the data point there (a graph's point, a map's cell): the arrow then follows
            // it when the axes change (issue 61).
            if (const auto point = widgets::nearestDataPoint(plot, *rect, pos)) {
                a.x = point->x();
                a.y = point->y();
            }
            // Clear of the plot's labels and markers (issue 55: it covered the map's minimum
            // label, and the current tiling's marker).
            const QPointF place = widgets::annotationTextPlace(plot, a.rect, a.x, a.y, text);
            a.tx = place.x();
            a.ty = place.y();
            a.text = text;
            auto list = annotations(*v);
            list.push_back(a);
            if (setAnnotations(*v, list, tr("Annotate %1").arg(v->viewTitle()))) {
                showMessage(tr("Annotation “%1” added (Edit ▸ Undo removes it; it is saved "
                               "with the session and drawn in exports)")
                                .arg(text));
            }
        });
    }
    const auto list = annotations(view);
    if (const int at = widgets::annotationAt(plot, pos, 10);
        at >= 0 && at < static_cast<int>(list.size())) {
        QAction* remove = menu->addAction(
            tr("Remove Annotation “%1”").arg(list[static_cast<std::size_t>(at)].text));
        remove->setObjectName("removeAnnotation");
        connect(remove, &QAction::triggered, this, [this, v, at] {
            auto l = annotations(*v);
            if (at < static_cast<int>(l.size())) {
                l.erase(l.begin() + at);
                setAnnotations(*v, l, tr("Remove annotation"));
                showMessage(tr("Annotation removed (Edit ▸ Undo brings it back)"));
            }
        });
    }
    if (!list.empty()) {
        QAction* clear = menu->addAction(tr("Remove All Annotations of This View"));
        clear->setObjectName("clearAnnotations");
        connect(clear, &QAction::triggered, this, [this, v] {
            setAnnotations(*v, {}, tr("Remove annotations"));
            showMessage(tr("Annotations removed (Edit ▸ Undo brings them back)"));
        });
    }
    return menu;
}

QDockWidget* Workspace::addDock(const QString& title, const QString& objectName, QWidget* editor,
                                Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(objectName);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                   QDockWidget::DockWidgetClosable);
    auto* scroll = new QScrollArea(d);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(editor);
    guardWheel(editor, scroll);
    // A scroll area's own minimum is tiny; the editor's fields need their width (the docks were
    // squeezed to ~70 px before: one digit per field, "Optima" on the button).
    const int needed = editor->minimumSizeHint().width() +
                       scroll->verticalScrollBar()->sizeHint().width() +
                       2 * style()->pixelMetric(QStyle::PM_DockWidgetFrameWidth);
    scroll->setMinimumWidth(std::min(needed, kMaxDockWidth));
    d->setWidget(scroll);
    // Stacked in the area; a workspace tabifies or splits them as its editors need.
    addDockWidget(area, d);
    docks_.push_back(d);
    return d;
}

void Workspace::showMessage(const QString& text, int ms) const {
    if (context_.showMessage) {
        context_.showMessage(text, ms);
    }
}

bool Workspace::editSession(const QString& label, const std::function<void(SessionState&)>& change,
                            int mergeId) {
    SessionState s = doc()->state();
    try {
        change(s);
    } catch (const InputError& e) {
        showMessage(QString::fromUtf8(e.what()));
        refreshEditors(doc()->state());
        return false;
    }
    if (s == doc()->state()) {
        return false;
    }
    doc()->edit(label, s, mergeId);
    return true;
}

void Workspace::chooseGpuProfile(const QString& id) {
    const int nodeBefore = doc()->state().areaNode;
    const bool done = editSession(tr("Choose GPU %1").arg(id), [&](SessionState& s) {
        // The area model at the chip's own node (issue 43: the H100 at 4N, the 5 nm class), in
        // the same undoable step; the calibration node for a chip of a node it does not carry.
        cdx::chooseGpuProfile(s, id.toStdString());
    });
    if (!done) {
        return;
    }
    const SessionState& s = doc()->state();
    QString text = id.contains('/') || id.endsWith(".json")
                       ? tr("Opened GPU profile %1: %2").arg(id, QString::fromStdString(s.gpu.name))
                       : tr("GPU: %1").arg(QString::fromStdString(s.gpu.name));
    if (s.areaNode != nodeBefore) {
        text += tr("; the area model now at %1 nm, the chip's node (Area model box changes it)")
                    .arg(s.areaNode);
    }
    showMessage(text, 8000);
}

void Workspace::setGpuOrStencilParameter(const QString& key, double value, bool isNull) {
    editSession(tr("Set %1").arg(key), [&](SessionState& s) {
        cdx::setParameter(s.gpu, s.stencil, s.gpu.id, key.toStdString(),
                          isNull ? std::nullopt : std::optional<double>(value));
    });
}

void Workspace::activate() {
    if (active_) {
        return;
    }
    active_ = true;
    // Hovering a symbol in any of its views or docks shows its glossary entry.
    setProperty("glossaryFamilies", glossaryFamilies());
    for (auto* d : docks_) {
        d->setProperty("glossaryFamilies", glossaryFamilies());
    }
    widgets::installGlossaryHover(QCoreApplication::instance());
    if (!presentation_) {
        Preference<QByteArray> layout{"workspace/" + id_ + "/state"};
        const QByteArray saved = layout.get();
        if (!saved.isEmpty()) {
            restoreState(saved);
            laidOut_ = true;
        }
    }
    if (stale_) {
        refresh();
    } else if (const int i = tabs_->currentIndex(); i >= 0 && dirty_[static_cast<std::size_t>(i)]) {
        refreshView(i); // a tab chosen while hidden (a Start page example opens on its view)
    }
    if (!laidOut_) {
        laidOut_ = true;
        QTimer::singleShot(0, this, [this] { initialLayout(); });
    }
    // The docks' minimum widths now, before anyone asks how wide the workspace must be (a
    // lesson's panel docks beside it only where it leaves room).
    keepDocksWide();
}

void Workspace::deactivate() {
    if (!active_) {
        return;
    }
    saveLayout();
    active_ = false;
}

void Workspace::keepDocksWide() {
    for (QDockWidget* d : docks_) {
        // The editor's minimum now (its fields filled and polished), not when its dock was
        // made: the main window's layout then keeps the dock at least that wide.
        if (auto* scroll = qobject_cast<QScrollArea*>(d->widget()); scroll && scroll->widget()) {
            const int needed = scroll->widget()->minimumSizeHint().width() +
                               scroll->verticalScrollBar()->sizeHint().width() +
                               2 * style()->pixelMetric(QStyle::PM_DockWidgetFrameWidth);
            // Both ways: a minimum taken at presentation mode's larger font is given back.
            if (scroll->minimumWidth() != std::min(needed, kMaxDockWidth)) {
                scroll->setMinimumWidth(std::min(needed, kMaxDockWidth));
            }
        }
    }
}

void Workspace::saveLayout() {
    if (!presentation_) {
        Preference<QByteArray>{"workspace/" + id_ + "/state"}.set(saveState());
    }
}

void Workspace::saveViewState(std::map<std::string, std::string>& out) const {
    const std::string id = id_.toStdString();
    if (const int i = tabs_->currentIndex(); i >= 0) {
        out["tab." + id] = views_[static_cast<std::size_t>(i)]->fileStem().toStdString();
    }
    for (const auto* v : views_) {
        v->saveViewState(out, id + "." + v->fileStem().toStdString());
    }
}

void Workspace::restoreViewState(const std::map<std::string, std::string>& in) {
    const std::string id = id_.toStdString();
    for (auto* v : views_) {
        v->restoreViewState(in, id + "." + v->fileStem().toStdString());
    }
    if (const auto it = in.find("tab." + id); it != in.end()) {
        for (std::size_t i = 0; i < views_.size(); ++i) {
            if (views_[i]->fileStem().toStdString() == it->second) {
                tabs_->setCurrentIndex(static_cast<int>(i));
            }
        }
    }
}

void Workspace::addCompareView() {
    const QStringList families = compareFamilies();
    if (!families.isEmpty()) {
        addView(new CompareView(id_, families, this));
    }
}

void Workspace::addLineupView() {
    QStringList families;
    for (const QString& f : lineupFamilies()) {
        for (const auto& known : lineup::lineupFamilies()) {
            if (known.id == f.toStdString()) {
                families << f;
            }
        }
    }
    if (families.isEmpty()) {
        return;
    }
    auto* view = new LineupView(id_, families, context_, this);
    addView(view);
    // The editors' GPU lists get "Add to Line-up" in their context menu, once the subclass has
    // built its docks (after this constructor's turn).
    QTimer::singleShot(0, this, [this, view] {
        for (QDockWidget* dock : docks_) {
            for (QComboBox* box : dock->findChildren<QComboBox*>()) {
                const QString kind = box->property("cdxProfileKind").toString();
                if (kind != "gpus" && kind != "gpu") {
                    continue;
                }
                auto* add = new QAction(tr("Add to Line-up"), box);
                add->setObjectName("addToLineup");
                add->setToolTip(tr("Add the GPU chosen here as a side of the line-up"));
                connect(add, &QAction::triggered, view,
                        [view, box] { view->addGpuById(box->currentData().toString()); });
                box->addAction(add);
                box->setContextMenuPolicy(Qt::ActionsContextMenu);
            }
        }
    });
}

void Workspace::addTrustView() {
    QString error;
    try {
        for (const QString& entry : validityFamilies()) {
            // "talg:/gpu": only the conditions on that part of the session (the claims too,
            // not the model's own validation runs, which its workspace shows).
            const QString family = entry.section(':', 0, 0);
            const std::string prefix = entry.section(':', 1).toStdString();
            if (auto v = published::validityOf(family.toStdString())) {
                if (!prefix.empty()) {
                    std::erase_if(v->domain, [&prefix](const published::DomainCondition& c) {
                        return !c.pointer.starts_with(prefix);
                    });
                    v->validation.clear();
                }
                validity_.push_back(std::move(*v));
            }
        }
    } catch (const std::exception& e) { // a bad validity file is said in the view
        error = QString::fromUtf8(e.what());
    }
    if (validity_.empty() && error.isEmpty()) {
        return;
    }
    auto* view = new TrustView(id_, validity_, error, this,
                               [this](const SessionState& st) { return modelConditions(st); });
    trustIndex_ = static_cast<int>(views_.size());
    addView(view);
    // Always in reach, however many tabs scroll off a laptop screen (MWP-CWP has ten views).
    auto* corner = new QToolButton(tabs_);
    corner->setObjectName(id_ + "TrustButton");
    corner->setText(tr("How far to trust this"));
    corner->setAutoRaise(true);
    corner->setToolTip(tr("Where the models were calibrated and this session against it"));
    connect(corner, &QToolButton::clicked, this, [this] { tabs_->setCurrentIndex(trustIndex_); });
    tabs_->setCornerWidget(corner, Qt::TopRightCorner);
    // Only while the tab itself may be scrolled out of sight: when every tab fits (with room
    // for the button, so that showing it cannot make them not fit) it was there twice.
    auto* watch = new LayoutWatch(
        [this, corner] {
            const QTabBar* bar = tabs_->tabBar();
            int tabsWidth = 0;
            for (int i = 0; i < bar->count(); ++i) {
                tabsWidth += bar->tabRect(i).width();
            }
            corner->setVisible(tabsWidth + corner->sizeHint().width() > tabs_->width());
        },
        this);
    tabs_->installEventFilter(watch);
    tabs_->tabBar()->installEventFilter(watch);
    tabs_->setTabToolTip(trustIndex_,
                         tr("Where the model was calibrated, the accuracy its sources claim, real "
                            "measurements against it, and this session against its domain"));
}

void Workspace::updateBanner() {
    // During a drag (a slider, a map, a splitter) the banner waits for the button's release:
    // appearing, going or growing, it would move the widget under the pointer.
    if (QGuiApplication::mouseButtons() != Qt::NoButton) {
        if (!bannerPending_) {
            bannerPending_ = true;
            QTimer::singleShot(100, this, [this] {
                bannerPending_ = false;
                updateBanner();
            });
        }
        return;
    }
    auto outside = app::outsideCalibration(validity_, doc()->state());
    for (auto& d : modelConditions(doc()->state())) {
        if (!d.inside) {
            outside.push_back(std::move(d));
        }
    }
    outside_.clear();
    for (const auto& d : outside) {
        outside_ << QString::fromStdString(d.message());
    }
    if (outside.empty()) {
        banner_->hide();
        return;
    }
    // Each "what = value" once, with the models that bound it ("n_V = 256 (die-area model,
    // time model (T_alg))"); the reasons are in the tooltip and the How far to trust this view.
    QStringList items;
    QList<QStringList> models;
    for (const auto& d : outside) {
        // Counted by kind, numbers short (issue 43); the tooltip and the trust view say more.
        const QString item = QString::fromStdString(d.what + " = " + d.shortValue());
        const auto at = items.indexOf(item);
        if (at < 0) {
            items << item;
            models << QStringList{QString::fromStdString(d.model)};
        } else {
            models[at] << QString::fromStdString(d.model);
        }
    }
    QStringList shown;
    for (qsizetype i = 0; i < items.size(); ++i) {
        shown << QStringLiteral("%1 (%2)").arg(items[i], models[i].join(", ")).toHtmlEscaped();
    }
    bannerText_ = tr("<b>Outside the calibration domain</b>: %1. The results are "
                     "extrapolated. <a href=\"trust\">How&nbsp;far&nbsp;to&nbsp;trust&nbsp;"
                     "this</a>")
                      .arg(shown.join("; "));
    // Presentation mode: one line for the audience ("n_V = 256, M_SM = 12"), the rest on demand
    // (its tooltip, the link).
    QStringList brief;
    for (const auto& d : outside) {
        const QString item = QString::fromStdString(d.what).section(" (", 0, 0) + " = " +
                             QString::fromStdString(d.shortValue());
        if (!brief.contains(item)) {
            brief << item;
        }
    }
    bannerShortText_ = tr("<b>Outside the calibration domain</b>: %1, extrapolated. "
                          "<a href=\"trust\">How&nbsp;far&nbsp;to&nbsp;trust&nbsp;this</a>")
                           .arg(brief.join(", ").toHtmlEscaped());
    banner_->setText(presentation_ ? bannerShortText_ : bannerText_);
    banner_->setToolTip(outside_.join('\n'));
    banner_->show();
}

QString Workspace::figureContext(const widgets::ExplorerView& view) const {
    const SessionState& s = doc()->state();
    QString text = QString::fromStdString(profileLabel(s.gpu));
    const QStringList families = view.figureFamilies();
    if (families.isEmpty() || families.contains("talg")) {
        text += QStringLiteral(" · ") + widgets::variantLine(s.variant, s.problem.dim);
    }
    return text;
}

widgets::FigureOptions Workspace::figureOptions(const widgets::ExplorerView& view) const {
    widgets::FigureOptions o;
    o.presentationNow = presentation_;
    o.sessionTitle = doc()->displayTitle();
    // The session, or each configuration of a view of several (a line-up of today's GPUs is
    // outside the calibration wherever one side is).
    std::vector<SessionState> sessions = view.figureSessions();
    if (sessions.empty()) {
        sessions.push_back(doc()->state());
    }
    std::vector<published::DomainValue> values;
    std::vector<std::size_t> sideOf; // the configuration of each value
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        for (auto& d : app::outsideCalibration(validity_, sessions[i])) {
            values.push_back(std::move(d));
            sideOf.push_back(i);
        }
        for (auto& d : modelConditions(sessions[i])) {
            values.push_back(std::move(d));
            sideOf.push_back(i);
        }
    }
    const QStringList families = view.figureFamilies();
    // What is outside, grouped by model, each quantity by its symbol once (issue 55: "(time
    // model (T_alg))" followed every item, and the footnote was cut in the middle of one). Of a
    // figure of several configurations (a line-up), the quantities outside without values and
    // how many sides are outside: every side is named, not only the first.
    QStringList order;                // the models, in the order met
    QMap<QString, QStringList> items; // model: "n_V = 256" (or "n_SM" on several sides)
    std::set<std::size_t> sidesOutside;
    QStringList models;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const auto& d = values[i];
        const QString family = QString::fromStdString(d.family);
        if (!families.isEmpty() && !families.contains(family)) {
            continue;
        }
        if (d.inside) {
            continue;
        }
        o.notes << QString::fromStdString(d.message());
        sidesOutside.insert(sideOf[i]);
        const QString model = QString::fromStdString(d.model);
        const QString symbol = QString::fromStdString(d.what).section(QStringLiteral(" ("), 0, 0);
        const QString item =
            sessions.size() > 1
                ? symbol
                : QStringLiteral("%1 = %2").arg(symbol, QString::fromStdString(d.shortValue()));
        if (!order.contains(model)) {
            order << model;
        }
        if (!items[model].contains(item)) {
            items[model] << item;
        }
    }
    for (const auto& v : validity_) {
        const QString name = QString::fromStdString(v.name);
        if ((families.isEmpty() || families.contains(QString::fromStdString(v.family))) &&
            !name.isEmpty() && !models.contains(name)) {
            models << name;
        }
    }
    o.outside = !order.isEmpty();
    QStringList groups;
    for (const QString& model : order) {
        groups << QStringLiteral("%1: %2").arg(model, items[model].join(QStringLiteral(", ")));
    }
    const QString where =
        sessions.size() > 1 ? tr(" on %1 of %2 sides").arg(sidesOutside.size()).arg(sessions.size())
                            : QString();
    const QString context =
        view.figureSubject().isEmpty() ? figureContext(view) : view.figureSubject();
    const QString trust =
        o.outside
            ? tr("Outside the calibration domain%1: %2; extrapolated").arg(where, groups.join("; "))
        : models.isEmpty() ? QString()
                           : tr("inside the calibration domain of the %1").arg(models.join(", "));
    o.footnote = context.isEmpty() ? trust
                 : trust.isEmpty() ? context
                                   : context + QStringLiteral(" · ") + trust;
    return o;
}

QString Workspace::figureSubject() const {
    return QString::fromStdString(doc()->state().gpu.id);
}

void Workspace::refresh() {
    stale_ = false;
    updateBanner();
    refreshEditors(doc()->state());
    // The visible view now; hidden ones when their tab is shown (a drag must not queue work
    // for views nobody sees).
    std::fill(dirty_.begin(), dirty_.end(), true);
    if (tabs_->currentIndex() >= 0) {
        refreshView(tabs_->currentIndex());
    }
    emit statusChanged();
}

void Workspace::refreshView(int index) {
    const auto i = static_cast<std::size_t>(index);
    views_[i]->setSession(doc()->state());
    widgets::showAnnotations(*views_[i]->widget(),
                             widgets::annotationsIn(doc()->state().view, viewPrefix(*views_[i])));
    dirty_[i] = false;
}

void Workspace::setPresentation(bool on) {
    if (presentation_ == on) {
        return;
    }
    // The audience needs the view, not the editors: docks go away until presentation ends
    // (the View menu brings any back), and the layout before returns afterwards.
    if (on) {
        layoutBeforePresentation_ = saveState();
        for (auto* d : docks_) {
            d->hide();
        }
    }
    presentation_ = on;
    for (auto* v : views_) {
        v->setPresentation(on);
    }
    QFont bannerFont = font(); // the audience reads the warning too
    if (on) {
        bannerFont.setPointSizeF(bannerFont.pointSizeF() * 1.4);
    }
    banner_->setFont(bannerFont);
    if (!bannerText_.isEmpty()) {
        banner_->setText(presentation_ ? bannerShortText_ : bannerText_);
    }
    // Leaving, the docks come back in settleAfterPresentation, once their contents have the
    // normal fonts' sizes: restored here, with the large fonts' minimum sizes still in their
    // layouts, the Tiling dock came back 3 px taller (issue 45: Esc restores pixel for pixel).
    std::fill(dirty_.begin(), dirty_.end(), true);
    if (active_ && tabs_->currentIndex() >= 0) {
        refreshView(tabs_->currentIndex());
    } else {
        stale_ = true;
    }
}

void Workspace::settleAfterPresentation() {
    if (presentation_) {
        return;
    }
    if (!layoutBeforePresentation_.isEmpty()) {
        // From the layout presentation began with, all docks hidden: a dock shown meanwhile
        // (a lesson step rings its editor, the View menu) kept its place in the full screen's
        // split, and the restored sizes were shared out from it (issue 55: the Stencil dock
        // came back 3 px higher).
        for (auto* d : docks_) {
            d->hide();
        }
        restoreState(layoutBeforePresentation_);
    }
    // Each plot laid out for its normal fonts now: a title's wrapped height lags one layout
    // behind a change of font, and the map came back 22 px shorter.
    for (auto* v : views_) {
        for (QCustomPlot* plot : widgets::viewPlots(*v->widget())) {
            widgets::layOutNow(*plot);
            widgets::layOutNow(*plot);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
}

void Workspace::finishPendingWork() {
    for (auto* job : jobs()) {
        job->waitForFinished();
    }
    for (auto* v : views_) {
        v->finishPendingWork();
    }
}

} // namespace cdx::app
