// SPDX-License-Identifier: GPL-3.0-or-later
// Codesign: the grid oracle O16 (spec/area-codesign.md §2.7), the kernel against the exact
// tile search on sampled designs (every k rule and pitch), determinism across thread counts,
// cancellation and progress, the Pareto front, workloads and bad input.

#include "area/area_model.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "search/codesign.hpp"
#include "search/grid_axis.hpp"
#include "search/k_rule.hpp"
#include "search/physical_limits.hpp"
#include "search/tile_search.hpp"
#include "support/fixtures.hpp"
#include "support/published.hpp"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

using namespace cdx;
using namespace cdx::search;

namespace {

// Small problems keep the comparison against searchTiles quick; they span 2D and 3D.
Workload smallWorkload() {
    Workload w;
    w.id = "small";
    const auto add = [&](const char* id, int dim, double cIter, talg::Problem p, double weight) {
        WorkloadItem it;
        it.stencil = test::stencil(id, dim, cIter);
        it.stencilName = id;
        it.problem = p;
        it.weight = weight;
        w.items.push_back(it);
    };
    add("heat2d", 2, 3.68e-8, test::problem2d(4096, 4096, 1024), 1);
    add("heat2d", 2, 3.68e-8, test::problem2d(4096, 4096, 37), 2); // odd T: epsilon, tT <= T
    add("gradient2d", 2, 6.09e-8, test::problem2d(1000, 700, 64), 1);
    add("heat3d", 3, 1.55e-7, test::problem3d(128, 64), 0.5);
    add("laplacian3d", 3, 1.36e-7, talg::Problem{3, {100, 90, 200}, 33}, 1);
    return w;
}

CodesignOptions options() {
    CodesignOptions o;
    o.base = test::gtx980();
    o.coefficients = area::loadCoefficientSet(area::kDefaultCoefficientSet);
    return o;
}

HardwareGrid sampleGrid() {
    // Includes M_SM below the 48 KB per-block limit and odd values off the thesis grid.
    return HardwareGrid{
        {2, 7, 16, 32}, {32, 96, 128, 1000, 2048}, {12, 36, 96, 480}, 2, {}, {}, {}};
}

} // namespace

class TestCodesign : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }

    // O16: 13 312 grid points; 3 737 cache-less designs in [200, 650] mm^2, 225 in [425, 450].
    void gridOracleO16() {
        const HardwareGrid g = thesisGrid();
        // Expected counts: the published table (profiles/published/thesis-appendix-c.json).
        const auto count = [](const char* id) {
            return static_cast<std::size_t>(test::published(id));
        };
        const int inRange = static_cast<int>(count("thesis-c-o16-designs-425-450"));
        QCOMPARE(g.size(), count("thesis-c-o16-grid-points"));
        QCOMPARE(g.nSm.size(), std::size_t{16});
        QCOMPARE(g.nV.size(), std::size_t{64});
        QCOMPARE(g.mSmKb.size(), std::size_t{13});
        const area::Coefficients c = options().coefficients.coefficients();
        int wide = 0;
        int narrow = 0;
        for (auto s : g.nSm) {
            for (auto v : g.nV) {
                for (double m : g.mSmKb) {
                    const double a = area::totalArea({s, v, 2, m, 0, 0}, c);
                    wide += a >= 200 && a <= 650;
                    narrow += a >= 425 && a <= 450;
                }
            }
        }
        QCOMPARE(wide, static_cast<int>(count("thesis-c-o16-designs-200-650")));
        QCOMPARE(narrow, inRange);
        // runCodesign solves exactly the designs in range.
        CodesignOptions o = options();
        o.areaMin = 425;
        o.areaMax = 450;
        Workload w = smallWorkload();
        w.items.resize(1);
        const CodesignResult r = runCodesign(w, o);
        QCOMPARE(r.designs.size() + 0, static_cast<std::size_t>(inRange));
        for (const DesignPoint& d : r.designs) {
            QVERIFY(d.area >= 425 && d.area <= 450);
        }
    }

    // The kernel's optimum of every problem equals the exact search's, bit for bit.
    // Issue 57, section 7, on Table C.2's example (the PPoPP'17 workload, GTX 980 constants,
    // the 425-450 mm² budget): with the papers' model more lanes always win (4 SMs x 1952
    // lanes, 96 KB); when lanes need resident warps (hiding by occupancy, PPCG's footprint, a
    // shared memory system) shared memory per SM trades against lanes and the best design has
    // fewer lanes per SM and more shared memory.
    void tableC2BestDesignMovesWithHiding() {
        CodesignOptions o = options();
        o.base = toGpu(loadGpuProfile("gtx980"));
        o.areaMin = 425;
        o.areaMax = 450;
        const Workload w = loadWorkload("ppopp17", "gtx980");
        const auto bestOf = [&w](const CodesignOptions& opt) {
            const CodesignResult r = runCodesign(w, opt);
            const DesignPoint* best = nullptr;
            for (const auto& d : r.designs) {
                if (d.feasible && (!best || d.weightedTime < best->weightedTime)) {
                    best = &d;
                }
            }
            return *best;
        };
        const DesignPoint papers = bestOf(o);
        QCOMPARE(papers.nSm, std::int64_t(4));
        QCOMPARE(papers.nV, std::int64_t(1952));
        QCOMPARE(papers.mSmKb, 96.0);
        o.variant.smem = talg::SharedFootprint::Ppcg;
        o.variant.hiding = talg::Hiding::Occupancy;
        o.variant.bandwidth = talg::Bandwidth::Shared;
        const DesignPoint today = bestOf(o);
        QVERIFY2(
            today.nV < papers.nV && today.mSmKb > papers.mSmKb,
            qPrintable(
                QString("%1 SM x %2 VU, %3 KB").arg(today.nSm).arg(today.nV).arg(today.mSmKb)));
        QVERIFY(today.weightedTime > papers.weightedTime);
    }
    void kernelEqualsSearch_data() {
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("pitch");
        QTest::addColumn<int>("nw");
        // Issue 57's extensions: 1 PPCG's footprint, 2 hiding by occupancy, 3 hiding and a
        // shared memory system, 4 the shared memory system alone.
        QTest::addColumn<int>("extension");
        QTest::newRow("k=max geometric exact") << 0 << 0 << 0 << 0;
        QTest::newRow("k=effective geometric exact") << 1 << 0 << 0 << 0;
        QTest::newRow("k=optimize geometric exact") << 2 << 0 << 0 << 0;
        QTest::newRow("k=max paper approx") << 0 << 1 << 1 << 0;
        QTest::newRow("k=optimize paper approx") << 2 << 1 << 1 << 0;
        QTest::newRow("issue 57: smem=ppcg") << 0 << 0 << 0 << 1;
        QTest::newRow("issue 57: hiding=occupancy, k=max") << 0 << 0 << 0 << 2;
        QTest::newRow("issue 57: hiding=occupancy, k=optimize") << 2 << 0 << 0 << 2;
        QTest::newRow("issue 57: hiding, bw=shared, k=effective") << 1 << 0 << 0 << 3;
        QTest::newRow("issue 57: bw=shared, smem=ppcg") << 0 << 0 << 0 << 4;
    }
    void kernelEqualsSearch() {
        QFETCH(int, k);
        QFETCH(int, pitch);
        QFETCH(int, nw);
        QFETCH(int, extension);
        CodesignOptions o = options();
        o.variant.k = static_cast<talg::KRule>(k);
        o.variant.pitch = static_cast<talg::Pitch>(pitch);
        o.variant.nw = static_cast<talg::WavefrontCount>(nw);
        if (extension == 1 || extension == 4) {
            o.variant.smem = talg::SharedFootprint::Ppcg;
        }
        if (extension == 2 || extension == 3) {
            o.variant.hiding = talg::Hiding::Occupancy;
            o.variant.registersPerThread = 40;
            o.base.computeCapability = 5.2;
            o.base.clockMhz = 1216;
            o.base.memLdCycles = 354;
            o.base.departureCoalCycles = 4;
        }
        if (extension >= 3) {
            o.variant.bandwidth = talg::Bandwidth::Shared;
        }
        o.grid = sampleGrid();
        const Workload w = smallWorkload();
        const CodesignResult r = runCodesign(w, o);
        QCOMPARE(r.designs.size(), o.grid.size());
        int compared = 0;
        for (const DesignPoint& d : r.designs) {
            Gpu g = o.base;
            g.nSm = d.nSm;
            g.nV = d.nV;
            g.mSmKb = d.mSmKb;
            for (std::size_t i = 0; i < w.items.size(); ++i) {
                const SearchResult s =
                    searchTiles(w.items[i].stencil, w.items[i].problem, g, o.variant);
                const ItemOptimum& got = d.items[i];
                QCOMPARE(got.feasible, s.found);
                if (!s.found) {
                    continue;
                }
                const QString where =
                    QString("nSM=%1 nV=%2 M=%3 item %4").arg(d.nSm).arg(d.nV).arg(d.mSmKb).arg(i);
                QVERIFY2(got.tAlg == s.best.tAlg, qPrintable(where));
                QVERIFY2(got.tiles() == s.best.tiles, qPrintable(where));
                QCOMPARE(got.k, static_cast<std::int32_t>(s.best.k));
                ++compared;
            }
        }
        QVERIFY(compared > 300);
    }

    // Issue 33: tilings prepared once (for the largest M_SM) give every design the optima of
    // the search's own enumeration, one design at a time (what a slider step runs) and on a
    // grid whose M_SM lie below the prepared cap (the kernel skips what does not fit); a
    // prepared object that does not serve (another L, variant, workload) is not used.
    void preparedTilingsSameOptima() {
        const Workload w = smallWorkload();
        int compared = 0, fellBack = 0;
        for (const talg::KRule k :
             {talg::KRule::Max, talg::KRule::Effective, talg::KRule::Optimize}) {
            CodesignOptions o = options();
            o.variant.k = k;
            o.threads = 1;
            const auto prepared = prepareTilings(w, o.base, o.variant, 480);
            for (const double m : {12.0, 36.0, 48.0, 96.0, 480.0}) {
                for (const std::int64_t nSm : {2, 16, 31}) {
                    CodesignOptions one = o;
                    one.grid = HardwareGrid{{nSm}, {32, 128, 1000}, {m}, 2, {}, {}, {}};
                    const CodesignResult own = runCodesign(w, one);
                    one.prepared = prepared;
                    const CodesignResult fast = runCodesign(w, one);
                    QCOMPARE(fast.designs.size(), own.designs.size());
                    for (std::size_t d = 0; d < own.designs.size(); ++d) {
                        const DesignPoint& a = own.designs[d];
                        const DesignPoint& b = fast.designs[d];
                        QCOMPARE(b.feasible, a.feasible);
                        QVERIFY(b.weightedTime == a.weightedTime ||
                                (std::isnan(a.weightedTime) && std::isnan(b.weightedTime)));
                        for (std::size_t i = 0; i < a.items.size(); ++i) {
                            QCOMPARE(b.items[i].feasible, a.items[i].feasible);
                            QVERIFY(b.items[i].tAlg == a.items[i].tAlg);
                            QVERIFY(b.items[i].tiles() == a.items[i].tiles());
                            QCOMPARE(b.items[i].k, a.items[i].k);
                            ++compared;
                        }
                    }
                    // Below the cap the kernel went through the prepared superset.
                    QVERIFY(fast.tilingsPerDesign >= own.tilingsPerDesign);
                }
            }
            // Another L: the prepared tilings' transfer times are not this GPU's.
            CodesignOptions other = o;
            other.base.lSecondsPerGb *= 2;
            other.grid = HardwareGrid{{16}, {128}, {96}, 2, {}, {}, {}};
            const CodesignResult own = runCodesign(w, other);
            other.prepared = prepared;
            const CodesignResult r = runCodesign(w, other);
            QVERIFY(r.designs.front().weightedTime == own.designs.front().weightedTime);
            QCOMPARE(r.tilingsPerDesign, own.tilingsPerDesign);
            ++fellBack;
        }
        QCOMPARE(fellBack, 3);
        QCOMPARE(compared, 3 * 5 * 3 * 3 * 5);
    }

    void deterministicAcrossThreads() {
        CodesignOptions o = options();
        o.areaMin = 300;
        o.areaMax = 340;
        const Workload w = smallWorkload();
        o.threads = 1;
        const CodesignResult one = runCodesign(w, o);
        o.threads = 2;
        const CodesignResult two = runCodesign(w, o);
        QCOMPARE(one.designs.size(), two.designs.size());
        QVERIFY(!one.designs.empty());
        for (std::size_t i = 0; i < one.designs.size(); ++i) {
            QCOMPARE(one.designs[i].weightedTime, two.designs[i].weightedTime);
            QCOMPARE(one.designs[i].pareto, two.designs[i].pareto);
        }
        QCOMPARE(one.pareto, two.pareto);
    }

    void weightedTimeAndPerformance() {
        const Workload w = smallWorkload();
        const Gpu g = test::gtx980();
        const DesignPoint ref = optimizeDesign(w, g, {});
        double sum = 0;
        for (std::size_t i = 0; i < w.items.size(); ++i) {
            sum += w.items[i].weight *
                   searchTiles(w.items[i].stencil, w.items[i].problem, g, {}).best.tAlg;
        }
        QVERIFY(std::abs(ref.weightedTime - sum) <= 1e-12 * sum);
        const auto shares = timeByStencil(w, ref);
        QCOMPARE(shares.size(), std::size_t{4}); // heat2d, gradient2d, heat3d, laplacian3d
        QCOMPARE(shares[0].problems, 2);
        double total = 0;
        for (const auto& sh : shares) {
            total += sh.fraction;
        }
        QVERIFY(std::abs(total - 1) < 1e-12);
        QVERIFY(!ref.gflops); // no FLOP counts in the fixtures
        // A design twice as fast in ideal terms (n_SM doubled) is faster, speedup > 1.
        Gpu big = g;
        big.nSm = 32;
        const DesignPoint d = optimizeDesign(w, big, {}, ref.weightedTime);
        QVERIFY(d.speedup > 1);
        QVERIFY(std::abs(d.speedup - ref.weightedTime / d.weightedTime) < 1e-15);
        // FLOPs known -> GFLOP/s = FLOPs / time.
        Workload wf = w;
        for (auto& it : wf.items) {
            it.stencil.flopsPerPoint = 10;
        }
        const DesignPoint df = optimizeDesign(wf, g, {});
        QVERIFY(df.gflops);
        QVERIFY(std::abs(*df.gflops - 10 * df.gpointsPerSecond) < 1e-9 * *df.gflops);
    }

    // Speed-ups are against the reference GPU when one is given (the GUI uses the shipped
    // profile, so they do not move while designs are tried).
    void referenceGpu() {
        CodesignOptions o = options();
        o.grid = HardwareGrid{{8, 16}, {128, 256}, {96}, 2, {}, {}, {}};
        Gpu ref = test::gtx980();
        ref.nSm = 24;
        o.reference = ref;
        o.base.nSm = 4; // the base's own design must not matter
        const Workload w = smallWorkload();
        const CodesignResult r = runCodesign(w, o);
        const double refTime = optimizeDesign(w, ref, {}).weightedTime;
        QCOMPARE(r.reference.weightedTime, refTime);
        QCOMPARE(r.reference.nSm, std::int64_t{24});
        for (const DesignPoint& d : r.designs) {
            QCOMPARE(d.speedup, refTime / d.weightedTime);
        }
    }

    void paretoFrontProperties() {
        CodesignOptions o = options();
        o.areaMin = 200;
        o.areaMax = 650;
        o.grid =
            HardwareGrid{{4, 8, 16, 24, 32}, {64, 128, 256, 512}, {12, 48, 96, 192}, 2, {}, {}, {}};
        const CodesignResult r = runCodesign(smallWorkload(), o);
        QVERIFY(r.pareto.size() >= 2);
        for (std::size_t j = 1; j < r.pareto.size(); ++j) {
            const DesignPoint& a = r.designs[r.pareto[j - 1]];
            const DesignPoint& b = r.designs[r.pareto[j]];
            QVERIFY(a.area <= b.area);
            QVERIFY(b.weightedTime < a.weightedTime); // more area must buy speed
        }
        for (const DesignPoint& d : r.designs) {
            if (!d.feasible || d.pareto) {
                continue;
            }
            const bool dominated =
                std::any_of(r.pareto.begin(), r.pareto.end(), [&](std::size_t i) {
                    return r.designs[i].area <= d.area &&
                           r.designs[i].weightedTime <= d.weightedTime;
                });
            QVERIFY(dominated);
        }
    }

    void cancelAndProgress() {
        CodesignOptions o = options();
        o.areaMin = 400;
        o.areaMax = 450;
        std::atomic<bool> cancel{false};
        std::size_t calls = 0;
        std::size_t total = 0;
        o.cancel = &cancel;
        o.threads = 1;
        o.progress = [&](const CodesignProgress& p) {
            ++calls;
            total = p.total;
            if (p.done == 3) {
                cancel = true;
            }
        };
        const CodesignResult r = runCodesign(smallWorkload(), o);
        QVERIFY(r.cancelled);
        QVERIFY(r.designs.empty());
        QCOMPARE(calls, std::size_t{3});
        QVERIFY(total > 3);
        cancel = false;
        calls = 0;
        o.progress = [&](const CodesignProgress& p) {
            ++calls;
            QVERIFY(p.done <= p.total);
        };
        const CodesignResult full = runCodesign(smallWorkload(), o);
        QVERIFY(!full.cancelled);
        QCOMPARE(calls, total);
    }

    void namedWorkloads() {
        const Workload p = loadWorkload("ppopp17", "gtx980");
        QCOMPARE(p.items.size(), std::size_t{4 * 10 + 2 * 12});
        const Workload t = loadWorkload("thesis", "gtx980", {"heat2d"});
        QCOMPARE(t.items.size(), std::size_t{16}); // thesis C.17: |SZ| = 16
        for (const auto& it : t.items) {
            QVERIFY(it.problem.time <= it.problem.space[0]);
            QCOMPARE(it.stencil.cIterSeconds, // Table A.4, GTX 980 column
                     test::published("ppopp17-table4-heat2d-gtx980-c-iter"));
        }
        const Workload three = loadWorkload("ppopp17", "titanx", {"heat3d"});
        QCOMPARE(three.items.size(), std::size_t{12});
        QCOMPARE(three.items.front().stencil.cIterSeconds,
                 test::published("ppopp17-table4-heat3d-titanx-c-iter"));
    }

    void workloadFile() {
        const nlohmann::json j = nlohmann::json::parse(R"({
          "schema": "codesign-explorer-workload", "version": 1, "id": "mix",
          "items": [{"stencil": "heat2d", "space": [4096, 4096], "time": 1024, "weight": 3},
                    {"stencil": "heat3d", "space": [384, 384, 384], "time": 128}]})");
        const Workload w = workloadFromJson(j, "mix.json", "gtx980");
        QCOMPARE(w.items.size(), std::size_t{2});
        QCOMPARE(w.items[0].weight, 3.0);
        QCOMPARE(w.items[1].weight, 1.0);
        const Workload back = workloadFromJson(toJson(w), "again", "gtx980");
        QCOMPARE(back.items.size(), std::size_t{2});
        QCOMPARE(back.items[1].problem.space[2], std::int64_t{384});
        QCOMPARE(workloadFromJson(j, "mix.json", "gtx980", {"heat3d"}).items.size(),
                 std::size_t{1});
    }

    void badInput_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("wrong schema")
            << QString(R"({"schema":"x","version":1,"items":[]})") << QString("schema");
        QTest::newRow("newer version")
            << QString(R"({"schema":"codesign-explorer-workload","version":2,"items":[]})")
            << QString("version");
        QTest::newRow("empty workload")
            << QString(R"({"schema":"codesign-explorer-workload","version":1,"items":[]})")
            << QString("workload");
        QTest::newRow("unknown stencil")
            << QString(
                   R"({"schema":"codesign-explorer-workload","version":1,"items":[{"stencil":"nope","space":[8],"time":8}]})")
            << QString("--stencil");
        QTest::newRow("3D sizes for a 2D stencil")
            << QString(
                   R"({"schema":"codesign-explorer-workload","version":1,"items":[{"stencil":"heat2d","space":[8,8,8],"time":8}]})")
            << QString("items[0].space");
        QTest::newRow("negative weight")
            << QString(
                   R"({"schema":"codesign-explorer-workload","version":1,"items":[{"stencil":"heat2d","space":[64,64],"time":8,"weight":-1}]})")
            << QString("weight");
        QTest::newRow("all weights zero")
            << QString(
                   R"({"schema":"codesign-explorer-workload","version":1,"items":[{"stencil":"heat2d","space":[64,64],"time":8,"weight":0}]})")
            << QString("weight");
        QTest::newRow("time below 2")
            << QString(
                   R"({"schema":"codesign-explorer-workload","version":1,"items":[{"stencil":"heat2d","space":[64,64],"time":1}]})")
            << QString("items[0].time");
    }
    void badInput() {
        QFETCH(QString, json);
        QFETCH(QString, field);
        try {
            workloadFromJson(nlohmann::json::parse(json.toStdString()), "w.json", "gtx980");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
        }
    }

    void badOptions() {
        const Workload w = smallWorkload();
        CodesignOptions o = options();
        o.areaMin = 500;
        o.areaMax = 400;
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(w, o));
        o = options();
        o.areaMax = std::nan("");
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(w, o));
        o = options();
        o.grid.nV = {0, 32};
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(w, o));
        o = options();
        o.grid.mSmKb.clear();
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(w, o));
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(Workload{"empty", "", {}}, options()));
        QVERIFY_THROWS_EXCEPTION(InputError, loadWorkload("nosuch", "gtx980"));
        Gpu bad = test::gtx980();
        bad.nV = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, optimizeDesign(w, bad, {}));
    }

    // Issue 32: the architect's example. n_SM 30, n_V 2048 on the PPoPP'17 workload: under
    // k = max, 480 KB of shared memory per SM is slower than 96 KB (speed-up 25.3x -> 18.6x
    // against the GTX 980 as shipped); k = optimize at 480 KB is faster than either. The note
    // names the fastest smaller M_SM of the thesis grid and says so in one sentence.
    void kRuleWhereItBites() {
        const Workload w = loadWorkload("ppopp17", "gtx980");
        CodesignOptions one = options();
        one.grid = HardwareGrid{{30}, {2048}, {480}, 2, {}, {}, {}};
        const auto note = kRuleNote(w, one, thesisGrid().mSmKb);
        QVERIFY(note.has_value());
        QCOMPARE(note->mSmKb, 480.0);
        QVERIFY(note->smallerTime < note->time);
        QVERIFY(note->optimizeTime < note->smallerTime);
        const double reference = optimizeDesign(w, test::gtx980(), {}).weightedTime;
        const auto at = [&](double mSm) {
            CodesignOptions o = one;
            o.grid.mSmKb = {mSm};
            o.withReference = false;
            return runCodesign(w, o).designs.front().weightedTime;
        };
        QCOMPARE(std::round(10 * reference / at(96)) / 10, 25.3);
        QCOMPARE(std::round(10 * reference / note->time) / 10, 18.6);
        QVERIFY(note->smallerTime <= at(96)); // the fastest smaller M_SM, 96 KB or better
        const std::string text = sentence(*note);
        QVERIFY2(text.find("Under k = max, 480 KB") == 0, text.c_str());
        QVERIFY(text.find("k = optimize") != std::string::npos);
        // No note under another rule, nor where more memory does not hurt.
        CodesignOptions optimize = one;
        optimize.variant.k = talg::KRule::Optimize;
        QVERIFY(!kRuleNote(w, optimize, thesisGrid().mSmKb));
        CodesignOptions small = options();
        small.grid = HardwareGrid{{16}, {128}, {12}, 2, {}, {}, {}};
        QVERIFY(!kRuleNote(w, small, thesisGrid().mSmKb)); // nothing smaller on the axis
        QVERIFY_THROWS_EXCEPTION(InputError, kRuleNote(w, options(), thesisGrid().mSmKb));
    }

    // Issue 32, physical limits. The reticle: designs above it are kept and marked, never on
    // the front while the limit is on; off, the front is the unconstrained one.
    void reticleExcludesFromFront() {
        CodesignOptions o = options();
        o.areaMin = 0;
        o.grid = HardwareGrid{{4, 8, 16, 24, 32}, {64, 128, 256, 512}, {12, 48, 96}, 2, {}, {}, {}};
        o.limits.reticleMm2 = 400;
        const Workload w = smallWorkload();
        const CodesignResult on = runCodesign(w, o);
        o.limits.reticle = false;
        const CodesignResult off = runCodesign(w, o);
        QCOMPARE(on.designs.size(), off.designs.size());
        std::size_t above = 0;
        for (std::size_t i = 0; i < on.designs.size(); ++i) {
            const DesignPoint& d = on.designs[i];
            QCOMPARE(d.withinReticle, d.area <= 400);
            QCOMPARE(d.allowed, d.withinReticle);
            QVERIFY(!d.pareto || d.area <= 400);
            QVERIFY(off.designs[i].allowed);
            QCOMPARE(d.weightedTime == off.designs[i].weightedTime || !d.feasible, true);
            above += d.feasible && d.area > 400;
        }
        QVERIFY(above > 10);
        QCOMPARE(on.outsideLimits, above);
        QCOMPARE(off.outsideLimits, std::size_t{0});
        QVERIFY(off.designs[off.pareto.back()].area > 400); // the limit bites on this grid
        // The limited front is the unconstrained front of the designs within the reticle.
        std::vector<DesignPoint> within;
        for (const DesignPoint& d : off.designs) {
            if (d.area <= 400) {
                within.push_back(d);
            }
        }
        const auto front = paretoFront(within);
        QCOMPARE(front.size(), on.pareto.size());
        for (std::size_t j = 0; j < front.size(); ++j) {
            QCOMPARE(within[front[j]].area, on.designs[on.pareto[j]].area);
        }
        QCOMPARE(
            QString::fromStdString(limitsSentence(on.limits)),
            QString("within the 400 mm2 reticle (cache-less area, as plotted); power not limited"));
    }

    // The power estimate: the node's reference board's TDP per FP32 lane per GHz (NVIDIA
    // whitepapers), so each reference GPU gets its own TDP back.
    void powerRuleReference_data() {
        QTest::addColumn<int>("nm");
        QTest::addColumn<int>("nSm");
        QTest::addColumn<int>("nV");
        QTest::addColumn<double>("ghz");
        QTest::addColumn<double>("watts");
        QTest::newRow("GTX 980 whitepaper: 165 W, 16 x 128, 1216 MHz")
            << 28 << 16 << 128 << 1.216 << 165.0;
        QTest::newRow("Tesla P100 whitepaper: 300 W, 56 x 64, 1480 MHz")
            << 16 << 56 << 64 << 1.480 << 300.0;
        QTest::newRow("A100 whitepaper: 400 W, 108 x 64, 1410 MHz")
            << 7 << 108 << 64 << 1.410 << 400.0;
        QTest::newRow("H100 whitepaper: 700 W, 132 x 128, 1980 MHz")
            << 5 << 132 << 128 << 1.980 << 700.0;
    }
    void powerRuleReference() {
        QFETCH(int, nm);
        QFETCH(int, nSm);
        QFETCH(int, nV);
        QFETCH(double, ghz);
        QFETCH(double, watts);
        QVERIFY(std::abs(designPowerW(nSm, nV, ghz, nm) - watts) < 1e-9 * watts);
        QVERIFY(!powerRule(nm).source.empty());
        QVERIFY_THROWS_EXCEPTION(InputError, powerRule(10));
    }

    // A power budget: designs over it are marked and off the front; the estimate is linear in
    // n_SM n_V at the designs' clock.
    void powerBudgetExcludesFromFront() {
        CodesignOptions o = options();
        o.areaMin = 0;
        o.grid = HardwareGrid{{4, 8, 16, 24, 32}, {64, 128, 256, 512}, {48, 96}, 2, {}, {}, {}};
        o.limits.reticle = false;
        o.limits.power = true;
        o.limits.powerW = 200;
        const CodesignResult r = runCodesign(smallWorkload(), o);
        std::size_t over = 0;
        std::size_t checked = 0;
        for (const DesignPoint& d : r.designs) {
            const double p = designPowerW(d.nSm, d.nV, 1.216, 28);
            QCOMPARE(d.powerW, p);
            QCOMPARE(d.withinPower, p <= 200);
            QCOMPARE(d.allowed, p <= 200);
            QVERIFY(!d.pareto || p <= 200);
            over += d.feasible && p > 200;
            ++checked;
        }
        QCOMPARE(checked, r.designs.size());
        QVERIFY(over > 5);
        QCOMPARE(r.outsideLimits, over);
        QCOMPARE(QString::fromStdString(limitsSentence(r.limits)),
                 QString("reticle not limited; power within 200 W (estimate at 1216 MHz)"));
        // Bad limits are refused, naming the field.
        o.limits.powerW = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(smallWorkload(), o));
    }

    // Memory bandwidth as an axis: L = 1 / B, PHY area relative to the GPU's bandwidth; more
    // bandwidth is never slower, and the GPU's own bandwidth gives the axis-less result.
    void bandwidthAxis() {
        CodesignOptions o = options();
        o.areaMin = 0;
        o.limits.reticle = false;
        o.grid = HardwareGrid{{8, 16}, {128, 256}, {48, 96}, 2, {}, {}, {}};
        const Workload w = smallWorkload();
        const CodesignResult plain = runCodesign(w, o);
        const double b0 = 1.0 / o.base.lSecondsPerGb;
        o.grid.bandwidthGBs = {b0 / 2, b0, 2 * b0};
        const CodesignResult r = runCodesign(w, o);
        QCOMPARE(r.gridPoints, 3 * plain.gridPoints);
        QCOMPARE(r.designs.size(), 3 * plain.designs.size());
        const std::size_t n = plain.designs.size();
        int checked = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const DesignPoint& slow = r.designs[i];
            const DesignPoint& same = r.designs[n + i];
            const DesignPoint& fast = r.designs[2 * n + i];
            QCOMPARE(same.nSm, plain.designs[i].nSm);
            QVERIFY(std::abs(same.weightedTime - plain.designs[i].weightedTime) <=
                    1e-12 * plain.designs[i].weightedTime);
            QCOMPARE(same.phyMm2, 0.0);
            QVERIFY(std::abs(fast.phyMm2 - kPhyMm2PerGBs * b0) < 1e-9);
            QVERIFY(std::abs(slow.phyMm2 + kPhyMm2PerGBs * b0 / 2) < 1e-9);
            QVERIFY(std::abs(fast.area - plain.designs[i].area - fast.phyMm2) < 1e-9);
            QVERIFY(fast.weightedTime <= same.weightedTime);
            QVERIFY(same.weightedTime <= slow.weightedTime);
            QCOMPARE(fast.bandwidthGBs, 2 * b0);
            checked += 3;
        }
        QCOMPARE(checked, static_cast<int>(3 * n));
        QVERIFY(n >= 8);
        o.grid.bandwidthGBs = {0};
        QVERIFY_THROWS_EXCEPTION(InputError, runCodesign(w, o));
    }

    // Issue 32, the grid the user chooses: axes as typed, read back from their shortest text.
    void gridAxisText() {
        const HardwareGrid g = thesisGrid();
        const std::vector<double> nSm(g.nSm.begin(), g.nSm.end());
        const std::vector<double> nV(g.nV.begin(), g.nV.end());
        QCOMPARE(QString::fromStdString(axisText(nSm)), QString("2:32:2"));
        QCOMPARE(QString::fromStdString(axisText(nV)), QString("32:2048:32"));
        QCOMPARE(QString::fromStdString(axisText(g.mSmKb)), QString("12:48:12,96:480:48"));
        const AxisRule counts{true, 0, 1048576, 4096};
        const AxisRule sizes{false, 0, 1048576, 4096};
        QVERIFY(parseAxis("2:32:2", "n_sm", counts) == nSm);
        QVERIFY(parseAxis(axisText(g.mSmKb), "m_sm_kb", sizes) == g.mSmKb);
        QVERIFY(parseAxis("12,24,36,48:480:48", "m_sm_kb", sizes) == g.mSmKb);
        QVERIFY((parseAxis(" 1555 , 2039.5", "bw", sizes) == std::vector<double>{1555, 2039.5}));
        QVERIFY((parseAxis("0.5:1.5:0.25", "bw", sizes) ==
                 std::vector<double>{0.5, 0.75, 1, 1.25, 1.5}));
        QVERIFY((parseAxis("1,2", "x", counts) == std::vector<double>{1, 2}));
        QCOMPARE(QString::fromStdString(axisText({1, 2})), QString("1,2"));
    }
    void gridAxisRefused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("integers");
        QTest::newRow("empty") << "" << true;
        QTest::newRow("empty item") << "2,,4" << true;
        QTest::newRow("not a number") << "two" << true;
        QTest::newRow("run without a step") << "2:32" << true;
        QTest::newRow("run backwards") << "32:2:2" << true;
        QTest::newRow("zero step") << "2:32:0" << true;
        QTest::newRow("negative step") << "2:32:-2" << true;
        QTest::newRow("fraction where whole numbers") << "1.5" << true;
        QTest::newRow("zero") << "0" << false;
        QTest::newRow("negative") << "-48" << false;
        QTest::newRow("above the maximum") << "2000000" << false;
        QTest::newRow("duplicate") << "4,8,4" << true;
        QTest::newRow("overlapping runs") << "2:8:2,8:16:4" << true;
        QTest::newRow("too many values") << "1:5000:1" << true;
        QTest::newRow("NaN") << "nan" << false;
        QTest::newRow("infinite") << "inf" << false;
    }
    void gridAxisRefused() {
        QFETCH(QString, text);
        QFETCH(bool, integers);
        try {
            parseAxis(text.toStdString(), "grid n_SM", AxisRule{integers, 0, 1048576, 4096});
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("grid n_SM") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("FROM:TO:STEP") != std::string::npos, e.what());
        }
    }

    // The up-front estimate: the O16 counts and the tilings the search enumerates, the time
    // linear in the designs in range, twice under k = optimize.
    void estimateBeforeTheSearch() {
        CodesignOptions o = options();
        o.areaMin = 200;
        o.areaMax = 650;
        const Workload w = loadWorkload("ppopp17", "gtx980");
        o.threads = 2;
        const CodesignEstimate e = estimateCodesign(w, o);
        QCOMPARE(e.gridPoints, std::size_t{13312});
        QCOMPARE(e.inRange,
                 static_cast<std::size_t>(test::published("thesis-c-o16-designs-200-650")));
        QCOMPARE(e.tilings, std::uint64_t{47814}); // docs/performance.md
        QCOMPARE(e.pairs, e.tilings * e.inRange);
        QCOMPARE(e.seconds, static_cast<double>(e.pairs) / (kCodesignPairsPerSecond * 2));
        o.variant.k = talg::KRule::Optimize;
        QCOMPARE(estimateCodesign(w, o).seconds, e.seconds * kCodesignOptimizeFactor);
        o.grid.bandwidthGBs = {100, 200};
        QCOMPARE(estimateCodesign(w, o).gridPoints, std::size_t{2 * 13312});
        // The search's own count of tilings agrees.
        o.variant.k = talg::KRule::Max;
        o.grid = HardwareGrid{{16}, {128}, {96}, 2, {}, {}, {}};
        o.areaMin = 0;
        QCOMPARE(runCodesign(w, o).tilingsPerDesign, estimateCodesign(w, o).tilings);
    }
};

QTEST_APPLESS_MAIN(TestCodesign)
#include "test_codesign.moc"
