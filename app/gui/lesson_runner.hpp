// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/lessons.hpp"

#include <QObject>
#include <QPointer>
#include <QString>
#include <optional>
#include <vector>

class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QTimer;

namespace cdx::app {

class MainWindow;
class SessionDocument;
class Spotlight;

// Runs the guided lessons of profiles/lessons/ (core/lessons): lists them on the Start page,
// opens a lesson's example session, and walks its steps in a "Lesson" panel floating at the
// window's right edge (the workspaces keep the whole width). Each step shows its workspace and
// view, rings the control it asks about, re-renders its numbers from the session on every change
// and offers Next once its check holds; "Show me" does the step's act as one undoable edit. The
// runner knows lessons only as data: no code per lesson.
class LessonRunner : public QObject {
    Q_OBJECT

public:
    LessonRunner(MainWindow* window, SessionDocument* doc);

    // Opens lesson `id`'s session (asking about unsaved changes first) and its first step.
    // False when there is no such lesson or the session was not opened.
    bool start(const QString& id);
    void stop();
    bool running() const { return lesson_.has_value(); }
    int step() const { return step_; } // 0-based
    int stepCount() const;
    // The step's check holds (or it has none): Next (Finish on the last step) is offered.
    bool stepDone() const { return done_; }
    bool next();   // false when the step is not done; after the last step, the questions
    void back();   // to the previous step (question), the session as it was when that step began
    bool showMe(); // the step's act; false when it has none or the session refused it

    // The self-check questions after the last step (issue 62): one at a time, the answer typed
    // (a number) or picked (a choice) and checked by the model; a wrong one gets the hint and a
    // "Show where" link to the step that explains it, the model's answer after a second try.
    // Next is offered at once (a question checks, it does not gate); Finish says the score.
    bool inQuestions() const { return question_ >= 0; }
    int question() const { return question_; } // 0-based; -1 in the steps
    QLineEdit* answerField() const { return answerField_; }
    QComboBox* answerChoices() const { return answerChoices_; }
    QPushButton* checkButton() const { return check_; }
    bool checkAnswer(); // the answer in the field or the box; true when right
    int rightAnswers() const;
    // Shows step `step` (1-based)'s workspace, view and ringed control, the session untouched.
    void showWhere(int step);
    // A glossary link of the text ("glossary:talg:N_w"), as a click on it does: the glossary
    // window on that entry. False when no entry has that key.
    bool openLink(const QString& href);
    QDockWidget* dock() const { return dock_; }
    QString stepText() const;     // what the panel shows (plain text), for tests
    QWidget* highlighted() const; // the ringed control, if any

    // Whether the screen holds the window with the panel docked beside the views.
    bool roomBesideViews() const;

private:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void enterStep();
    void enterQuestion();
    void showStepPlace(const lessons::Step& s); // its workspace, view, rows and ringed control
    QString linked(const std::string& rendered, const std::string& workspace) const;
    void place();
    void dockIfItFits(); // docked beside the views, or floating where the window would not fit
    void floatIfTooWide();
    void update();
    void scheduleUpdate();

    MainWindow* window_;
    SessionDocument* doc_;
    std::optional<lessons::Lesson> lesson_;
    int step_ = 0;
    int question_ = -1;
    std::vector<int> tries_;  // per question: wrong answers so far
    std::vector<bool> right_; // per question: answered right
    QString verdict_;         // the last check's outcome (HTML)
    bool done_ = false;
    // The undo index after the last lesson's last edit on its example (-1: the document is no
    // longer that example): a new lesson replaces it without asking to save it.
    int lessonIndex_ = -1;
    std::optional<SessionState> was_;  // the session when the step began
    std::vector<SessionState> starts_; // the session when each step so far began (Back)
    QDockWidget* dock_ = nullptr;
    bool userFloated_ = false; // the user floated the panel: later lessons keep it floating
    bool choosing_ = false;    // the runner itself docks or floats it
    QLabel* title_ = nullptr;
    QLabel* progress_ = nullptr;
    QTextBrowser* text_ = nullptr;
    QLabel* status_ = nullptr;
    QPushButton* back_ = nullptr;
    QPushButton* showMe_ = nullptr;
    QPushButton* next_ = nullptr;
    QWidget* answerRow_ = nullptr;
    QLineEdit* answerField_ = nullptr;
    QComboBox* answerChoices_ = nullptr;
    QPushButton* check_ = nullptr;
    Spotlight* spotlight_ = nullptr;
    QTimer* pending_ = nullptr;
};

} // namespace cdx::app
