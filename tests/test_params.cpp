// Parameter sets: the shipped profiles against PPoPP'17 Tables 2-4, and every way a
// profile or an override can be wrong.

#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"

#include <QtTest>
#include <cmath>

using namespace cdx;

namespace {
const char* const kGoodGpu = R"({
  "id": "mygpu", "name": "My GPU",
  "params": {
    "n_sm": {"value": 16, "unit": "count", "source": "vendor spec"},
    "n_v": {"value": 128, "unit": "count", "source": "vendor spec"},
    "m_sm_kb": {"value": 96, "unit": "KB", "source": "vendor spec"},
    "m_tb_kb": {"value": 48, "unit": "KB", "source": "vendor spec"},
    "r_sm": {"value": 65536, "unit": "registers", "source": "vendor spec"},
    "mtb_sm": {"value": 32, "unit": "count", "source": "vendor spec"},
    "l_s_per_gb": {"value": 7.36e-3, "unit": "s/GB", "source": "measured"},
    "tau_sync_s": {"value": 7.96e-10, "unit": "s", "source": "measured"},
    "t_sync_s": {"value": 9.24e-7, "unit": "s", "source": "measured"}
  }
})";

QString replaced(const char* text, const QString& from, const QString& to) {
    QString s = QString::fromUtf8(text);
    s.replace(from, to);
    return s;
}
} // namespace

class TestParams : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void gpuTables_data();
    void gpuTables();
    void stencilTable4_data();
    void stencilTable4();
    void flopsPerPoint_data();
    void flopsPerPoint();
    void everyShippedValueHasUnitAndSource();
    void jacobi1dNeedsCIter();
    void badGpuProfile_data();
    void badGpuProfile();
    void badStencilProfile();
    void overrides();
    void badOverrides_data();
    void badOverrides();
    void unknownIdListsKnownOnes();
};

void TestParams::initTestCase() {
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
}

void TestParams::gpuTables_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    struct Row {
        const char* source;
        const char* key;
        double gtx980;
        double titanx;
    };
    const Row rows[] = {
        {"PPoPP17 Table 2", "n_sm", 16, 24},
        {"PPoPP17 Table 2", "n_v", 128, 128},
        {"PPoPP17 Table 2", "m_sm_kb", 96, 96},
        {"PPoPP17 Table 2", "r_sm", 65536, 65536},
        {"PPoPP17 Table 2", "shared_memory_banks", 32, 32},
        {"PPoPP17 Table 2", "mtb_sm", 32, 32},
        {"PPoPP17 5.1", "m_tb_kb", 48, 48},
        {"PPoPP17 Table 3", "l_s_per_gb", 7.36e-3, 5.42e-3},
        {"PPoPP17 Table 3", "tau_sync_s", 7.96e-10, 6.74e-10},
        {"PPoPP17 Table 3", "t_sync_s", 9.24e-7, 9.00e-7},
    };
    for (const auto& r : rows) {
        QTest::addRow("%s %s GTX980", r.source, r.key) << "gtx980" << r.key << r.gtx980;
        QTest::addRow("%s %s TitanX", r.source, r.key) << "titanx" << r.key << r.titanx;
    }
}

void TestParams::gpuTables() {
    QFETCH(QString, gpu);
    QFETCH(QString, key);
    QFETCH(double, value);
    const GpuProfile p = loadGpuProfile(gpu.toStdString());
    const Quantity& q = p.params.at(key.toStdString());
    QVERIFY(q.value.has_value());
    QCOMPARE(*q.value, value);
    QVERIFY(!q.edited);
}

void TestParams::stencilTable4_data() {
    QTest::addColumn<QString>("stencil");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("cIter");
    QTest::addColumn<int>("dim");
    struct Row {
        const char* id;
        int dim;
        double gtx980;
        double titanx;
    };
    const Row rows[] = {{"jacobi2d", 2, 3.39e-8, 3.83e-8},    {"heat2d", 2, 3.68e-8, 4.23e-8},
                        {"laplacian2d", 2, 3.11e-8, 3.81e-8}, {"gradient2d", 2, 6.09e-8, 7.60e-8},
                        {"heat3d", 3, 1.55e-7, 1.64e-7},      {"laplacian3d", 3, 1.36e-7, 1.44e-7}};
    for (const auto& r : rows) {
        QTest::addRow("PPoPP17 Table 4 %s GTX980", r.id) << r.id << "gtx980" << r.gtx980 << r.dim;
        QTest::addRow("PPoPP17 Table 4 %s TitanX", r.id) << r.id << "titanx" << r.titanx << r.dim;
    }
}

void TestParams::stencilTable4() {
    QFETCH(QString, stencil);
    QFETCH(QString, gpu);
    QFETCH(double, cIter);
    QFETCH(int, dim);
    const StencilProfile p = loadStencilProfile(stencil.toStdString());
    const Stencil s = toStencil(p, gpu.toStdString());
    QCOMPARE(s.cIterSeconds, cIter);
    QCOMPARE(s.dim, dim);
    QCOMPARE(s.bytesPerWord, 4);
}

void TestParams::flopsPerPoint_data() {
    QTest::addColumn<QString>("stencil");
    QTest::addColumn<double>("flops"); // NaN: null, the sources give none
    const double none = std::nan("");
    QTest::newRow("thesis App. B Jacobi 2D = 5") << "jacobi2d" << 5.0;
    QTest::newRow("thesis App. B Jacobi 1D = 3") << "jacobi1d" << 3.0;
    QTest::newRow("spec 5 Heat 2D not given") << "heat2d" << none;
    QTest::newRow("spec 5 Laplacian 2D not given") << "laplacian2d" << none;
    QTest::newRow("spec 5 Gradient 2D not given") << "gradient2d" << none;
    QTest::newRow("spec 5 Heat 3D not given") << "heat3d" << none;
    QTest::newRow("spec 5 Laplacian 3D not given") << "laplacian3d" << none;
}

void TestParams::flopsPerPoint() {
    QFETCH(QString, stencil);
    QFETCH(double, flops);
    const auto p = loadStencilProfile(stencil.toStdString());
    const auto& q = p.params.at("flops_per_point");
    if (std::isnan(flops)) {
        QVERIFY(!q.value.has_value());
    } else {
        QCOMPARE(q.value.value(), flops);
    }
    QVERIFY(!q.source.empty());
}

void TestParams::everyShippedValueHasUnitAndSource() {
    QCOMPARE(listProfiles("gpus").size(), std::size_t{2});
    QCOMPARE(listProfiles("stencils").size(), std::size_t{7});
    for (const auto& e : listProfiles("gpus")) {
        const auto p = readGpuProfile(e.path);
        QCOMPARE(QString::fromStdString(p.id), QString::fromStdString(e.path.stem().string()));
        for (const auto& [key, q] : p.params) {
            QVERIFY2(!q.source.empty(), key.c_str());
            QCOMPARE(q.unit, std::string(findParameterKey(key)->unit));
        }
    }
    for (const auto& e : listProfiles("stencils")) {
        const auto p = readStencilProfile(e.path);
        QCOMPARE(QString::fromStdString(p.id), QString::fromStdString(e.path.stem().string()));
        for (const auto& [gpu, q] : p.cIterByGpu) {
            QVERIFY2(!q.source.empty(), gpu.c_str());
        }
    }
}

void TestParams::jacobi1dNeedsCIter() {
    StencilProfile p = loadStencilProfile("jacobi1d");
    try {
        (void)toStencil(p, "gtx980");
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("c_iter_s"));
        QVERIFY(QString(e.what()).contains("--set c_iter_s="));
    }
    GpuProfile g = loadGpuProfile("gtx980");
    applyOverride(g, p, "gtx980", "c_iter_s=3e-8");
    QCOMPARE(toStencil(p, "gtx980").cIterSeconds, 3e-8);
    QVERIFY(p.cIterByGpu.at("gtx980").edited);
}

void TestParams::badGpuProfile_data() {
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("mention"); // the message must name this
    QTest::newRow("malformed JSON") << QString(kGoodGpu).left(120) << "line";
    QTest::newRow("not an object") << "[1, 2]"
                                   << "GPU profile object";
    QTest::newRow("missing id") << replaced(kGoodGpu, "\"id\": \"mygpu\",", "") << "id";
    QTest::newRow("missing parameter")
        << replaced(kGoodGpu, R"("n_v": {"value": 128, "unit": "count", "source": "vendor spec"},)",
                    "")
        << "n_v";
    QTest::newRow("wrong unit") << replaced(kGoodGpu, R"("unit": "s/GB")", R"("unit": "s/word")")
                                << "params.l_s_per_gb.unit";
    QTest::newRow("negative value")
        << replaced(kGoodGpu, "\"value\": 16,", "\"value\": -16,") << "n_sm";
    QTest::newRow("fractional count")
        << replaced(kGoodGpu, "\"value\": 16,", "\"value\": 16.5,") << "n_sm";
    QTest::newRow("string value") << replaced(kGoodGpu, "\"value\": 16,", "\"value\": \"16\",")
                                  << "params.n_sm.value";
    QTest::newRow("missing source")
        << replaced(kGoodGpu, R"(, "source": "measured"})", "}") << "source";
    QTest::newRow("unknown key") << replaced(kGoodGpu, "\"n_sm\"", "\"nsm\"") << "params.nsm";
    QTest::newRow("null required value")
        << replaced(kGoodGpu, "\"value\": 16,", "\"value\": null,") << "n_sm";
}

void TestParams::badGpuProfile() {
    QFETCH(QString, json);
    QFETCH(QString, mention);
    try {
        (void)parseGpuProfile(json.toStdString(), "mygpu.json");
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        const QString msg = QString::fromUtf8(e.what());
        QVERIFY2(msg.startsWith("mygpu.json"), qPrintable(msg));
        QVERIFY2(msg.contains(mention), qPrintable(msg));
        QVERIFY2(!msg.contains('\n'), qPrintable(msg));
    }
}

void TestParams::badStencilProfile() {
    const char* good = R"({"id": "s", "name": "S", "dim": 2,
        "params": {"flops_per_point": {"value": null, "unit": "FLOP/point", "source": "none"}},
        "c_iter_s": {"gtx980": {"value": 3e-8, "unit": "s", "source": "measured"}}})";
    QCOMPARE(parseStencilProfile(good, "s.json").dim, 2);
    QVERIFY_THROWS_EXCEPTION(
        InputError,
        parseStencilProfile(replaced(good, "\"dim\": 2", "\"dim\": 4").toStdString(), "s.json"));
    QVERIFY_THROWS_EXCEPTION(
        InputError, parseStencilProfile(replaced(good, "3e-8", "-3e-8").toStdString(), "s.json"));
    QVERIFY_THROWS_EXCEPTION(
        InputError,
        parseStencilProfile(
            replaced(
                good,
                R"("flops_per_point": {"value": null, "unit": "FLOP/point", "source": "none"})",
                R"("c_iter_s": {"value": 1, "unit": "s", "source": "x"})")
                .toStdString(),
            "s.json"));
    QVERIFY_THROWS_EXCEPTION(InputError, readGpuProfile("/nonexistent/gpu.json"));
}

void TestParams::overrides() {
    GpuProfile g = loadGpuProfile("gtx980");
    StencilProfile s = loadStencilProfile("heat2d");
    applyOverride(g, s, g.id, "n_sm=20");
    applyOverride(g, s, g.id, "l_s_per_gb=1e-2");
    applyOverride(g, s, g.id, "flops_per_point=7");
    applyOverride(g, s, g.id, "c_iter_s=4e-8");
    QCOMPARE(toGpu(g).nSm, 20);
    QCOMPARE(toGpu(g).lSecondsPerGb, 1e-2);
    QVERIFY(g.params.at("n_sm").edited);
    QCOMPARE(g.params.at("n_sm").source, std::string("set by user"));
    QVERIFY(!g.params.at("n_v").edited);
    const Stencil st = toStencil(s, g.id);
    QCOMPARE(st.cIterSeconds, 4e-8);
    QCOMPARE(st.flopsPerPoint.value(), 7.0);
    applyOverride(g, s, g.id, "flops_per_point=null");
    QVERIFY(!toStencil(s, g.id).flopsPerPoint.has_value());
}

void TestParams::badOverrides_data() {
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<QString>("mention");
    QTest::newRow("no equals sign") << "n_sm"
                                    << "KEY=VALUE";
    QTest::newRow("unknown key") << "nsm=3"
                                 << "n_sm";
    QTest::newRow("not a number") << "n_sm=abc"
                                  << "an integer";
    QTest::newRow("trailing garbage") << "n_sm=16x"
                                      << "an integer";
    QTest::newRow("fractional count") << "n_sm=16.5"
                                      << "an integer";
    QTest::newRow("zero SMs") << "n_sm=0"
                              << "n_sm";
    QTest::newRow("NaN") << "l_s_per_gb=nan"
                         << "l_s_per_gb";
    QTest::newRow("negative") << "tau_sync_s=-1"
                              << "tau_sync_s";
    QTest::newRow("null for a required key") << "n_v=null"
                                             << "n_v";
    QTest::newRow("zero C_iter") << "c_iter_s=0"
                                 << "c_iter_s";
}

void TestParams::badOverrides() {
    QFETCH(QString, assignment);
    QFETCH(QString, mention);
    GpuProfile g = loadGpuProfile("gtx980");
    StencilProfile s = loadStencilProfile("heat2d");
    const GpuProfile before = g;
    try {
        applyOverride(g, s, g.id, assignment.toStdString());
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains(mention), e.what());
    }
    QCOMPARE(g.params.size(), before.params.size()); // nothing half-applied
    QCOMPARE(*g.params.at("n_sm").value, 16.0);
}

void TestParams::unknownIdListsKnownOnes() {
    try {
        (void)loadGpuProfile("gtx1080");
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        const QString msg = e.what();
        QVERIFY2(msg.contains("gtx980") && msg.contains("titanx"), qPrintable(msg));
        QCOMPARE(QString::fromStdString(e.field()), QString("--gpu"));
    }
    QVERIFY_THROWS_EXCEPTION(InputError, loadStencilProfile("heat4d"));
}

QTEST_APPLESS_MAIN(TestParams)
#include "test_params.moc"
