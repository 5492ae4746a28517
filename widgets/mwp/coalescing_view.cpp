// SPDX-License-Identifier: GPL-3.0-or-later
#include "mwp/coalescing_view.hpp"

#include "common/integer_box.hpp"
#include "common/plot_scheme.hpp"
#include "common/plot_theme.hpp"
#include "params/input_error.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

namespace cdx::widgets {

namespace {
class PictureCanvas : public QWidget {
public:
    explicit PictureCanvas(CoalescingView* view) : QWidget(view), view_(view) {
        setObjectName("coalescingCanvas");
        setMinimumSize(420, 220);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        view_->paintPicture(p, rect());
    }

private:
    CoalescingView* view_;
};

constexpr std::int64_t kWindow = 128; // bytes per drawn window of the address axis
} // namespace

CoalescingView::CoalescingView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    intro_ = new QLabel(
        tr("What am I looking at: the 32 threads of a warp each load one word; thread t reads "
           "address (offset + t × stride) × word size. The memory system serves them with "
           "transactions of whole segments; how many depends on the rule of the GPU's compute "
           "capability. That count is the MWP-CWP model's #Uncoal_per_mw (Table 2 takes 32 for "
           "CC 1.0/1.1)."),
        this);
    intro_->setWordWrap(true);
    layout->addWidget(intro_);
    auto* grid = new QGridLayout;
    rule_ = new QComboBox(this);
    rule_->setObjectName("coalescingRule");
    rule_->addItem(tr("CC 1.0/1.1 (G80, e.g. 8800 GT, FX 5600)"), "cc1.0");
    rule_->addItem(tr("CC 1.2/1.3 (GT200, e.g. GTX 280)"), "cc1.2");
    rule_->addItem(tr("CC 2.x and later, L1-cached (e.g. GTX 580)"), "cc2.0");
    rule_->addItem(tr("Custom"), "custom");
    rule_->setCurrentIndex(1);
    word_ = new QComboBox(this);
    word_->setObjectName("coalescingWord");
    for (const int w : {1, 2, 4, 8, 16}) {
        word_->addItem(tr("%1 B").arg(w), w);
    }
    word_->setCurrentIndex(2);
    const auto box = [this](const char* name, int lo, int hi, int value) {
        auto* b = new IntegerBox(this);
        b->setObjectName(name);
        b->setRange(lo, hi);
        b->setValue(value);
        return b;
    };
    stride_ = box("coalescingStride", -1048576, 1048576, 1);
    offset_ = box("coalescingOffset", -1048576, 1048576, 0);
    group_ = box("coalescingGroup", 1, 32, 16);
    segment_ = new QComboBox(this);
    segment_->setObjectName("coalescingSegment");
    for (const int s : {32, 64, 128, 256, 512, 1024, 2048, 4096}) {
        segment_->addItem(tr("%1 B").arg(s), s);
    }
    segment_->setCurrentIndex(2);
    halve_ = new QCheckBox(tr("halve"), this);
    halve_->setToolTip(tr("Cut a segment to its lower or upper half while only that half is "
                          "used, down to 32 B (as CC 1.2/1.3 does)"));
    halve_->setObjectName("coalescingHalve");
    halve_->setChecked(true);
    // Three short rows: the view shares a 1366-pixel screen with the kernel dock.
    grid->addWidget(new QLabel(tr("Rule"), this), 0, 0);
    grid->addWidget(rule_, 0, 1, 1, 3);
    grid->addWidget(new QLabel(tr("Word size"), this), 0, 4);
    grid->addWidget(word_, 0, 5);
    grid->addWidget(new QLabel(tr("Stride [words]"), this), 1, 0);
    grid->addWidget(stride_, 1, 1);
    grid->addWidget(new QLabel(tr("Offset [words]"), this), 1, 2);
    grid->addWidget(offset_, 1, 3);
    grid->addWidget(new QLabel(tr("Custom rule:"), this), 2, 0);
    grid->addWidget(new QLabel(tr("group [threads]"), this), 2, 2);
    grid->addWidget(group_, 2, 3);
    grid->addWidget(new QLabel(tr("segment"), this), 2, 4);
    grid->addWidget(segment_, 2, 5);
    grid->addWidget(halve_, 2, 6);
    grid->setColumnStretch(7, 1);
    layout->addLayout(grid);
    ruleText_ = new QLabel(this);
    ruleText_->setObjectName("coalescingRuleText");
    ruleText_->setWordWrap(true);
    layout->addWidget(ruleText_);
    canvas_ = new PictureCanvas(this);
    layout->addWidget(canvas_, 1);
    summary_ = new QLabel(this);
    summary_->setObjectName("coalescingSummary");
    summary_->setWordWrap(true);
    layout->addWidget(summary_);
    auto* buttons = new QHBoxLayout;
    useTransactions_ = new QPushButton(this);
    useTransactions_->setObjectName("coalescingUseTransactions");
    useBytes_ = new QPushButton(this);
    useBytes_->setObjectName("coalescingUseBytes");
    buttons->addWidget(useTransactions_);
    buttons->addWidget(useBytes_);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    for (auto* c : {rule_, word_, segment_}) {
        connect(c, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    }
    for (auto* b : {stride_, offset_, group_}) {
        connect(b, &QSpinBox::valueChanged, this, [this] { recompute(); });
        connect(b, &IntegerBox::refused, this, [this, b](const QString& text) {
            emit refused(tr("%1 \"%2\": expected an integer in [%3, %4]")
                             .arg(b->objectName().mid(10).toLower(), text)
                             .arg(b->minimum())
                             .arg(b->maximum()));
        });
    }
    connect(halve_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(useTransactions_, &QPushButton::clicked, this, [this] {
        if (result_) {
            emit useResult("uncoal_per_mw", result_->transactions);
        }
    });
    connect(useBytes_, &QPushButton::clicked, this, [this] {
        if (result_) {
            emit useResult("load_bytes_per_warp", static_cast<double>(result_->bytesMoved));
        }
    });
    setPresentation(false);
    recompute();
}

mwp::CoalescingInput CoalescingView::input() const {
    mwp::CoalescingInput in;
    in.rule = mwp::parseCoalescingRule(rule_->currentData().toString().toStdString(), "rule");
    in.wordBytes = word_->currentData().toInt();
    in.strideElems = stride_->value();
    in.offsetElems = offset_->value();
    in.groupThreads = group_->value();
    in.segmentBytes = segment_->currentData().toInt();
    in.halve = halve_->isChecked();
    return in;
}

void CoalescingView::setPresentation(bool on) {
    presentation_ = on;
    intro_->setVisible(!on); // the speaker explains; the picture gets the room
    const PlotTheme t = plotTheme(on);
    QFont f = font();
    f.setPointSize(t.basePointSize + 1);
    for (QLabel* l : {intro_, ruleText_, summary_}) {
        l->setFont(f);
    }
    canvas_->update();
}

void CoalescingView::setSession(const SessionState& s) {
    sessionKernel_.clear();
    // The coalescing rule of the session's GPU, whenever another GPU is chosen (a CC 1.0
    // GPU was shown the CC 1.2 rule): G80/G92 are CC 1.0/1.1, GT200 CC 1.2/1.3, Fermi and later
    // CC 2.x. The user's own choice stands until the GPU changes.
    if (const QString gpu = QString::fromStdString(s.mwp.gpu.id); gpu != ruleGpu_) {
        ruleGpu_ = gpu;
        const QString arch = QString::fromStdString(s.mwp.gpu.architecture);
        const char* rule = arch.contains("G80") || arch.contains("G92") || arch.contains("G84") ||
                                   arch.contains("G86")
                               ? "cc1.0"
                           : arch.contains("GT200") ? "cc1.2"
                           : arch.isEmpty()         ? nullptr
                                                    : "cc2.0";
        if (rule) {
            const QSignalBlocker block(rule_);
            rule_->setCurrentIndex(rule_->findData(QString::fromLatin1(rule)));
        }
    }
    try {
        const mwp::Kernel k = s.mwp.model();
        sessionUncoal_ = k.uncoalPerMw;
        sessionLoadBytes_ = k.loadBytesPerWarp;
        const auto given = [&s](const char* key) {
            const auto it = s.mwp.kernel.params.find(key);
            return it != s.mwp.kernel.params.end() && it->second.value.has_value();
        };
        sessionUncoalSet_ = given("uncoal_per_mw");
        sessionLoadBytesSet_ = given("load_bytes_per_warp");
        sessionKernel_ =
            QString::fromStdString(s.mwp.kernel.name.empty() ? s.mwp.kernel.id : s.mwp.kernel.name);
    } catch (const InputError&) {
    }
    recompute();
}

void CoalescingView::recompute() {
    const bool custom = rule_->currentData().toString() == "custom";
    group_->setEnabled(custom);
    segment_->setEnabled(custom);
    halve_->setEnabled(custom);
    result_.reset();
    error_.clear();
    try {
        result_ = mwp::coalesce(input());
    } catch (const InputError& e) {
        error_ = QString::fromUtf8(e.what());
    }
    if (!result_) {
        ruleText_->setText(error_);
        summary_->clear();
        useTransactions_->setEnabled(false);
        useBytes_->setEnabled(false);
        canvas_->update();
        return;
    }
    const auto& r = *result_;
    ruleText_->setText(tr("Rule applied: %1.").arg(QString::fromStdString(r.rule)));
    QString text =
        tr("<b>%1 transaction(s) per warp</b>, %2 B moved for %3 B the threads use (efficiency "
           "%4 %); %5.")
            .arg(r.transactions)
            .arg(r.bytesMoved)
            .arg(r.bytesUsed)
            .arg(100 * r.efficiency, 0, 'f', 1)
            .arg(r.coalesced ? tr("coalesced: no more transactions or bytes than a contiguous, "
                                  "aligned load under this rule")
                             : tr("not coalesced: the model counts it as an uncoalesced memory "
                                  "instruction with #Uncoal_per_mw = %1")
                                   .arg(r.transactions));
    if (!sessionKernel_.isEmpty()) {
        text += tr(" The session's kernel (%1) has uncoal_per_mw %2 and load_bytes_per_warp %3.")
                    .arg(sessionKernel_.toHtmlEscaped())
                    .arg(sessionUncoalSet_ ? tr("= %1").arg(sessionUncoal_)
                                           : tr("unset (the model takes %1)").arg(sessionUncoal_))
                    .arg(sessionLoadBytesSet_
                             ? tr("= %1 B").arg(sessionLoadBytes_)
                             : tr("unset (the model takes %1 B)").arg(sessionLoadBytes_));
    }
    summary_->setText(text);
    useTransactions_->setText(tr("Use %1 as uncoal_per_mw").arg(r.transactions));
    useBytes_->setText(tr("Use %1 B as load_bytes_per_warp").arg(r.bytesMoved));
    const bool fits = r.transactions <= 1024 && !sessionKernel_.isEmpty();
    useTransactions_->setEnabled(fits);
    useBytes_->setEnabled(!sessionKernel_.isEmpty());
    canvas_->update();
}

void CoalescingView::paintPicture(QPainter& p, const QRect& r) const {
    const PlotTheme th = plotTheme(presentation_);
    p.fillRect(r, schemed(QColor(Qt::white)));
    QFont base = font();
    base.setPointSize(th.basePointSize);
    const QFontMetrics fm(base);
    p.setFont(base);
    if (!result_) {
        p.setPen(schemeInk());
        p.drawText(r, Qt::AlignCenter | Qt::TextWordWrap, error_);
        return;
    }
    const auto& res = *result_;
    const int word = word_->currentData().toInt();
    const int left = r.left() + fm.horizontalAdvance(tr("transactions")) + 14;
    const int right = r.right() - 10;
    const int width = right - left;
    if (width < 100 || r.height() < 140) {
        p.drawText(r, Qt::AlignCenter, tr("Too small to draw"));
        return;
    }
    // The address axis: the 128-byte windows that anything touches, side by side, with a gap
    // where windows are not contiguous.
    std::map<std::int64_t, int> slot;
    const auto floorDiv = [](std::int64_t a, std::int64_t m) {
        return a / m - (a % m != 0 && a < 0 ? 1 : 0);
    };
    for (const auto a : res.threadAddress) {
        for (std::int64_t w = floorDiv(a, kWindow); w <= floorDiv(a + word - 1, kWindow); ++w) {
            slot[w] = 0;
        }
    }
    for (const auto& t : res.list) {
        for (std::int64_t w = floorDiv(t.address, kWindow);
             w <= floorDiv(t.address + t.bytes - 1, kWindow) && slot.size() < 160; ++w) {
            slot[w] = 0;
        }
    }
    int n = 0, gaps = 0; // a gap is a third of a window wide
    std::int64_t prev = 0;
    for (const auto& entry : slot) {
        gaps += n > 0 && entry.first != prev + 1;
        prev = entry.first;
        ++n;
    }
    const double slotW = width / (n + gaps / 3.0 + 1e-9);
    std::map<std::int64_t, double> slotX;
    {
        double x = left;
        std::int64_t pw = 0;
        bool first = true;
        for (const auto& [w, s] : slot) {
            if (!first && w != pw + 1) {
                x += slotW / 3;
            }
            slotX[w] = x;
            x += slotW;
            pw = w;
            first = false;
        }
    }
    const auto X = [&](std::int64_t addr) {
        const std::int64_t w = floorDiv(addr, kWindow);
        const auto it = slotX.find(w);
        const double x0 = it != slotX.end() ? it->second : left;
        return x0 + static_cast<double>(addr - w * kWindow) / kWindow * slotW;
    };
    const int threadsTop = r.top() + 8;
    const int threadH = fm.height() + 6;
    const int memTop = r.top() + r.height() * 45 / 100;
    const int memH = fm.height() + 8;
    const int txTop = memTop + memH + fm.height() + 10;
    const int groups = res.list.empty() ? 1 : res.list.back().group + 1;
    const int txRowH = std::max(6, std::min(fm.height() + 6, (r.bottom() - 8 - txTop) / groups));
    const QColor groupColor[2] = {th.palette[0], th.palette[1]};

    // Threads.
    const int warp = static_cast<int>(res.threadAddress.size());
    const double tw = static_cast<double>(width) / warp;
    const int groupThreads = rule_->currentData().toString() == "custom"  ? group_->value()
                             : rule_->currentData().toString() == "cc2.0" ? warp
                                                                          : warp / 2;
    p.setPen(schemeInk());
    p.drawText(QRect(r.left(), threadsTop, left - r.left() - 8, threadH),
               Qt::AlignRight | Qt::AlignVCenter, tr("threads"));
    for (int t = 0; t < warp; ++t) {
        const QRectF box(left + t * tw + 1, threadsTop, tw - 2, threadH);
        const QColor c = groupColor[(t / std::max(1, groupThreads)) % 2];
        p.fillRect(box, c.lighter(150));
        p.setPen(Qt::black); // on the pale box in either scheme
        if (tw >= fm.horizontalAdvance(QStringLiteral("00")) + 2 || t % 4 == 0) {
            p.drawText(box, Qt::AlignCenter, QString::number(t));
        }
        // Its word on the address axis.
        const double ax = X(res.threadAddress[static_cast<std::size_t>(t)]) +
                          std::max(1.0, slotW * word / kWindow) / 2;
        p.setPen(QPen(c.darker(120), 1));
        p.drawLine(QPointF(box.center().x(), box.bottom()), QPointF(ax, memTop));
    }
    p.setPen(schemeInk());
    // Address axis: windows, 32-byte sectors, the bytes used.
    p.drawText(QRect(r.left(), memTop, left - r.left() - 8, memH),
               Qt::AlignRight | Qt::AlignVCenter, tr("memory"));
    for (const auto& [w, x] : slotX) {
        const QRectF win(x, memTop, slotW, memH);
        p.fillRect(win, schemed(QColor(245, 245, 245)));
        p.setPen(schemed(QColor(200, 200, 200)));
        for (int s = 1; s < 4; ++s) {
            p.drawLine(QPointF(x + s * slotW / 4, memTop),
                       QPointF(x + s * slotW / 4, memTop + memH));
        }
        p.setPen(schemed(QColor(90, 90, 90)));
        p.drawRect(win);
        const QString label = QStringLiteral("%1 B").arg(w * kWindow);
        if (fm.horizontalAdvance(label) + 4 < slotW) {
            p.drawText(QPointF(x + 2, memTop + memH + fm.ascent() + 2), label);
        }
    }
    for (const auto a : res.threadAddress) {
        const double x0 = X(a);
        p.fillRect(QRectF(x0, memTop + 3, std::max(1.0, slotW * word / kWindow), memH - 6),
                   schemed(QColor(40, 40, 40)));
    }
    // Transactions, one row per group.
    p.setPen(schemeInk());
    p.drawText(QRect(r.left(), txTop, left - r.left() - 8, txRowH),
               Qt::AlignRight | Qt::AlignVCenter, tr("transactions"));
    for (const auto& t : res.list) {
        const int y = txTop + t.group * txRowH;
        const QColor c = groupColor[t.group % 2];
        for (std::int64_t w = floorDiv(t.address, kWindow);
             w <= floorDiv(t.address + t.bytes - 1, kWindow); ++w) {
            if (!slotX.count(w)) {
                continue;
            }
            const std::int64_t lo = std::max(t.address, w * kWindow);
            const std::int64_t hi = std::min(t.address + t.bytes, (w + 1) * kWindow);
            const QRectF box(X(lo) + 1, y + 1,
                             std::max(2.0, X(hi - 1) + slotW / kWindow - X(lo) - 2), txRowH - 2);
            p.fillRect(box, c);
            p.setPen(c.darker(150));
            p.drawRect(box);
            const QString label = tr("%1 B").arg(t.bytes);
            if (fm.horizontalAdvance(label) + 4 < box.width() && txRowH >= fm.height()) {
                p.setPen(Qt::white);
                p.drawText(box, Qt::AlignCenter, label);
            }
        }
    }
}

// The export has a title and the sentence of the result above the picture (the picture alone
// did not say what it shows; issue 45).
void CoalescingView::renderTo(QPaintDevice& device, const QSize& size) {
    QPainter p(&device);
    const PlotTheme th = plotTheme(presentation_);
    p.fillRect(QRect(QPoint(0, 0), size), schemed(QColor(Qt::white)));
    QFont title = font();
    title.setPointSize(th.titlePointSize);
    title.setBold(true);
    QFont body = font();
    body.setPointSize(th.basePointSize);
    const QRect box(8, 6, size.width() - 16, size.height());
    int y = 6;
    const auto line = [&](const QString& text, const QFont& f) {
        p.setFont(f);
        p.setPen(schemeInk());
        const QRect r = p.boundingRect(QRect(8, y, box.width(), size.height()),
                                       Qt::AlignHCenter | Qt::TextWordWrap, text);
        p.drawText(QRect(8, y, box.width(), r.height()), Qt::AlignHCenter | Qt::TextWordWrap, text);
        y += r.height() + 4;
    };
    line(tr("Memory coalescing: one warp's 32 loads as memory transactions"), title);
    if (result_) {
        line(QTextDocumentFragment::fromHtml(summary_->text()).toPlainText() + ' ' +
                 ruleText_->text(),
             body);
    }
    paintPicture(p, QRect(0, y + 4, size.width(), size.height() - y - 4));
}

QString CoalescingView::csv() const {
    QString out = QStringLiteral("# %1\ngroup,address_bytes,bytes,threads\n")
                      .arg(result_ ? QString::fromStdString(result_->rule) : error_);
    if (result_) {
        for (const auto& t : result_->list) {
            out += QStringLiteral("%1,%2,%3,%4\n")
                       .arg(t.group)
                       .arg(t.address)
                       .arg(t.bytes)
                       .arg(t.threads);
        }
    }
    return out;
}

} // namespace cdx::widgets
