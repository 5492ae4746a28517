// SPDX-License-Identifier: GPL-3.0-or-later
// The measuring kit's hybrid-hexagonal schedule (kit/schedule/, issue 47), on the CPU: the
// CUDA kernel runs this schedule, so CI checks it without a GPU. For small problems and many
// tilings (tiles larger than the domain, odd sizes, tT = 2): every point computed exactly once,
// every dependence met earlier (an earlier wavefront, or earlier in the same hexagon), the
// wavefront count equal to eq. 3's N_w, and the result of the four stencils, run in that order
// with two buffers and each wavefront's hexagons in a shuffled order, equal bit for bit to an
// untiled reference.
#include "../kit/schedule/hybrid_schedule.hpp"
#include "../kit/schedule/stencils.hpp"
#include "../kit/src/kit_report.hpp"
#include "params/gpu_description.hpp"
#include "params/profiles.hpp"
#include "runs/run_import.hpp"
#include "talg/talg.hpp"

#include <QtTest>
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace {

struct Mark {
    std::int64_t wavefront = -1;
    std::int64_t hexagon = -1; // index in the whole schedule
    std::int64_t order = -1;   // position in its hexagon's execution
    int times = 0;
};

// eq. 3 (thesis A.3): N_w = 2 ceil(T / tT) + eps, eps = 0 when 0 < T mod tT <= tT/2.
std::int64_t modelWavefronts(std::int64_t T, std::int64_t tT) {
    const std::int64_t rem = T - (T / tT) * tT;
    const std::int64_t eps = rem > 0 && rem <= tT / 2 ? 0 : 1;
    return 2 * ((T + tT - 1) / tT) + eps;
}

template <cdxkit::Stencil2D S>
std::vector<float> reference(const cdxkit::Problem& p, const std::vector<float>& start) {
    std::vector<float> a = start, b = start;
    for (std::int64_t t = 1; t <= p.steps; ++t) {
        for (std::int64_t i = 1; i < p.n1 - 1; ++i) {
            for (std::int64_t j = 1; j < p.n2 - 1; ++j) {
                b[static_cast<std::size_t>(i * p.n2 + j)] =
                    cdxkit::updateAt<S>(a.data(), p.n2, i, j);
            }
        }
        std::swap(a, b);
    }
    return a;
}

// The schedule's order, two buffers (t mod 2), each wavefront's hexagons shuffled (they run
// concurrently on a GPU, in any order).
template <cdxkit::Stencil2D S>
std::vector<float> scheduled(const cdxkit::Problem& p, const cdxkit::Tiles& tiles,
                             const std::vector<float>& start, unsigned seed) {
    std::vector<float> buffer[2] = {start, start};
    std::mt19937 random(seed);
    const std::int64_t n = cdxkit::wavefronts(p, tiles);
    for (std::int64_t w = 0; w < n; ++w) {
        const cdxkit::HexagonRange range = cdxkit::wavefrontHexagons(p, tiles, w);
        std::vector<std::int64_t> order(static_cast<std::size_t>(range.count));
        for (std::int64_t k = 0; k < range.count; ++k) {
            order[static_cast<std::size_t>(k)] = range.first + k;
        }
        std::shuffle(order.begin(), order.end(), random);
        for (const std::int64_t m : order) {
            cdxkit::forEachPoint(p, tiles, cdxkit::hexagonOf(tiles, w, m),
                                 [&](std::int64_t t, std::int64_t i, std::int64_t j) {
                                     const auto& in = buffer[(t - 1) % 2];
                                     buffer[t % 2][static_cast<std::size_t>(i * p.n2 + j)] =
                                         cdxkit::updateAt<S>(in.data(), p.n2, i, j);
                                 });
        }
    }
    return buffer[p.steps % 2];
}

// A problem and a tiling: the columns of both data tables.
void tilingColumns() {
    QTest::addColumn<int>("n1");
    QTest::addColumn<int>("n2");
    QTest::addColumn<int>("steps");
    QTest::addColumn<int>("tS1");
    QTest::addColumn<int>("tS2");
    QTest::addColumn<int>("tT");
}

} // namespace

class TestKitSchedule : public QObject {
    Q_OBJECT

private slots:
    void everyPointOnceAfterItsInputs_data();
    void everyPointOnceAfterItsInputs();
    void equalsTheUntiledStencils_data();
    void equalsTheUntiledStencils();
    void refusesBadInput();
    void profileAndRunsReadBack();
};

void TestKitSchedule::everyPointOnceAfterItsInputs_data() {
    tilingColumns();
    // Named after what they exercise.
    QTest::newRow("square, small tiles") << 20 << 20 << 9 << 2 << 3 << 2;
    QTest::newRow("tT 4, odd sizes") << 23 << 17 << 11 << 3 << 5 << 4;
    QTest::newRow("tT 6, steps a multiple of tT") << 31 << 12 << 12 << 4 << 4 << 6;
    QTest::newRow("steps mod tT above tT/2") << 26 << 19 << 7 << 2 << 2 << 4;
    QTest::newRow("tiles larger than the domain") << 9 << 8 << 5 << 16 << 32 << 8;
    QTest::newRow("one interior column") << 3 << 30 << 6 << 1 << 4 << 2;
    QTest::newRow("one interior row") << 30 << 3 << 6 << 3 << 1 << 2;
    QTest::newRow("one time step") << 18 << 14 << 1 << 3 << 3 << 4;
    QTest::newRow("tS1 1, tS2 1") << 15 << 15 << 10 << 1 << 1 << 2;
    QTest::newRow("long prism, short sub-prisms") << 12 << 64 << 9 << 2 << 3 << 4;
    // A sweep of small tilings on one problem.
    int sweep = 0;
    for (int tS1 = 1; tS1 <= 5; tS1 += 2) {
        for (int tT = 2; tT <= 8; tT += 2) {
            for (int tS2 : {1, 4, 9}) {
                QTest::newRow(
                    qPrintable(QStringLiteral("sweep %1 %2 %3").arg(tS1).arg(tS2).arg(tT)))
                    << 21 << 16 << 13 << tS1 << tS2 << tT;
                ++sweep;
            }
        }
    }
    QCOMPARE(sweep, 36);
}

void TestKitSchedule::everyPointOnceAfterItsInputs() {
    QFETCH(int, n1);
    QFETCH(int, n2);
    QFETCH(int, steps);
    QFETCH(int, tS1);
    QFETCH(int, tS2);
    QFETCH(int, tT);
    const cdxkit::Problem p{n1, n2, steps};
    const cdxkit::Tiles tiles{tS1, tS2, tT};
    QVERIFY(cdxkit::invalid(p, tiles) == nullptr);
    std::vector<Mark> mark(static_cast<std::size_t>((steps + 1) * n1 * n2));
    const auto at = [&](std::int64_t t, std::int64_t i, std::int64_t j) -> Mark& {
        return mark[static_cast<std::size_t>((t * n1 + i) * n2 + j)];
    };
    std::int64_t hexagon = 0;
    std::int64_t outside = 0;
    std::vector<std::int64_t> pointsPerWavefront(
        static_cast<std::size_t>(cdxkit::wavefronts(p, tiles)), 0);
    cdxkit::forEachHexagon(p, tiles, [&](std::int64_t w, const cdxkit::Hexagon& h) {
        std::int64_t order = 0;
        cdxkit::forEachPoint(p, tiles, h, [&](std::int64_t t, std::int64_t i, std::int64_t j) {
            if (t < 1 || t > steps || i < 1 || i > n1 - 2 || j < 1 || j > n2 - 2) {
                ++outside;
                return;
            }
            Mark& m = at(t, i, j);
            ++m.times;
            m.wavefront = w;
            m.hexagon = hexagon;
            m.order = order++;
            ++pointsPerWavefront[static_cast<std::size_t>(w)];
        });
        ++hexagon;
    });
    QCOMPARE(outside, std::int64_t(0));
    // Exactly once, and after each of its inputs of step t-1 (the border is fixed).
    std::int64_t points = 0, dependences = 0;
    for (std::int64_t t = 1; t <= steps; ++t) {
        for (std::int64_t i = 1; i <= n1 - 2; ++i) {
            for (std::int64_t j = 1; j <= n2 - 2; ++j) {
                const Mark& m = at(t, i, j);
                QVERIFY2(m.times == 1, qPrintable(QStringLiteral("(%1,%2,%3) computed %4 times")
                                                      .arg(t)
                                                      .arg(i)
                                                      .arg(j)
                                                      .arg(m.times)));
                ++points;
                if (t == 1) {
                    continue;
                }
                for (int di = -1; di <= 1; ++di) {
                    for (int dj = -1; dj <= 1; ++dj) {
                        const std::int64_t ii = i + di, jj = j + dj;
                        if (ii < 1 || ii > n1 - 2 || jj < 1 || jj > n2 - 2) {
                            continue;
                        }
                        const Mark& d = at(t - 1, ii, jj);
                        const bool before = d.wavefront < m.wavefront ||
                                            (d.hexagon == m.hexagon && d.order < m.order);
                        QVERIFY2(before,
                                 qPrintable(QStringLiteral("(%1,%2,%3) in wavefront %4 before its "
                                                           "input (%5,%6,%7) in wavefront %8")
                                                .arg(t)
                                                .arg(i)
                                                .arg(j)
                                                .arg(m.wavefront)
                                                .arg(t - 1)
                                                .arg(ii)
                                                .arg(jj)
                                                .arg(d.wavefront)));
                        ++dependences;
                    }
                }
            }
        }
    }
    QCOMPARE(points, std::int64_t(steps) * (n1 - 2) * (n2 - 2));
    QVERIFY(dependences > 0 || steps == 1);
    // As many non-empty wavefronts (kernel calls) as eq. 3 counts, where S1 holds hexagons of
    // both colours (in a narrower domain some wavefronts have no point: eq. 3 assumes a wide
    // one), else at most as many.
    const auto nonEmpty = std::count_if(pointsPerWavefront.begin(), pointsPerWavefront.end(),
                                        [](std::int64_t n) { return n > 0; });
    if (n1 - 2 >= cdxkit::pitch(tiles) + tS1) {
        QCOMPARE(static_cast<std::int64_t>(nonEmpty), modelWavefronts(steps, tT));
    } else {
        QVERIFY(nonEmpty >= 1 && nonEmpty <= modelWavefronts(steps, tT));
    }
}

void TestKitSchedule::equalsTheUntiledStencils_data() {
    tilingColumns();
    QTest::newRow("tT 2") << 34 << 29 << 17 << 3 << 4 << 2;
    QTest::newRow("tT 4") << 40 << 33 << 21 << 5 << 7 << 4;
    QTest::newRow("tT 8, wide hexagons") << 45 << 26 << 19 << 9 << 5 << 8;
    QTest::newRow("tiles larger than the domain") << 10 << 12 << 6 << 32 << 64 << 16;
}

void TestKitSchedule::equalsTheUntiledStencils() {
    QFETCH(int, n1);
    QFETCH(int, n2);
    QFETCH(int, steps);
    QFETCH(int, tS1);
    QFETCH(int, tS2);
    QFETCH(int, tT);
    const cdxkit::Problem p{n1, n2, steps};
    const cdxkit::Tiles tiles{tS1, tS2, tT};
    std::vector<float> start(static_cast<std::size_t>(n1 * n2));
    std::mt19937 random(7);
    std::uniform_real_distribution<float> value(0.0f, 1.0f);
    for (auto& v : start) {
        v = value(random);
    }
    int compared = 0;
    const auto same = [&](const std::vector<float>& a, const std::vector<float>& b, const char* s) {
        QCOMPARE(a.size(), b.size());
        for (std::size_t k = 0; k < a.size(); ++k) {
            if (a[k] != b[k]) {
                QFAIL(qPrintable(QStringLiteral("%1: point %2 is %3 tiled, %4 untiled")
                                     .arg(s)
                                     .arg(k)
                                     .arg(double(a[k]), 0, 'g', 9)
                                     .arg(double(b[k]), 0, 'g', 9)));
            }
        }
        ++compared;
    };
    using S = cdxkit::Stencil2D;
    for (unsigned seed : {1u, 2u}) {
        same(scheduled<S::Jacobi>(p, tiles, start, seed), reference<S::Jacobi>(p, start),
             "jacobi2d");
        same(scheduled<S::Heat>(p, tiles, start, seed), reference<S::Heat>(p, start), "heat2d");
        same(scheduled<S::Laplacian>(p, tiles, start, seed), reference<S::Laplacian>(p, start),
             "laplacian2d");
        same(scheduled<S::Gradient>(p, tiles, start, seed), reference<S::Gradient>(p, start),
             "gradient2d");
    }
    QCOMPARE(compared, 8);
    // The computation changed the grid (a schedule that computed nothing would match nothing).
    QVERIFY(reference<S::Jacobi>(p, start) != start);
}

void TestKitSchedule::refusesBadInput() {
    QVERIFY(cdxkit::invalid({2, 10, 5}, {2, 2, 2}) != nullptr);
    QVERIFY(cdxkit::invalid({10, 10, 0}, {2, 2, 2}) != nullptr);
    QVERIFY(cdxkit::invalid({10, 10, 5}, {0, 2, 2}) != nullptr);
    QVERIFY(cdxkit::invalid({10, 10, 5}, {2, 0, 2}) != nullptr);
    QCOMPARE(QString(cdxkit::invalid({10, 10, 5}, {2, 2, 3})),
             QString("tT must be even and at least 2"));
    QVERIFY(cdxkit::invalid({10, 10, 5}, {2, 2, 0}) != nullptr);
    QVERIFY(cdxkit::invalid({10, 10, 5}, {2, 2, 2}) == nullptr);
}

// What cdx-measure writes is read by the project's own parsers: the profile as a GPU of the
// user's (every measured value of kind "measured" with its provenance, the rest estimated by
// the families' rules, usable by T_alg), the runs CSV by `cdx runs import`'s parser.
void TestKitSchedule::profileAndRunsReadBack() {
    cdxkit::DeviceFacts d;
    d.name = "NVIDIA H100 80GB HBM3";
    d.driver = "12.4";
    d.runtime = "12.4";
    d.ccMajor = 9;
    d.ccMinor = 0;
    d.sms = 132;
    d.coresPerSm = cdxkit::coresPerSm(9, 0);
    d.clockMhz = 1980;
    d.memClockMhz = 2619;
    d.busWidthBits = 5120;
    d.smemPerSmBytes = 233472;
    d.smemPerBlockOptinBytes = 232448;
    d.l2Bytes = 52428800;
    d.regsPerSm = 65536;
    d.maxThreadsPerSm = 2048;
    d.maxThreadsPerBlock = 1024;
    d.maxBlocksPerSm = 32;
    QCOMPARE(d.coresPerSm, 128);
    const auto m = [](const char* key, const char* unit, std::vector<double> samples) {
        cdxkit::Measurement x;
        x.key = key;
        x.unit = unit;
        x.method = "a test's \"numbers\"";
        x.samples = std::move(samples);
        x.value = *std::min_element(x.samples.begin(), x.samples.end());
        return x;
    };
    const std::vector<cdxkit::Measurement> measured{m("l_s_per_gb", "s/GB", {3.1e-4, 3.2e-4}),
                                                    m("tau_sync_s", "s", {4.1e-10, 4.4e-10}),
                                                    m("t_sync_s", "s", {5.5e-6}),
                                                    m("c_iter_s.heat2d", "s", {2.1e-8, 2.3e-8}),
                                                    m("c_iter_s.jacobi2d", "s", {2.0e-8}),
                                                    m("mem_ld_cycles", "cycles", {640, 660})};
    QCOMPARE(measured[0].spreadPct(), 100.0 * (3.2e-4 - 3.1e-4) / 3.1e-4);
    const std::string json = cdxkit::profileJson(d, measured, "2026-11-29");
    const cdx::GpuProfile gpu = cdx::parseGpuProfile(json, "measured.json");
    QCOMPARE(QString::fromStdString(gpu.id), QString("measured-nvidia-h100-80gb-hbm3"));
    QCOMPARE(*gpu.params.at("n_sm").value, 132.0);
    QCOMPARE(*gpu.params.at("n_v").value, 128.0);
    int kinds = 0;
    for (const char* key : {"l_s_per_gb", "tau_sync_s", "t_sync_s", "mem_ld_cycles"}) {
        const cdx::Quantity& q = gpu.params.at(key);
        QCOMPARE(QString::fromStdString(cdx::kindOf(q)), QString("measured"));
        QVERIFY2(q.source.find("cdx-measure on NVIDIA H100 80GB HBM3") != std::string::npos,
                 q.source.c_str());
        ++kinds;
    }
    QCOMPARE(QString::fromStdString(cdx::kindOf(gpu.cIterByStencil.at("heat2d"))),
             QString("measured"));
    QCOMPARE(*gpu.cIterByStencil.at("heat2d").value, 2.1e-8);
    // Not measured: the rule's estimate (a 3D stencil's C_iter).
    QCOMPARE(QString::fromStdString(cdx::kindOf(gpu.cIterByStencil.at("heat3d"))),
             QString("estimated"));
    QCOMPARE(kinds, 4);
    // T_alg runs on it.
    const cdx::StencilProfile heat = cdx::loadStencilProfile("heat2d");
    cdx::talg::Problem problem;
    problem.space = {8192, 8192, 1};
    problem.time = 8192;
    cdx::talg::Tiles tiling;
    tiling.space = {64, 64, 1};
    tiling.time = 8;
    const cdx::talg::TalgResult r = cdx::talg::evaluate(cdx::toStencil(heat, gpu), problem, tiling,
                                                        cdx::toGpu(gpu), cdx::talg::TalgVariant{});
    QVERIFY(r.feasible && r.tAlg > 0);
    // The runs, named after the profile, read by the import's parser.
    std::vector<cdxkit::ValidationRun> runs(2);
    runs[0] = {"heat2d", 4096, 4096, 512, 64, 64, 8, 256, 0.25};
    runs[1] = {"jacobi2d", 4096, 4096, 512, 32, 128, 4, 512, 0.3};
    cdx::runs::KnownIds ids = cdx::runs::KnownIds::shipped();
    ids.gpus.push_back(gpu.id);
    const cdx::runs::ParsedRuns parsed = cdx::runs::parseRunsCsv(
        cdxkit::runsCsv(gpu.id, runs, "cdx-measure, \"quick\""), "kit.csv", ids);
    QVERIFY2(parsed.issues.empty(),
             parsed.issues.empty() ? "" : parsed.issues.front().message().c_str());
    QCOMPARE(parsed.runs.size(), std::size_t(2));
    // The summary names every measurement.
    const std::string text = cdxkit::summaryText(d, measured, "2026-11-29", 123.4);
    for (const auto& x : measured) {
        QVERIFY(text.find(x.key) != std::string::npos);
    }
    QVERIFY(cdxkit::summaryJson(d, measured, "2026-11-29", 1).find("\"spread_pct\"") !=
            std::string::npos);
}

QTEST_GUILESS_MAIN(TestKitSchedule)
#include "test_kit_schedule.moc"
