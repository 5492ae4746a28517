// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/coalescing.hpp"

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QPainter;
class QPushButton;

namespace cdx::widgets {

class IntegerBox;

// The coalescing calculator (spec mwp-cwp-power.md §1.4): from a per-thread stride, word size and
// offset, the memory transactions one warp's load needs under a coalescing rule (CC 1.0/1.1,
// CC 1.2/1.3, CC 2.x, or one whose group, segment and halving are the user's), drawn as threads
// pointing at the bytes they read and the transactions that serve them. Core's coalesce()
// computes everything. "Use as uncoal_per_mw" and "Use as load_bytes_per_warp" put the result
// into the session's kernel (undoable). The access pattern is the view's own setting.
class CoalescingView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit CoalescingView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Coalescing"); }
    QString fileStem() const override { return "coalescing"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::CoalescingResult>& result() const { return result_; }
    mwp::CoalescingInput input() const;
    QComboBox* ruleBox() const { return rule_; }
    QComboBox* wordBox() const { return word_; }
    IntegerBox* strideBox() const { return stride_; }
    IntegerBox* offsetBox() const { return offset_; }
    IntegerBox* groupBox() const { return group_; }
    QComboBox* segmentBox() const { return segment_; }
    QCheckBox* halveBox() const { return halve_; }
    QPushButton* useTransactionsButton() const { return useTransactions_; }
    QPushButton* useBytesButton() const { return useBytes_; }
    QLabel* summary() const { return summary_; }
    QLabel* ruleText() const { return ruleText_; }

    void paintPicture(QPainter& p, const QRect& r) const;

signals:
    // A kernel parameter to set from the result ("uncoal_per_mw", "load_bytes_per_warp").
    void useResult(const QString& key, double value);
    void refused(const QString& text);

private:
    void recompute();

    QLabel* intro_ = nullptr;
    QComboBox* rule_ = nullptr;
    QComboBox* word_ = nullptr;
    IntegerBox* stride_ = nullptr;
    IntegerBox* offset_ = nullptr;
    IntegerBox* group_ = nullptr;
    QComboBox* segment_ = nullptr;
    QCheckBox* halve_ = nullptr;
    QLabel* ruleText_ = nullptr;
    QWidget* canvas_ = nullptr;
    QLabel* summary_ = nullptr;
    QPushButton* useTransactions_ = nullptr;
    QPushButton* useBytes_ = nullptr;
    std::optional<mwp::CoalescingResult> result_;
    QString error_;
    double sessionUncoal_ = 0;
    double sessionLoadBytes_ = 0;
    bool sessionUncoalSet_ = false;
    bool sessionLoadBytesSet_ = false;
    QString sessionKernel_;
    QString ruleGpu_; // the GPU whose rule the rule box was last set to
    bool presentation_ = false;
};

} // namespace cdx::widgets
