// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/plot_layout.hpp"

#include "common/plot_labels.hpp"
#include "common/plot_scheme.hpp"
#include "compare/families.hpp"

#include <QLabel>
#include <QStackedWidget>
#include <QTimer>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace cdx::widgets {

QString fullAxisLabel(const QCPAxis& axis) {
    const QString shown = axis.label();
    return !shown.isEmpty() && axis.property("cdxElidedLabel").toString() == shown
               ? axis.property("cdxFullLabel").toString()
               : shown;
}

void fitAxisLabels(QCustomPlot& plot) {
    bool laidOut = false;
    for (QCPAxisRect* rect : plot.axisRects()) {
        for (QCPAxis* a : rect->axes()) {
            const QString full = fullAxisLabel(*a);
            if (full.isEmpty() || !a->visible()) {
                continue;
            }
            if (!laidOut) { // this viewport's lengths, not the last layout's
                layOutNow(plot);
                laidOut = true;
            }
            const int length = a->orientation() == Qt::Vertical ? rect->height() : rect->width();
            const QFontMetrics m(a->labelFont());
            QString shown = full;
            if (m.horizontalAdvance(full) > length - 4 && length > 40) {
                // Up to three lines, broken at spaces, before eliding (issue 55:
                // "transactio…nsactions]" and "speed-up vs gt…as shipped" said half of what
                // they meant); elided in the middle, unit kept, only when three do not hold it.
                QStringList lines;
                for (const QString& word : full.split(' ', Qt::SkipEmptyParts)) {
                    if (!lines.isEmpty() &&
                        m.horizontalAdvance(lines.back() + ' ' + word) <= length - 4) {
                        lines.back() += ' ' + word;
                    } else {
                        lines << word;
                    }
                }
                const bool fits = lines.size() <= 3 && !full.contains('\n') &&
                                  std::all_of(lines.begin(), lines.end(), [&](const QString& l) {
                                      return m.horizontalAdvance(l) <= length - 4;
                                  });
                shown = fits ? lines.join('\n') : m.elidedText(full, Qt::ElideMiddle, length - 4);
            }
            a->setProperty("cdxFullLabel", full);
            a->setProperty("cdxElidedLabel", shown);
            if (shown != a->label()) {
                a->setLabel(shown);
            }
        }
    }
}

QString fitWordsToWidth(const QString& text, const QFont& font, int width) {
    const QFontMetrics m(font);
    if (m.horizontalAdvance(text) <= width) {
        return text;
    }
    QStringList lines = text.split('\n');
    for (QString& line : lines) {
        QStringList words = line.split(' ');
        for (QString& w : words) {
            if (m.horizontalAdvance(w) > width) {
                w = m.elidedText(w, Qt::ElideMiddle, width);
            }
        }
        line = words.join(' ');
    }
    return lines.join('\n');
}

namespace {

// A title or subtitle that wraps onto more lines instead of being clipped at the plot's edge
// (or widening the window): its minimum width is small and its height follows the width the
// layout gives it (the last layout's, or the plot's on the first).
class WrappingText : public QCPTextElement {
public:
    WrappingText(QCustomPlot* plot, const QFont& font) : QCPTextElement(plot, QString(), font) {
        setTextFlags(Qt::AlignCenter | Qt::TextWordWrap);
    }

    // Some word of it is shown shortened with "…" at the width it has now.
    bool shortened() const {
        return !mText.isEmpty() && mRect.width() > 0 && fitted(mFont, mRect.width()) != mText;
    }

    // After a layout at a new width the height it asked for was the old width's (a view laid
    // out while narrow came up with its title and subtitle several lines too tall and its axes
    // squashed; the Codesign plot before F11): one more layout, queued, settles it.
    void update(UpdatePhase phase) override {
        QCPTextElement::update(phase);
        // Once per new width: a plot too short for every element's height gives them less,
        // and asking again would never end.
        if (phase == upLayout && mParentPlot != nullptr && mOuterRect.height() > 0 &&
            mOuterRect.width() != laidOutWidth_) {
            laidOutWidth_ = mOuterRect.width();
            if (wrappedHeight() != mOuterRect.height()) {
                mParentPlot->replot(QCustomPlot::rpQueuedReplot);
            }
        }
    }

protected:
    QSize minimumOuterSizeHint() const override { return {60, wrappedHeight()}; }
    QSize maximumOuterSizeHint() const override { return {QWIDGETSIZE_MAX, wrappedHeight()}; }
    void draw(QCPPainter* painter) override {
        painter->setFont(mainFont());
        painter->setPen(QPen(mainTextColor()));
        painter->drawText(mRect, mTextFlags, fitted(mFont, mRect.width()), &mTextBoundingRect);
    }

private:
    QString fitted(const QFont& font, int width) const {
        return fitWordsToWidth(mText, font, width);
    }
    int wrappedHeight() const {
        if (mText.isEmpty()) {
            return mMargins.top() + mMargins.bottom();
        }
        int width = mParentPlot->viewport().width();
        if (mOuterRect.width() > 0 && mOuterRect.width() < width) {
            width = mOuterRect.width();
        }
        width = std::max(60, width - mMargins.left() - mMargins.right());
        // The layout asks several times per replot and the text shaping is the expensive part
        // of a drag step (issue 33): the last answer is kept for the same text, width and font.
        if (width != cachedWidth_ || mText != cachedText_ || mFont != cachedFont_) {
            cachedWidth_ = width;
            cachedText_ = mText;
            cachedFont_ = mFont;
            cachedHeight_ =
                QFontMetrics(mFont)
                    .boundingRect(QRect(0, 0, width, 100000), Qt::AlignCenter | Qt::TextWordWrap,
                                  fitted(mFont, width))
                    .height();
        }
        return cachedHeight_ + mMargins.top() + mMargins.bottom();
    }
    int laidOutWidth_ = -1;
    mutable int cachedWidth_ = -1;
    mutable int cachedHeight_ = 0;
    mutable QString cachedText_;
    mutable QFont cachedFont_;
};
} // namespace

void layOutNow(QCustomPlot& plot) {
    plot.plotLayout()->setOuterRect(plot.viewport());
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                       QCPLayoutElement::upLayout}) {
        plot.plotLayout()->update(phase);
    }
}

void keepAxesHeight(QCustomPlot& plot, int axesHeight) {
    plot.setProperty("cdxAxesHeight", axesHeight);
    if (plot.property("cdxAxesHeightHooked").toBool()) {
        return;
    }
    plot.setProperty("cdxAxesHeightHooked", true);
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [p = &plot] {
        if (p->viewport() != p->rect()) {
            return; // an export's layout, at another size than the screen's
        }
        const int chrome = p->viewport().height() - p->axisRect()->rect().height();
        const int wanted = chrome + p->property("cdxAxesHeight").toInt();
        if (chrome > 0 && wanted != p->minimumHeight()) {
            // Not during the layout itself: the new minimum resizes the plot.
            QTimer::singleShot(0, p, [p, wanted] { p->setMinimumHeight(wanted); });
        }
    });
}

double upperWithRoomForLabels(const QCPAxis& axis, double maxValue, int labelPixels) {
    const double top = std::max(maxValue, 1e-300);
    layOutNow(*axis.parentPlot());
    const int length =
        axis.orientation() == Qt::Horizontal ? axis.axisRect()->width() : axis.axisRect()->height();
    const int room = labelPixels + 12;
    if (length <= room + 24) {
        return top * 6; // a tiny plot: the bars stay visible, the labels get what there is
    }
    return top * length / (length - room);
}

void fitUpperToLabels(QCustomPlot& plot, QCPAxis& axis) {
    layOutNow(plot);
    const double length = axis.axisRect()->width();
    const double lower = axis.range().lower;
    double upper = axis.range().upper;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot.item(i));
        if (t == nullptr || !t->visible() || t->position->keyAxis() != &axis ||
            !(t->positionAlignment() & Qt::AlignLeft)) {
            continue;
        }
        // The widest line ("87.70 mm²\n22.0 %" is two; measured as one it seemed too wide to
        // fit and was left to be cut at the edge).
        double w = 0;
        for (const QString& line : t->text().split('\n')) {
            w = std::max(w, static_cast<double>(QFontMetrics(t->font()).horizontalAdvance(line)));
        }
        w += t->padding().left() + t->padding().right() + 4;
        const double x = t->position->coords().x();
        if (x > lower) {
            // A plot too narrow for the label gives it what it can (a fifth of the axis for the
            // bar at least).
            upper =
                std::max(upper, lower + (x - lower) * length / std::max(length / 5, length - w));
        }
    }
    axis.setRange(lower, upper);
}

void toPainterFitted(QCustomPlot& plot, QCPPainter& painter, int width, int height,
                     QCPAxis* labelAxis) {
    const QRect viewport = plot.viewport();
    const QCPRange range = labelAxis != nullptr ? labelAxis->range() : QCPRange();
    // Labels kept apart (keepApart) are placed for the export's pixels: toPainter lays the plot
    // out again but emits no beforeReplot, and places found for the window's size put two
    // labels of a 1600-px figure over each other.
    const bool apart = plot.property("cdxApartHook").toBool();
    plot.setViewport(QRect(0, 0, width, height));
    fitAxisLabels(plot); // for the export's lengths
    if (apart) {
        separateLabels(plot);
    }
    // A legend under the axes takes as many columns as the export's width holds (the window's
    // count ran past a narrower figure's edges).
    const int columns = plot.legend != nullptr ? plot.legend->wrap() : 0;
    const bool legendFit = plot.property("cdxLegendFit").toBool();
    if (legendFit) {
        fitLegendColumns(plot, width);
    }
    if (labelAxis != nullptr) {
        double top = labelAxis->range().lower;
        bool any = false;
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto* t = qobject_cast<QCPItemText*>(plot.item(i));
            if (t != nullptr && t->visible() && t->position->keyAxis() == labelAxis &&
                (t->positionAlignment() & Qt::AlignLeft)) {
                top = std::max(top, t->position->coords().x());
                any = true;
            }
        }
        if (any && top > labelAxis->range().lower) {
            plot.setViewport(QRect(0, 0, width, height));
            labelAxis->setRange(labelAxis->range().lower, top);
            fitUpperToLabels(plot, *labelAxis);
            fitTickCount(*labelAxis, labelAxis->range().upper);
        }
    }
    plot.toPainter(&painter, width, height);
    plot.setViewport(viewport);
    if (labelAxis != nullptr) {
        layOutNow(plot);
        labelAxis->setRange(range);
        fitTickCount(*labelAxis, range.upper);
    }
    if (legendFit && plot.legend->wrap() != columns) {
        plot.legend->setWrap(columns);
        plot.legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    }
    fitAxisLabels(plot); // the window's again
    if (apart) {
        separateLabels(plot); // back to the window's places
    }
}

void fitTickCount(QCPAxis& axis, double upper) {
    const int length =
        axis.orientation() == Qt::Horizontal ? axis.axisRect()->width() : axis.axisRect()->height();
    const QFontMetrics fm(axis.tickLabelFont());
    // The widest label of a nice step is about as wide as the upper end's; one label and
    // two characters' gap per tick.
    const int label =
        axis.orientation() == Qt::Horizontal
            ? fm.horizontalAdvance(QString::number(upper, 'g', 4)) + 2 * fm.averageCharWidth()
            : 2 * fm.height();
    axis.ticker()->setTickCount(std::clamp(length / std::max(1, label), 2, 5));
}

QString wrapToWidth(const QString& text, const QFont& font, int maxPixels) {
    const QFontMetrics fm(font);
    QStringList out;
    for (const QString& line : text.split('\n')) {
        QString current;
        // Words, a comma staying with the word before it.
        for (const QString& word : line.split(' ', Qt::SkipEmptyParts)) {
            const QString candidate = current.isEmpty() ? word : current + ' ' + word;
            if (!current.isEmpty() && fm.horizontalAdvance(candidate) > maxPixels) {
                out << current;
                current = word;
            } else {
                current = candidate;
            }
        }
        out << current;
    }
    return out.join('\n');
}

PlotHeader addPlotHeader(QCustomPlot& plot) {
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->insertRow(1);
    PlotHeader h;
    QFont f = plot.font();
    f.setBold(true);
    h.title = new WrappingText(&plot, f);
    h.subtitle = new WrappingText(&plot, plot.font());
    h.subtitle->setTextColor(QColor(90, 90, 90));
    plot.plotLayout()->addElement(0, 0, h.title);
    plot.plotLayout()->addElement(1, 0, h.subtitle);
    // A title shortened with "…" (a 200-character GPU name) is shown whole in a tooltip.
    QObject::connect(&plot, &QCustomPlot::mouseMove, &plot,
                     [p = &plot, title = h.title, subtitle = h.subtitle](QMouseEvent* e) {
                         for (QCPTextElement* el : {title, subtitle}) {
                             auto* w = static_cast<WrappingText*>(el);
                             if (w->rect().contains(e->pos()) && w->shortened()) {
                                 QToolTip::showText(e->globalPosition().toPoint(), w->text(), p);
                                 return;
                             }
                         }
                     });
    return h;
}

void applyTheme(const PlotHeader& header, const PlotTheme& theme) {
    QFont tf = header.title->font();
    tf.setPointSize(theme.titlePointSize);
    header.title->setFont(tf);
    QFont sf = header.subtitle->font();
    sf.setPointSize(theme.basePointSize);
    header.subtitle->setFont(sf);
}

QString baselineName(const SessionState& s, std::initializer_list<const char*> families) {
    if (!s.baseline) {
        return {};
    }
    std::vector<std::string> ids(families.begin(), families.end());
    return QObject::tr("baseline: %1")
        .arg(QString::fromStdString(compare::sideLabel(*s.baseline, ids)));
}

QLabel* addNoDataPage(QStackedWidget* pages, const char* objectName) {
    auto* l = new QLabel(pages);
    l->setObjectName(objectName);
    l->setWordWrap(true);
    l->setAlignment(Qt::AlignCenter);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    pages->addWidget(l);
    return l;
}

void renderPlotAndText(QPaintDevice& device, QCustomPlot& plot, const QString& text,
                       const QSize& size, int textHeight, bool presentation) {
    QCPPainter painter(&device);
    QFont f = painter.font();
    f.setPointSize(plotTheme(presentation).basePointSize);
    painter.setFont(f);
    // At least `textHeight`, as much as the wrapped text needs in the export's font (a fixed
    // height cut its second line on a slide; issue 45), at most a third of the page.
    textHeight = std::clamp(painter.boundingRect(QRect(8, 0, size.width() - 16, size.height()),
                                                 Qt::AlignLeft | Qt::TextWordWrap, text)
                                    .height() +
                                8,
                            textHeight, std::max(textHeight, size.height() / 3));
    painter.save();
    toPainterFitted(plot, painter, size.width(), size.height() - textHeight);
    painter.restore();
    painter.translate(0, size.height() - textHeight + 2);
    painter.setFont(f);
    painter.setPen(schemeInk());
    painter.drawText(QRect(8, 0, size.width() - 16, textHeight - 4),
                     Qt::AlignLeft | Qt::TextWordWrap, text);
}

} // namespace cdx::widgets
