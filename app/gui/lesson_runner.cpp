// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson_runner.hpp"

#include "common/explorer_view.hpp"
#include "main_window.hpp"
#include "params/input_error.hpp"
#include "session_document.hpp"
#include "start_page.hpp"
#include "workspace.hpp"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace cdx::app {

// A ring around the control a step asks about: a transparent child of the window, above
// everything, that lets the mouse through and follows the control while it moves.
class Spotlight : public QWidget {
public:
    explicit Spotlight(QWidget* window) : QWidget(window) {
        setObjectName("lessonSpotlight");
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        auto* follow = new QTimer(this);
        follow->setInterval(150);
        connect(follow, &QTimer::timeout, this, [this] { place(); });
        follow->start();
        hide();
    }
    void setTarget(QWidget* w) {
        target_ = w;
        place();
    }
    QWidget* target() const { return target_; }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(QColor(230, 126, 34), kPen));
        p.drawRoundedRect(QRectF(rect()).adjusted(kPen / 2.0, kPen / 2.0, -kPen / 2.0, -kPen / 2.0),
                          6, 6);
    }

private:
    static constexpr int kPen = 4;
    void place() {
        if (!target_ || !target_->isVisible() || !target_->window()->isVisible() ||
            target_->window() != parentWidget()) {
            hide();
            return;
        }
        const QPoint topLeft = target_->mapTo(parentWidget(), QPoint(0, 0));
        const QRect r = QRect(topLeft, target_->size()).adjusted(-6, -6, 6, 6);
        if (geometry() != r) {
            setGeometry(r);
        }
        show();
        raise();
    }
    QPointer<QWidget> target_;
};

LessonRunner::LessonRunner(MainWindow* window, SessionDocument* doc)
    : QObject(window), window_(window), doc_(doc) {
    dock_ = new QDockWidget(tr("Lesson"), window);
    dock_->setObjectName("lessonDock");
    dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
    auto* panel = new QWidget(dock_);
    panel->setObjectName("lessonPanel");
    auto* column = new QVBoxLayout(panel);
    title_ = new QLabel(panel);
    title_->setObjectName("lessonTitle");
    title_->setWordWrap(true);
    title_->setTextFormat(Qt::RichText); // <big><b>: larger than the text at any font size
    progress_ = new QLabel(panel);
    progress_->setObjectName("lessonProgress");
    progress_->setWordWrap(true);
    text_ = new QTextBrowser(panel);
    text_->setObjectName("lessonText");
    text_->setOpenLinks(false);
    text_->setFrameShape(QFrame::NoFrame);
    text_->viewport()->setAutoFillBackground(false);
    status_ = new QLabel(panel);
    status_->setObjectName("lessonStatus");
    status_->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    back_ = new QPushButton(tr("Back"), panel);
    back_->setObjectName("lessonBack");
    showMe_ = new QPushButton(tr("Show me"), panel);
    showMe_->setObjectName("lessonShowMe");
    showMe_->setToolTip(tr("Do this step for me (one edit; Ctrl+Z undoes it)"));
    next_ = new QPushButton(tr("Next"), panel);
    next_->setObjectName("lessonNext");
    next_->setDefault(true);
    buttons->addWidget(back_);
    buttons->addWidget(showMe_);
    buttons->addStretch(1);
    buttons->addWidget(next_);
    column->addWidget(title_);
    column->addWidget(progress_);
    column->addWidget(text_, 1);
    column->addWidget(status_);
    column->addLayout(buttons);
    dock_->setWidget(panel);
    // Docked beside the views where the screen has room for it (1920 px), so that it covers
    // neither the view it teaches nor the control it rings (floating over the window, it hid
    // the sweep's right axis and the end of the compute bar; issue 45). Where it has none
    // (1366 px: the workspaces need the whole width, and a docked panel pushed the window past
    // the screen) it floats over the editors, clear of the ringed control. Its title bar's
    // button floats it, and dragged it docks on either side.
    panel->setMinimumWidth(240);
    window->addDockWidget(Qt::RightDockWidgetArea, dock_);
    dock_->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    dock_->setFloating(true);
    dock_->hide();
    connect(dock_, &QDockWidget::topLevelChanged, this, [this](bool floating) {
        if (choosing_) {
            return; // the runner's own choice
        }
        userFloated_ = floating; // the user's: kept for the next lessons
        if (!floating && !roomBesideViews()) {
            QTimer::singleShot(0, this, [this] {
                userFloated_ = true;
                const QScopedValueRollback<bool> own(choosing_, true);
                dock_->setFloating(true);
                place();
                window_->statusBar()->showMessage(
                    tr("No room beside the views at this window's width: the lesson floats, "
                       "clear of the control it rings"),
                    8000);
            });
        }
    });
    panel->installEventFilter(this); // its size follows the font (F11)
    connect(back_, &QPushButton::clicked, this, [this] { back(); });
    connect(showMe_, &QPushButton::clicked, this, [this] { showMe(); });
    connect(next_, &QPushButton::clicked, this, [this] { next(); });
    connect(dock_, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible && !dock_->isHidden()) {
            return; // tabbed behind another dock
        }
        if (!visible && lesson_ && !window_->isHidden()) {
            stop(); // the panel was closed: the lesson ends
        }
    });
    spotlight_ = new Spotlight(window);
    pending_ = new QTimer(this);
    pending_->setSingleShot(true);
    pending_->setInterval(30); // once per burst of edits (a drag)
    connect(pending_, &QTimer::timeout, this, [this] { update(); });
    connect(doc_, &SessionDocument::changed, this, [this] { scheduleUpdate(); });
    connect(doc_->undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
        if (running()) {
            lessonIndex_ = index; // the lesson's own edits end here
        }
    });
    // Another file opened or saved: what is on screen is no longer a lesson's example.
    connect(doc_, &SessionDocument::opened, this, [this] { lessonIndex_ = -1; });
    connect(doc_, &SessionDocument::fileChanged, this, [this] {
        if (!doc_->filePath().isEmpty()) { // saved as a file of the student's
            lessonIndex_ = -1;
        }
    });

    for (const auto& l : lessons::lessons()) {
        window->startPage()->addLesson(
            QString::fromStdString(l.title), QString::fromStdString(l.summary),
            static_cast<int>(l.steps.size()), QString::fromStdString(l.id),
            [this, id = QString::fromStdString(l.id)] { start(id); });
    }
}

int LessonRunner::stepCount() const {
    return lesson_ ? static_cast<int>(lesson_->steps.size()) : 0;
}

bool LessonRunner::start(const QString& id) {
    for (const auto& l : lessons::lessons()) {
        if (QString::fromStdString(l.id) != id) {
            continue;
        }
        QString path;
        for (const QString& folder : StartPage::exampleFolders()) {
            const QString p =
                QDir(folder).filePath(QString::fromStdString(l.session) + ".cdx.json");
            if (QFileInfo::exists(p)) {
                path = p;
                break;
            }
        }
        // The last lesson's example, changed by that lesson's steps only (nothing edited or
        // saved since): replaced without asking to save it (issue 55: every lesson start asked
        // to save the previous lesson). Anything the student did after it still asks.
        if (lessonIndex_ >= 0 && doc_->filePath().isEmpty() &&
            doc_->undoStack()->index() == lessonIndex_) {
            doc_->undoStack()->setClean();
        }
        bool opened = false;
        const auto c = connect(doc_, &SessionDocument::opened, this, [&opened] { opened = true; });
        if (!path.isEmpty()) {
            window_->startPage()->follow("example:" + path);
        }
        disconnect(c);
        if (!opened) {
            return false; // unsaved changes kept (Cancel) or the example could not be read
        }
        if (running()) {
            stop(); // the lesson before ends here, its panel and ring with it
        }
        lesson_ = l;
        step_ = 0;
        lessonIndex_ = doc_->undoStack()->index();
        title_->setText("<big><b>" + QString::fromStdString(l.title).toHtmlEscaped() +
                        "</b></big>");
        starts_.clear();
        // Beside the views where they leave room, else floating (a user's float is kept).
        {
            const QScopedValueRollback<bool> own(choosing_, true);
            if (!dock_->isFloating() && !roomBesideViews()) {
                dock_->setFloating(true);
            } else if (dock_->isFloating() && !userFloated_ && roomBesideViews()) {
                dock_->setFloating(false);
            }
        }
        place();
        dock_->show();
        dock_->raise();
        enterStep();
        return true;
    }
    return false;
}

void LessonRunner::stop() {
    lesson_.reset();
    spotlight_->setTarget(nullptr);
    if (!dock_->isHidden()) {
        dock_->hide();
    }
}

bool LessonRunner::roomBesideViews() const {
    const QScreen* screen = window_->screen();
    if (screen == nullptr) {
        return false;
    }
    const int panel = std::max(260, dock_->fontMetrics().averageCharWidth() * 30);
    const int frame = window_->frameGeometry().width() - window_->width();
    const int central = window_->centralWidget()
                            ? window_->centralWidget()->minimumSizeHint().width()
                            : window_->minimumSizeHint().width();
    return central + panel + 16 + frame <= screen->availableGeometry().width();
}

void LessonRunner::place() {
    // 30 characters of the font wide (at least 260 px).
    const int width = std::max(260, dock_->fontMetrics().averageCharWidth() * 30);
    if (!dock_->isFloating()) {
        window_->resizeDocks({dock_}, {width}, Qt::Horizontal);
        return;
    }
    // Floating: over the editors at the window's left (not over the view it teaches), or its
    // right, or its bottom right, whichever keeps the ringed control clear.
    const QRect frame = window_->geometry();
    const int height = std::min(std::max(340, frame.height() / 2), frame.height() - 60);
    const int top = frame.top() + std::max(40, frame.height() / 8);
    QRect ringed;
    if (QWidget* t = spotlight_ ? spotlight_->target() : nullptr; t && t->isVisible()) {
        ringed = QRect(t->mapToGlobal(QPoint(0, 0)), t->size()).adjusted(-8, -8, 8, 8);
    }
    // What the step points at: the ringed control and the view it shows (issue 55: in lesson
    // 2's step 5 the panel floated over the warp timeline it asked to watch). Over the editors
    // first, above or below the ringed control, then beside or under the view.
    QRect view;
    if (Workspace* w = window_->currentWorkspace(); w && w->currentView()) {
        QWidget* v = w->currentView()->widget();
        view = QRect(v->mapToGlobal(QPoint(0, 0)), v->size());
    }
    const int bottom = frame.bottom() - 12;
    const int shortHeight = std::max(260, height * 3 / 4);
    const QList<QRect> places{QRect(frame.left() + 12, top, width, height),
                              QRect(frame.left() + 12, bottom - height, width, height),
                              QRect(frame.left() + 12, top, width, shortHeight),
                              QRect(frame.left() + 12, bottom - shortHeight, width, shortHeight),
                              QRect(frame.right() - width - 12, top, width, height),
                              QRect(frame.right() - width - 12, bottom - height, width, height)};
    QRect chosen;
    for (const QRect& r : places) { // clear of both
        if (!r.intersects(ringed) && !r.intersects(view)) {
            chosen = r;
            break;
        }
    }
    for (const QRect& r : places) { // else clear of the ringed control
        if (chosen.isNull() && !r.intersects(ringed)) {
            chosen = r;
        }
    }
    if (chosen.isNull()) {
        chosen = places.front();
    }
    dock_->resize(chosen.size());
    dock_->move(chosen.topLeft());
}

bool LessonRunner::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::FontChange && lesson_ && dock_->isVisible()) {
        place();
    }
    return QObject::eventFilter(watched, event);
}

void LessonRunner::enterStep() {
    // A copy: showing the step's workspace can end the lesson (its panel closed), and the
    // step must outlive that.
    const lessons::Step s = lesson_->steps[static_cast<std::size_t>(step_)];
    was_ = doc_->state();
    starts_.resize(static_cast<std::size_t>(step_) + 1);
    starts_[static_cast<std::size_t>(step_)] = doc_->state();
    QWidget* target = nullptr;
    for (Workspace* w : window_->workspaces()) {
        if (w->id() != QString::fromStdString(s.workspace)) {
            continue;
        }
        const auto views = w->views();
        for (std::size_t i = 0; i < views.size(); ++i) {
            if (views[i]->fileStem() == QString::fromStdString(s.view)) {
                w->viewTabs()->setCurrentIndex(static_cast<int>(i));
            }
        }
        window_->showWorkspace(w);
        if (!s.highlight.empty()) {
            target = w->findChild<QWidget*>(QString::fromStdString(s.highlight));
        }
        // The control is brought into sight: its dock shown and, where docks share a place
        // as tabs, raised; its page of a tab widget chosen; a scroll area scrolled to it.
        for (QWidget* p = target; p != nullptr && p != w; p = p->parentWidget()) {
            if (auto* d = qobject_cast<QDockWidget*>(p)) {
                d->show();
                d->raise();
            }
            if (auto* tabs = qobject_cast<QTabWidget*>(
                    p->parentWidget() != nullptr ? p->parentWidget()->parentWidget() : nullptr)) {
                if (const int i = tabs->indexOf(p); i >= 0) {
                    tabs->setCurrentIndex(i);
                }
            }
        }
        // The table rows the step asks to watch: the first brought into sight, all selected.
        if (!s.rows.empty() && w->currentView()) {
            QStringList names;
            for (const auto& r : s.rows) {
                names << QString::fromStdString(r);
            }
            for (QTableWidget* table : w->currentView()->widget()->findChildren<QTableWidget*>()) {
                table->clearSelection();
                bool first = true;
                for (int r = 0; r < table->rowCount(); ++r) {
                    QTableWidgetItem* item = table->item(r, 0);
                    if (item == nullptr || !names.contains(item->text())) {
                        continue;
                    }
                    if (first) {
                        table->scrollToItem(item, QAbstractItemView::PositionAtTop);
                        first = false;
                    }
                    table->selectionModel()->select(table->model()->index(r, 0),
                                                    QItemSelectionModel::Select |
                                                        QItemSelectionModel::Rows);
                }
            }
        }
        if (target != nullptr) {
            QTimer::singleShot(0, target, [target] {
                for (QWidget* p = target->parentWidget(); p != nullptr; p = p->parentWidget()) {
                    if (auto* area = qobject_cast<QScrollArea*>(p)) {
                        area->ensureWidgetVisible(target);
                    }
                }
            });
        }
    }
    spotlight_->setTarget(target);
    if (dock_->isFloating()) {
        place(); // clear of the newly ringed control
    }
    progress_->setText(tr("Step %1 of %2 · %3")
                           .arg(step_ + 1)
                           .arg(lesson_->steps.size())
                           .arg(QString::fromStdString(s.title)));
    back_->setEnabled(step_ > 0);
    showMe_->setVisible(s.act.has_value());
    next_->setText(step_ + 1 == stepCount() ? tr("Finish") : tr("Next"));
    update();
}

void LessonRunner::scheduleUpdate() {
    if (lesson_) {
        pending_->start();
    }
}

void LessonRunner::update() {
    if (!lesson_ || !was_) {
        return;
    }
    const lessons::Step& s = lesson_->steps[static_cast<std::size_t>(step_)];
    lessons::Values now(doc_->state());
    lessons::Values was(*was_);
    done_ = !s.check || lessons::satisfied(*s.check, now, was);
    QString html =
        "<p>" + QString::fromStdString(lessons::render(s.text, now, was)).toHtmlEscaped() + "</p>";
    if (done_ && s.check && !s.done.empty()) {
        html += "<p style='background:#e3f4e1; padding:6px'>✔ " +
                QString::fromStdString(lessons::render(s.done, now, was)).toHtmlEscaped() + "</p>";
    }
    text_->setHtml(html);
    QString status;
    if (s.check) {
        status = done_ ? tr("Done: %1.")
                             .arg(next_->text() == tr("Finish") ? tr("Finish ends the lesson")
                                                                : tr("Next goes on"))
                       : tr("Waiting for you to do this step (or press Show me).");
    } else {
        status = tr("Read, look, then press %1.").arg(next_->text());
    }
    if (!done_ && spotlight_->target() != nullptr && !spotlight_->target()->isVisible()) {
        status += " " + tr("The ringed control is hidden (presentation mode hides the editors): "
                           "press Show me, or Esc to leave presentation mode.");
    }
    status_->setText(status);
    next_->setEnabled(done_);
}

bool LessonRunner::next() {
    update();
    if (!lesson_ || !done_) {
        return false;
    }
    if (step_ + 1 >= stepCount()) {
        const QString title = QString::fromStdString(lesson_->title);
        stop();
        window_->statusBar()->showMessage(
            tr("Lesson “%1” finished. The Start page lists the others.").arg(title), 15000);
        return true;
    }
    ++step_;
    enterStep();
    return true;
}

void LessonRunner::back() {
    if (!lesson_ || step_ <= 0) {
        return;
    }
    --step_;
    // The session as it was when that step began, as one undoable edit: its text and its
    // check read the values it was written for (a later step may have left the tiling
    // infeasible).
    const SessionState start = starts_[static_cast<std::size_t>(step_)];
    if (start != doc_->state()) {
        doc_->edit(tr("Lesson: back to step %1").arg(step_ + 1), start);
    }
    enterStep();
}

bool LessonRunner::showMe() {
    if (!lesson_) {
        return false;
    }
    const lessons::Step& s = lesson_->steps[static_cast<std::size_t>(step_)];
    if (!s.act) {
        return false;
    }
    try {
        doc_->edit(tr("Lesson: %1").arg(QString::fromStdString(s.title)),
                   lessons::applyAct(doc_->state(), *s.act));
    } catch (const InputError& e) {
        status_->setText(tr("Could not do this step: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    update();
    return true;
}

QString LessonRunner::stepText() const {
    return text_->toPlainText();
}

QWidget* LessonRunner::highlighted() const {
    return spotlight_->target();
}

} // namespace cdx::app
