// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "area/area_model.hpp"
#include "area/whole_die.hpp"
#include "common/explorer_view.hpp"
#include "params/gpu_description.hpp"

#include <QWidget>
#include <array>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QComboBox;
class QLabel;
class QSplitter;

namespace cdx::widgets {

// The die-area breakdown of the session's GPU (core's areaBreakdown): left, stacked bars
// comparing it with GTX 980 and Titan X, with and without caches (mm^2 or % of the die);
// right, the session design's components with mm^2 and %; calibration warnings below.
class DieAreaView : public QWidget, public ExplorerView {
    Q_OBJECT

public:
    explicit DieAreaView(QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Die area"); }
    QString fileStem() const override { return "die-area"; }
    QStringList figureFamilies() const override { return {"area"}; } // the area model only
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    // The designs of the comparison chart, top to bottom, and their breakdowns.
    struct Row {
        QString label;
        area::AreaBreakdown breakdown;
    };
    const std::vector<Row>& rows() const { return rows_; }
    // The session GPU's real die (issue 43), drawn as a grey reference bar below the designs
    // with its label ("GH100, 4N, 814 mm²"); empty when the GPU gives no die area.
    const std::optional<area::WholeDie>& wholeDie() const { return wholeDie_; }
    QString realDieLabel() const {
        return realDie_ ? QString::fromStdString(realDie_->label) : QString();
    }
    QString headline() const;
    QComboBox* unitChoice() const { return unit_; }
    QLabel* warningsLabel() const { return warnings_; }

protected:
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    bool hasBaseline_ = false; // its row is the second
    void redraw();

    QCustomPlot* compare_ = nullptr;
    QCustomPlot* parts_ = nullptr;
    QSplitter* split_ = nullptr;
    std::array<QCPBars*, 6> stack_{};
    QCPBars* realDieBar_ = nullptr;
    std::optional<Die> realDie_;
    // Issue 59: the chip's whole die (area/whole_die.hpp) as one more row, its blocks stacked,
    // where the description has its die block; empty otherwise.
    std::optional<area::WholeDie> wholeDie_;
    QString wholeDieWhy_; // why there is none (a chip without the die block)
    std::array<QCPBars*, 7> wholeBars_{};
    int wholeRow_ = 0;
    int realDieNode_ = 28; // the node of the chip's own die
    int modelNode_ = 28;   // the node the model is at
    int realDieRow_ = 0;   // its key on the comparison chart (0: not drawn)
    std::array<QCPBars*, 6> partBars_{};
    QCPTextElement* title_ = nullptr;
    QCPTextElement* subtitle_ = nullptr;
    QCPTextElement* partsTitle_ = nullptr;
    QCPTextElement* partsSubtitle_ = nullptr;
    QComboBox* unit_ = nullptr;
    QLabel* warnings_ = nullptr;
    std::vector<Row> rows_;
    QString error_;
    QString formLine_;
    area::CalibrationRanges ranges_;
    bool presentation_ = false;
};

} // namespace cdx::widgets
