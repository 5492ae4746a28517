// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/view_layout.hpp"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStringList>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>
#include <QVariant>
#include <numeric>

namespace cdx::widgets {

ProportionalSplitter::ProportionalSplitter(Qt::Orientation orientation, QWidget* parent)
    : QSplitter(orientation, parent) {
    connect(this, &QSplitter::splitterMoved, this, [this] {
        const QList<int> s = sizes();
        const double total = std::accumulate(s.begin(), s.end(), 0.0);
        if (total > 0) {
            shares_.clear();
            for (int v : s) {
                shares_.push_back(v / total);
            }
        }
    });
}

void ProportionalSplitter::resizeEvent(QResizeEvent* e) {
    QSplitter::resizeEvent(e);
    const QList<int> now = sizes();
    if (now.isEmpty()) {
        return;
    }
    if (shares_.size() != static_cast<std::size_t>(now.size())) {
        shares_.clear();
        double sum = 0;
        for (int i = 0; i < count(); ++i) {
            const QSizePolicy p = widget(i)->sizePolicy();
            const int stretch =
                orientation() == Qt::Horizontal ? p.horizontalStretch() : p.verticalStretch();
            shares_.push_back(std::max(stretch, 0));
            sum += shares_.back();
        }
        for (double& v : shares_) {
            v = sum > 0 ? v / sum : 1.0 / static_cast<double>(shares_.size());
        }
    }
    const int total = std::accumulate(now.begin(), now.end(), 0);
    QList<int> want;
    int given = 0;
    for (std::size_t i = 0; i + 1 < shares_.size(); ++i) {
        want << static_cast<int>(std::lround(shares_[i] * total));
        given += want.back();
    }
    want << total - given;
    if (want != now) {
        setSizes(want);
    }
}

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

void setTextColor(QWidget* w, const QColor& colour) {
    QPalette p = w->palette();
    p.setColor(QPalette::WindowText, colour);
    p.setColor(QPalette::Text, colour);
    w->setPalette(p);
}

void setSecondaryText(QWidget* w) {
    setTextColor(w, QApplication::palette(w).color(QPalette::Mid).darker(115));
}

void setFontStyle(QWidget* w, bool bold, bool italic) {
    QFont f; // only these two set: the size and family still come from the parent
    f.setBold(bold);
    f.setItalic(italic);
    w->setFont(f);
}

void markRefused(QWidget* editor, bool refused) {
    if (editor->property("refused").toBool() == refused) {
        return;
    }
    editor->setProperty("refused", refused);
    if (!refused && editor->property("tipBeforeRefusal").isValid()) { // sayRefusal's tooltip
        editor->setToolTip(editor->property("tipBeforeRefusal").toString());
        editor->setProperty("tipBeforeRefusal", QVariant());
    }
    QPalette p = editor->palette();
    p.setColor(QPalette::Base, refused ? QColor(0xff, 0xe3, 0xe3)
                                       : QApplication::palette(editor).color(QPalette::Base));
    editor->setPalette(p);
}

void sayRefusal(QWidget* editor, const QString& why) {
    if (!editor->property("tipBeforeRefusal").isValid()) {
        editor->setProperty("tipBeforeRefusal", editor->toolTip());
    }
    editor->setToolTip(why);
    if (editor->isVisible()) {
        QToolTip::showText(editor->mapToGlobal(QPoint(0, editor->height())), why, editor);
    }
}

void refuseField(QWidget* editor, const QString& field, const QString& why, QLabel* status) {
    const QString text = QObject::tr("Not applied: %1: %2").arg(field, why);
    editor->setProperty("refusedField", field); // its name in the window's words (quit, save)
    markRefused(editor, true);
    sayRefusal(editor, text);
    if (status) {
        status->setText(text);
    }
}

namespace {
// The text of the label that names `w` in its layout: a form's label for it, or the label
// just before it in a row or column.
QString labelBefore(const QWidget* w) {
    const QWidget* parent = w->parentWidget();
    QLayout* layout = parent ? parent->layout() : nullptr;
    if (!layout) {
        return {};
    }
    QList<QLayout*> layouts{layout};
    for (int i = 0; i < layouts.size(); ++i) {
        QLayout* l = layouts[i];
        if (auto* form = qobject_cast<QFormLayout*>(l)) {
            if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QWidget*>(w)))) {
                return label->text().remove('&').remove(QLatin1Char(':')).trimmed();
            }
        }
        const int at = l->indexOf(const_cast<QWidget*>(w));
        if (at > 0) {
            if (auto* label = qobject_cast<QLabel*>(l->itemAt(at - 1)->widget())) {
                return label->text().remove('&').remove(QLatin1Char(':')).trimmed();
            }
        }
        for (int j = 0; j < l->count(); ++j) {
            if (QLayout* inner = l->itemAt(j)->layout()) {
                layouts << inner;
            }
        }
    }
    return {};
}
} // namespace

QStringList refusedTexts(const QWidget* root) {
    QStringList out;
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->property("refused").toBool()) {
            continue;
        }
        QString text;
        if (const auto* line = qobject_cast<const QLineEdit*>(w)) {
            text = line->text();
        } else if (const auto* edit = qobject_cast<const QPlainTextEdit*>(w)) {
            text = edit->toPlainText().section('\n', 0, 0) + QStringLiteral(" …");
        } else if (const auto* spin = qobject_cast<const QAbstractSpinBox*>(w)) {
            text = spin->text(); // as typed (issue 55: spin boxes were listed blank)
        }
        // The field in the window's words (issue 55: "energyTrainFraction", "codesignAreaMin"):
        // the name its refusal gave, its accessible name, the label it is the buddy of.
        QString name = w->property("refusedField").toString();
        if (name.isEmpty()) {
            name = w->accessibleName();
        }
        if (name.isEmpty()) {
            for (const QLabel* label : w->window()->findChildren<QLabel*>()) {
                if (label->buddy() == w) {
                    name = label->text().remove('&').remove(QLatin1Char(':')).trimmed();
                    break;
                }
            }
        }
        if (name.isEmpty()) {
            name = labelBefore(w);
        }
        out << QStringLiteral("%1: %2").arg(name.isEmpty() ? w->objectName() : name, text);
    }
    return out;
}

} // namespace cdx::widgets
