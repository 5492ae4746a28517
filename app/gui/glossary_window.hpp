// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTextBrowser;
class QTreeWidget;

namespace cdx::app {

// Help ▸ Glossary: every entry of profiles/glossary/ in a searchable list (a term matches a key,
// a symbol or a word of the meaning), filtered to the workspace on screen or to one family; the
// chosen entry with its meaning, equation, unit and source, and its related entries as links.
class GlossaryWindow : public QWidget {
    Q_OBJECT

public:
    explicit GlossaryWindow(QWidget* parent = nullptr);
    // Filters to `families` (the workspace on screen; all when empty) and clears the search.
    void showFamilies(const QStringList& families);
    QLineEdit* searchField() const { return search_; }
    QComboBox* familyBox() const { return family_; }
    QTreeWidget* list() const { return list_; }
    QTextBrowser* detail() const { return detail_; }
    int shown() const; // entries in the list
    // Selects `key` of `family` (a related entry's link); false when the list does not have it.
    bool select(const QString& family, const QString& key);

private:
    void refill();
    void showEntry();

    QLineEdit* search_ = nullptr;
    QComboBox* family_ = nullptr;
    QLabel* count_ = nullptr;
    QTreeWidget* list_ = nullptr;
    QTextBrowser* detail_ = nullptr;
    bool sized_ = false;
};

} // namespace cdx::app
