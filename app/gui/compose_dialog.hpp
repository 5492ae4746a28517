// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/composed_figure.hpp"

#include <QDialog>
#include <QImage>
#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace cdx::app {

class MainWindow;

// File ▸ Compose Figure (issue 61): two to four views side by side — the session's and its
// baseline's, or views of several workspaces — in a row or a 2 × 2 grid, with shared or
// separate colour scales and one title; a preview; Save in Session (one undoable edit: the
// composition travels with the session file and the meeting pack) and Export (every format).
class ComposeDialog : public QDialog {
    Q_OBJECT

public:
    explicit ComposeDialog(MainWindow& window);

    QLineEdit* titleField() const { return title_; }
    QComboBox* layoutChoice() const { return layout_; }
    QComboBox* scalesChoice() const { return scales_; }
    QComboBox* viewChoice(int i) const { return views_[static_cast<std::size_t>(i)]; }
    QComboBox* sourceChoice(int i) const { return sources_[static_cast<std::size_t>(i)]; }
    QLabel* preview() const { return preview_; }
    QLabel* message() const { return message_; }
    // The composition the fields describe, or nullopt (and the reason in message()).
    std::optional<Composition> composition() const;
    bool saveInSession();                               // Save in Session; false when refused
    bool exportTo(const QString& path, QString* error); // what Export does after its dialog

protected:
    void resizeEvent(QResizeEvent* e) override; // the preview follows the dialog's size

private:
    void updatePreview();
    void showPreview();

    MainWindow& window_;
    QLineEdit* title_ = nullptr;
    QComboBox* layout_ = nullptr;
    QComboBox* scales_ = nullptr;
    std::array<QComboBox*, kMaxPanels> views_{};
    std::array<QComboBox*, kMaxPanels> sources_{};
    QLabel* preview_ = nullptr;
    QLabel* message_ = nullptr;
    QPushButton* save_ = nullptr;
    QPushButton* export_ = nullptr;
    QImage rendered_; // the last preview, at its own size
};

} // namespace cdx::app
