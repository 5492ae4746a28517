// EATSS (CGO'24; spec eatss.md): the artifact-mode exact optima of every shipped program on the
// A100 and Xavier at every split (spec §4.9, with tie counts), the worked examples of §2.3, the
// paper-mode matmul oracle O1 and the gemm closed form, the §V-D configuration counts, the
// enumeration against a brute force, and the program readers' errors.

#include "eatss/eatss_model.hpp"
#include "eatss/eatss_views.hpp"
#include "eatss/eatss_z3.hpp"
#include "params/input_error.hpp"

#include <QtTest>
#include <algorithm>
#include <filesystem>
#include <random>

using namespace cdx;
using namespace cdx::eatss;

namespace {

std::vector<std::int64_t> parseTiles(const QString& s) {
    std::vector<std::int64_t> v;
    for (const auto& x : s.split(',')) {
        v.push_back(x.toLongLong());
    }
    return v;
}

Solution solve(const char* program, const char* gpu, double split, double align = 1,
               Mode mode = Mode::Artifact) {
    return solveExact(formulate(loadProgram(program), loadGpu(gpu), {mode, split, align}));
}

// Every tile vector of the aligned domain, no pruning: the oracle.
Solution bruteForce(const Formulation& f) {
    Solution s;
    const std::size_t L = f.loops.size();
    const std::int64_t step = f.waf > 0 ? f.waf : 1;
    std::vector<std::int64_t> t(L, f.tMin);
    while (true) {
        const Evaluation e = evaluate(f, t);
        if (e.feasible) {
            if (!s.feasible || e.objective > s.objective) {
                s.feasible = true;
                s.objective = e.objective;
                s.tiles = t;
                s.optima = 1;
            } else if (e.objective == s.objective) {
                ++s.optima;
            }
        }
        std::size_t k = L;
        while (k > 0) {
            --k;
            if (t[k] + step <= f.tMax) {
                t[k] += step;
                break;
            }
            t[k] = f.tMin;
            if (k == 0) {
                return s;
            }
        }
    }
}

} // namespace

class TestEatss : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }
    void artifactOptima_data();
    void artifactOptima();
    void gemmArtifactFormulation();
    void derivedModelTable();
    void heavyConfigurationCounts_data();
    void heavyConfigurationCounts();
    void heavyOptima_data();
    void heavyOptima();
    void paperMatmul_data();
    void paperMatmul();
    void paperSyr2kDiverges();
    void enumerationEqualsBruteForce();
    void evaluateGivenTiles();
    void relsFormat();
    void badPrograms_data();
    void badPrograms();
    void badOptions();
    void z3AtLeastThreeQuarters();
    void configurationGridCounts();
    void objectiveMapHasTheOptimum();
    void ppcgSizesString();
    void fig7Measurements();
};

void TestEatss::artifactOptima_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("split");
    QTest::addColumn<QString>("tiles"); // "exits", "infeasible" or "t1,t2,..."
    QTest::addColumn<qlonglong>("objective");
    QTest::addColumn<qlonglong>("optima");
    const auto row = [](const char* k, const char* g, double s, const char* t, qlonglong w,
                        qlonglong n) {
        QTest::addRow("spec 4.9 %s %s s=%g", k, g, s) << k << g << s << t << w << n;
    };
    row("2mm", "a100", 0, "16,336,48", 16176, 1);
    row("2mm", "a100", 0.125, "16,336,48", 16176, 1);
    row("2mm", "a100", 0.25, "16,336,32", 16160, 1);
    row("2mm", "xavier", 0.0, "16,336,32", 16160, 1);
    row("2mm", "xavier", 0.25, "16,336,16", 16144, 1);
    row("2mm", "xavier", 0.375, "16,320,16", 15376, 1);
    row("3mm", "a100", 0, "16,336,48", 16176, 1);
    row("3mm", "a100", 0.125, "16,336,48", 16176, 1);
    row("3mm", "a100", 0.25, "16,336,32", 16160, 1);
    row("3mm", "xavier", 0.0, "16,336,32", 16160, 1);
    row("3mm", "xavier", 0.25, "16,336,16", 16144, 1);
    row("3mm", "xavier", 0.375, "16,320,16", 15376, 1);
    row("adi", "a100", 0, "16,256", 53248, 1);
    row("adi", "a100", 0.125, "16,256", 53248, 1);
    row("adi", "a100", 0.25, "16,256", 53248, 1);
    row("adi", "xavier", 0.0, "16,256", 53248, 1);
    row("adi", "xavier", 0.25, "16,192", 39936, 1);
    row("adi", "xavier", 0.375, "16,160", 33280, 1);
    row("atax", "a100", 0, "48,512", 8240, 1);
    row("atax", "a100", 0.125, "32,512", 8224, 1);
    row("atax", "a100", 0.25, "32,512", 8224, 1);
    row("atax", "xavier", 0.0, "32,512", 8224, 1);
    row("atax", "xavier", 0.25, "16,512", 8208, 1);
    row("atax", "xavier", 0.375, "16,512", 8208, 1);
    row("bicg", "a100", 0, "48,512", 8240, 1);
    row("bicg", "a100", 0.125, "32,512", 8224, 1);
    row("bicg", "a100", 0.25, "32,512", 8224, 1);
    row("bicg", "xavier", 0.0, "32,512", 8224, 1);
    row("bicg", "xavier", 0.25, "16,512", 8208, 1);
    row("bicg", "xavier", 0.375, "16,512", 8208, 1);
    row("cholesky", "a100", 0, "16,16,336", 16128, 3);
    row("cholesky", "a100", 0.125, "16,16,336", 16128, 3);
    row("cholesky", "a100", 0.25, "16,16,336", 16128, 2);
    row("cholesky", "xavier", 0.0, "16,16,336", 16128, 2);
    row("cholesky", "xavier", 0.25, "16,16,336", 16128, 1);
    row("cholesky", "xavier", 0.375, "16,16,320", 15360, 1);
    row("correlation", "a100", 0, "16,336,16", 16128, 3);
    row("correlation", "a100", 0.125, "16,336,16", 16128, 3);
    row("correlation", "a100", 0.25, "16,336,16", 16128, 2);
    row("correlation", "xavier", 0.0, "16,336,16", 16128, 2);
    row("correlation", "xavier", 0.25, "16,336,16", 16128, 1);
    row("correlation", "xavier", 0.375, "16,320,16", 15360, 1);
    row("covariance", "a100", 0, "16,336,16", 16128, 3);
    row("covariance", "a100", 0.125, "16,336,16", 16128, 3);
    row("covariance", "a100", 0.25, "16,336,16", 16128, 2);
    row("covariance", "xavier", 0.0, "16,336,16", 16128, 2);
    row("covariance", "xavier", 0.25, "16,336,16", 16128, 1);
    row("covariance", "xavier", 0.375, "16,320,16", 15360, 1);
    row("doitgen", "a100", 0, "16,16,16,512", 5120, 1);
    row("doitgen", "a100", 0.125, "infeasible", 0, 0);
    row("doitgen", "a100", 0.25, "16,16,16,16", 4624, 1);
    row("doitgen", "xavier", 0.0, "16,16,16,512", 5120, 1);
    row("doitgen", "xavier", 0.25, "16,16,16,16", 4624, 1);
    row("doitgen", "xavier", 0.375, "16,16,16,16", 4624, 1);
    row("durbin", "a100", 0, "exits", 0, 0);
    row("durbin", "a100", 0.125, "exits", 0, 0);
    row("durbin", "a100", 0.25, "exits", 0, 0);
    row("durbin", "xavier", 0.0, "exits", 0, 0);
    row("durbin", "xavier", 0.25, "exits", 0, 0);
    row("durbin", "xavier", 0.375, "exits", 0, 0);
    row("fdtd-2d", "a100", 0, "16,256", 53248, 1);
    row("fdtd-2d", "a100", 0.125, "16,256", 53248, 1);
    row("fdtd-2d", "a100", 0.25, "16,256", 53248, 1);
    row("fdtd-2d", "xavier", 0.0, "16,256", 53248, 1);
    row("fdtd-2d", "xavier", 0.25, "16,192", 39936, 1);
    row("fdtd-2d", "xavier", 0.375, "16,160", 33280, 1);
    row("fdtd-apml", "a100", 0, "infeasible", 0, 0);
    row("fdtd-apml", "a100", 0.125, "infeasible", 0, 0);
    row("fdtd-apml", "a100", 0.25, "infeasible", 0, 0);
    row("fdtd-apml", "xavier", 0.0, "infeasible", 0, 0);
    row("fdtd-apml", "xavier", 0.25, "infeasible", 0, 0);
    row("fdtd-apml", "xavier", 0.375, "infeasible", 0, 0);
    row("floyd-warshall", "a100", 0, "16,32,512", 32816, 2);
    row("floyd-warshall", "a100", 0.125, "16,16,512", 32800, 1);
    row("floyd-warshall", "a100", 0.25, "16,16,512", 32800, 1);
    row("floyd-warshall", "xavier", 0.0, "16,16,512", 32800, 1);
    row("floyd-warshall", "xavier", 0.25, "16,16,384", 24608, 1);
    row("floyd-warshall", "xavier", 0.375, "16,16,320", 20512, 1);
    row("gemm", "a100", 0, "16,336,48", 16176, 1);
    row("gemm", "a100", 0.125, "16,336,48", 16176, 1);
    row("gemm", "a100", 0.25, "16,336,32", 16160, 1);
    row("gemm", "xavier", 0.0, "16,336,32", 16160, 1);
    row("gemm", "xavier", 0.25, "16,336,16", 16144, 1);
    row("gemm", "xavier", 0.375, "16,320,16", 15376, 1);
    row("gemver", "a100", 0, "48,512", 8240, 1);
    row("gemver", "a100", 0.125, "32,512", 8224, 1);
    row("gemver", "a100", 0.25, "32,512", 8224, 1);
    row("gemver", "xavier", 0.0, "32,512", 8224, 1);
    row("gemver", "xavier", 0.25, "16,512", 8208, 1);
    row("gemver", "xavier", 0.375, "16,512", 8208, 1);
    row("gesummv", "a100", 0, "16,192", 9216, 1);
    row("gesummv", "a100", 0.125, "16,192", 9216, 1);
    row("gesummv", "a100", 0.25, "16,192", 9216, 1);
    row("gesummv", "xavier", 0.0, "16,192", 9216, 1);
    row("gesummv", "xavier", 0.25, "16,192", 9216, 1);
    row("gesummv", "xavier", 0.375, "16,192", 9216, 1);
    row("gramschmidt", "a100", 0, "16,336,48", 16176, 1);
    row("gramschmidt", "a100", 0.125, "16,336,48", 16176, 1);
    row("gramschmidt", "a100", 0.25, "16,336,32", 16160, 1);
    row("gramschmidt", "xavier", 0.0, "16,336,32", 16160, 1);
    row("gramschmidt", "xavier", 0.25, "16,336,16", 16144, 1);
    row("gramschmidt", "xavier", 0.375, "16,320,16", 15376, 1);
    row("jacobi-1d-imper", "a100", 0, "exits", 0, 0);
    row("jacobi-1d-imper", "a100", 0.125, "exits", 0, 0);
    row("jacobi-1d-imper", "a100", 0.25, "exits", 0, 0);
    row("jacobi-1d-imper", "xavier", 0.0, "exits", 0, 0);
    row("jacobi-1d-imper", "xavier", 0.25, "exits", 0, 0);
    row("jacobi-1d-imper", "xavier", 0.375, "exits", 0, 0);
    row("jacobi-2d-imper", "a100", 0, "16,256", 53248, 1);
    row("jacobi-2d-imper", "a100", 0.125, "16,256", 53248, 1);
    row("jacobi-2d-imper", "a100", 0.25, "16,256", 53248, 1);
    row("jacobi-2d-imper", "xavier", 0.0, "16,256", 53248, 1);
    row("jacobi-2d-imper", "xavier", 0.25, "16,192", 39936, 1);
    row("jacobi-2d-imper", "xavier", 0.375, "16,160", 33280, 1);
    row("lu", "a100", 0, "48,16,336", 16176, 1);
    row("lu", "a100", 0.125, "48,16,336", 16176, 1);
    row("lu", "a100", 0.25, "32,16,336", 16160, 1);
    row("lu", "xavier", 0.0, "32,16,336", 16160, 1);
    row("lu", "xavier", 0.25, "16,16,336", 16144, 1);
    row("lu", "xavier", 0.375, "16,16,320", 15376, 1);
    row("mvt", "a100", 0, "48,512", 8240, 1);
    row("mvt", "a100", 0.125, "32,512", 8224, 1);
    row("mvt", "a100", 0.25, "32,512", 8224, 1);
    row("mvt", "xavier", 0.0, "32,512", 8224, 1);
    row("mvt", "xavier", 0.25, "16,512", 8208, 1);
    row("mvt", "xavier", 0.375, "16,512", 8208, 1);
    row("seidel-2d", "a100", 0, "16,256", 53248, 1);
    row("seidel-2d", "a100", 0.125, "16,256", 53248, 1);
    row("seidel-2d", "a100", 0.25, "16,256", 53248, 1);
    row("seidel-2d", "xavier", 0.0, "16,256", 53248, 1);
    row("seidel-2d", "xavier", 0.25, "16,192", 39936, 1);
    row("seidel-2d", "xavier", 0.375, "16,160", 33280, 1);
    row("symm", "a100", 0, "16,336,16", 16128, 3);
    row("symm", "a100", 0.125, "16,336,16", 16128, 3);
    row("symm", "a100", 0.25, "16,336,16", 16128, 2);
    row("symm", "xavier", 0.0, "16,336,16", 16128, 2);
    row("symm", "xavier", 0.25, "16,336,16", 16128, 1);
    row("symm", "xavier", 0.375, "16,320,16", 15360, 1);
    row("syr2k", "a100", 0, "16,16,384", 98560, 1);
    row("syr2k", "a100", 0.125, "16,16,336", 86272, 1);
    row("syr2k", "a100", 0.25, "16,16,288", 73984, 1);
    row("syr2k", "xavier", 0.0, "16,16,256", 65792, 1);
    row("syr2k", "xavier", 0.25, "16,16,192", 49408, 1);
    row("syr2k", "xavier", 0.375, "16,16,160", 41216, 1);
    row("syrk", "a100", 0, "16,32,512", 33280, 2);
    row("syrk", "a100", 0.125, "16,16,512", 33024, 1);
    row("syrk", "a100", 0.25, "16,16,512", 33024, 1);
    row("syrk", "xavier", 0.0, "16,16,512", 33024, 1);
    row("syrk", "xavier", 0.25, "16,16,384", 24832, 1);
    row("syrk", "xavier", 0.375, "16,16,320", 20736, 1);
    row("trisolv", "a100", 0, "48,512", 8240, 1);
    row("trisolv", "a100", 0.125, "32,512", 8224, 1);
    row("trisolv", "a100", 0.25, "32,512", 8224, 1);
    row("trisolv", "xavier", 0.0, "32,512", 8224, 1);
    row("trisolv", "xavier", 0.25, "16,512", 8208, 1);
    row("trisolv", "xavier", 0.375, "16,512", 8208, 1);
    row("trmm", "a100", 0, "32,16,512", 32800, 1);
    row("trmm", "a100", 0.125, "16,16,512", 32784, 1);
    row("trmm", "a100", 0.25, "16,16,512", 32784, 1);
    row("trmm", "xavier", 0.0, "16,16,512", 32784, 1);
    row("trmm", "xavier", 0.25, "16,16,384", 24592, 1);
    row("trmm", "xavier", 0.375, "16,16,320", 20496, 1);
}

// spec eatss.md §4.9: the exact optimum of the artifact's formulation (FP64, phi = 1) of every
// shipped program, the lexicographically smallest tuple and the number of optima.
void TestEatss::artifactOptima() {
    QFETCH(QString, program);
    QFETCH(QString, gpu);
    QFETCH(double, split);
    QFETCH(QString, tiles);
    QFETCH(qlonglong, objective);
    QFETCH(qlonglong, optima);
    const Program p = loadProgram(program.toStdString());
    const Gpu g = loadGpu(gpu.toStdString());
    if (tiles == "exits") {
        QVERIFY_THROWS_EXCEPTION(InputError, formulate(p, g, {Mode::Artifact, split, 1}));
        return;
    }
    const Solution s = solveExact(formulate(p, g, {Mode::Artifact, split, 1}));
    if (tiles == "infeasible") {
        QVERIFY(!s.feasible);
        return;
    }
    QVERIFY(s.feasible);
    QCOMPARE(s.tiles, parseTiles(tiles));
    QCOMPARE(s.objective, objective);
    QCOMPARE(static_cast<qlonglong>(s.optima), optima);
    // The optimum satisfies every constraint.
    const Evaluation e = evaluate(formulate(p, g, {Mode::Artifact, split, 1}), s.tiles);
    QVERIFY2(e.feasible, e.reason.c_str());
    QCOMPARE(e.objective, s.objective);
}

// spec §2.3 (b): gemm on the A100 at s = 0.25: W = T_i T_j + 32 T_j + T_k,
// T_i T_j <= 5461, T_k T_j + T_i T_j <= 18432, T_i T_k <= 6144.
void TestEatss::gemmArtifactFormulation() {
    const Formulation f =
        formulate(loadProgram("gemm"), loadGpu("a100"), {Mode::Artifact, 0.25, 1});
    QCOMPARE(f.weights, (std::vector<std::int64_t>{0, 32, 1}));
    QCOMPARE(f.blkMax, std::int64_t(5461));
    QCOMPARE(*f.l1Budget, std::int64_t(18432));
    QCOMPARE(*f.sharedBudget, std::int64_t(6144));
    QCOMPARE(*f.l2Budget, std::int64_t(5242880));
    QCOMPARE(f.waf, std::int64_t(16));
    QCOMPARE(f.tMax, std::int64_t(512));
    QCOMPARE(f.loops[static_cast<std::size_t>(f.ls1)].name, std::string("j"));
    QCOMPARE(f.cacheSet, (std::vector<std::string>{"Ker", "Out"}));
    QCOMPARE(f.sharedSet, (std::vector<std::string>{"In"}));
    const Solution s = solveExact(f);
    QCOMPARE(s.tiles, (std::vector<std::int64_t>{16, 336, 32}));
    QCOMPARE(s.objective, std::int64_t(16160));
    // The enumeration visits far fewer tilings than the 32^3 of the domain.
    QVERIFY(s.visited < 32768);
}

// spec §4.9 "Structure of the derived model": c, the CMA loop, the sets, n_refs, blk max, H.
void TestEatss::derivedModelTable() {
    struct Row {
        const char* program;
        std::vector<int> c;
        const char* ls1;
        std::int64_t blkMax;
        std::vector<std::int64_t> h;
    };
    const std::vector<Row> rows{
        {"adi", {0, 4}, "j", 4096, {0, 192}},
        {"cholesky", {0, 1, 2}, "k", 5461, {0, 0, 32}},
        {"doitgen", {0, 0, 2, 1}, "k", 5461, {0, 0, 32, 1}},
        {"fdtd-apml", {0, 2, 5}, "ix", 2340, {0, 2, 320}},
        {"floyd-warshall", {1, 0, 2}, "j", 5461, {1, 0, 64}},
        {"gemver", {0, 1}, "j", 3276, {0, 16}},
        {"gesummv", {0, 2}, "j", 3276, {0, 32}},
        {"syr2k", {0, 1, 4}, "k", 3276, {0, 0, 256}},
        {"trmm", {1, 0, 2}, "k", 5461, {0, 0, 64}},
        {"trisolv", {0, 1}, "j", 8192, {0, 16}},
    };
    int checked = 0;
    for (const auto& r : rows) {
        const Formulation f =
            formulate(loadProgram(r.program), loadGpu("a100"), {Mode::Artifact, 0.25, 1});
        QCOMPARE(f.c, r.c);
        QCOMPARE(f.loops[static_cast<std::size_t>(f.ls1)].name, std::string(r.ls1));
        QCOMPARE(f.blkMax, r.blkMax);
        QCOMPARE(f.weights, r.h);
        ++checked;
    }
    QCOMPARE(checked, 10);
}

// spec §2.3 (f) / §V-D: over phi in {1, .5, .25, .125} x s in {0, .125, .25} on the A100,
// conv-2d and mttkrp have 11 feasible configurations and heat-3d 9.
void TestEatss::heavyConfigurationCounts_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<int>("feasible");
    QTest::newRow("spec V-D conv-2d") << "conv-2d" << 11;
    QTest::newRow("spec V-D mttkrp") << "mttkrp" << 11;
    QTest::newRow("spec V-D heat-3d") << "heat-3d" << 9;
}

void TestEatss::heavyConfigurationCounts() {
    QFETCH(QString, program);
    QFETCH(int, feasible);
    const Program p = loadProgram(program.toStdString());
    const Gpu g = loadGpu("a100");
    int n = 0, configs = 0;
    for (double align : {1.0, 0.5, 0.25, 0.125}) {
        for (double split : g.caps) {
            const Formulation f = formulate(p, g, {Mode::Artifact, split, align});
            // Feasibility alone: every tile at its minimum (the constraints are monotone).
            n += evaluate(f, std::vector<std::int64_t>(f.loops.size(), f.tMin)).feasible;
            ++configs;
        }
    }
    QCOMPARE(configs, 12);
    QCOMPARE(n, feasible);
}

// spec §4.9, high-dimensional kernels (A100): the optimum objective and tiles.
void TestEatss::heavyOptima_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<double>("split");
    QTest::addColumn<double>("align");
    QTest::addColumn<QString>("tiles");
    QTest::addColumn<qlonglong>("objective");
    QTest::newRow("spec 4.9 heat-3d s=0 phi=.5") << "heat-3d" << 0.0 << 0.5 << "8,8,32" << 16384LL;
    QTest::newRow("spec 4.9 heat-3d s=.25 phi=.25")
        << "heat-3d" << 0.25 << 0.25 << "4,4,128" << 30720LL;
    QTest::newRow("spec 4.9 heat-3d s=.125 phi=.125")
        << "heat-3d" << 0.125 << 0.125 << "2,2,512" << 59392LL;
    QTest::newRow("spec 4.9 mttkrp s=0 phi=1")
        << "mttkrp" << 0.0 << 1.0 << "16,16,16,512" << 77824LL;
    QTest::newRow("spec 4.9 mttkrp s=.25 phi=1")
        << "mttkrp" << 0.25 << 1.0 << "16,16,16,384" << 59392LL;
    QTest::newRow("spec 4.9 mttkrp s=.25 phi=.25")
        << "mttkrp" << 0.25 << 0.25 << "12,12,12,512" << 20160LL;
    QTest::newRow("spec 4.9 fdtd-apml s=0 phi=.5")
        << "fdtd-apml" << 0.0 << 0.5 << "8,8,32" << 7184LL;
    QTest::newRow("spec 4.9 conv-2d s=.25 phi=1")
        << "conv-2d" << 0.25 << 1.0 << "16,16,16,16,16" << 4624LL;
    QTest::newRow("spec 4.9 conv-2d s=0 phi=1")
        << "conv-2d" << 0.0 << 1.0 << "16,16,16,16,512" << 5120LL;
}

void TestEatss::heavyOptima() {
    QFETCH(QString, program);
    QFETCH(double, split);
    QFETCH(double, align);
    QFETCH(QString, tiles);
    QFETCH(qlonglong, objective);
    const Solution s = solve(program.toUtf8().constData(), "a100", split, align);
    QVERIFY(s.feasible);
    QCOMPARE(s.objective, objective);
    QCOMPARE(s.tiles, parseTiles(tiles));
}

// Paper mode: spec §1.3 / O1 (matmul on GA100, 50 % each, WAF 16 = phi 0.5, FP64) and the
// closed form of §2.3 (a) for both GPUs and every split.
void TestEatss::paperMatmul_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("split");
    QTest::addColumn<QString>("tiles");
    QTest::addColumn<qlonglong>("objective");
    QTest::addColumn<qlonglong>("optima");
    QTest::newRow("spec O1 / 2.3a GA100 s=.5") << "a100" << 0.5 << "16,384,16" << 18432LL << 1LL;
    QTest::newRow("spec 2.3a GA100 s=0") << "a100" << 0.0 << "16,672,16" << 32256LL << 1LL;
    QTest::newRow("spec 2.3a GA100 s=.25") << "a100" << 0.25 << "16,576,16" << 27648LL << 1LL;
    QTest::newRow("spec 2.3a GA100 s=.75") << "a100" << 0.75 << "16,192,16" << 9216LL << 1LL;
    QTest::newRow("spec 2.3a GA100 s=1") << "a100" << 1.0 << "16,672,16" << 32256LL << 3LL;
    QTest::newRow("spec 2.3a Xavier s=0") << "xavier" << 0.0 << "16,512,16" << 24576LL << 1LL;
    QTest::newRow("spec 2.3a Xavier s=.25") << "xavier" << 0.25 << "16,384,16" << 18432LL << 1LL;
    QTest::newRow("spec 2.3a Xavier s=.5") << "xavier" << 0.5 << "16,256,16" << 12288LL << 1LL;
    QTest::newRow("spec 2.3a Xavier s=.75") << "xavier" << 0.75 << "16,128,16" << 6144LL << 1LL;
    QTest::newRow("spec 2.3a Xavier s=1") << "xavier" << 1.0 << "16,256,16" << 12288LL << 1LL;
}

void TestEatss::paperMatmul() {
    QFETCH(QString, gpu);
    QFETCH(double, split);
    QFETCH(QString, tiles);
    QFETCH(qlonglong, objective);
    QFETCH(qlonglong, optima);
    const Formulation f =
        formulate(loadProgram("gemm"), loadGpu(gpu.toStdString()), {Mode::Paper, split, 0.5});
    QCOMPARE(f.weights, (std::vector<std::int64_t>{0, 32, 0}));
    QCOMPARE(f.tMax, std::int64_t(1024));
    const Solution s = solveExact(f);
    QCOMPARE(s.tiles, parseTiles(tiles));
    QCOMPARE(s.objective, objective);
    QCOMPARE(static_cast<qlonglong>(s.optima), optima);
    if (gpu == "a100" && split == 0.5) {
        // At O1's optimum: L1 footprint 12288 (tight), shared 256, blk * 3 * 2 = 36864.
        const Evaluation e = evaluate(f, s.tiles);
        for (const auto& c : e.constraints) {
            if (c.name == "l1") {
                QCOMPARE(c.lhs, std::int64_t(12288));
                QVERIFY(c.binding);
            } else if (c.name == "shared") {
                QCOMPARE(c.lhs, std::int64_t(256));
            }
        }
        QCOMPARE(e.blk * 3 * 2, std::int64_t(36864));
    }
}

// spec §2.3 (e): syr2k — the artifact picks the non-parallel k as the CMA loop, the paper the
// parallel j; the artifact's answer on the A100 at s = 0.25 is (16, 16, 288).
void TestEatss::paperSyr2kDiverges() {
    const Program p = loadProgram("syr2k");
    const Gpu g = loadGpu("a100");
    const Formulation a = formulate(p, g, {Mode::Artifact, 0.25, 1});
    QCOMPARE(a.loops[static_cast<std::size_t>(a.ls1)].name, std::string("k"));
    QCOMPARE(solveExact(a).tiles, (std::vector<std::int64_t>{16, 16, 288}));
    const Formulation q = formulate(p, g, {Mode::Paper, 0.25, 0.5});
    QCOMPARE(q.loops[static_cast<std::size_t>(q.ls1)].name, std::string("j"));
    QCOMPARE(q.weights, (std::vector<std::int64_t>{0, 16, 0}));
    QCOMPARE(q.cacheSet, (std::vector<std::string>{"C"}));
}

// The pruned enumeration equals a brute force over the whole aligned domain (objective, the
// smallest optimum, the number of optima) on every shipped program with a small bound.
void TestEatss::enumerationEqualsBruteForce() {
    int checked = 0;
    for (const char* program : {"gemm", "mvt", "jacobi-2d-imper", "syr2k", "cholesky", "doitgen",
                                "floyd-warshall", "gesummv", "trmm", "symm"}) {
        for (Mode mode : {Mode::Artifact, Mode::Paper}) {
            for (double split : {0.0, 0.125, 0.25}) {
                Formulation f = formulate(loadProgram(program), loadGpu("a100"),
                                          {mode, split, mode == Mode::Artifact ? 0.25 : 0.125});
                f.tMax = 48; // 12 values per loop: a brute force stays small
                for (auto& c : f.constraints) {
                    c.rhs = std::max<std::int64_t>(1, c.rhs / 40); // so that they bind
                }
                f.blkMax = std::max<std::int64_t>(1, f.blkMax / 4);
                for (auto& c : f.constraints) {
                    if (c.name == "registers") {
                        c.rhs = f.blkMax;
                    }
                }
                const Solution s = solveExact(f);
                const Solution b = bruteForce(f);
                QCOMPARE(s.feasible, b.feasible);
                if (b.feasible) {
                    QCOMPARE(s.objective, b.objective);
                    QCOMPARE(s.tiles, b.tiles);
                    QCOMPARE(s.optima, b.optima);
                }
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 60);
}

void TestEatss::evaluateGivenTiles() {
    const Formulation f =
        formulate(loadProgram("gemm"), loadGpu("a100"), {Mode::Artifact, 0.25, 1});
    const Evaluation ok = evaluate(f, {16, 336, 32});
    QVERIFY(ok.feasible);
    QCOMPARE(ok.objective, std::int64_t(16160));
    QCOMPARE(ok.blk, std::int64_t(5376));
    const Evaluation notAligned = evaluate(f, {16, 330, 32});
    QVERIFY(!notAligned.feasible);
    QVERIFY(notAligned.reason.find("multiple of 16") != std::string::npos);
    const Evaluation tooBig = evaluate(f, {32, 336, 32});
    QVERIFY(!tooBig.feasible);
    QVERIFY(tooBig.reason.find("registers") != std::string::npos ||
            tooBig.reason.find("l1") != std::string::npos);
    QVERIFY_THROWS_EXCEPTION(InputError, evaluate(f, {16, 16}));
}

// The artifact's .rels format (spec §2.2), verbatim gemm.
void TestEatss::relsFormat() {
    const Program p = parseRels("1\nMM:i*,j*,k\n3\nIn:i,k:8000,8000\nKer:k,j:8000,8000\n"
                                "Out:i,j:8000,8000\n",
                                "gemm.rels");
    QCOMPARE(p.id, std::string("gemm"));
    QCOMPARE(p.statement, std::string("MM"));
    QCOMPARE(p.loops.size(), std::size_t(3));
    QVERIFY(p.loops[0].parallel && p.loops[1].parallel && !p.loops[2].parallel);
    QCOMPARE(p.references[2].subscripts, (std::vector<std::string>{"i", "j"}));
    // The same model as the shipped JSON program.
    const Gpu g = loadGpu("xavier");
    QCOMPARE(solveExact(formulate(p, g, {})).tiles,
             solveExact(formulate(loadProgram("gemm"), g, {})).tiles);
}

void TestEatss::badPrograms_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mention");
    QTest::newRow("unknown iterator") << "1\nMM:i*,j*,k\n1\nIn:i,q:10,10\n"
                                      << "gemm.rels:4";
    QTest::newRow("unknown iterator names the loops") << "1\nMM:i*,j*,k\n1\nIn:i,q:10,10\n"
                                                      << "i, j, k";
    QTest::newRow("zero loops") << "1\nMM:\n1\nIn:i:10\n"
                                << "gemm.rels:2";
    QTest::newRow("malformed reference") << "1\nMM:i*,j\n1\nIn\n"
                                         << "gemm.rels:4";
    QTest::newRow("count mismatch") << "1\nMM:i*,j\n2\nIn:i,j:1,1\n"
                                    << "expected 2 reference lines";
    QTest::newRow("two statements") << "2\nMM:i*,j\n1\nIn:i,j:1,1\n"
                                    << "statements";
    QTest::newRow("repeated loop") << "1\nMM:i*,i\n1\nIn:i:1\n"
                                   << "repeated loop";
    QTest::newRow("extent count") << "1\nMM:i*,j\n1\nIn:i,j:5\n"
                                  << "one extent per subscript";
    QTest::newRow("not a number") << "x\nMM:i*,j\n1\nIn:i,j:1,1\n"
                                  << "gemm.rels:1";
    QTest::newRow("empty") << ""
                           << "lines";
}

void TestEatss::badPrograms() {
    QFETCH(QString, text);
    QFETCH(QString, mention);
    try {
        parseRels(text.toStdString(), "gemm.rels");
        QFAIL("no error");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(mention), e.what());
    }
}

void TestEatss::badOptions() {
    const Program p = loadProgram("gemm");
    const Gpu g = loadGpu("a100");
    // s = 0.5 gives 12288 elements of shared memory, more than the 6144 per block: the
    // artifact exits (spec §1.6 item 2).
    try {
        formulate(p, g, {Mode::Artifact, 0.5, 1});
        QFAIL("no error");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("s <= 0.25"), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(InputError, formulate(p, g, {Mode::Artifact, -0.1, 1}));
    QVERIFY_THROWS_EXCEPTION(InputError, formulate(p, g, {Mode::Artifact, 0.25, 1.5}));
    QVERIFY_THROWS_EXCEPTION(InputError, formulate(p, g, {Mode::Artifact, std::nan(""), 1}));
    QVERIFY_THROWS_EXCEPTION(InputError, loadGpu("h100"));
    QVERIFY_THROWS_EXCEPTION(InputError, loadProgram("no-such-kernel"));
    // durbin has only 1-D arrays: the artifact exits; the paper mode formulates it.
    QVERIFY_THROWS_EXCEPTION(InputError, formulate(loadProgram("durbin"), g, {}));
    QVERIFY(solveExact(formulate(loadProgram("durbin"), g, {Mode::Paper, 0.25, 0.5})).feasible);
}

// The artifact's Z3 procedure (spec §3.2): on every shipped program (both GPUs, s = 0.25), its
// answer is feasible and at least 3/4 of the exact optimum; on mvt it is the spec's (16, 464).
void TestEatss::z3AtLeastThreeQuarters() {
    int checked = 0, below = 0;
    for (const auto& entry : std::filesystem::directory_iterator(
             std::filesystem::path(CDX_SOURCE_PROFILES_DIR) / "programs")) {
        const Program p = loadProgram(entry.path().string());
        for (const char* gpu : {"a100", "xavier"}) {
            Formulation f;
            try {
                f = formulate(p, loadGpu(gpu), {Mode::Artifact, 0.25, p.id == "heat-3d" ? 0.5 : 1});
            } catch (const InputError&) {
                continue; // durbin, jacobi-1d: the artifact exits
            }
            const Solution exact = solveExact(f);
            const Z3Answer z = solveZ3(f);
            QCOMPARE(z.feasible, exact.feasible);
            if (exact.feasible) {
                QVERIFY2(evaluate(f, z.tiles).feasible, p.id.c_str());
                QCOMPARE(evaluate(f, z.tiles).objective, z.objective);
                QVERIFY2(4 * z.objective >= 3 * exact.objective, p.id.c_str());
                QVERIFY(z.objective <= exact.objective);
                below += z.objective < exact.objective;
                QVERIFY(z.calls >= 3 && z.trace.size() + 3 == static_cast<std::size_t>(z.calls));
            }
            ++checked;
        }
    }
    QVERIFY(checked >= 50);
    QVERIFY(below > 0); // the procedure does stop short of the optimum on some programs
    const Formulation mvt =
        formulate(loadProgram("mvt"), loadGpu("a100"), {Mode::Artifact, 0.25, 1});
    QCOMPARE(solveZ3(mvt).tiles, (std::vector<std::int64_t>{16, 464})); // spec §3.3
}

// The split x alignment grid (spec §V-D): conv-2d 11 feasible configurations of 12.
void TestEatss::configurationGridCounts() {
    const Gpu g = loadGpu("a100");
    const auto grid = configurationGrid(loadProgram("conv-2d"), g, Mode::Artifact,
                                        Precision::Double, g.caps, {1.0, 0.5, 0.25, 0.125});
    QCOMPARE(grid.size(), std::size_t(12));
    int feasible = 0;
    for (const auto& c : grid) {
        QVERIFY(c.formulated);
        feasible += c.solution.feasible;
    }
    QCOMPARE(feasible, 11);
    // A split above the per-block shared memory: not formulated, with the reason.
    const auto over =
        configurationGrid(loadProgram("gemm"), g, Mode::Artifact, Precision::Double, {0.5}, {1.0});
    QVERIFY(!over[0].formulated);
    QVERIFY(over[0].error.find("code 42") != std::string::npos);
}

void TestEatss::objectiveMapHasTheOptimum() {
    const Formulation f =
        formulate(loadProgram("gemm"), loadGpu("a100"), {Mode::Artifact, 0.25, 1});
    const Solution s = solveExact(f);
    const ObjectiveMap m = objectiveMap(f, s.tiles, 1, 2); // T_j across, T_k up
    QCOMPARE(m.xs.size(), std::size_t(32));
    QCOMPARE(m.best, s.objective);
    const auto xi = std::find(m.xs.begin(), m.xs.end(), 336) - m.xs.begin();
    const auto yi = std::find(m.ys.begin(), m.ys.end(), 32) - m.ys.begin();
    QCOMPARE(m.w[static_cast<std::size_t>(yi) * m.xs.size() + static_cast<std::size_t>(xi)],
             s.objective);
    // (512, 512) breaks the L1 capacity or the registers: infeasible, named.
    QCOMPARE(m.w.back(), std::int64_t(-1));
    QVERIFY(m.violated.back() >= 0);
    QVERIFY_THROWS_EXCEPTION(InputError, objectiveMap(f, s.tiles, 1, 1));
}

// spec §2.4: a 16 x 336 x 32 tile on the A100 (1024 threads per block) runs on a 16 x 32 block.
void TestEatss::ppcgSizesString() {
    QCOMPARE(QString::fromStdString(ppcgSizes({16, 336, 32}, 1024)),
             QString("kernel[i0] -> tile[o0, o1, o2] : (i0 = 0 and o0 = 16 and o1 = 336 and "
                     "o2 = 32); kernel[i0] -> block[o0, o1] : (i0 = 0 and o0 = 16 and o1 = 32)"));
    QCOMPARE(ppcgBlock({16, 384}, 1024), (std::vector<std::int64_t>{16, 32}));
    QCOMPARE(ppcgBlock({8, 8, 32}, 1024), (std::vector<std::int64_t>{8, 8}));
    QCOMPARE(ppcgBlock({1024}, 1024), (std::vector<std::int64_t>{512}));
}

// spec §4.5 and oracles O7, O9: Fig. 7 as shipped, its geometric means recomputed from the
// rounded rows, and the energy-PPW identity on gemm.
void TestEatss::fig7Measurements() {
    const Measurements a = loadFig7("a100");
    const Measurements x = loadFig7("xavier");
    QCOMPARE(a.rows.size(), std::size_t(21));
    QCOMPARE(x.rows.size(), std::size_t(21));
    QCOMPARE(a.energyUnit, std::string("J"));
    QCOMPARE(x.energyUnit, std::string("mJ"));
    const auto gmean = [](const Measurements& m, int v) {
        std::vector<double> p;
        for (const auto& r : m.rows) {
            p.push_back(r.ppw[static_cast<std::size_t>(v)]);
        }
        return geometricMean(p);
    };
    // O9: recomputed 2.43 / 2.51 / 5.01 / 2.86 (GA100), 4.93 / 7.31 / 11.49 / 7.57 (Xavier).
    const double ga[4] = {2.43, 2.51, 5.01, 2.86}, xa[4] = {4.93, 7.31, 11.49, 7.57};
    for (int v = 0; v < 4; ++v) {
        QVERIFY2(std::abs(gmean(a, v) - ga[v]) < 0.006, qPrintable(QString::number(gmean(a, v))));
        QVERIFY2(std::abs(gmean(x, v) - xa[v]) < 0.006, qPrintable(QString::number(gmean(x, v))));
    }
    // O7: E = F / (PPW 1e9), F = 4 N^3 with N = 4000 (GA100 gemm, EXTRALARGE).
    for (const auto& r : a.rows) {
        if (r.bench == "gemm") {
            const double f = 4 * 4000.0 * 4000.0 * 4000.0;
            QVERIFY(std::abs(f / (r.ppw[Eatss] * 1e9) - r.energy[Eatss]) < 0.01);
            QVERIFY(std::abs(f / (r.ppw[Median] * 1e9) - r.energy[Median]) < 0.01);
        }
    }
    QVERIFY_THROWS_EXCEPTION(InputError, loadFig7("rtx2080ti"));
}

QTEST_APPLESS_MAIN(TestEatss)
#include "test_eatss.moc"
