// SPDX-License-Identifier: GPL-3.0-or-later
// The mwp workspace's GUI suite (offscreen): its views equal core, edits are undoable,
// bad input keeps the state.

#include "area/architecture_view.hpp"
#include "area/area_model.hpp"
#include "area/codesign_view.hpp"
#include "area/die_area_view.hpp"
#include "common/integer_box.hpp"
#include "common/number_field.hpp"
#include "common/parameter_form.hpp"
#include "common/profile_combo.hpp"
#include "common/view_export.hpp"
#include "gui/gui_fixture.hpp"
#include "mwp/bottleneck_view.hpp"
#include "mwp/category_map.hpp"
#include "mwp/coalescing.hpp"
#include "mwp/coalescing_view.hpp"
#include "mwp/kernel_editor.hpp"
#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_roofline.hpp"
#include "mwp/mwp_roofline_view.hpp"
#include "mwp/mwp_warps_view.hpp"
#include "mwp/occupancy_view.hpp"
#include "mwp/power_model.hpp"
#include "mwp/power_view.hpp"
#include "mwp/regime_map_view.hpp"
#include "mwp/temperature_view.hpp"
#include "mwp/thermal_timeline.hpp"
#include "mwp/throughput_model.hpp"
#include "mwp/warp_timeline.hpp"
#include "mwp/warp_timeline_view.hpp"
#include "occupancy/occupancy.hpp"
#include "runs/run_stats.hpp"
#include "runs/runs_view.hpp"
#include "search/codesign.hpp"
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

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

using namespace cdx;

class TestGuiMwp : public QObject, public test::GuiFixture {
    Q_OBJECT

private slots:
    void init() { openWindow("mwp"); }
    void cleanup() { closeWindow(); }
    void bottleneckShowsCore_data();
    void bottleneckShowsCore();
    void kernelEditorEditsWithUndo();
    void kernelEditorRefusesInvalid();
    void mwpVariantChange();
    void regimeMapEqualsCore();
    void categoryMapEqualsCore();
    void powerViewEqualsCore();
    void mwpWarpsMarksSession();
    void temperatureViewEqualsCore();
    void warpTimelineEqualsCoreAndAnimates();
    void coalescingCalculatorEqualsCore();
    void mwpRooflineEqualsCore();
    void occupancyViewEqualsCore();
    void profileSavedAndListedAsYours();

private:
    app::TalgWorkspace* talg() const { return window_->workspace<app::TalgWorkspace>(); }
    app::AreaWorkspace* area() const { return window_->workspace<app::AreaWorkspace>(); }
    app::MwpWorkspace* mwp() const { return window_->workspace<app::MwpWorkspace>(); }
    app::RunsWorkspace* runsWs() const { return window_->workspace<app::RunsWorkspace>(); }
};

// The dashboard shows core's case, limiter and category for the session's kernel.
void TestGuiMwp::bottleneckShowsCore_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("caseText");
    QTest::addColumn<int>("bar"); // highlighted limiter: 0 latency, 1 bandwidth, 2 warps
    QTest::newRow("default: Example I on GTX 280 (bandwidth)")
        << QString() << QString() << QString("memory-bound") << 1;
    QTest::newRow("spec Example A on FX5600 (latency)")
        << QString("fx5600") << QString("example-a") << QString("memory-bound") << 0;
    QTest::newRow("Table 3 Mb7_C on 8800GT")
        << QString("8800gt") << QString("mb7-c") << QString() << -2;
}

void TestGuiMwp::bottleneckShowsCore() {
    QFETCH(QString, gpu);
    QFETCH(QString, kernel);
    QFETCH(QString, caseText);
    QFETCH(int, bar);
    auto* view = mwp()->bottleneckView();
    mwp()->viewTabs()->setCurrentWidget(view);
    auto* editor = mwp()->kernelEditor();
    if (!gpu.isEmpty()) {
        emit editor->gpuChosen(gpu);
        emit editor->kernelChosen(kernel);
        QCOMPARE(QString::fromStdString(doc_->state().mwp.kernel.id), kernel);
    }
    const MwpSettings& m = doc_->state().mwp;
    const auto r = mwp::evaluate(m.device(), m.model(), m.variant);
    const auto t = mwp::throughput(m.device(), m.model(), m.variant);
    QVERIFY(view->result().has_value());
    QCOMPARE(view->result()->execCycles, r.execCycles);
    QCOMPARE(view->result()->regime, r.regime);
    QCOMPARE(view->result()->limiter, r.limiter);
    QCOMPARE(view->throughputResult()->category, t.category);
    QVERIFY(view->caseBadge()->text().contains(QString::fromLatin1(mwp::label(r.regime).data())));
    QVERIFY(view->limiterBadge()->text().contains(
        QString::fromLatin1(mwp::label(r.limiter).data()).toHtmlEscaped()));
    QVERIFY(view->categoryBadge()->text().contains(QString::number(t.category)));
    QCOMPARE(view->explanation()->text(), QString::fromStdString(mwp::explain(r, m.device())));
    if (!caseText.isEmpty()) {
        QVERIFY(view->caseBadge()->text().contains(caseText));
    }
    if (bar >= -1) {
        QCOMPARE(view->highlightedBar(), bar);
    } else {
        QCOMPARE(view->highlightedBar(),
                 r.limiter == mwp::Limiter::None ? -1 : static_cast<int>(r.limiter));
    }
}

// Kernel fields edit the session through the document: one undo step each.
void TestGuiMwp::kernelEditorEditsWithUndo() {
    auto* view = mwp()->bottleneckView();
    mwp()->viewTabs()->setCurrentWidget(view);
    const double before = view->result()->execCycles;
    QLineEdit* field = mwp()->kernelEditor()->kernelForm()->field("coal_mem_insts");
    QVERIFY(field);
    QCOMPARE(field->text(), QString("8"));
    field->setText("2");
    emit field->editingFinished();
    QCOMPARE(*doc_->state().mwp.kernel.params.at("coal_mem_insts").value, 2.0);
    QVERIFY(doc_->state().mwp.kernel.params.at("coal_mem_insts").edited);
    QVERIFY(view->result()->execCycles != before);
    QCOMPARE(view->result()->execCycles,
             mwp::evaluate(doc_->state().mwp.device(), doc_->state().mwp.model(), {}).execCycles);
    // A GPU key of the same editor.
    QLineEdit* bw = mwp()->kernelEditor()->gpuForm()->field("mem_bandwidth_gbs");
    bw->setText("300");
    emit bw->editingFinished();
    QCOMPARE(doc_->state().mwp.device().bandwidthGbs, 300.0);
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(*doc_->state().mwp.kernel.params.at("coal_mem_insts").value, 8.0);
    QCOMPARE(view->result()->execCycles, before);
    QCOMPARE(mwp()->kernelEditor()->kernelForm()->field("coal_mem_insts")->text(), QString("8"));
}

void TestGuiMwp::kernelEditorRefusesInvalid() {
    const std::string before = sessionToJson(doc_->state());
    // Refused at the field by the key's rule.
    QLineEdit* blocks = mwp()->kernelEditor()->kernelForm()->field("blocks");
    blocks->setText("0");
    emit blocks->editingFinished();
    QVERIFY(mwp()->kernelEditor()->kernelForm()->lastError().contains("blocks"));
    QCOMPARE(sessionToJson(doc_->state()), before);
    // Valid for the key, invalid for the model (more independent than memory requests):
    // refused by the window, the reason in the status bar.
    QLineEdit* ind = mwp()->kernelEditor()->kernelForm()->field("ind_mem_insts");
    ind->setText("50");
    emit ind->editingFinished();
    QCOMPARE(sessionToJson(doc_->state()), before);
    QVERIFY(window_->statusBar()->currentMessage().contains("ind_mem_insts"));
    QCOMPARE(ind->text(), QString());
}

void TestGuiMwp::mwpVariantChange() {
    auto* view = mwp()->bottleneckView();
    mwp()->viewTabs()->setCurrentWidget(view);
    emit mwp()->kernelEditor()->kernelChosen("example-a");
    emit mwp()->kernelEditor()->gpuChosen("fx5600");
    for (auto [key, value] : {std::pair{"other_insts", "398"},
                              {"uncoal_mem_insts", "0"},
                              {"coal_mem_insts", "2"},
                              {"synch_insts", "0"}}) {
        QLineEdit* f = mwp()->kernelEditor()->kernelForm()->field(key);
        f->setText(value);
        emit f->editingFinished();
    }
    // spec 4.3 Example C: consistent -> Case 3, 32424 cycles; thesis -> Case 2 (CPI 1.258).
    QCOMPARE(view->result()->regime, mwp::Regime::ComputeBound);
    QCOMPARE(view->result()->execCycles, 32424.0);
    QComboBox* preset = mwp()->kernelEditor()->variantBox();
    preset->setCurrentIndex(preset->findData("thesis"));
    emit preset->activated(preset->currentIndex());
    QVERIFY(doc_->state().mwp.variant == mwp::MwpVariant::thesis());
    QCOMPARE(view->result()->regime, mwp::Regime::MemoryBound);
    QVERIFY(view->caseBadge()->text().contains("memory-bound"));
    doc_->undoStack()->undo();
    QVERIFY(doc_->state().mwp.variant == mwp::MwpVariant::consistent());
    QCOMPARE(view->result()->regime, mwp::Regime::ComputeBound);
}

void TestGuiMwp::regimeMapEqualsCore() {
    auto* view = mwp()->regimeMapView();
    mwp()->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp;
    const auto core = mwp::regimeMap(m.device(), m.model(), m.variant, m.mapX, m.mapY);
    QVERIFY(view->map().has_value());
    QCOMPARE(view->map()->cells.size(), core.cells.size());
    for (std::size_t i = 0; i < core.cells.size(); i += 97) {
        QCOMPARE(view->map()->cells[i].regime, core.cells[i].regime);
        QCOMPARE(view->map()->cells[i].limiter, core.cells[i].limiter);
    }
    QCOMPARE(view->boundaryCount(), mwp::regimeBoundaries(core).size());
    QVERIFY(view->boundaryCount() > 0);
    // Choosing another x axis is a session edit with a suggested range; undo restores it.
    QComboBox* x = view->xAxisBox();
    x->setCurrentIndex(static_cast<int>(mwp::MapAxis::ActiveSms));
    emit x->activated(x->currentIndex());
    QCOMPARE(doc_->state().mwp.mapX.axis, mwp::MapAxis::ActiveSms);
    QCOMPARE(doc_->state().mwp.mapX.max, 30.0);
    QCOMPARE(view->map()->xs.size(), std::size_t(30));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().mwp.mapX.axis, mwp::MapAxis::CompInsts);
    // A range the map refuses (log axis through 0) keeps the state.
    const std::string before = sessionToJson(doc_->state());
    auto* range = view->findChild<QLineEdit*>("mapYRange");
    range->setText("0:400");
    emit range->editingFinished();
    QCOMPARE(sessionToJson(doc_->state()), before);
    QVERIFY(window_->statusBar()->currentMessage().contains("log"));
}

void TestGuiMwp::powerViewEqualsCore() {
    auto* view = mwp()->powerView();
    mwp()->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp;
    const auto p = mwp::powerParamsOf(m.gpu);
    const auto o = mwp::optimalActiveSms(m.device(), p, m.model(), m.variant);
    QVERIFY(view->optimum().has_value());
    QCOMPARE(view->optimum()->bySweep, o.bySweep);
    QCOMPARE(view->optimum()->bySweep, 17); // spec Example I
    double sum = 0;
    for (const auto& [name, w] : view->bars()) {
        sum += w;
    }
    QVERIFY(std::abs(sum - view->result()->gpuW) < 1e-9);
    QVERIFY(view->summary()->text().contains("17 SMs"));
    // A GPU without a power model says so instead of drawing zeros.
    emit mwp()->kernelEditor()->gpuChosen("fx5600");
    QVERIFY(!view->result().has_value());
    // One short sentence in place of the charts (issue 28), the model's reason as its tooltip.
    QVERIFY2(view->noDataLabel()->text().contains("has no IPP power data; try the"),
             qPrintable(view->noDataLabel()->text()));
    QVERIFY(view->noDataLabel()->text().contains("GTX 280"));
    QVERIFY(!view->noDataLabel()->text().contains('\n'));
    QVERIFY(view->noDataLabel()->toolTip().contains("power_fp_w"));
    QVERIFY(view->noDataLabel()->isVisibleTo(view));
}

// Example I on the GTX 280 (the default session): the view's timeline is core's, its settings
// are checked (a zero run length is refused, the field shows its value again).
void TestGuiMwp::temperatureViewEqualsCore() {
    auto* view = mwp()->temperatureView();
    mwp()->viewTabs()->setCurrentWidget(view);
    QVERIFY(view->timeline().has_value());
    const MwpSettings& m = doc_->state().mwp;
    const auto p = mwp::powerParamsOf(m.gpu);
    const auto r = mwp::power(m.device(), p, m.model(), m.variant);
    const auto core = mwp::thermalTimeline(p, r, m.variant, 600, 300, 2);
    QCOMPARE(view->timeline()->samples.size(), core.samples.size());
    QCOMPARE(view->timeline()->samples.back().tempC, core.samples.back().tempC);
    QVERIFY(std::abs(view->timeline()->temperature.delta - 22.11) < 5e-3); // spec Example I
    QCOMPARE(view->plot()->graphCount(), 3);
    view->runField()->setText("0");
    view->runField()->setModified(true);
    emit view->runField()->editingFinished();
    QCOMPARE(view->runField()->value(), 600.0);
    view->cyclesBox()->setValue(3);
    QCOMPARE(view->timeline()->samples.size(), core.samples.size() * 3 / 2);
    QVERIFY(view->csv().startsWith("# "));
    // A GPU without Table 9 says so.
    emit mwp()->kernelEditor()->gpuChosen("gtx580");
    QVERIFY(!view->timeline().has_value());
    QVERIFY(view->summary()->text().contains("temperature"));
}

// The category map is core's categoryMap on the regime map's axes; the session's category is
// named; changing its axes changes both maps, and undo restores them.
void TestGuiMwp::categoryMapEqualsCore() {
    auto* view = mwp()->categoryMapView();
    mwp()->viewTabs()->setCurrentWidget(view);
    QCOMPARE(view->viewTitle(), QString("Category map"));
    const MwpSettings& m = doc_->state().mwp;
    const auto core = mwp::categoryMap(m.device(), m.model(), m.variant, m.mapX, m.mapY);
    QVERIFY(view->categories().has_value());
    QCOMPARE(view->categories()->cells.size(), core.cells.size());
    int compared = 0;
    for (std::size_t i = 0; i < core.cells.size(); i += 97) {
        QCOMPARE(view->categories()->cells[i].category, core.cells[i].category);
        ++compared;
    }
    QCOMPARE(compared, 413);
    QCOMPARE(view->boundaryCount(), mwp::categoryBoundaries(core).size());
    const int here = mwp::throughput(m.device(), m.model(), m.variant).category;
    QCOMPARE(here, 8); // Example I on the GTX 280: enough warps, bandwidth problem
    // The context, the note on empty categories, the header, then one line per cell.
    QCOMPARE(view->csv().count('\n'), static_cast<qsizetype>(core.cells.size()) + 3);
    QVERIFY(view->csv().section('\n', 2, 2).endsWith("category,perf_gflops"));
    QComboBox* y = view->yAxisBox();
    y->setCurrentIndex(static_cast<int>(mwp::MapAxis::ActiveSms));
    emit y->activated(y->currentIndex());
    QCOMPARE(doc_->state().mwp.mapY.axis, mwp::MapAxis::ActiveSms);
    QCOMPARE(view->categories()->ys.size(), std::size_t(30));
    mwp()->viewTabs()->setCurrentWidget(mwp()->regimeMapView()); // views refresh when shown
    QVERIFY(mwp()->regimeMapView()->map().has_value());
    QCOMPARE(mwp()->regimeMapView()->map()->ys.size(), std::size_t(30));
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().mwp.mapY.axis, mwp::MapAxis::BandwidthGbs);
    // A refused range (MIN > MAX) changes nothing; the typed text stays, marked, with the
    // reason (issue 28), and it does not make later edits of the other axis fail (it once did).
    mwp()->viewTabs()->setCurrentWidget(view);
    auto* xRange = view->findChild<QLineEdit*>("categoryXRange");
    auto* yRange = view->findChild<QLineEdit*>("categoryYRange");
    const std::string session = sessionToJson(doc_->state());
    xRange->setText("5:1");
    emit xRange->editingFinished();
    QCOMPARE(sessionToJson(doc_->state()), session);
    QCOMPARE(xRange->text(), QString("5:1"));
    QVERIFY(xRange->property("refused").toBool());
    QVERIFY(window_->statusBar()->currentMessage().contains("MIN < MAX"));
    const mwp::AxisRange x = doc_->state().mwp.mapX;
    yRange->setText("1:100");
    emit yRange->editingFinished();
    QCOMPARE(doc_->state().mwp.mapY.max, 100.0);
    QCOMPARE(doc_->state().mwp.mapX.max, x.max);
    QCOMPARE(xRange->text(), QString("5:1")); // still there to be corrected
}

// The warp timeline is core's schedule, its numbers are evaluate()'s (what cdx mwp prints), the
// play-head advances while playing and stops when hidden, Step lands on the next event, and an
// edit of N redraws it.
void TestGuiMwp::warpTimelineEqualsCoreAndAnimates() {
    auto* view = mwp()->timelineView();
    mwp()->viewTabs()->setCurrentWidget(view);
    QVERIFY(view->timeline().has_value());
    const MwpSettings& m = doc_->state().mwp;
    const auto r = mwp::evaluate(m.device(), m.model(), m.variant);
    const auto core = mwp::warpTimeline(r);
    QCOMPARE(view->timeline()->periods.size(), core.periods.size());
    QCOMPARE(view->timeline()->pictureSpan, core.pictureSpan);
    QCOMPARE(view->result()->execCycles, r.execCycles);
    QCOMPARE(view->timeline()->warps, 32);
    QVERIFY(view->summary()->text().contains(QString::number(r.execCycles, 'f', 0)));
    QVERIFY(view->summary()->text().contains("Case 2 (eq. 22)"));
    // Presentation mode keeps the model's numbers and moves the picture's account to the tooltip.
    view->setPresentation(true);
    QVERIFY(view->summary()->text().contains(QString::number(r.execCycles, 'f', 0)));
    QVERIFY(!view->summary()->text().contains("The picture"));
    QVERIFY(view->summary()->toolTip().contains("The picture"));
    view->setPresentation(false);
    QVERIFY(view->summary()->text().contains("The picture"));
    // Step: the first event is the end of warp 1's first computation.
    view->setPlayhead(0);
    view->stepForward();
    QCOMPARE(view->playhead(), core.compPeriod);
    QVERIFY(!view->playing());
    // Play: the play-head moves and frames are painted; hiding the view stops the timer.
    const long long frames = view->framesPainted();
    view->togglePlay();
    QVERIFY(view->playing());
    QTRY_VERIFY_WITH_TIMEOUT(view->playhead() > core.compPeriod * 2, 3000);
    QTRY_VERIFY_WITH_TIMEOUT(view->framesPainted() > frames + 3, 3000);
    mwp()->viewTabs()->setCurrentWidget(mwp()->bottleneckView());
    const double stopped = view->playhead();
    QTest::qWait(100);
    QCOMPARE(view->playhead(), stopped);
    mwp()->viewTabs()->setCurrentWidget(view);
    view->togglePlay();
    QVERIFY(!view->playing());
    // Two resident blocks: N = 16, redrawn.
    emit mwp()->kernelEditor()->parameterEdited("active_blocks_per_sm", 2, false);
    QCOMPARE(view->timeline()->warps, 16);
    QCOMPARE(view->result()->execCycles,
             mwp::evaluate(doc_->state().mwp.device(), doc_->state().mwp.model(),
                           doc_->state().mwp.variant)
                 .execCycles);
    QVERIFY(view->csv().startsWith("warp,set,kind,start_cycles,end_cycles\n"));
    QCOMPARE(view->csv().count('\n'), static_cast<qsizetype>(view->timeline()->periods.size()) + 1);
    QImage image(800, 500, QImage::Format_ARGB32);
    view->renderTo(image, image.size());
    int coloured = 0;
    for (int x = 0; x < image.width(); x += 4) {
        for (int y = 0; y < image.height(); y += 4) {
            const QColor c = image.pixelColor(x, y);
            coloured += c.saturation() > 100;
        }
    }
    QVERIFY(coloured > 200); // the bars are drawn
}

// The coalescing calculator is core's coalesce() for the fields' pattern; "Use as
// uncoal_per_mw" sets the session's kernel (undoable); a bad stride is refused and named.
void TestGuiMwp::coalescingCalculatorEqualsCore() {
    auto* view = mwp()->coalescingView();
    mwp()->viewTabs()->setCurrentWidget(view);
    QVERIFY(view->result().has_value());
    QCOMPARE(view->result()->transactions, 2); // CC 1.2, contiguous floats: 64 B per half-warp
    view->ruleBox()->setCurrentIndex(view->ruleBox()->findData("cc1.0"));
    view->strideBox()->setValue(1);
    view->offsetBox()->setValue(1);
    const auto core = mwp::coalesce(view->input());
    QCOMPARE(core.transactions, 32); // Table 2's 32 for a misaligned CC 1.0 load
    QCOMPARE(view->result()->transactions, core.transactions);
    QCOMPARE(view->result()->bytesMoved, core.bytesMoved);
    QVERIFY(view->summary()->text().contains("32 transaction(s) per warp"));
    QVERIFY(view->ruleText()->text().contains("CC 1.0/1.1"));
    QVERIFY(!view->groupBox()->isEnabled()); // the custom fields only for the custom rule
    view->ruleBox()->setCurrentIndex(view->ruleBox()->findData("custom"));
    QVERIFY(view->groupBox()->isEnabled());
    view->segmentBox()->setCurrentIndex(view->segmentBox()->findData(64));
    QCOMPARE(view->result()->transactions, mwp::coalesce(view->input()).transactions);
    QVERIFY(view->ruleText()->text().contains("64 B segments"));
    // Use it in the model: the kernel's uncoal_per_mw becomes the count; undo restores it.
    const auto before = doc_->state().mwp.model().uncoalPerMw;
    const int count = view->result()->transactions;
    QVERIFY(view->useTransactionsButton()->isEnabled());
    view->useTransactionsButton()->click();
    QCOMPARE(doc_->state().mwp.model().uncoalPerMw, static_cast<double>(count));
    view->useBytesButton()->click();
    QCOMPARE(doc_->state().mwp.model().loadBytesPerWarp,
             static_cast<double>(view->result()->bytesMoved));
    doc_->undoStack()->undo();
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().mwp.model().uncoalPerMw, before);
    // Text that is not an integer in range is refused, the field keeps its value.
    view->strideBox()->setValue(2);
    view->strideBox()->findChild<QLineEdit*>()->setText("1e400");
    QTest::keyClick(view->strideBox(), Qt::Key_Return);
    QCOMPARE(view->strideBox()->value(), 2);
    QVERIFY(window_->statusBar()->currentMessage().contains("stride"));
    QVERIFY(view->csv().contains("group,address_bytes,bytes,threads\n"));
    QCOMPARE(view->csv().count('\n'), view->result()->transactions + 2);
}

// The kernel roofline is core's mwpRoofline; the ceilings' sources are the profile's; fewer
// resident blocks move the point down, not sideways.
void TestGuiMwp::mwpRooflineEqualsCore() {
    auto* view = mwp()->rooflineView();
    mwp()->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp;
    const auto core = mwp::mwpRoofline(m.device(), m.model(), m.variant);
    QVERIFY(view->roofline().has_value());
    QCOMPARE(view->roofline()->intensity, core.intensity);
    QCOMPARE(view->roofline()->current.opsPerSecond, core.current.opsPerSecond);
    QCOMPARE(view->roofline()->peakOpsPerS, core.peakOpsPerS);
    QVERIFY(view->sources()->text().contains("thesis Table 2"));
    QVERIFY(view->summary()->text().contains("GFLOP/s"));
    QCOMPARE(view->plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    const double before = core.current.opsPerSecond;
    emit mwp()->kernelEditor()->parameterEdited("active_blocks_per_sm", 1, false);
    QCOMPARE(view->roofline()->intensity, core.intensity);
    QVERIFY(view->roofline()->current.opsPerSecond < before);
    QCOMPARE(view->csv().count('\n'), static_cast<qsizetype>(view->roofline()->sweep.size()) + 2);
    doc_->undoStack()->undo();
}

void TestGuiMwp::mwpWarpsMarksSession() {
    auto* view = mwp()->mwpWarpsView();
    mwp()->viewTabs()->setCurrentWidget(view);
    QCOMPARE(view->currentBlocks(), 4);
    QVERIFY(view->points().size() >= 8);
    const auto& cur = view->points()[3].result;
    QCOMPARE(cur.n, 32.0);
    const MwpSettings& m = doc_->state().mwp;
    QCOMPARE(cur.execCycles, mwp::evaluate(m.device(), m.model(), m.variant).execCycles);
    QVERIFY(view->csv().count('\n') == static_cast<qsizetype>(view->points().size()) + 2);
}

// Issue 30: the Occupancy view draws core's occupancy for the GPU's compute capability, and says
// why there is none for a GPU without one.
void TestGuiMwp::occupancyViewEqualsCore() {
    auto* view = mwp()->occupancyView();
    mwp()->viewTabs()->setCurrentWidget(view);
    const MwpSettings& m = doc_->state().mwp; // GTX 280 (1.3), Example I
    QVERIFY2(view->result().has_value(), qPrintable(view->titleText()));
    occupancy::Input in;
    in.threadsPerBlock = static_cast<std::int64_t>(*m.kernel.params.at("threads_per_block").value);
    const auto regs = m.kernel.params.find("registers_per_thread");
    in.registersPerThread =
        regs != m.kernel.params.end() && regs->second.value ? std::int64_t(*regs->second.value) : 0;
    const auto r = occupancy::evaluate(occupancy::limitsOf("1.3"), in);
    QCOMPARE(view->result()->blocksPerSm, r.blocksPerSm);
    QCOMPARE(view->result()->occupancy, r.occupancy);
    QVERIFY(view->titleText().contains(QString::fromStdString(r.limiter)));
    QVERIFY(view->csv().contains(
        QStringLiteral("blocks_limit_warps %1, blocks_limit_registers").arg(r.blocksLimitWarps)));
    QVERIFY(
        view->csv().contains(QStringLiteral("\nthreads_per_block,%1,").arg(in.threadsPerBlock)));
    // Issue 44: every binding limit in the headline, and which change raises occupancy.
    QVERIFY2(view->titleText().contains("limited by " +
                                        QString::fromStdString(occupancy::bindingText(r))),
             qPrintable(view->titleText()));
    QVERIFY2(view->csv().contains(
                 QString::fromStdString(occupancy::raiseText(occupancy::limitsOf("1.3"), in, r))),
             qPrintable(view->csv()));
    // Today's GPU: the A100's limits (8.0).
    emit mwp()->kernelEditor()->gpuChosen("a100-sxm4");
    QCOMPARE(view->result()->limits.cc, std::string("8.0"));
    // No compute capability: said in the title, nothing drawn.
    QLineEdit* cc = mwp()->kernelEditor()->gpuForm()->field("compute_capability");
    QVERIFY(cc);
    cc->setText("");
    emit cc->editingFinished();
    QVERIFY(!doc_->state().mwp.gpu.params.at("compute_capability").value);
    QVERIFY(!view->result().has_value());
    QVERIFY2(view->titleText().contains("compute_capability"), qPrintable(view->titleText()));
}

// Save as profile… from the MWP-CWP GPU editor: the dialog refuses a shipped id and keeps the
// text, then saves; the profile is listed under "Yours", the session uses it, and its edited
// value's source says where it came from.
void TestGuiMwp::profileSavedAndListedAsYours() {
    QLineEdit* nSm = mwp()->kernelEditor()->gpuForm()->field("n_sm");
    nSm->setText("20");
    emit nSm->editingFinished();
    // The modal dialog is driven from a timer; it records what it saw (a failed check there
    // must not leave the dialog open) and the test checks it afterwards.
    QStringList refusals;
    QString keptText;
    QTimer::singleShot(0, this, [&] {
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            return;
        }
        auto* id = dialog->findChild<QLineEdit*>("profileId");
        auto* buttons = dialog->findChild<QDialogButtonBox*>();
        if (!id || !buttons) {
            dialog->reject();
            return;
        }
        id->setText("gtx280");
        buttons->button(QDialogButtonBox::Save)->click();
        refusals << dialog->findChild<QLabel*>("profileRefusal")->text();
        keptText = id->text(); // a refused text stays where it was typed
        id->setText("my-280");
        buttons->button(QDialogButtonBox::Save)->click();
        if (dialog->isVisible()) {
            dialog->reject();
        }
    });
    mwp()->kernelEditor()->findChild<QToolButton*>("mwpGpuSaveProfile")->click();
    QCOMPARE(keptText, QString("gtx280"));
    QCOMPARE(refusals.size(), 1);
    QVERIFY2(refusals[0].contains("shipped"), qPrintable(refusals[0]));
    QCOMPARE(doc_->state().mwp.gpu.id, std::string("my-280"));
    const auto& q = doc_->state().mwp.gpu.params.at("n_sm");
    QCOMPARE(*q.value, 20.0);
    QVERIFY(!q.edited);
    QCOMPARE(q.source, std::string("edited from gtx280 (was 30)"));
    QComboBox* box = mwp()->kernelEditor()->gpuBox();
    const int yours = box->findText("Yours", Qt::MatchStartsWith);
    QVERIFY(yours > 0);
    QVERIFY(!(box->model()->flags(box->model()->index(yours, 0)) & Qt::ItemIsEnabled));
    QCOMPARE(box->findData("my-280"), yours + 1);
    QCOMPARE(box->currentData().toString(), QString("my-280"));
    // Undo returns to the edited GTX 280; the saved profile stays listed.
    doc_->undoStack()->undo();
    QCOMPARE(doc_->state().mwp.gpu.id, std::string("gtx280"));
    QVERIFY(box->findData("my-280") > 0);
}

CDX_GUI_TEST_MAIN(TestGuiMwp)

#include "test_gui_mwp.moc"
