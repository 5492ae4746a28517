// SPDX-License-Identifier: GPL-3.0-or-later
// Rooflines of the teaching views (issue 16): the tiled-stencil roofline against the spec's
// Example A (talg-time-model.md §2.6) and its ceilings against Table 3/4 (§3.3-3.4, 1/L =
// 135.9 GB/s), properties over the top tilings; the MWP-CWP kernel roofline against Example I
// and every shipped kernel.

#include "mwp/mwp_profiles.hpp"
#include "mwp/mwp_roofline.hpp"
#include "mwp/mwp_session.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "search/roofline.hpp"
#include "search/tile_search.hpp"
#include "support/published.hpp"

#include <QDir>
#include <QtTest>
#include <cmath>
#include <string>

using namespace cdx;

namespace {
bool near(double a, double b, double rel) {
    return std::abs(a - b) <= rel * std::abs(b);
}
talg::TalgVariant paper() {
    talg::TalgVariant v;
    v.pitch = talg::Pitch::Paper;
    v.nw = talg::WavefrontCount::Exact;
    return v;
}
} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
private slots:
    void ceilings_data();
    void ceilings();
    void exampleA();
    void topTilingsProperties();
    void stencilBadInput();
    void mwpExampleI();
    void mwpEveryKernel();
    void mwpBadInput();
};

// Table 3 (L) and Table 4 (C_iter) of PPoPP'17: 1/L and n_SM n_V / C_iter.
void TestRoofline::ceilings_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("stencil");
    QTest::addColumn<double>("gbs");     // 1/L [GB/s], spec §3.3 "derived"
    QTest::addColumn<double>("gpoints"); // n_SM n_V / C_iter [Gpoints/s]
    // Expected: the published table (profiles/published/ppopp17.json): 1/L as the spec derives
    // it, to 4 digits; n_SM n_V / C_iter from Tables 2 and 4.
    const auto peak = [](const std::string& gpu, const std::string& stencil) {
        const auto value = [](const std::string& id) { return test::published(id.c_str()); };
        return value("ppopp17-table2-" + gpu + "-n-sm") * value("ppopp17-table2-" + gpu + "-n-v") /
               value("ppopp17-table4-" + stencil + "-" + gpu + "-c-iter") / 1e9;
    };
    QTest::newRow("spec 3.3 GTX 980 Jacobi2D: 135.9 GB/s")
        << "gtx980"
        << "jacobi2d" << test::published("ppopp17-derived-gtx980-bandwidth")
        << peak("gtx980", "jacobi2d");
    QTest::newRow("spec 3.3 Titan X Jacobi2D: 184.5 GB/s")
        << "titanx"
        << "jacobi2d" << test::published("ppopp17-derived-titanx-bandwidth")
        << peak("titanx", "jacobi2d");
    QTest::newRow("spec 2.6 GTX 980 Heat2D (C_iter 3.68e-8)")
        << "gtx980"
        << "heat2d" << test::published("ppopp17-derived-gtx980-bandwidth")
        << peak("gtx980", "heat2d");
}

void TestRoofline::ceilings() {
    QFETCH(QString, gpu);
    QFETCH(QString, stencil);
    QFETCH(double, gbs);
    QFETCH(double, gpoints);
    const Gpu g = toGpu(loadGpuProfile(gpu.toStdString()));
    const Stencil st = toStencil(loadStencilProfile(stencil.toStdString()), gpu.toStdString());
    const auto c = search::rooflineCeilings(st, g, {});
    QVERIFY2(near(c.bandwidthBytesPerS / 1e9, gbs, 5e-4),
             qPrintable(QString::number(c.bandwidthBytesPerS)));
    QVERIFY(near(c.peakPointsPerS / 1e9, gpoints, 1e-12));
    QVERIFY(near(c.impliedBytesPerS, c.bandwidthBytesPerS * static_cast<double>(g.nSm), 1e-15));
    QVERIFY(near(c.ridgePointsPerByte, c.peakPointsPerS / c.bandwidthBytesPerS, 1e-15));
}

// Example A (Heat2D, GTX 980, 8192^3, tiles 8 x 256 x 8, paper pitch): 8192^3 points, N_w w N_sub
// m_io = 2049 x 342 x 33 x 12288 words of 4 B, T_alg = 9.65427499231 s; above the compute roof
// (T_alg < T_ideal, erratum I1).
void TestRoofline::exampleA() {
    const Gpu g = toGpu(loadGpuProfile("gtx980"));
    const Stencil st = toStencil(loadStencilProfile("heat2d"), "gtx980");
    talg::Problem p;
    p.dim = 2;
    p.space = {8192, 8192, 1};
    p.time = 8192;
    talg::Tiles t;
    t.space = {8, 256, 1};
    t.time = 8;
    const auto pt = search::rooflinePoint(st, p, t, g, paper());
    QCOMPARE(pt.points, 549755813888.0);
    QCOMPARE(pt.bytes, 1136640688128.0);
    QVERIFY(near(pt.intensity, 0.48366719547355375, 1e-14));
    const double tAlg = test::published("ppopp17-example-a-talg-full"); // spec 2.6 step 23
    QVERIFY(near(pt.tAlg, tAlg, 1e-11));
    QVERIFY(near(pt.pointsPerS, 549755813888.0 / tAlg, 1e-11));
    QVERIFY(near(pt.boundPointsPerS, 2048 / test::published("ppopp17-table4-heat2d-gtx980-c-iter"),
                 1e-12)); // right of the ridge: n_SM n_V / C_iter
    QVERIFY(near(pt.fractionOfBound, 1.0232176718, 1e-9));
    QVERIFY(!pt.aboveBandwidthRoof);
    QCOMPARE(pt.k, static_cast<std::int64_t>(test::published("ppopp17-example-a-k")));
    QVERIFY(pt.computeBound);
    const auto text = search::rooflineExplanation(search::rooflineCeilings(st, g, paper()), pt);
    QVERIFY(text.find("I1") != std::string::npos);
}

// Over the tilings within 10 % of the optimum of Heat2D on both GPUs (geometric pitch): the
// bound is the lower roof, the fraction is rate / bound, the rate never exceeds the compute roof
// (T_alg >= T_ideal with the geometric pitch), and a rate above the device-wide bandwidth roof is
// flagged exactly when it is (the I10 optimism).
void TestRoofline::topTilingsProperties() {
    int checked = 0;
    for (const char* gpu : {"gtx980", "titanx"}) {
        const Gpu g = toGpu(loadGpuProfile(gpu));
        for (const char* s : {"heat2d", "jacobi2d", "gradient2d"}) {
            const Stencil st = toStencil(loadStencilProfile(s), gpu);
            talg::Problem p;
            p.dim = 2;
            p.space = {2048, 2048, 1};
            p.time = 512;
            const talg::TalgVariant v;
            const auto c = search::rooflineCeilings(st, g, v);
            const auto res = search::searchTiles(st, p, g, v, search::withinOptions(0.10));
            QVERIFY(res.found);
            for (const auto& tp : res.within) {
                const auto r = talg::evaluate(st, p, tp.tiles, g, v);
                const auto pt = search::rooflinePoint(c, p, tp.tiles, r);
                const double bwRoof = pt.intensity * c.bandwidthBytesPerS;
                QCOMPARE(pt.boundPointsPerS, std::min(c.peakPointsPerS, bwRoof));
                QVERIFY(pt.pointsPerS <= c.peakPointsPerS * (1 + 1e-12));
                QCOMPARE(pt.aboveBandwidthRoof, pt.pointsPerS > bwRoof * (1 + 1e-12));
                QVERIFY(pt.pointsPerS <= pt.intensity * c.impliedBytesPerS * (1 + 1e-12));
                QVERIFY(std::abs(pt.fractionOfBound - pt.pointsPerS / pt.boundPointsPerS) <=
                        1e-12 * pt.fractionOfBound);
                ++checked;
            }
        }
    }
    QVERIFY2(checked >= 100, qPrintable(QString::number(checked)));
}

void TestRoofline::stencilBadInput() {
    const Gpu g = toGpu(loadGpuProfile("gtx980"));
    const Stencil st = toStencil(loadStencilProfile("heat2d"), "gtx980");
    talg::Problem p;
    p.dim = 2;
    p.space = {8192, 8192, 1};
    p.time = 8192;
    talg::Tiles t;
    t.space = {8, 8192, 1}; // M_tile beyond the per-block shared memory
    t.time = 64;
    QVERIFY_THROWS_EXCEPTION(InputError, search::rooflinePoint(st, p, t, g, {}));
    Stencil bad = st;
    bad.cIterSeconds = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, search::rooflineCeilings(bad, g, {}));
}

// Example I (the session default, GTX 280): FLOP roofline with the Chapter V peak; the point
// equals total FLOPs / the model's time, and the bandwidth-limited Case 2 sits under the roof.
void TestRoofline::mwpExampleI() {
    const MwpSettings s = defaultMwpSettings();
    const mwp::Kernel k = s.model();
    const mwp::Device d = s.device();
    const auto rf = mwp::mwpRoofline(d, k, s.variant);
    const auto r = mwp::evaluate(d, k, s.variant);
    QCOMPARE(rf.unit, mwp::RooflineUnit::Flop);
    const double flop = k.mix.fp + k.mix.fpDiv + 2 * k.mix.fpFused;
    QCOMPARE(rf.opsPerThread, flop);
    QCOMPARE(rf.bytesPerThread, r.memInsts * k.loadBytesPerWarp / 32);
    QCOMPARE(rf.bandwidthBytesPerS, d.bandwidthGbs * 1e9);
    QVERIFY(
        near(rf.current.opsPerSecond, k.blocks * k.threadsPerBlock * flop / r.timeSeconds, 1e-12));
    QVERIFY(rf.current.fraction > 0 && rf.current.fraction <= 1);
    QCOMPARE(rf.current.limiter, mwp::Limiter::Bandwidth);
    QVERIFY(rf.chapter5OpsPerS.has_value());
    QVERIFY(rf.explanation.find("bandwidth") != std::string::npos);
    QCOMPARE(rf.current.n, 32.0);
}

// Every shipped kernel on every MWP-CWP GPU, resident blocks 1..16: the Chapter II rate never
// exceeds the bandwidth roof nor the compute roof; the sweep holds the current point.
void TestRoofline::mwpEveryKernel() {
    const QDir kernels(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/kernels");
    const QDir gpus(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/gpus"); // one per chip
    int checked = 0;
    for (const QString& gname : gpus.entryList({"*.json"})) {
        const GpuProfile gp = loadMwpGpuProfile(gpus.filePath(gname).toStdString());
        for (const QString& kname : kernels.entryList({"*.json"})) {
            MwpSettings m;
            m.gpu = gp;
            m.kernel = loadKernelProfile(kernels.filePath(kname).toStdString());
            std::optional<mwp::MwpRoofline> rf;
            try {
                rf = mwp::mwpRoofline(m.device(), m.model(), m.variant);
            } catch (const InputError&) {
                continue; // no memory instructions, or a kernel this GPU cannot run
            }
            bool found = false;
            for (const auto& p : rf->sweep) {
                const QString where =
                    QString("%1 on %2, %3 blocks").arg(kname, gname).arg(p.activeBlocksPerSm);
                QVERIFY2(p.opsPerSecond <= rf->intensity * rf->bandwidthBytesPerS * (1 + 1e-9),
                         qPrintable(where));
                QVERIFY2(p.opsPerSecond <= rf->peakOpsPerS * (1 + 1e-9) || rf->peakOpsPerS == 0,
                         qPrintable(where));
                found = found || p.activeBlocksPerSm == rf->current.activeBlocksPerSm;
                ++checked;
            }
            QVERIFY(found || rf->current.activeBlocksPerSm > 16);
        }
    }
    QVERIFY2(checked >= 300, qPrintable(QString::number(checked)));
}

void TestRoofline::mwpBadInput() {
    MwpSettings s = defaultMwpSettings();
    mwp::Kernel k = s.model();
    k.coalMemInsts = 0;
    k.uncoalMemInsts = 0;
    try {
        mwp::mwpRoofline(s.device(), k, s.variant);
        QFAIL("a kernel without memory instructions has no intensity");
    } catch (const InputError& e) {
        QVERIFY(QString::fromStdString(e.field()).contains("mem_insts"));
    }
}

QTEST_GUILESS_MAIN(TestRoofline)
#include "test_roofline.moc"
