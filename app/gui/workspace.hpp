// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "published/published.hpp"
#include "session/session.hpp"

#include <QIcon>
#include <QList>
#include <QMainWindow>
#include <QString>
#include <functional>
#include <vector>

class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;

namespace cdx::widgets {
class ExplorerView;
class BackgroundJob;
struct FigureOptions;
struct Annotation;
} // namespace cdx::widgets
class QCustomPlot;

namespace cdx::app {

class RunDatabase;
class SessionDocument;

// What the shell gives every workspace: the one session document (shared by all, with its
// undo stack), the measured-run database, and a place for short messages.
struct WorkspaceContext {
    SessionDocument* doc = nullptr;
    RunDatabase* runs = nullptr;
    std::function<void(const QString&, int)> showMessage; // text, milliseconds
};

// One model family's part of the window (Qt Creator's modes are the example): its editor
// docks, its views as tabs, its status-line text and its menu entries. A workspace is a
// QMainWindow of its own inside the shell, so its docks come and go with it and their layout
// is saved per workspace. The shell only knows this interface.
class Workspace : public QMainWindow {
    Q_OBJECT

public:
    Workspace(const QString& id, const QString& title, const QIcon& icon,
              const WorkspaceContext& context, QWidget* parent = nullptr);

    QString id() const { return id_; }
    QString title() const { return title_; }
    QIcon icon() const { return icon_; }
    // One or two sentences for the Start page: what this workspace answers.
    virtual QString summary() const = 0;

    std::vector<widgets::ExplorerView*> views() const { return views_; }
    widgets::ExplorerView* currentView() const;
    QTabWidget* viewTabs() const { return tabs_; }
    // What is on screen, for a saved session (SessionState::view): the selected view
    // ("tab.<id>" = its file stem) and each view's own settings ("<id>.<stem>.<name>").
    void saveViewState(std::map<std::string, std::string>& out) const;
    void restoreViewState(const std::map<std::string, std::string>& in);
    QList<QDockWidget*> docks() const { return docks_; }

    // The summary for the status line (T_alg, the die area, the MWP-CWP case, ...).
    virtual QString statusText() const = 0;
    // Examples this workspace offers on the Start page besides the example sessions.
    struct StartExample {
        QString title;
        QString description;
        QString objectName;
        std::function<void()> open;
    };
    virtual QList<StartExample> startExamples() { return {}; }
    // Entries of the shell's File and View menus (added once, at start).
    virtual void addFileMenuEntries(QMenu* file) { (void)file; }
    // The jobs this workspace runs in the background (export and screenshots wait for them).
    virtual std::vector<widgets::BackgroundJob*> jobs() const { return {}; }

    // The models behind this workspace whose profiles/validity/ files it shows (default: its id;
    // the codesign views also use T_alg). "family:/pointer" takes only that model's conditions
    // on that part of the session (Energy: T_alg's conditions on the GPU).
    virtual QStringList validityFamilies() const { return {id_}; }
    // The core compare families (compare/families.cpp) the Compare view shows: the
    // workspace's own by default; none: no Compare view.
    virtual QStringList compareFamilies() const { return {id_}; }
    // The core line-up families (core/lineup) its Line-up view shows: by default its compare
    // families (MWP-CWP adds occupancy).
    virtual QStringList lineupFamilies() const { return compareFamilies(); }
    // The glossary families (profiles/glossary/) its views' symbols belong to: hovering one
    // shows its entry, and Help ▸ Glossary opens filtered to them. Default: its id.
    virtual QStringList glossaryFamilies() const { return {id_}; }
    // What an exported figure's default file name adds to the view's name: the chip its views
    // draw (issue 45: "breakdown.png" named no GPU). Default: the session's GPU; empty: none.
    virtual QString figureSubject() const;
    // What an export of `view` writes besides it (issue 45): the provenance footnote (what
    // figureContext says, then how far to trust the figure: the session's values outside the
    // calibration domain of the models the view draws, or that it is inside), and those values
    // for a CSV. `style`, `scheme`: as chosen for the file.
    widgets::FigureOptions figureOptions(const widgets::ExplorerView& view) const;
    // The footnote's first part for `view`: the chip and its edits, and the variant of the
    // models it draws ("NVIDIA GeForce GTX 980, edited: n_sm = 6 · variant: pitch=…").
    virtual QString figureContext(const widgets::ExplorerView& view) const;
    // Edit ▸ Copy and the plots' menu: the view's figure and/or data to the clipboard.
    void copyView(widgets::ExplorerView& view, bool image, bool withData);
    // A view's annotations (issue 45), each change one undoable edit of the session.
    std::vector<widgets::Annotation> annotations(const widgets::ExplorerView& view) const;
    bool setAnnotations(const widgets::ExplorerView& view,
                        const std::vector<widgets::Annotation>& annotations, const QString& label);
    // The menu a right click on one of the view's plots opens at `pos` (plot pixels): copy,
    // export, annotate. Returned for the caller to exec (tests trigger its actions).
    QMenu* plotMenu(widgets::ExplorerView& view, QCustomPlot& plot, const QPoint& pos);
    // Adds the "Compare" view (the shell calls it once, before addTrustView).
    void addCompareView();
    // "Line-up": the shell's, from core/lineup (no family code); none without a family.
    void addLineupView();
    // What the models check themselves beyond the validity files (a derived value such as L2
    // per SM, a kernel against its GPU's limits, a model's own warnings), each as a condition
    // inside or outside: the banner and How far to trust this say them with the files' own.
    virtual std::vector<published::DomainValue> modelConditions(const SessionState& s) const {
        (void)s;
        return {};
    }
    // Adds the "How far to trust this" view and the calibration banner (the shell calls it once,
    // after construction).
    void addTrustView();
    // The session's values outside the calibration domain of this workspace's models, one line
    // each: shown above every view and written into every export.
    QStringList outsideCalibration() const { return outside_; }
    QLabel* calibrationBanner() const { return banner_; }

    // The shell calls these.
    void activate();   // shown: restores the saved dock layout, brings the views up to date
    void deactivate(); // hidden: saves the dock layout
    bool isActive() const { return active_; }
    void setPresentation(bool on);
    bool presentation() const { return presentation_; }
    // The docks and splitters as before the presentation, once the views' minimum sizes are
    // the normal fonts' again (restored while they were the large ones', docks came back
    // ~45 px narrower: the central views claimed the space).
    void settleAfterPresentation();
    void saveLayout();
    // Every dock's minimum width from its editor's minimum now: a layout saved by an older
    // version (or at another font) restored docks narrower than their editors, whose fields
    // and buttons the dock then cut at its right edge.
    void keepDocksWide();
    void finishPendingWork();

signals:
    void statusChanged();

protected:
    // Subclasses build their views and docks in their constructors with these.
    void addView(widgets::ExplorerView* view);
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* editor,
                         Qt::DockWidgetArea area = Qt::LeftDockWidgetArea);
    // Sizes the docks the first time the workspace is shown without a saved layout (dock
    // sizes only take effect once the window is laid out).
    virtual void initialLayout() {}
    // Called on every document change while active (and once on activation): editors first.
    virtual void refreshEditors(const SessionState& s) = 0;
    const WorkspaceContext& context() const { return context_; }
    SessionDocument* doc() const { return context_.doc; }
    void showMessage(const QString& text, int ms = 8000) const;
    // One undoable edit: `change` edits a copy of the session (core's typed edits throw
    // InputError naming the field); a refusal is said in the status line and the editors show
    // the session again. Returns whether the session changed.
    bool editSession(const QString& label, const std::function<void(SessionState&)>& change,
                     int mergeId = -1);
    // The GPU editor's two edits, shared by the workspaces that show it.
    void chooseGpuProfile(const QString& id);
    void setGpuOrStencilParameter(const QString& key, double value, bool isNull);

private:
    void refresh();
    void refreshView(int index);
    std::string viewPrefix(const widgets::ExplorerView& view) const;

    QString id_;
    QString title_;
    QIcon icon_;
    WorkspaceContext context_;
    void updateBanner();

    QTabWidget* tabs_ = nullptr;
    QLabel* banner_ = nullptr;
    bool bannerPending_ = false; // the banner waits for a drag to end
    std::vector<published::Validity> validity_;
    QStringList outside_;
    // The banner's text in the window, and in presentation mode (one line: what and value, the
    // models and reasons in its tooltip and the trust view).
    QString bannerText_;
    QString bannerShortText_;
    int trustIndex_ = -1;
    std::vector<widgets::ExplorerView*> views_;
    std::vector<bool> dirty_;
    QList<QDockWidget*> docks_;
    bool active_ = false;
    bool stale_ = true; // the document changed while hidden
    bool presentation_ = false;
    bool laidOut_ = false;
    QByteArray layoutBeforePresentation_;
};

} // namespace cdx::app
