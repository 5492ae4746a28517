// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/view_layout.hpp"

#include <QApplication>
#include <QHeaderView>
#include <QPalette>
#include <QScrollArea>
#include <QTableView>
#include <QVBoxLayout>
#include <QVariant>

namespace cdx::widgets {

QVBoxLayout* scrollingLayout(QWidget* view) {
    auto* outer = new QVBoxLayout(view);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(view);
    scroll->setObjectName("viewScroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    outer->addWidget(scroll);
    return new QVBoxLayout(content);
}

QTableView* resultTable(QWidget* parent, QAbstractItemModel* model, const char* objectName) {
    auto* table = new QTableView(parent);
    table->setObjectName(objectName);
    table->setModel(model);
    table->setSortingEnabled(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

void markRefused(QWidget* editor, bool refused) {
    if (editor->property("refused").toBool() == refused) {
        return;
    }
    editor->setProperty("refused", refused);
    QPalette p = editor->palette();
    p.setColor(QPalette::Base, refused ? QColor(0xff, 0xe3, 0xe3)
                                       : QApplication::palette(editor).color(QPalette::Base));
    editor->setPalette(p);
}

} // namespace cdx::widgets
