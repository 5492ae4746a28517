// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace cdx::widgets {

class MessageLine;
class NumberField;

// The Matrix chains inputs: the dimensions P0..Pn as a list (edit a value in place, drag one to
// reorder, add, insert, remove, reverse, or paste a whole list such as "936, 1008, 552"), the
// examples of the spec, the on-chip capacity M in elements (the thesis's "64KB" and "96KB" and
// real shared memories as presets) and the beta reading. A value outside [1, 2^20] is refused
// with its name and the allowed range, and the last valid chain shown again.
class ChainEditor : public QWidget {
    Q_OBJECT

public:
    explicit ChainEditor(QWidget* parent = nullptr);
    void setSession(const SessionState& s);

    QListWidget* dimsList() const { return dims_; }
    QLineEdit* pasteField() const { return paste_; }
    QPushButton* pasteButton() const { return pasteApply_; }
    QPushButton* addButton() const { return add_; }
    QPushButton* insertButton() const { return insert_; }
    QPushButton* removeButton() const { return remove_; }
    QPushButton* reverseButton() const { return reverse_; }
    QComboBox* exampleBox() const { return example_; }
    NumberField* memoryField() const { return memory_; }
    QComboBox* memoryPresetBox() const { return memoryPreset_; }
    QComboBox* betaBox() const { return beta_; }
    QString lastError() const;

    // "936, 1008 552;368" -> dims; InputError naming the entry otherwise.
    static std::vector<std::int64_t> parseList(const QString& text);

signals:
    void edited(const QString& label, const cdx::ChainSettings& settings);
    void refused(const QString& text);

private:
    void refuse(const QString& text);
    QString shownList() const; // the session's chain as the paste field writes it
    void send(const QString& label, ChainSettings c);
    void showValues();
    std::vector<std::int64_t> listedDims(QString* error) const;

    ChainSettings c_;
    MessageLine* error_ = nullptr;
    QListWidget* dims_ = nullptr;
    QLabel* matrices_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* insert_ = nullptr;
    QPushButton* remove_ = nullptr;
    QPushButton* reverse_ = nullptr;
    QLineEdit* paste_ = nullptr;
    QPushButton* pasteApply_ = nullptr;
    QComboBox* example_ = nullptr;
    NumberField* memory_ = nullptr;
    QComboBox* memoryPreset_ = nullptr;
    QLabel* tiles_ = nullptr;
    QComboBox* beta_ = nullptr;
    bool showing_ = false;
};

} // namespace cdx::widgets
