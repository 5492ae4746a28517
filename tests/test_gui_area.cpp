// SPDX-License-Identifier: GPL-3.0-or-later
// The area workspace's GUI suite (offscreen): its views equal core, edits are undoable,
// bad input keeps the state.

#include "area/architecture_view.hpp"
#include "area/area_model.hpp"
#include "area/area_model_editor.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/parameter_form.hpp"
#include "common/plot_labels.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/profile_combo.hpp"
#include "common/view_export.hpp"
#include "common/view_layout.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/bottleneck_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/power_model.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "runs/run_stats.hpp"
#include "runs/runs_view.hpp"
#include "search/codesign.hpp"
#include "search/k_rule.hpp"
#include "search/tile_search.hpp"
#include "talg/breakdown_view.hpp"
#include "talg/gpu_editor.hpp"
#include "talg/stencil_editor.hpp"
#include "talg/sweep_view.hpp"
#include "talg/tile_space_map_view.hpp"
#include "talg/tiling_editor.hpp"
#include "talg/tiling_geometry_view.hpp"
#include "talg/top_tilings_view.hpp"
#include "talg/variant_editor.hpp"
#include "workspaces/area_workspace.hpp"
#include "workspaces/mwp_workspace.hpp"
#include "workspaces/runs_workspace.hpp"
#include "workspaces/talg_workspace.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <qcustomplot.h>
#include <set>

using namespace cdx;

class TestGuiArea : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void codesignLabelsKeepApart();
    void longAxisLabelIsElided();
    void init() { openWindow("area"); }
    void cleanup() { closeWindow(); }
    void dieAreaShowsCore();
    void architectureSlidersEditSession();
    void codesignRunsAndLoadsDesign();
    void codesignBadRangeKeepsState();
    void kRuleWhereItBites();
    void slidersFollowTheGrid();
    void refusedRangesAreMarked();
    void limitsAndNode();
    void coefficientSetOfTheUsers();
    void gridTheUserChooses();
    void bandwidthAxisIsEverywhere();
    void plotKeepsItsWidthWhileSearching();
    void realDieAgainstAModelAtAnotherNode();
    void budgetBandMovesAlone();
    void refusedSessionGetsNoStaleCurve();
    void fastDragKeepsLabelsInStep();
    void runningSearchDrawsNoOldResult();

private:
    app::TalgWorkspace* talg() const { return window_->workspace<app::TalgWorkspace>(); }
    app::AreaWorkspace* area() const { return window_->workspace<app::AreaWorkspace>(); }
    app::MwpWorkspace* mwp() const { return window_->workspace<app::MwpWorkspace>(); }
    app::RunsWorkspace* runsWs() const { return window_->workspace<app::RunsWorkspace>(); }
};

// The die-area view draws core's breakdown: GTX 980 = 397.9895 mm^2 (spec O1), and the
// cache-less references 237.49 / 356.23 (O5, O6).
void TestGuiArea::dieAreaShowsCore() {
    area()->viewTabs()->setCurrentWidget(area()->dieAreaView());
    const auto& rows = area()->dieAreaView()->rows();
    QCOMPARE(rows.size(), std::size_t{5});
    const auto coeffs = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    QCOMPARE(rows[0].breakdown.total,
             area::areaBreakdown(doc_->state().architecture(), coeffs).total);
    QVERIFY(std::abs(rows[0].breakdown.total - 397.989536) < 1e-6);
    QVERIFY(std::abs(rows[2].breakdown.total - 237.489056) < 1e-6);
    QVERIFY(std::abs(rows[4].breakdown.total - 356.233584) < 1e-6);
    QVERIFY(area()->dieAreaView()->headline().contains("397.9895"));
    area()->dieAreaView()->unitChoice()->setCurrentIndex(1); // % of the die
    QVERIFY(area()->dieAreaView()->csv().contains("vector_units_mm2"));
}

// Issue 32: the architect's example (n_SM 30, n_V 2048, M_SM 480 KB on the PPoPP'17
// workload). Under k = max the Architecture view says in one sentence that 480 KB is slower than
// a smaller M_SM, with core's numbers; choosing k = optimize there (or in the Codesign view) sets
// the session's k rule, and the sentence goes.
void TestGuiArea::kRuleWhereItBites() {
    auto* view = area()->architectureView();
    area()->viewTabs()->setCurrentWidget(view);
    const auto set = [&](widgets::ArchitectureView::Slider which, double value) {
        const auto values = view->sliderValues(which);
        const auto at = std::find(values.begin(), values.end(), value);
        QVERIFY(at != values.end());
        view->slider(which)->setValue(static_cast<int>(at - values.begin()));
    };
    set(widgets::ArchitectureView::Sms, 30);
    set(widgets::ArchitectureView::VectorUnits, 2048);
    set(widgets::ArchitectureView::SharedMemory, 480);
    view->finishPendingWork();
    const auto w = search::loadWorkload("ppopp17", "gtx980");
    search::CodesignOptions one;
    one.base = doc_->state().modelGpu();
    one.coefficients = doc_->state().areaSet();
    one.grid =
        search::HardwareGrid{{30}, {2048}, {480}, doc_->state().architecture().rVuKb, {}, {}, {}};
    const auto note = search::kRuleNote(w, one, search::thesisGrid().mSmKb);
    QVERIFY(note.has_value());
    QCOMPARE(view->kRuleText(), QString::fromStdString(search::sentence(*note)));
    QVERIFY(view->kRuleText().startsWith("Under k = max, 480 KB"));
    QCOMPARE(view->kRuleBox()->currentData().toString(), QString("max"));
    // k = optimize, chosen in the view: the session's rule; no sentence under it.
    const int optimize = view->kRuleBox()->findData("optimize");
    view->kRuleBox()->setCurrentIndex(optimize);
    emit view->kRuleBox()->activated(optimize);
    QCOMPARE(doc_->state().variant.k, talg::KRule::Optimize);
    view->finishPendingWork();
    QVERIFY(view->kRuleText().isEmpty());
    // The Codesign view shows the same rule and sets it too (one undo step each). (Its search
    // over the 425-450 mm² band only: a fraction of the default range's time.)
    SessionState narrow = doc_->state();
    narrow.codesign.areaMin = 425;
    narrow.codesign.areaMax = 450;
    doc_->edit("narrow codesign range", narrow);
    area()->viewTabs()->setCurrentWidget(area()->codesignView());
    QCOMPARE(area()->codesignView()->kRuleBox()->currentData().toString(), QString("optimize"));
    const int max = area()->codesignView()->kRuleBox()->findData("max");
    area()->codesignView()->kRuleBox()->setCurrentIndex(max);
    emit area()->codesignView()->kRuleBox()->activated(max);
    QCOMPARE(doc_->state().variant.k, talg::KRule::Max);
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().variant.k, talg::KRule::Optimize);
    QCOMPARE(doc_->state().codesign.areaMax, 450.0);
    // Both fronts: the other rule's (k = max here) is searched too and drawn against the same
    // reference; its designs are those of core's front under that rule.
    auto* codesign = area()->codesignView();
    QVERIFY(codesign->otherFront().empty());
    codesign->otherFrontBox()->setChecked(true);
    codesign->finishPendingWork();
    QCOMPARE(widgets::CodesignView::otherRule(talg::KRule::Optimize), talg::KRule::Max);
    const auto others = codesign->otherFront();
    QVERIFY(others.size() >= 2);
    for (const auto& d : others) {
        QVERIFY(d.pareto && d.feasible);
        QVERIFY(d.area >= doc_->state().codesign.areaMin &&
                d.area <= doc_->state().codesign.areaMax);
    }
}

// Moving a slider snaps to the grid, edits the session GPU through the document (undoable)
// and the view shows core's area and the exact best workload time.
void TestGuiArea::architectureSlidersEditSession() {
    auto* view = area()->architectureView();
    area()->viewTabs()->setCurrentWidget(view);
    QSlider* sms = view->slider(widgets::ArchitectureView::Sms);
    QCOMPARE(sms->value(), 7); // 16 SMs
    sms->setValue(8);          // 18 SMs
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 18.0);
    QVERIFY(doc_->state().gpu.params.at("n_sm").edited);
    view->slider(widgets::ArchitectureView::L2)->setValue(0);
    QCOMPARE(*doc_->state().gpu.params.at("l2_kb").value, 0.0);
    const auto coeffs = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    const double expected = area::areaBreakdown(doc_->state().architecture(), coeffs).total;
    QCOMPARE(view->areaMm2(), expected);
    QVERIFY(view->design() && view->design()->feasible);
    const auto w = search::loadWorkload("ppopp17", "gtx980");
    const auto d = search::optimizeDesign(w, doc_->state().modelGpu(), doc_->state().variant);
    QCOMPARE(view->design()->weightedTime, d.weightedTime);
    QVERIFY(view->summary().contains("mm²"));
    // Issue 17: the step's area and best time come from one result at once; the n_V curve
    // follows off the GUI thread and then holds the same design at the new n_SM.
    QCOMPARE(view->design()->nSm, std::int64_t(18));
    QVERIFY(view->summary().contains(QString::number(expected, 'f', 2)));
    view->finishPendingWork();
    QVERIFY(!view->curvePending());
    int onCurve = 0;
    for (const auto& c : view->curve()) {
        QCOMPARE(c.nSm, std::int64_t(18));
        if (c.nV == view->design()->nV) {
            QCOMPARE(c.weightedTime, view->design()->weightedTime);
            ++onCurve;
        }
    }
    QCOMPARE(onCurve, 1);
    QVERIFY(view->curve().size() >= 60);
    // Issue 19: the curve's points away from the n_V the area model was measured on (128) are
    // marked extrapolated in the CSV; 128 itself is not.
    const QStringList rows = view->csv().split('\n', Qt::SkipEmptyParts);
    QVERIFY(rows[1].endsWith(",n_v_extrapolated"));
    int marked = 0;
    for (const QString& row : rows.mid(2)) {
        const bool at128 = row.startsWith("128,");
        QCOMPARE(row.endsWith(",1"), !at128);
        marked += row.endsWith(",1");
    }
    QCOMPARE(marked, rows.size() - 3);
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(sms->value(), 7);
}

// The codesign view searches off the GUI thread, equals core's runCodesign, and a click on
// a design loads it (cache-less) into the GPU editor.
void TestGuiArea::codesignRunsAndLoadsDesign() {
    SessionState s = doc_->state();
    s.codesign.areaMin = 425;
    s.codesign.areaMax = 450;
    doc_->edit("range", s);
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    QVERIFY(view->result());
    QCOMPARE(view->result()->designs.size(), std::size_t{225});
    const search::DesignPoint* best = view->bestInBudget();
    QVERIFY(best);
    // Core's answer for the same inputs.
    search::CodesignOptions o;
    o.base = s.modelGpu();
    o.coefficients = s.areaSet();
    o.areaMin = 425;
    o.areaMax = 450;
    const auto r = search::runCodesign(search::loadWorkload("ppopp17", "gtx980"), o);
    const auto coreBest =
        std::min_element(r.designs.begin(), r.designs.end(), [](auto& a, auto& b) {
            return a.feasible && (!b.feasible || a.weightedTime < b.weightedTime);
        });
    QCOMPARE(best->weightedTime, coreBest->weightedTime);
    QVERIFY(view->headline().contains(QString::number(best->nV)));
    // Issue 19: a design outside the area calibration says so in the headline and the CSV
    // (n_V 128 is the only measured value; M_SM 24-384 KB the Cacti sweep).
    int outside = 0;
    for (const auto& d : view->result()->designs) {
        const QString why = view->outsideCalibration(d);
        QCOMPARE(why.contains("n_V"), d.nV != 128);
        QCOMPARE(why.contains("M_SM"), d.mSmKb < 24 || d.mSmKb > 384);
        outside += !why.isEmpty();
    }
    QVERIFY(outside > 0);
    QCOMPARE(view->headline().contains("extrapolated"), !view->outsideCalibration(*best).isEmpty());
    QVERIFY(view->csv().section('\n', 1, 1).endsWith(",outside_calibration,power_w,within_limits"));
    // Every design with n_V != 128 is named in its CSV row.
    const auto awayFrom128 =
        std::count_if(view->result()->designs.begin(), view->result()->designs.end(),
                      [](const auto& d) { return d.nV != 128; });
    QCOMPARE(view->csv().section('\n', 2).count("n_V "), int(awayFrom128));
    // Click on the best design.
    auto* plot = view->plot();
    plot->replot();
    const QPointF at(plot->xAxis->coordToPixel(best->area),
                     plot->yAxis->coordToPixel(best->speedup));
    // The pointer on it names it and says what a click loads (issue 55).
    QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    const QString name = QString("%1 SM × %2 VU").arg(best->nSm).arg(best->nV);
    QVERIFY2(QToolTip::text().startsWith(name) && QToolTip::text().contains("speed-up") &&
                 QToolTip::text().contains("A click loads " + name),
             qPrintable(QToolTip::text()));
    view->chooseNear(at);
    const auto& g = doc_->state().gpu.params;
    QCOMPARE(*g.at("n_sm").value, static_cast<double>(best->nSm));
    QCOMPARE(*g.at("n_v").value, static_cast<double>(best->nV));
    QCOMPARE(*g.at("m_sm_kb").value, best->mSmKb);
    QCOMPARE(*g.at("l1_pair_kb").value, 0.0);
    QCOMPARE(*g.at("l2_kb").value, 0.0);
    QVERIFY(!view->busy()); // a design change does not restart the search
}

// Issue 32: the limits re-mark the designs on screen without a new search (crosses, off the
// front, undoable), and the node field carries the area model to another node, named as an
// extension in the status line.
void TestGuiArea::limitsAndNode() {
    SessionState narrow = doc_->state();
    narrow.codesign.areaMin = 400;
    narrow.codesign.areaMax = 460;
    doc_->edit("narrow codesign range", narrow);
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    QVERIFY(view->result());
    QCOMPARE(view->result()->outsideLimits, std::size_t{0}); // 858 mm2 is far above
    auto* reticle = view->findChild<QDoubleSpinBox*>("codesignReticle");
    QVERIFY(reticle && view->findChild<QCheckBox*>("codesignReticleOn")->isChecked());
    reticle->setValue(430);
    QCOMPARE(doc_->state().codesign.reticleMm2, 430.0);
    QCOMPARE(doc_->undoStack()->undoText(), QString("Change reticle limit"));
    QVERIFY(!view->busy()); // re-marked, not searched again
    std::size_t above = 0;
    for (const auto& d : view->result()->designs) {
        QCOMPARE(d.allowed, d.area <= 430);
        QVERIFY(!d.pareto || d.area <= 430);
        above += d.feasible && d.area > 430;
    }
    QVERIFY(above > 10);
    QCOMPARE(view->result()->outsideLimits, above);
    QVERIFY(view->bestInBudget()->area <= 430);
    QVERIFY(view->plot()->graphCount() > 0);
    bool crosses = false;
    for (int i = 0; i < view->plot()->graphCount(); ++i) {
        crosses = crosses || view->plot()->graph(i)->name() == "beyond the reticle";
    }
    QVERIFY(crosses);
    // The power budget, switched on: the designs over it leave the front too.
    auto* powerOn = view->findChild<QCheckBox*>("codesignPowerOn");
    QVERIFY(powerOn && !powerOn->isChecked());
    powerOn->setChecked(true);
    view->findChild<QDoubleSpinBox*>("codesignPower")->setValue(120);
    QVERIFY(doc_->state().codesign.powerOn);
    QCOMPARE(doc_->state().codesign.powerW, 120.0);
    for (const auto& d : view->result()->designs) {
        QCOMPARE(d.allowed, d.area <= 430 && d.powerW <= 120);
    }
    // Each limit has its own mark, and the best design's watts are in the title.
    QStringList names;
    for (int i = 0; i < view->plot()->graphCount(); ++i) {
        names << view->plot()->graph(i)->name();
    }
    QVERIFY2(names.contains("beyond the reticle") && names.contains("over the power budget"),
             qPrintable(names.join(", ")));
    if (view->bestInBudget()) {
        QVERIFY(view->headline().contains(
            QString(", ≈ %1 W").arg(view->bestInBudget()->powerW, 0, 'f', 0)));
    }
    // Undo, step by step, back to the 858 mm2 reticle.
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().codesign.reticleMm2, 858.0);
    QVERIFY(!doc_->state().codesign.powerOn);
    QCOMPARE(view->result()->outsideLimits, std::size_t{0});
    view->cancel();
    view->finishPendingWork();

    // The node field: 7 nm, then undo.
    auto* editor = area()->areaModelEditor();
    QVERIFY(editor);
    const double at28 = area::areaBreakdown(doc_->state().architecture(), doc_->state().areaSet(),
                                            doc_->state().areaForm)
                            .total;
    const int seven = editor->nodeBox()->findData(7);
    QVERIFY(seven > 0);
    editor->nodeBox()->setCurrentIndex(seven);
    emit editor->nodeBox()->activated(seven);
    QCOMPARE(doc_->state().areaNode, 7);
    const double at7 = area::areaBreakdown(doc_->state().architecture(), doc_->state().areaSet(),
                                           doc_->state().areaForm)
                           .total;
    QVERIFY(at7 < at28 / 3);
    QVERIFY(area()->statusText().contains("7 nm (extension, overhead as logic)"));
    // Every codesign design is outside the 28 nm calibration, named by its node.
    view->finishPendingWork();
    if (view->result() && !view->result()->designs.empty()) {
        QVERIFY(view->outsideCalibration(view->result()->designs.front()).contains("node 7 nm"));
    }
    QVERIFY(editor->nodeBox()->currentText().contains("extension"));
    QVERIFY(editor->overheadBox()->isEnabled());
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().areaNode, 28);
    QVERIFY(!area()->statusText().contains("extension"));
    QVERIFY(!editor->overheadBox()->isEnabled());
    view->cancel();
    view->finishPendingWork();
}

// Issue 59: the Area model box chooses the coefficient set, shipped or the user's, as one
// undoable edit; a file the CLI refuses is refused here too, naming the field, and the session
// keeps its set.
void TestGuiArea::coefficientSetOfTheUsers() {
    auto* editor = area()->areaModelEditor();
    QComboBox* box = editor->coefficientsBox();
    QCOMPARE(box->currentData().toString(), QString("maxwell-28nm"));
    const area::CoefficientSet initial = doc_->state().areaCoefficients;
    const double before = area::areaBreakdown(doc_->state().architecture(), doc_->state().areaSet(),
                                              doc_->state().areaForm)
                              .mm2(area::Component::VectorUnits);
    // A set of the user's: the shipped one with beta_VU doubled.
    nlohmann::json mine = area::toJson(area::loadCoefficientSet("maxwell-28nm"));
    mine["id"] = "mine-doubled-vu";
    mine["name"] = "Mine, beta_VU doubled";
    mine["params"]["beta_vu"]["value"] = mine["params"]["beta_vu"]["value"].get<double>() * 2;
    const std::filesystem::path folder = userProfileFolders().front() / "area";
    std::filesystem::create_directories(folder);
    {
        std::ofstream f(folder / "mine-doubled-vu.json");
        f << mine.dump(2);
    }
    widgets::ProfileCatalog::instance()->notifyChanged("area");
    const int index = box->findData("mine-doubled-vu");
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
    QCOMPARE(doc_->state().areaCoefficients.id, std::string("mine-doubled-vu"));
    const double after = area::areaBreakdown(doc_->state().architecture(), doc_->state().areaSet(),
                                             doc_->state().areaForm)
                             .mm2(area::Component::VectorUnits);
    QCOMPARE(after, 2 * before);
    QCOMPARE(doc_->undoStack()->undoText(), QString("Choose area coefficients mine-doubled-vu"));
    doc_->undoStack()->undo();
    QVERIFY(doc_->state().areaCoefficients == initial);
    QCOMPARE(box->currentData().toString(), QString("maxwell-28nm"));
    // A file the CLI refuses (a negative coefficient): refused with the field, nothing changes.
    mine["params"]["beta_vu"]["value"] = -1;
    const std::filesystem::path bad = folder.parent_path() / "bad-area-set.json";
    {
        std::ofstream f(bad);
        f << mine.dump(2);
    }
    QString said;
    connect(editor, &widgets::AreaModelEditor::statusMessage, this,
            [&said](const QString& text) { said = text; });
    widgets::selectProfileItem(box, bad.string(), QString::fromStdString(bad.string()));
    const int badIndex = box->currentIndex();
    const int undoCount = doc_->undoStack()->count();
    emit box->activated(badIndex);
    QVERIFY2(said.contains("refused") && said.contains("beta_vu"), qPrintable(said));
    QCOMPARE(doc_->undoStack()->count(), undoCount);
    QCOMPARE(box->currentData().toString(), QString("maxwell-28nm"));
    std::filesystem::remove(folder / "mine-doubled-vu.json");
    std::filesystem::remove(bad);
    widgets::ProfileCatalog::instance()->notifyChanged("area");
}

// Issue 32: the grid's axes as typed; a refused text stays, names the field and changes
// nothing; an accepted one is searched (with its design count and estimate first) and undone.
void TestGuiArea::gridTheUserChooses() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    auto* nSm = view->findChild<QLineEdit*>("codesignGridNSm");
    auto* bandwidth = view->findChild<QLineEdit*>("codesignGridBandwidth");
    QVERIFY(nSm && bandwidth);
    QCOMPARE(nSm->text(), QString("2:32:2"));
    QCOMPARE(view->findChild<QLineEdit*>("codesignGridMSm")->text(), QString("12:48:12,96:480:48"));
    QVERIFY(view->estimateText().startsWith("13,312 designs, 3,737 in range: about"));
    view->cancel();
    view->finishPendingWork();
    const CodesignSettings before = doc_->state().codesign;
    const int steps = doc_->undoStack()->count();
    nSm->setFocus();
    nSm->setText("32:2:2"); // backwards
    emit nSm->editingFinished();
    QVERIFY(doc_->state().codesign == before);
    QCOMPARE(doc_->undoStack()->count(), steps);
    QCOMPARE(nSm->text(), QString("32:2:2")); // stays where it was typed
    QVERIFY(view->findChild<QLabel*>("codesignStatus")->text().contains("grid n_SM = 32:2:2"));
    nSm->setText("8:32:8");
    bandwidth->setText("112,224");
    emit nSm->editingFinished();
    QVERIFY((doc_->state().codesign.gridNSm == std::vector<std::int64_t>{8, 16, 24, 32}));
    QVERIFY((doc_->state().codesign.gridBandwidthGBs == std::vector<double>{112, 224}));
    QCOMPARE(doc_->undoStack()->undoText(), QString("Change codesign grid"));
    QVERIFY(view->estimateText().startsWith("6,656 designs")); // 4 x 64 x 13 x 2 bandwidths
    view->finishPendingWork();
    QVERIFY(view->result());
    std::set<double> bandwidths;
    for (const auto& d : view->result()->designs) {
        QVERIFY(d.nSm % 8 == 0);
        bandwidths.insert(d.bandwidthGBs);
    }
    QVERIFY((bandwidths == std::set<double>{112, 224}));
    doc_->undoStack()->undo();
    QVERIFY(doc_->state().codesign == before);
    QCOMPARE(nSm->text(), QString("2:32:2"));
    QVERIFY(bandwidth->text().isEmpty());
    view->cancel();
    view->finishPendingWork();
}

// Issue 55: with a bandwidth axis, the best design's title names its bandwidth, the CSV has one
// row per design with a bandwidth column, a click loads the bandwidth too (L = 1 / bandwidth, in
// the same undoable step) and the loaded design lies in the budget band, drawn once.
void TestGuiArea::bandwidthAxisIsEverywhere() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    SessionState s = doc_->state();
    s.codesign.gridNSm = {16, 24};
    s.codesign.gridNV = {128, 256};
    s.codesign.gridMSmKb = {96};
    s.codesign.gridBandwidthGBs = {3000, 3500, 4000, 4500, 5000, 5500, 6000};
    s.codesign.areaMin = 100;
    s.codesign.areaMax = 900;
    s.codesign.budgetMin = 100;
    s.codesign.budgetMax = 900;
    doc_->edit("bandwidth grid", s);
    view->finishPendingWork();
    QVERIFY(view->result());
    QCOMPARE(view->result()->designs.size(), std::size_t{28});
    const search::DesignPoint* best = view->bestInBudget();
    QVERIFY(best);
    QVERIFY2(view->headline().contains(QStringLiteral("%1 GB/s").arg(best->bandwidthGBs)),
             qPrintable(view->headline()));
    // The CSV: a bandwidth column, and no two rows alike.
    QStringList rows = widgets::commentedPreamble(view->csv()).split('\n', Qt::SkipEmptyParts);
    rows.erase(std::remove_if(rows.begin(), rows.end(),
                              [](const QString& r) { return r.startsWith('#'); }),
               rows.end());
    QVERIFY2(rows.front().startsWith("n_sm,n_v,m_sm_kb,bandwidth_gbs,phy_mm2,area_mm2"),
             qPrintable(rows.front()));
    QCOMPARE(rows.size(), 29);
    std::set<QString> keys;
    for (int i = 1; i < rows.size(); ++i) {
        keys.insert(rows[i].section(',', 0, 3));
    }
    QCOMPARE(keys.size(), std::size_t{28});
    // A click loads every axis of the design, bandwidth included, in one step. (A copy: the
    // new L starts a new search, whose result replaces the one `best` points into.)
    const search::DesignPoint chosen = *best;
    best = &chosen;
    const int steps = doc_->undoStack()->count();
    auto* plot = view->plot();
    plot->replot();
    view->chooseNear(
        QPointF(plot->xAxis->coordToPixel(best->area), plot->yAxis->coordToPixel(best->speedup)));
    QCOMPARE(doc_->undoStack()->count(), steps + 1);
    const auto& g = doc_->state().gpu.params;
    QCOMPARE(*g.at("n_sm").value, static_cast<double>(best->nSm));
    QCOMPARE(*g.at("l_s_per_gb").value, 1.0 / best->bandwidthGBs);
    view->finishPendingWork();
    // The areas did not move with the session's L (the PHY is counted from the shipped GPU's).
    const search::DesignPoint* again = view->bestInBudget();
    QVERIFY(again);
    QCOMPARE(again->area, best->area);
    int drawn = 0;
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == "session design") {
            ++drawn;
            QCOMPARE(plot->graph(i)->dataCount(), 1);
            const double x = plot->graph(i)->data()->begin()->key;
            QCOMPARE(x, best->area);
            QVERIFY(x >= doc_->state().codesign.budgetMin && x <= doc_->state().codesign.budgetMax);
        }
    }
    QCOMPARE(drawn, 1);
    view->cancel();
    view->finishPendingWork();
}

// Issue 55: while a search ran, the Codesign plot shrank to a 60-pixel column with one word a
// line: its legend, emptied, capped the layout's column at its margins. An empty legend leaves
// the layout; the title and the axes keep the plot's width, and the legend comes back with the
// result.
void TestGuiArea::plotKeepsItsWidthWhileSearching() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    SessionState s = doc_->state();
    s.codesign.gridBandwidthGBs = {200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 700};
    doc_->edit("a long search", s);
    QCoreApplication::processEvents();
    QVERIFY(view->busy());
    QCustomPlot* plot = view->plot();
    plot->replot();
    QCPLayoutElement* title = plot->plotLayout()->element(0, 0);
    QVERIFY2(title->outerRect().width() >= plot->width() * 9 / 10,
             qPrintable(
                 QStringLiteral("%1 of %2 px").arg(title->outerRect().width()).arg(plot->width())));
    QVERIFY(plot->axisRect()->width() >= plot->width() / 2);
    view->cancel();
    view->finishPendingWork();
    doc_->undoStack()->undo();
    view->finishPendingWork();
    QVERIFY(view->resultShown());
    plot->replot();
    QVERIFY(plot->legend->layout() == plot->plotLayout()); // back under the axes
    QVERIFY(plot->legend->itemCount() > 3);
}

// Issue 55: at 5 nm the Die area view said the GTX 980's 28 nm die was "398 mm² (the model
// -87.4 %)", and the register file's 2-pixel part vanished between the stack's gaps. The real
// die says its node against another node's model; the parts touch.
void TestGuiArea::realDieAgainstAModelAtAnotherNode() {
    auto* view = area()->dieAreaView();
    area()->viewTabs()->setCurrentWidget(view);
    const auto realDieLabel = [view] {
        auto* plot = view->findChild<QCustomPlot*>("areaComparePlot");
        QString found;
        for (int i = 0; i < plot->itemCount(); ++i) {
            if (auto* t = qobject_cast<QCPItemText*>(plot->item(i));
                t && t->text().startsWith("398 mm²")) {
                found = t->text();
            }
        }
        return found;
    };
    QVERIFY2(realDieLabel().contains("the model") && realDieLabel().contains("%"),
             qPrintable(realDieLabel()));
    SessionState s = doc_->state();
    s.areaNode = 5;
    doc_->edit("5 nm", s);
    QCoreApplication::processEvents();
    QCOMPARE(realDieLabel(), QString("398 mm² at 28 nm (the model is at 5 nm)"));
    auto* plot = view->findChild<QCustomPlot*>("areaComparePlot");
    int stacked = 0;
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto* b = qobject_cast<QCPBars*>(plot->plottable(i)); b && b->barBelow()) {
            QCOMPARE(b->stackingGap(), 0.0);
            QVERIFY(b->pen().color() != QColor(Qt::white)); // a white outline hid small parts
            ++stacked;
        }
    }
    QVERIFY(stacked >= 5);
    doc_->undoStack()->undo();
}

void TestGuiArea::codesignBadRangeKeepsState() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    const CodesignSettings before = doc_->state().codesign;
    auto* lo = view->findChild<QDoubleSpinBox*>("codesignAreaMin");
    QVERIFY(lo);
    lo->setValue(900); // above the range's maximum of 650
    QVERIFY(doc_->state().codesign == before);
    // What a quit or save says would be lost names the fields in the window's words, with what
    // was typed (issue 55: "codesignAreaMin: " with a blank value).
    const QStringList refused = widgets::refusedTexts(window_);
    QVERIFY2(refused.size() == 2 && refused.join('|').contains("Designs from: 900") &&
                 refused.join('|').contains("Designs from … to: ") &&
                 !refused.join('|').contains("codesignArea"),
             qPrintable(refused.join('|')));
    view->cancel();
    view->finishPendingWork();
}

CDX_GUI_TEST_MAIN(TestGuiArea)

#include "test_gui_area.moc"

// Issue 33: dragging the budget band moves the band, the best design in it and the headline
// on their own layers, without redrawing the designs; the picture equals a full redraw of the
// same session, and anything else changed with the band draws everything.
void TestGuiArea::budgetBandMovesAlone() {
    SessionState s = defaultSession();
    s.codesign.areaMin = 400;
    s.codesign.areaMax = 460;
    s.codesign.budgetMin = 405;
    s.codesign.budgetMax = 415;
    widgets::CodesignView moved;
    moved.resize(880, 690);
    moved.show();
    moved.setSession(s);
    moved.finishPendingWork();
    QVERIFY(moved.result());
    QCPGraph* first = moved.plot()->graph(0);
    const QString before = moved.headline();
    int steps = 0;
    for (double lo = 410; lo <= 440; lo += 5, ++steps) {
        s.codesign.budgetMin = lo;
        s.codesign.budgetMax = lo + 12;
        moved.setSession(s);
        QCOMPARE(moved.plot()->graph(0), first); // the designs were not drawn again
    }
    QCOMPARE(steps, 7);
    QVERIFY(moved.headline() != before);
    QVERIFY(moved.headline().contains("440–452 mm²"));
    widgets::CodesignView fresh;
    fresh.resize(880, 690);
    fresh.show();
    fresh.setSession(s);
    fresh.finishPendingWork();
    QCOMPARE(fresh.headline(), moved.headline());
    QCOMPARE(fresh.bestInBudget()->weightedTime, moved.bestInBudget()->weightedTime);
    const QImage a = moved.plot()->toPixmap(880, 560).toImage();
    const QImage b = fresh.plot()->toPixmap(880, 560).toImage();
    QCOMPARE(a, b);
    // The band and a limit at once: everything is drawn again.
    s.codesign.budgetMin = 420;
    s.codesign.reticleMm2 = 430;
    moved.setSession(s);
    QVERIFY(moved.result()->outsideLimits > 0);
    bool crosses = false; // drawn by the full redraw only
    for (int i = 0; i < moved.plot()->graphCount(); ++i) {
        crosses = crosses || (moved.plot()->graph(i)->name() == "beyond the reticle" &&
                              moved.plot()->graph(i)->dataCount() > 0);
    }
    QVERIFY(crosses);
}

// Issue 33: the n_V curve waits 40 ms for the hand to rest; a session the area model refuses
// that arrives meanwhile drops it (it must not be drawn as the refused session's curve).
void TestGuiArea::refusedSessionGetsNoStaleCurve() {
    widgets::ArchitectureView v;
    v.resize(880, 690);
    v.show();
    SessionState ok = defaultSession();
    v.setSession(ok);
    QVERIFY(v.curvePending());
    SessionState bad = ok;
    bad.gpu.params.erase("r_vu_kb"); // the area model needs it
    v.setSession(bad);
    QVERIFY(!v.curvePending());
    QTest::qWait(150);
    QVERIFY(v.curve().empty());
    // The valid session again: its curve comes once the hand rests.
    v.setSession(ok);
    QTRY_VERIFY(!v.curvePending());
    QCOMPARE(v.curve().size(), std::size_t{64});
}

// Issue 44 item 12: the Architecture sliders step through the session's codesign grid; a
// 128-SM design on a 64:160:8 grid is on it, and an off-grid value (132) is a stop the slider
// can come back to after moving away.
void TestGuiArea::slidersFollowTheGrid() {
    auto* view = area()->architectureView();
    area()->viewTabs()->setCurrentWidget(view);
    SessionState s = doc_->state();
    for (std::int64_t n = 64; n <= 160; n += 8) {
        s.codesign.gridNSm.push_back(n);
    }
    setGpuParameter(s.gpu, "n_sm", 128);
    doc_->edit("grid 64:160:8", s);
    QCoreApplication::processEvents();
    using V = widgets::ArchitectureView;
    auto values = view->sliderValues(V::Sms);
    QCOMPARE(values.size(), std::size_t(13));
    QCOMPARE(values.front(), 64.0);
    QCOMPARE(values.back(), 160.0);
    QCOMPARE(view->slider(V::Sms)->maximum(), 12);
    QCOMPARE(values[static_cast<std::size_t>(view->slider(V::Sms)->value())], 128.0);
    // 132 SMs: off the grid, kept as a stop.
    s = doc_->state();
    setGpuParameter(s.gpu, "n_sm", 132);
    doc_->edit("n_sm 132", s);
    QCoreApplication::processEvents();
    values = view->sliderValues(V::Sms);
    QCOMPARE(values.size(), std::size_t(14));
    const auto index = [&values](double x) {
        return static_cast<int>(std::find(values.begin(), values.end(), x) - values.begin());
    };
    QCOMPARE(view->slider(V::Sms)->value(), index(132));
    view->slider(V::Sms)->setValue(index(136));
    view->finishPendingWork();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 136.0);
    values = view->sliderValues(V::Sms);
    view->slider(V::Sms)->setValue(index(132)); // back to the off-grid value
    view->finishPendingWork();
    QCOMPARE(*doc_->state().gpu.params.at("n_sm").value, 132.0);
}

// Issue 44 item 9: a range whose end is below its start, and a grid axis the parser refuses,
// are marked, named in the status line in the window's words, and not applied; the typed values
// stay on screen, and correcting them clears the mark.
void TestGuiArea::refusedRangesAreMarked() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    auto* from = view->findChild<QDoubleSpinBox*>("codesignAreaMin");
    auto* to = view->findChild<QDoubleSpinBox*>("codesignAreaMax");
    auto* status = view->findChild<QLabel*>("codesignStatus");
    QVERIFY(from && to && status);
    const double applied = doc_->state().codesign.areaMax;
    from->setValue(650);
    to->setValue(200);
    QCOMPARE(to->value(), 200.0); // stays as typed
    QVERIFY(to->property("refused").toBool());
    QVERIFY(from->property("refused").toBool());
    QVERIFY2(status->text().contains("Designs from … to") && status->text().contains("200"),
             qPrintable(status->text()));
    QCOMPARE(doc_->state().codesign.areaMax, applied); // not applied
    to->setValue(700);
    QVERIFY(!to->property("refused").toBool());
    QVERIFY(!from->property("refused").toBool());
    QCOMPARE(doc_->state().codesign.areaMax, 700.0);
    // A range with no design in it says so, not "no feasible design in the budget band".
    to->setValue(650);
    view->finishPendingWork();
    QVERIFY2(view->headline().contains("no design of the grid lies in 650–650 mm²"),
             qPrintable(view->headline()));
    to->setValue(700);
    view->finishPendingWork();
    auto* nSm = view->findChild<QLineEdit*>("codesignGridNSm");
    QVERIFY(nSm);
    nSm->setText("32:2:2");
    emit nSm->editingFinished();
    QVERIFY(nSm->property("refused").toBool());
    QVERIFY2(status->text().startsWith("Not applied: grid n_SM"), qPrintable(status->text()));
    QCOMPARE(nSm->text(), QString("32:2:2"));
    QVERIFY(doc_->state().codesign.gridNSm.empty());
}

namespace {
// Counts the paint events a widget receives.
class PaintCounter : public QObject {
public:
    int paints = 0;

protected:
    bool eventFilter(QObject*, QEvent* e) override {
        paints += e->type() == QEvent::Paint ? 1 : 0;
        return false;
    }
};
} // namespace

// Issue 44: a fast n_SM drag in Architecture. In every frame the plot's title, the text beside
// it and the status line describe one state: each step's plot is painted with the labels (no
// immediate repaint ahead of them), and all three name the step's die area and n_SM. The n_V
// curve being computed for the new n_SM keeps the last one on screen, grey and named stale,
// never blank; when the new one arrives it is this design's and the mark goes.
void TestGuiArea::fastDragKeepsLabelsInStep() {
    auto* view = area()->architectureView();
    area()->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    QApplication::processEvents();
    QVERIFY(!view->curveStale());
    QCustomPlot* plot = view->plot();
    QCPGraph* speedup = plot->graph(0);
    const int before = speedup->dataCount();
    QVERIFY(before > 1);
    PaintCounter counter;
    plot->installEventFilter(&counter);
    auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
    QVERIFY(title);
    QSlider* sms = view->slider(widgets::ArchitectureView::Sms);
    sms->setSliderDown(true); // a drag: each step an edit, the curve waiting for the hand
    int steps = 0;
    const int first = sms->value() + 1;
    const int last = std::min(sms->maximum(), first + 5);
    QVERIFY(last - first == 5);
    for (int v = first; v <= last; ++v) {
        counter.paints = 0;
        sms->setValue(v);
        // Nothing painted yet: the plot waits for the paint cycle the labels wait for.
        QCOMPARE(counter.paints, 0);
        const std::int64_t nSm =
            static_cast<std::int64_t>(*doc_->state().gpu.params.at("n_sm").value);
        const QString area2 = QString::number(view->areaMm2(), 'f', 2);
        const QString area1 = QString::number(view->areaMm2(), 'f', 1);
        QCOMPARE(title->text(), view->summary().section('\n', 0, 0));
        QVERIFY2(title->text().contains(area2), qPrintable(title->text()));
        auto* side = view->findChild<QLabel*>("archSummary");
        QCOMPARE(side->text(), view->summary());
        QVERIFY2(window_->statusText().contains(QString("die area %1 mm²").arg(area1)),
                 qPrintable(window_->statusText()));
        QVERIFY(window_->statusText().contains(QString("n_SM = %1,").arg(nSm)));
        QCOMPARE(view->design()->nSm, nSm);
        // The last curve stays, marked stale.
        QVERIFY(view->curveStale());
        QCOMPARE(speedup->dataCount(), before);
        QVERIFY(speedup->name().contains("stale"));
        QVERIFY(speedup->pen().color() == QColor(150, 150, 150));
        QApplication::processEvents();
        QVERIFY(counter.paints >= 1); // painted in the cycle, with the labels
        ++steps;
    }
    QCOMPARE(steps, 6);
    sms->setSliderDown(false);
    view->finishPendingWork();
    QVERIFY(!view->curveStale());
    QVERIFY(!speedup->name().contains("stale"));
    QVERIFY(speedup->dataCount() > 1);
    for (const auto& c : view->curve()) {
        QCOMPARE(c.nSm, view->design()->nSm);
    }
    plot->removeEventFilter(&counter);
}

// Issue 45: while a codesign search runs for new inputs, the plot shows no point or label of
// the previous search under the new title; the new result is drawn when it arrives.
void TestGuiArea::runningSearchDrawsNoOldResult() {
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    view->finishPendingWork();
    QVERIFY(view->result() != nullptr);
    QVERIFY(view->plot()->graphCount() > 0);
    SessionState s = doc_->state();
    s.codesign.areaMax = s.codesign.areaMax - 50; // other inputs: a new search
    doc_->edit("range", s);
    QVERIFY(view->busy());
    QVERIFY(!view->resultShown());
    QCOMPARE(view->headline(), QString("Searching…"));
    int points = 0;
    for (int i = 0; i < view->plot()->graphCount(); ++i) {
        points += view->plot()->graph(i)->dataCount();
    }
    QCOMPARE(points, 0);
    view->finishPendingWork();
    QVERIFY(view->resultShown());
    QVERIFY(view->headline().contains("designs"));
}

// Issue 45: an axis label longer than its axis is elided in the middle, its unit kept, not run
// past the axis into the title (the Codesign y label in F11 at 1366 x 768); whole again when
// the axis is long enough, and whole for the page and the glossary (fullAxisLabel).
void TestGuiArea::longAxisLabelIsElided() {
    QCustomPlot plot;
    plot.setViewport(QRect(0, 0, 500, 320));
    widgets::applyTheme(plot, widgets::plotTheme(true));
    const QString full = "speed-up vs gtx980 as shipped, the session's workload [×]";
    plot.yAxis->setLabel(full);
    plot.xAxis->setLabel("area [mm²]");
    plot.replot();
    QVERIFY2(plot.yAxis->label() != full && plot.yAxis->label().contains(QChar(0x2026)),
             qPrintable(plot.yAxis->label()));
    QVERIFY(plot.yAxis->label().endsWith("[×]"));
    QVERIFY(QFontMetrics(plot.yAxis->labelFont()).horizontalAdvance(plot.yAxis->label()) <=
            plot.axisRect()->height());
    QCOMPARE(widgets::fullAxisLabel(*plot.yAxis), full);
    QCOMPARE(plot.xAxis->label(), QString("area [mm²]")); // short enough: untouched
    plot.setViewport(QRect(0, 0, 1400, 1000));
    plot.replot();
    QCOMPARE(plot.yAxis->label(), full);
    // A label the view sets anew replaces the remembered one.
    plot.setViewport(QRect(0, 0, 500, 320));
    plot.replot();
    plot.yAxis->setLabel("T_alg [s]");
    plot.replot();
    QCOMPARE(plot.yAxis->label(), QString("T_alg [s]"));
    QCOMPARE(widgets::fullAxisLabel(*plot.yAxis), QString("T_alg [s]"));
}

// Issue 45: at 5 nm the two Maxwell references sit close, and a baseline of another design has a
// label of its own: no two labels overlap, and the legend is below the axes, not over the front.
void TestGuiArea::codesignLabelsKeepApart() {
    SessionState s = doc_->state();
    s.areaNode = 5;
    SessionState other = s;
    setParameter(other.gpu, other.stencil, other.gpu.id, "n_sm", 20.0);
    other.baseline.reset();
    s.baseline = std::make_shared<const SessionState>(other);
    doc_->edit("5 nm with a baseline", s);
    auto* view = area()->codesignView();
    area()->viewTabs()->setCurrentWidget(view);
    area()->finishPendingWork();
    view->finishPendingWork();
    QCoreApplication::processEvents();
    QCustomPlot* plot = view->plot();
    widgets::layOutNow(*plot);
    plot->replot();
    QCOMPARE(plot->legend->layout(), static_cast<QCPLayout*>(plot->plotLayout()));
    // Every label inside the axes, whole (issue 62: a baseline near the right edge opened its
    // label past it, "... without cac"), none over another.
    const auto checkLabels = [&](const QString& where) {
        QList<QPair<QString, QRectF>> labels;
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* t = qobject_cast<QCPItemText*>(plot->item(i));
            if (t && t->visible() && t->property("cdxApart").toInt() > 0) {
                labels.append(
                    {t->text(), QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition())
                                    .normalized()});
            }
        }
        QVERIFY2(labels.size() >= 3, qPrintable(QString::number(labels.size())));
        int pairs = 0;
        for (qsizetype i = 0; i < labels.size(); ++i) {
            QVERIFY2(plot->axisRect()
                         ->rect()
                         .adjusted(-1, -1, 1, 1)
                         .contains(labels[i].second.toAlignedRect()),
                     qPrintable(where + ": " + labels[i].first));
            for (qsizetype j = i + 1; j < labels.size(); ++j) {
                QVERIFY2(!labels[i].second.intersects(labels[j].second),
                         qPrintable(labels[i].first + " / " + labels[j].first));
                ++pairs;
            }
        }
        QVERIFY(pairs >= 3);
    };
    checkLabels("n_SM 20 baseline");
    {
        SessionState wide = doc_->state();
        SessionState big = *wide.baseline;
        // Thesis Table C.2's Heat 2D design, cache-less: lesson 4's baseline.
        setParameter(big.gpu, big.stencil, big.gpu.id, "n_sm", 22.0);
        setParameter(big.gpu, big.stencil, big.gpu.id, "n_v", 256.0);
        setParameter(big.gpu, big.stencil, big.gpu.id, "m_sm_kb", 12.0);
        setParameter(big.gpu, big.stencil, big.gpu.id, "l1_pair_kb", 0.0);
        setParameter(big.gpu, big.stencil, big.gpu.id, "l2_kb", 0.0);
        big.areaNode = area::kCalibrationNode;
        wide.baseline = std::make_shared<const SessionState>(big);
        doc_->edit("a baseline near the right edge", wide);
        area()->finishPendingWork();
        view->finishPendingWork();
        QCoreApplication::processEvents();
        widgets::layOutNow(*plot);
        plot->replot();
        checkLabels("Table C.2 baseline");
        // At the size the view has beside a lesson's panel on a laptop.
        const QRect viewport = plot->viewport();
        plot->setViewport(QRect(0, 0, 880, 330));
        plot->replot();
        checkLabels("Table C.2 baseline, 880 x 330");
        plot->setViewport(viewport);
        plot->replot();
        doc_->undoStack()->undo();
        area()->finishPendingWork();
        view->finishPendingWork();
        QCoreApplication::processEvents();
        widgets::layOutNow(*plot);
        plot->replot();
    }
    // The references' and the baseline's labels keep off the design cloud (they sat on it, on
    // translucent boxes), at the window's size and at a slide's, where the export places them.
    const auto checkClear = [&](const QString& where) {
        std::vector<QPointF> marks;
        for (int g = 0; g < plot->graphCount(); ++g) {
            if (plot->graph(g)->name() == "design (dominated)") {
                for (const auto& d : *plot->graph(g)->data()) {
                    marks.emplace_back(plot->xAxis->coordToPixel(d.key),
                                       plot->yAxis->coordToPixel(d.value));
                }
            }
        }
        QVERIFY2(marks.size() > 1000, qPrintable(QString::number(marks.size())));
        int clear = 0;
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* t = qobject_cast<QCPItemText*>(plot->item(i));
            if (!t || !t->visible() || !t->property("cdxLeader").isValid()) {
                continue;
            }
            const QRectF r =
                QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition()).normalized();
            const auto covered = std::count_if(marks.begin(), marks.end(),
                                               [&](const QPointF& m) { return r.contains(m); });
            QVERIFY2(covered <= 2,
                     qPrintable(
                         QString("%1: '%2' covers %3 designs").arg(where, t->text()).arg(covered)));
            QVERIFY2(plot->axisRect()->rect().contains(r.toAlignedRect()),
                     qPrintable(where + ": " + t->text()));
            ++clear;
        }
        QCOMPARE(clear, 3); // GTX 980, Titan X and the baseline (the GPU as shipped is the GTX 980)
    };
    checkClear("window");
    const QRect viewport = plot->viewport();
    plot->setViewport(QRect(0, 0, 1600, 1000));
    widgets::separateLabels(*plot);
    checkClear("1600 x 1000");
    plot->setViewport(viewport);
    widgets::separateLabels(*plot);
    doc_->undoStack()->undo();
    doc_->undoStack()->setClean();
}
