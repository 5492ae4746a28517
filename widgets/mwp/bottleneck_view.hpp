// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "mwp/mwp_model.hpp"
#include "mwp/throughput_model.hpp"

#include <QStringList>
#include <QWidget>
#include <optional>

class QCustomPlot;
class QLayout;
class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QLabel;

namespace cdx::widgets {

// The bottleneck dashboard (spec §7.2 C1): MWP's three limiters as bars with the binding one
// highlighted and CWP against MWP; the case and Chapter V category badges; the MWP_App /
// MWP_BW / MWP_Proc / N bars of Chapter V; the sentence core generates from the trace; the
// category's verbatim text and suggestions; warnings. Everything comes from core's evaluate()
// and throughput().
class BottleneckView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit BottleneckView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Bottleneck"); }
    QString fileStem() const override { return "bottleneck"; }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::optional<mwp::MwpResult>& result() const { return result_; }
    const std::optional<mwp::ThroughputResult>& throughputResult() const { return throughput_; }
    QLabel* caseBadge() const { return caseBadge_; }
    QLabel* limiterBadge() const { return limiterBadge_; }
    QLabel* categoryBadge() const { return categoryBadge_; }
    QLabel* explanation() const { return explanation_; }
    // The limiter bar drawn highlighted: 0 latency, 1 bandwidth, 2 warps, -1 none.
    int highlightedBar() const { return highlighted_; }

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void redraw();

    QLayout* content_ = nullptr; // inside the scroll area: what an export draws
    QCustomPlot* limiters_ = nullptr;
    QCustomPlot* chapterV_ = nullptr;
    QCPBars* binding_ = nullptr;
    QCPBars* others_ = nullptr;
    QCPBars* cwpBar_ = nullptr;
    QCPBars* appBars_ = nullptr;
    QCPBars* appFinal_ = nullptr;
    QLabel* caseBadge_ = nullptr;
    QLabel* limiterBadge_ = nullptr;
    QLabel* categoryBadge_ = nullptr;
    QLabel* headline_ = nullptr;
    QLabel* explanation_ = nullptr;
    QLabel* category_ = nullptr;
    QLabel* warnings_ = nullptr;
    std::optional<mwp::MwpResult> result_;
    std::optional<mwp::ThroughputResult> throughput_;
    mwp::Device device_;
    QString context_;
    QString variantLine_;
    QString error_;
    int highlighted_ = -1;
    bool presentation_ = false;
    QStringList limitFlags_; // the kernel beyond its GPU's limits (kernelLimitChecks)
};

} // namespace cdx::widgets
