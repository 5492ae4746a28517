// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/glossary_hover.hpp"

#include "common/glossary_tip.hpp"
#include "common/plot_layout.hpp"
#include "glossary/glossary.hpp"
#include "params/input_error.hpp"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QEvent>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QTextDocumentFragment>
#include <QToolTip>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

namespace {

const glossary::Entry* exact(const QString& text, const QStringList& families) {
    const std::string t = text.trimmed().toStdString();
    if (t.empty()) {
        return nullptr;
    }
    try {
        // Keys first (the CLI's names), then symbols (the papers'), family by family.
        for (int pass = 0; pass < 2; ++pass) {
            for (const auto& e : glossary::entries()) {
                if (!families.isEmpty() && !families.contains(QString::fromStdString(e.family))) {
                    continue;
                }
                if ((pass == 0 ? e.key : e.symbol) == t) {
                    return &e;
                }
            }
        }
    } catch (const InputError&) {
        return nullptr; // a broken glossary file: no hover
    }
    return nullptr;
}

QString tipOf(const glossary::Entry* e) {
    return e ? glossaryTip(e->key, e->family) : QString();
}

QString plain(const QString& text) {
    return Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
}

// The label text under `pos` of a plot: an axis title or a legend item.
QString plotLabelAt(QCustomPlot* plot, const QPoint& pos) {
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            if (!axis->visible()) {
                continue;
            }
            const auto part = axis->getPartAt(pos);
            if (part == QCPAxis::spAxisLabel && !fullAxisLabel(*axis).isEmpty()) {
                return fullAxisLabel(*axis);
            }
            // A named bar or category (a text ticker): the tick label nearest the mouse.
            auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
            if (part == QCPAxis::spTickLabels && ticker && !ticker->ticks().isEmpty()) {
                const double at =
                    axis->pixelToCoord(axis->orientation() == Qt::Horizontal ? pos.x() : pos.y());
                auto best = ticker->ticks().constBegin();
                for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd();
                     ++it) {
                    if (std::abs(it.key() - at) < std::abs(best.key() - at)) {
                        best = it;
                    }
                }
                return best.value();
            }
        }
    }
    if (plot->legend != nullptr && plot->legend->visible()) {
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i));
                item != nullptr && item->realVisibility() && item->rect().contains(pos)) {
                return item->plottable()->name();
            }
        }
    }
    return {};
}

// The entry below a widget's or a cell's own tooltip (once: a tooltip that already is the
// entry, as the Talg breakdown's rows, stays as it is).
QString below(const QString& own, const QString& tip) {
    if (tip.isEmpty() || own.contains(tip)) {
        return tip.isEmpty() || own.isEmpty() ? tip : own;
    }
    return own.isEmpty() ? tip : own + "<hr>" + tip;
}

class GlossaryHover : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* obj, QEvent* event) override {
        if (event->type() != QEvent::ToolTip || !obj->isWidgetType()) {
            return false;
        }
        auto* w = static_cast<QWidget*>(obj);
        auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = glossaryTipAt(w, help->pos());
        if (tip.isEmpty()) {
            return false;
        }
        QToolTip::showText(help->globalPos(), tip, w);
        return true;
    }
};

} // namespace

const glossary::Entry* glossaryEntryForLabel(const QString& label, const QStringList& families,
                                             bool words) {
    QString t = plain(label).simplified();
    if (const auto* e = exact(t, families)) {
        return e;
    }
    // Without a unit in brackets or parentheses at the end, or a colon.
    t.remove(QRegularExpression(R"(\s*[\(\[][^\)\]]*[\)\]]\s*$)"));
    t.remove(QRegularExpression(R"(\s*:\s*$)"));
    if (const auto* e = exact(t, families)) {
        return e;
    }
    if (t.contains('.') && !t.contains(' ')) {
        if (const auto* e = exact(t.section('.', -1), families)) {
            return e;
        }
    }
    if (words) {
        const QString first =
            t.section(QRegularExpression(R"([\s,;:]+)"), 0, 0, QString::SectionSkipEmpty);
        if (const auto* e = exact(first, families)) {
            return e;
        }
    }
    return nullptr;
}

QStringList glossaryFamiliesOf(const QWidget* w) {
    for (const QObject* o = w; o != nullptr; o = o->parent()) {
        const QVariant v = o->property("glossaryFamilies");
        if (v.isValid()) {
            return v.toStringList();
        }
    }
    return {};
}

QString glossaryTipAt(QWidget* w, const QPoint& pos) {
    const QStringList families = glossaryFamiliesOf(w);
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
        return tipOf(glossaryEntryForLabel(plotLabelAt(plot, pos), families, true));
    }
    if (auto* view = qobject_cast<QAbstractItemView*>(w->parentWidget());
        view != nullptr && view->viewport() == w && view->model() != nullptr) {
        if (auto* header = qobject_cast<QHeaderView*>(view)) {
            const int section = header->logicalIndexAt(pos);
            if (section < 0 || !header->model()
                                    ->headerData(section, header->orientation(), Qt::ToolTipRole)
                                    .toString()
                                    .isEmpty()) {
                return {};
            }
            return tipOf(glossaryEntryForLabel(
                header->model()->headerData(section, header->orientation()).toString(), families));
        }
        const QModelIndex index = view->indexAt(pos);
        if (!index.isValid()) {
            return {};
        }
        return below(index.data(Qt::ToolTipRole).toString(),
                     tipOf(glossaryEntryForLabel(index.data().toString(), families)));
    }
    QString text;
    if (auto* label = qobject_cast<QLabel*>(w)) {
        text = label->text();
    } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
        text = button->text().remove('&');
    } else {
        return {};
    }
    if (plain(text).size() > 40) {
        return {}; // a sentence, not a symbol
    }
    return below(w->toolTip(), tipOf(glossaryEntryForLabel(text, families)));
}

void installGlossaryHover(QObject* application) {
    if (!application->property("cdxGlossaryHover").toBool()) {
        application->setProperty("cdxGlossaryHover", true);
        application->installEventFilter(new GlossaryHover(application));
    }
}

} // namespace cdx::widgets
