// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/explorer_view.hpp"
#include "compare/compare.hpp"

#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QTableWidget;

namespace cdx::app {

// "Compare" (issue 29), a view of every workspace whose families core can compare: the
// session's baseline (Compare ▸ Pin current as baseline) against the session, each quantity
// of the family's own command with baseline | session | Δ | Δ %, sortable, and the sentence
// naming what explains most of the difference. The numbers are core's (compare::
// compareSessions, as `cdx compare`); without a baseline the view says how to pin one.
class CompareView : public QWidget, public widgets::ExplorerView {
    Q_OBJECT

public:
    // `families`: the core compare families the workspace shows ("mwp", "power").
    CompareView(const QString& stem, QStringList families, QWidget* parent = nullptr);

    QString viewTitle() const override { return tr("Compare"); }
    QString fileStem() const override { return stem_ + QStringLiteral("-compare"); }
    void setSession(const SessionState& s) override;
    void renderTo(QPaintDevice& device, const QSize& size) override;
    QString csv() const override;
    QString pageSentence() const override { return headline(); }
    void setPresentation(bool on) override;
    QWidget* widget() override { return this; }

    const std::vector<compare::FamilyComparison>& comparisons() const { return comparisons_; }
    QTableWidget* table() const { return table_; }
    QString headline() const; // the title line and the sentences, as shown

private:
    QString stem_;
    QStringList families_;
    std::vector<compare::FamilyComparison> comparisons_;
    bool hasBaseline_ = false;
    QString differs_; // "Differs in: problem ...; tiles ..."
    QString sides_;   // "baseline: … against the session: …"
    QLabel* text_ = nullptr;
    QTableWidget* table_ = nullptr;
    bool presentation_ = false;
};

// How a session is named as one side of a comparison: its title (an example's), else its
// GPU (edited values named) and, where the families use them, its kernel or program.
QString compareSideLabel(const SessionState& s, const QStringList& families);

} // namespace cdx::app
