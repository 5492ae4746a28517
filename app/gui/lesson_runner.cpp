// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson_runner.hpp"

#include "common/explorer_view.hpp"
#include "glossary/glossary.hpp"
#include "glossary_window.hpp"
#include "help_menu.hpp"
#include "main_window.hpp"
#include "params/input_error.hpp"
#include "session_document.hpp"
#include "start_page.hpp"
#include "workspace.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
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
    // The answer to a self-check question: typed, or picked from the choices; Enter checks.
    answerRow_ = new QWidget(panel);
    answerRow_->setObjectName("lessonAnswerRow");
    auto* answer = new QHBoxLayout(answerRow_);
    answer->setContentsMargins(0, 0, 0, 0);
    answerField_ = new QLineEdit(answerRow_);
    answerField_->setObjectName("lessonAnswer");
    answerField_->setPlaceholderText(tr("your answer (a number)"));
    answerField_->setClearButtonEnabled(true);
    answerChoices_ = new QComboBox(answerRow_);
    answerChoices_->setObjectName("lessonChoices");
    check_ = new QPushButton(tr("Check"), answerRow_);
    check_->setObjectName("lessonCheck");
    check_->setToolTip(tr("Check the answer against the model"));
    answer->addWidget(answerField_, 1);
    answer->addWidget(answerChoices_, 1);
    answer->addWidget(check_);
    answerRow_->hide();
    connect(check_, &QPushButton::clicked, this, [this] { checkAnswer(); });
    connect(answerField_, &QLineEdit::returnPressed, this, [this] { checkAnswer(); });
    column->addWidget(title_);
    column->addWidget(progress_);
    column->addWidget(text_, 1);
    column->addWidget(answerRow_);
    column->addWidget(status_);
    column->addLayout(buttons);
    // A glossary word of the text opens its card; a hint's "Show where" shows its step.
    connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QString href = url.toString();
        if (href.startsWith("step:")) {
            showWhere(href.mid(5).toInt());
        } else {
            openLink(href);
        }
    });
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
        if (!floating) {
            QTimer::singleShot(0, this, [this] {
                if (dock_->isFloating()) {
                    return;
                }
                if (roomBesideViews()) {
                    floatIfTooWide(); // the estimate may be short: the window must fit
                } else {
                    const QScopedValueRollback<bool> own(choosing_, true);
                    dock_->setFloating(true);
                }
                if (!dock_->isFloating()) {
                    return;
                }
                userFloated_ = true;
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
        if (choosing_) {
            return; // docked or floated by the runner itself
        }
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

    if (!lessons::refusedLessons().empty()) {
        QTimer::singleShot(0, this, [this] {
            window_->statusBar()->showMessage(
                tr("A lesson file was refused and is not listed: %1")
                    .arg(QString::fromStdString(lessons::refusedLessons().front())),
                20000);
        });
    }
    for (const auto& l : lessons::lessons()) {
        window->startPage()->addLesson(
            QString::fromStdString(l.title), QString::fromStdString(l.summary),
            static_cast<int>(l.steps.size()), static_cast<int>(l.questions.size()),
            QString::fromStdString(l.id), [this, id = QString::fromStdString(l.id)] { start(id); });
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
        // The example opens in its own workspace: a panel docked beside the last lesson's
        // floats first, or a wider workspace would push the window past the screen.
        const bool wasDocked = dock_->isVisible() && !dock_->isFloating();
        if (wasDocked) {
            const QScopedValueRollback<bool> own(choosing_, true);
            dock_->setFloating(true);
        }
        bool opened = false;
        const auto c = connect(doc_, &SessionDocument::opened, this, [&opened] { opened = true; });
        if (!path.isEmpty()) {
            window_->startPage()->follow("example:" + path);
        }
        disconnect(c);
        if (!opened) {
            if (wasDocked) { // the lesson on screen goes on as it was
                dockIfItFits();
            }
            return false; // unsaved changes kept (Cancel) or the example could not be read
        }
        if (running()) {
            stop(); // the lesson before ends here, its panel and ring with it
        }
        // Where the lesson started, marked where the views mark a baseline (issue 62: lesson 4
        // compared with Table C.2's design, which no view marked): one undoable edit.
        if (l.baselineAtStart) {
            SessionState pinned = doc_->state();
            pinned.baseline = std::make_shared<const SessionState>(asBaseline(pinned));
            doc_->edit(tr("Lesson: pin the starting design as the baseline"), pinned);
        }
        lesson_ = l;
        step_ = 0;
        question_ = -1;
        tries_.assign(l.questions.size(), 0);
        right_.assign(l.questions.size(), false);
        lessonIndex_ = doc_->undoStack()->index();
        title_->setText("<big><b>" + QString::fromStdString(l.title).toHtmlEscaped() +
                        "</b></big>");
        starts_.clear();
        // Beside the views where they leave room, else floating (a user's float is kept).
        {
            const QScopedValueRollback<bool> own(choosing_, true);
            if (!dock_->isFloating() && !roomBesideViews()) {
                dock_->setFloating(true);
            }
        }
        if (dock_->isFloating() && !userFloated_ && !window_->isFullScreen() &&
            roomBesideViews()) {
            dockIfItFits();
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
    question_ = -1;
    spotlight_->setTarget(nullptr);
    if (!dock_->isHidden()) {
        dock_->hide();
    }
}

void LessonRunner::dockIfItFits() {
    {
        const QScopedValueRollback<bool> own(choosing_, true);
        dock_->setFloating(false);
    }
    place(); // its width
    floatIfTooWide();
}

void LessonRunner::floatIfTooWide() {
    if (dock_->isFloating() || !dock_->isVisible()) {
        return;
    }
    // The window takes the width it now needs (the view a step shows may need more than the
    // last: the Stencil roofline's plot); past the screen's edge (roomBesideViews is an estimate
    // from minimum sizes), the panel floats and the window fits the screen again.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    window_->layout()->activate();
    const QScreen* screen = window_->screen();
    if (screen == nullptr || window_->isFullScreen() ||
        window_->frameGeometry().width() <= screen->availableGeometry().width()) {
        return;
    }
    {
        const QScopedValueRollback<bool> own(choosing_, true);
        dock_->setFloating(true);
    }
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    window_->layout()->activate();
    const int frame = window_->frameGeometry().width() - window_->width();
    window_->resize(std::min(window_->width(), screen->availableGeometry().width() - frame),
                    window_->height());
    place();
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
    question_ = -1;
    answerRow_->hide();
    was_ = doc_->state();
    starts_.resize(static_cast<std::size_t>(step_) + 1);
    starts_[static_cast<std::size_t>(step_)] = doc_->state();
    showStepPlace(s);
    if (!lesson_) {
        return; // showing the workspace ended the lesson (its panel closed)
    }
    progress_->setText(tr("Step %1 of %2 · %3")
                           .arg(step_ + 1)
                           .arg(lesson_->steps.size())
                           .arg(QString::fromStdString(s.title)));
    back_->setEnabled(step_ > 0);
    showMe_->setVisible(s.act.has_value());
    next_->setText(step_ + 1 == stepCount() && lesson_->questions.empty() ? tr("Finish")
                                                                          : tr("Next"));
    update();
}

void LessonRunner::showStepPlace(const lessons::Step& s) {
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
        // Docked beside a workspace that leaves room, the panel floats before one that does
        // not is shown (a docked panel beside the MWP-CWP workspace pushed the window past a
        // laptop's screen, 1567 px on 1366), and docks again where there is room.
        // Not in presentation mode (F11): Esc must give back the layout as it was.
        const bool mayDock = !userFloated_ && dock_->isVisible() && !window_->isFullScreen();
        if (mayDock && !dock_->isFloating() && w != window_->currentWorkspace()) {
            const QScopedValueRollback<bool> own(choosing_, true);
            dock_->setFloating(true);
        }
        window_->showWorkspace(w);
        if (mayDock && dock_->isFloating() && roomBesideViews()) {
            dockIfItFits();
            place();
        }
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
    floatIfTooWide(); // the step's view may need more width than the last one
    if (dock_->isFloating()) {
        place(); // clear of the newly ringed control
    }
}

void LessonRunner::enterQuestion() {
    // Copies: showing a workspace can end the lesson (its panel closed).
    const lessons::Question q = lesson_->questions[static_cast<std::size_t>(question_)];
    const std::size_t questions = lesson_->questions.size();
    // A question "if ..." asks the student to set something: the step that did it shows its
    // view and rings its control, and the panel keeps clear of it.
    if (q.given) {
        const lessons::Step asked = lesson_->steps[static_cast<std::size_t>(q.step - 1)];
        showStepPlace(asked);
        if (!lesson_) {
            return;
        }
    } else {
        spotlight_->setTarget(nullptr);
    }
    was_ = doc_->state();
    verdict_.clear();
    progress_->setText(tr("Check yourself · question %1 of %2").arg(question_ + 1).arg(questions));
    answerRow_->show();
    const bool choice = !q.choices.empty();
    answerField_->setVisible(!choice);
    answerField_->clear();
    answerChoices_->setVisible(choice);
    answerChoices_->clear();
    if (choice) {
        answerChoices_->addItem(tr("(pick one)"), QString());
        for (const auto& c : q.choices) {
            lessons::Value v;
            v.found = true;
            v.text = c;
            answerChoices_->addItem(QString::fromStdString(lessons::formatValue(v)),
                                    QString::fromStdString(c));
        }
    }
    back_->setEnabled(true);
    showMe_->hide();
    next_->setText(question_ + 1 == static_cast<int>(questions) ? tr("Finish")
                                                                : tr("Next question"));
    if (dock_->isFloating()) {
        place();
    }
    update();
    (choice ? static_cast<QWidget*>(answerChoices_) : answerField_)->setFocus();
}

bool LessonRunner::checkAnswer() {
    if (!lesson_ || question_ < 0) {
        return false;
    }
    const auto i = static_cast<std::size_t>(question_);
    const lessons::Question& q = lesson_->questions[i];
    const std::string typed = q.choices.empty()
                                  ? answerField_->text().toStdString()
                                  : answerChoices_->currentData().toString().toStdString();
    const lessons::Verdict v = lessons::checkAnswer(q, doc_->state(), typed);
    lessons::Values now(doc_->state());
    const QString hint =
        linked(lessons::render(q.hint, now, now), lesson_->steps[q.step - 1].workspace) +
        QStringLiteral(" <a href=\"step:%1\">%2</a>")
            .arg(q.step)
            .arg(tr("Show where (step %1)").arg(q.step));
    const QString expected = QString::fromStdString(v.expected).toHtmlEscaped();
    switch (v.kind) {
    case lessons::Verdict::Right:
        right_[i] = right_[i] || tries_[i] < 2; // not once the model's answer was shown
        verdict_ = QStringLiteral("<p style='background:#e3f4e1; padding:6px'>✔ %1</p>")
                       .arg(tr("Right: the model says %1.").arg(expected));
        break;
    case lessons::Verdict::Wrong:
        ++tries_[i];
        verdict_ = QStringLiteral("<p style='background:#fbe9e7; padding:6px'>✘ %1 %2</p>")
                       .arg(tr("Not what the model says."), hint);
        if (tries_[i] >= 2) {
            verdict_ +=
                QStringLiteral("<p>%1</p>").arg(tr("The model's answer: %1.").arg(expected));
        }
        break;
    case lessons::Verdict::Unreadable:
        verdict_ = QStringLiteral("<p style='background:#fff4d6; padding:6px'>%1</p>")
                       .arg(tr("Cannot read that: %1.")
                                .arg(QString::fromStdString(v.message).toHtmlEscaped()));
        break;
    }
    update();
    return v.kind == lessons::Verdict::Right;
}

int LessonRunner::rightAnswers() const {
    return static_cast<int>(std::count(right_.begin(), right_.end(), true));
}

void LessonRunner::showWhere(int step) {
    if (!lesson_ || step < 1 || step > stepCount()) {
        return;
    }
    const lessons::Step shown = lesson_->steps[static_cast<std::size_t>(step - 1)];
    showStepPlace(shown);
    window_->statusBar()->showMessage(
        tr("Step %1, “%2”: its view and the control it rings; the session is as you left it")
            .arg(step)
            .arg(QString::fromStdString(shown.title)),
        8000);
}

bool LessonRunner::openLink(const QString& href) {
    const QStringList parts = href.split(':');
    if (parts.size() < 3 || parts[0] != "glossary") {
        return false;
    }
    const QString family = parts[1];
    const QString key = parts.mid(2).join(':');
    if (glossary::find(key.toStdString(), family.toStdString()) == nullptr) {
        return false;
    }
    GlossaryWindow* g = window_->helpMenu()->showGlossary();
    return g->select(family, key);
}

// The rendered text as HTML, each [[KEY]] a link to its glossary card: the entry of the
// workspace's families first, else of any family.
QString LessonRunner::linked(const std::string& rendered, const std::string& workspace) const {
    QStringList families;
    for (Workspace* w : window_->workspaces()) {
        if (w->id() == QString::fromStdString(workspace)) {
            families = w->glossaryFamilies();
        }
    }
    QString html;
    std::size_t pos = 0;
    for (const auto& l : lessons::glossaryLinks(rendered)) {
        html += QString::fromStdString(rendered.substr(pos, l.begin - pos)).toHtmlEscaped();
        std::string family = l.family;
        for (const QString& f : families) {
            if (family.empty() && glossary::find(l.key, f.toStdString()) != nullptr) {
                family = f.toStdString();
            }
        }
        if (family.empty()) {
            if (const glossary::Entry* e = glossary::find(l.key)) {
                family = e->family;
            }
        }
        const QString key = QString::fromStdString(l.key);
        html += family.empty() ? key.toHtmlEscaped()
                               : QStringLiteral("<a href=\"glossary:%1:%2\">%3</a>")
                                     .arg(QString::fromStdString(family), key.toHtmlEscaped(),
                                          key.toHtmlEscaped());
        pos = l.end;
    }
    return html + QString::fromStdString(rendered.substr(pos)).toHtmlEscaped();
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
    if (question_ >= 0) {
        const lessons::Question& q = lesson_->questions[static_cast<std::size_t>(question_)];
        lessons::Values now(doc_->state());
        done_ = true; // a question checks, it does not gate
        text_->setHtml(
            "<p>" + linked(lessons::render(q.ask, now, now), lesson_->steps[q.step - 1].workspace) +
            "</p>" + verdict_);
        status_->setText(q.choices.empty()
                             ? tr("Work it out in the window, type the number, press Check.")
                             : tr("Pick your answer, press Check."));
        next_->setEnabled(true);
        return;
    }
    const lessons::Step& s = lesson_->steps[static_cast<std::size_t>(step_)];
    lessons::Values now(doc_->state());
    lessons::Values was(*was_);
    done_ = !s.check || lessons::satisfied(*s.check, now, was);
    QString html = "<p>" + linked(lessons::render(s.text, now, was), s.workspace) + "</p>";
    if (done_ && s.check && !s.done.empty()) {
        html += "<p style='background:#e3f4e1; padding:6px'>✔ " +
                linked(lessons::render(s.done, now, was), s.workspace) + "</p>";
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
    const int questions = static_cast<int>(lesson_->questions.size());
    if (step_ + 1 >= stepCount() && question_ + 1 < questions) {
        ++question_; // the questions follow the last step
        enterQuestion();
        return true;
    }
    if (step_ + 1 >= stepCount()) {
        const QString title = QString::fromStdString(lesson_->title);
        const int right = rightAnswers();
        stop();
        window_->statusBar()->showMessage(
            questions == 0
                ? tr("Lesson “%1” finished. The Start page lists the others.").arg(title)
                : tr("Lesson “%1” finished: %2 of %3 questions answered right. The Start page "
                     "lists the others.")
                      .arg(title)
                      .arg(right)
                      .arg(questions),
            15000);
        return true;
    }
    ++step_;
    enterStep();
    return true;
}

void LessonRunner::back() {
    if (lesson_ && question_ > 0) {
        --question_;
        enterQuestion();
        return;
    }
    if (lesson_ && question_ == 0) { // to the last step, as it began
        question_ = -1;
        step_ = stepCount();
    }
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
    if (question_ >= 0) {
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
