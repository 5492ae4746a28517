// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace cdx::widgets {

class MessageLine;

class NumberField;

// The EATSS inputs: a shipped program or one written in the artifact's .rels form (loops with
// * for parallel ones, then one line per array reference; checked when applied, errors with the
// line), the GPU, the mode, the split s (the GPU's caps listed), the warp fraction and the
// precision. Every edit is one signal with the whole new settings.
class EatssEditor : public QWidget {
    Q_OBJECT

public:
    explicit EatssEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);

    QComboBox* programBox() const { return program_; }
    QPlainTextEdit* programText() const { return text_; }
    QPushButton* applyButton() const { return apply_; }
    QPushButton* revertButton() const { return revert_; }
    QComboBox* gpuBox() const { return gpu_; }
    QComboBox* modeBox() const { return mode_; }
    NumberField* splitField() const { return split_; }
    QComboBox* alignBox() const { return align_; }
    QComboBox* precisionBox() const { return precision_; }
    QString lastError() const;

signals:
    void edited(const QString& label, const cdx::EatssSettings& settings);
    void refused(const QString& text);
    void statusMessage(const QString& text); // what a GPU choice changed besides the GPU

private:
    void refuse(const QString& text);
    void showValues();
    // Emits edited() unless the model refuses the options (then says why): false if refused.
    bool send(const QString& label, const EatssSettings& e);
    void markProgramText();

    EatssSettings e_;
    MessageLine* error_ = nullptr;
    QComboBox* program_ = nullptr;
    QPlainTextEdit* text_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* revert_ = nullptr;
    QString shownRels_;    // the program in use, as last written into the editor
    QString programError_; // why the text in the editor was refused (empty: it was not)
    QComboBox* gpu_ = nullptr;
    QLabel* caps_ = nullptr;
    QComboBox* mode_ = nullptr;
    NumberField* split_ = nullptr;
    QComboBox* align_ = nullptr;
    QComboBox* precision_ = nullptr;
};

} // namespace cdx::widgets
