// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/view_layout.hpp"

#include <QHeaderView>
#include <QScrollArea>
#include <QTableView>
#include <QVBoxLayout>

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

} // namespace cdx::widgets
