// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter sets: the shipped profiles against PPoPP'17 Tables 2-4, and every way a
// profile or an override can be wrong.

#include "area/area_model.hpp"
#include "eatss/eatss_model.hpp"
#include "energy/energy_profiles.hpp"
#include "params/input_error.hpp"
#include "params/parameter_keys.hpp"
#include "params/profiles.hpp"
#include "runs/run_import.hpp"
#include "session/session.hpp"
#include "support/published.hpp"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

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

// Both profiles as their JSON (values, units, sources and edited flags): equal JSON = equal
// profiles for every purpose of the models and the session files.
nlohmann::json snapshot(const GpuProfile& g, const StencilProfile& s) {
    return {{"gpu", toJson(g)}, {"stencil", toJson(s)}};
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The error of a typed edit and of the same edit through `--set KEY=VALUE` (VALUE written
// the way formatNumber writes it, "null" for nullopt); nullopt where the edit was taken.
struct EditErrors {
    std::optional<InputError> typed;
    std::optional<InputError> set;
};

EditErrors editBothWays(GpuProfile& typedGpu, StencilProfile& typedStencil, GpuProfile& setGpu,
                        StencilProfile& setStencil, const std::string& key,
                        std::optional<double> value) {
    EditErrors out;
    try {
        setParameter(typedGpu, typedStencil, typedGpu.id, key, value);
    } catch (const InputError& e) {
        out.typed = e;
    }
    try {
        applyOverride(setGpu, setStencil, setGpu.id,
                      key + "=" + (value ? formatNumber(*value) : std::string("null")));
    } catch (const InputError& e) {
        out.set = e;
    }
    return out;
}

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
    void typedEditEqualsOverride_data();
    void typedEditEqualsOverride();
    void typedNull_data();
    void typedNull();
    void typedEditRefused_data();
    void typedEditRefused();
    void gpuOnlyEdit();
    void everyKeyTypedEqualsOverride();
    void numbersBeyondTheirType_data();
    void numbersBeyondTheirType();
    void numbersBeyondTheirTypeInSessionsAndRuns();
};

void TestParams::initTestCase() {
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
}

void TestParams::gpuTables_data() {
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    // Expected: the published table (profiles/published/ppopp17.json), by id:
    // ppopp17-TABLE-GPU-KEY (the key with '-' for '_').
    struct Row {
        const char* source;
        const char* table;
        const char* key;
    };
    const Row rows[] = {
        {"PPoPP17 Table 2", "table2", "n_sm"},
        {"PPoPP17 Table 2", "table2", "n_v"},
        {"PPoPP17 Table 2", "table2", "m_sm_kb"},
        {"PPoPP17 Table 2", "table2", "r_sm"},
        {"PPoPP17 Table 2", "table2", "shared_memory_banks"},
        {"PPoPP17 Table 2", "table2", "mtb_sm"},
        {"PPoPP17 5.1", "s5-1", "m_tb_kb"},
        {"PPoPP17 Table 3", "table3", "l_s_per_gb"},
        {"PPoPP17 Table 3", "table3", "tau_sync_s"},
        {"PPoPP17 Table 3", "table3", "t_sync_s"},
    };
    for (const auto& r : rows) {
        const auto value = [&r](const char* gpu) {
            const QByteArray id = QByteArray("ppopp17-") + r.table + "-" + gpu + "-" +
                                  QByteArray(r.key).replace('_', '-');
            return test::published(id.constData());
        };
        QTest::addRow("%s %s GTX980", r.source, r.key) << "gtx980" << r.key << value("gtx980");
        QTest::addRow("%s %s TitanX", r.source, r.key) << "titanx" << r.key << value("titanx");
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
    // Expected: the published table (profiles/published/ppopp17.json):
    // ppopp17-table4-STENCIL-GPU-c-iter.
    struct Row {
        const char* id;
        int dim;
    };
    const Row rows[] = {{"jacobi2d", 2},   {"heat2d", 2}, {"laplacian2d", 2},
                        {"gradient2d", 2}, {"heat3d", 3}, {"laplacian3d", 3}};
    for (const auto& r : rows) {
        const auto cIter = [&r](const char* gpu) {
            const QByteArray id = QByteArray("ppopp17-table4-") + r.id + "-" + gpu + "-c-iter";
            return test::published(id.constData());
        };
        QTest::addRow("PPoPP17 Table 4 %s GTX980", r.id)
            << r.id << "gtx980" << cIter("gtx980") << r.dim;
        QTest::addRow("PPoPP17 Table 4 %s TitanX", r.id)
            << r.id << "titanx" << cIter("titanx") << r.dim;
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
    QTest::newRow("thesis App. B Jacobi 2D = 5")
        << "jacobi2d" << test::published("thesis-b-jacobi2d-flops-per-point");
    QTest::newRow("thesis App. B Jacobi 1D = 3")
        << "jacobi1d" << test::published("thesis-b-jacobi1d-flops-per-point");
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
    // One description per chip (issue 43): PPoPP'17's two, the thesis's five and its App. B
    // K20c, today's three, and the P100 and V100 of issue 57's validation.
    QCOMPARE(listProfiles("gpus").size(), std::size_t{13});
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
        // In the window's words (issue 43): the field, not a command-line flag.
        QVERIFY(QString(e.what()).contains("type one into C_iter (c_iter_s"));
        QVERIFY(!QString(e.what()).contains("--set"));
    }
    GpuProfile g = loadGpuProfile("gtx980");
    applyOverride(g, p, "gtx980", "c_iter_s=3e-8");
    QCOMPARE(toStencil(p, g).cIterSeconds, 3e-8);
    QVERIFY(g.cIterByStencil.at("jacobi1d").edited);
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
    const Stencil st = toStencil(s, g);
    QCOMPARE(st.cIterSeconds, 4e-8);
    QCOMPARE(st.flopsPerPoint.value(), 7.0);
    applyOverride(g, s, g.id, "flops_per_point=null");
    QVERIFY(!toStencil(s, g).flopsPerPoint.has_value());
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

// Typed edits (setParameter) are what the editors call; `--set KEY=VALUE` parses VALUE and
// calls them. The same edit either way gives the same profiles.
void TestParams::typedEditEqualsOverride_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("text"); // VALUE as typed after --set
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("isNull");
    QTest::newRow("n_sm count") << "n_sm"
                                << "20" << 20.0 << false;
    QTest::newRow("n_v count") << "n_v"
                               << "64" << 64.0 << false;
    QTest::newRow("m_sm_kb fractional KB") << "m_sm_kb"
                                           << "48.5" << 48.5 << false;
    QTest::newRow("l_s_per_gb exponent") << "l_s_per_gb"
                                         << "1e-2" << 1e-2 << false;
    QTest::newRow("tau_sync_s at its inclusive minimum 0") << "tau_sync_s"
                                                           << "0" << 0.0 << false;
    QTest::newRow("l2_kb null (area key)") << "l2_kb"
                                           << "null" << 0.0 << true;
    QTest::newRow("freq_ghz (MWP-CWP GPU key)") << "freq_ghz"
                                                << "1.296" << 1.296 << false;
    QTest::newRow("c_iter_s for this GPU") << "c_iter_s"
                                           << "4e-8" << 4e-8 << false;
    QTest::newRow("c_iter_s null") << "c_iter_s"
                                   << "null" << 0.0 << true;
    QTest::newRow("flops_per_point") << "flops_per_point"
                                     << "7" << 7.0 << false;
    QTest::newRow("flops_per_point null") << "flops_per_point"
                                          << "null" << 0.0 << true;
    QTest::newRow("bytes_per_word double precision") << "bytes_per_word"
                                                     << "8" << 8.0 << false;
}

void TestParams::typedEditEqualsOverride() {
    QFETCH(QString, key);
    QFETCH(QString, text);
    QFETCH(double, value);
    QFETCH(bool, isNull);
    const GpuProfile g0 = loadGpuProfile("gtx980");
    const StencilProfile s0 = loadStencilProfile("heat2d");
    GpuProfile gSet = g0, gTyped = g0;
    StencilProfile sSet = s0, sTyped = s0;
    applyOverride(gSet, sSet, g0.id, key.toStdString() + "=" + text.toStdString());
    setParameter(gTyped, sTyped, g0.id, key.toStdString(),
                 isNull ? std::nullopt : std::optional<double>(value));
    QCOMPARE(snapshot(gTyped, sTyped), snapshot(gSet, sSet));
    const std::string k = key.toStdString();
    // C_iter is the GPU's (issue 43): the edit is stored in its description for this stencil.
    // Freq is the clock in GHz: typed, it edits clock_mhz and follows it.
    if (k == "freq_ghz") {
        QCOMPARE(*gTyped.params.at("freq_ghz").value, value);
        QCOMPARE(*gTyped.params.at("clock_mhz").value, value * 1000);
        QVERIFY(gTyped.params.at("clock_mhz").edited);
        return;
    }
    const Quantity& q = k == "c_iter_s"             ? gTyped.cIterByStencil.at(s0.id)
                        : gTyped.params.contains(k) ? gTyped.params.at(k)
                                                    : sTyped.params.at(k);
    // The profile's own quantity, if it has the key.
    std::optional<Quantity> q0;
    for (const auto* m : {&g0.cIterByStencil, &g0.params, &s0.params}) {
        const auto it = m->find(m == &g0.cIterByStencil ? s0.id : k);
        if (it != m->end() && (m == &g0.cIterByStencil) == (k == "c_iter_s")) {
            q0 = it->second;
        }
    }
    if (q0 && q0->value == q.value) { // the profile's own value: not an edit (issue 28)
        QVERIFY(!q.edited);
        QCOMPARE(snapshot(gTyped, sTyped), snapshot(g0, s0));
        return;
    }
    QVERIFY(snapshot(gTyped, sTyped) != snapshot(g0, s0));
    QVERIFY(q.edited);
    QCOMPARE(q.source, std::string("set by user"));
    QCOMPARE(q.unit, std::string(findParameterKey(k)->unit));
    QCOMPARE(q.value.has_value(), !isNull);
    if (!isNull) {
        QCOMPARE(*q.value, value);
    }
}

// nullopt is null: taken for the keys whose sources may give no value, refused otherwise.
void TestParams::typedNull_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("nullable");
    QTest::newRow("n_sm (Talg needs it)") << "n_sm" << false;
    QTest::newRow("m_tb_kb") << "m_tb_kb" << false;
    QTest::newRow("l_s_per_gb") << "l_s_per_gb" << false;
    QTest::newRow("bytes_per_word") << "bytes_per_word" << false;
    QTest::newRow("shared_memory_banks (informational)") << "shared_memory_banks" << true;
    QTest::newRow("l2_kb (area)") << "l2_kb" << true;
    QTest::newRow("power_fp_w (IPP power)") << "power_fp_w" << true;
    QTest::newRow("flops_per_point") << "flops_per_point" << true;
    QTest::newRow("c_iter_s") << "c_iter_s" << true;
}

void TestParams::typedNull() {
    QFETCH(QString, key);
    QFETCH(bool, nullable);
    const std::string k = key.toStdString();
    QCOMPARE(findParameterKey(k)->nullable, nullable);
    GpuProfile g = loadGpuProfile("gtx980");
    StencilProfile s = loadStencilProfile("heat2d");
    const auto before = snapshot(g, s);
    if (nullable) {
        setParameter(g, s, g.id, k, std::nullopt);
        const Quantity& q = k == "c_iter_s"        ? g.cIterByStencil.at(s.id)
                            : g.params.contains(k) ? g.params.at(k)
                                                   : s.params.at(k);
        QVERIFY(!q.value);
        // An edit, unless the profile gives no value either (then it is the profile's).
        const std::map<std::string, Quantity> p0 =
            k == "c_iter_s"        ? loadGpuProfile("gtx980").cIterByStencil
            : g.params.contains(k) ? loadGpuProfile("gtx980").params
                                   : loadStencilProfile("heat2d").params;
        const auto it = p0.find(k == "c_iter_s" ? s.id : k);
        QCOMPARE(q.edited, it == p0.end() || it->second.value.has_value());
        return;
    }
    try {
        setParameter(g, s, g.id, k, std::nullopt);
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), k);
        QCOMPARE(e.value(), std::string("null"));
        QCOMPARE(e.allowed(), "must be " + allowedValues(*findParameterKey(k)));
    }
    QCOMPARE(snapshot(g, s), before);
}

// Values no key allows, and keys setParameter does not own: refused with the key named, the
// profiles untouched, and the same error as --set gives (which adds only "--set ").
void TestParams::typedEditRefused_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("allowed"); // part of the message
    QTest::newRow("NaN L") << "l_s_per_gb" << kNaN << "a finite number >= 0";
    QTest::newRow("+inf L") << "l_s_per_gb" << kInf << "a finite number >= 0";
    QTest::newRow("-inf tau_sync") << "tau_sync_s" << -kInf << "a finite number >= 0";
    QTest::newRow("NaN n_sm") << "n_sm" << kNaN << "an integer in [1, 1048576]";
    QTest::newRow("negative tau_sync") << "tau_sync_s" << -1.0 << ">= 0";
    QTest::newRow("negative n_v") << "n_v" << -128.0 << "an integer in [1, 1048576]";
    QTest::newRow("zero SMs") << "n_sm" << 0.0 << "an integer in [1, 1048576]";
    QTest::newRow("fractional SMs") << "n_sm" << 16.5 << "an integer";
    QTest::newRow("n_sm above 2^20") << "n_sm" << 2097152.0 << "[1, 1048576]";
    QTest::newRow("r_vu_kb above 1024 KB") << "r_vu_kb" << 2048.0 << "(0, 1024]";
    QTest::newRow("zero shared memory (exclusive minimum)") << "m_sm_kb" << 0.0 << "(0, 1048576]";
    QTest::newRow("zero C_iter") << "c_iter_s" << 0.0 << "> 0";
    QTest::newRow("65-byte words") << "bytes_per_word" << 65.0 << "[1, 64]";
    QTest::newRow("temperature below absolute zero") << "temp_idle_c" << -300.0 << "[-273.15";
    QTest::newRow("unknown key") << "nsm" << 4.0 << "unknown key; GPU keys: n_sm";
    QTest::newRow("MWP-CWP kernel key") << "mstr" << 4.0 << "is an MWP-CWP kernel key";
}

void TestParams::typedEditRefused() {
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(QString, allowed);
    const std::string k = key.toStdString();
    const GpuProfile g0 = loadGpuProfile("gtx980");
    const StencilProfile s0 = loadStencilProfile("heat2d");
    GpuProfile gTyped = g0, gSet = g0;
    StencilProfile sTyped = s0, sSet = s0;
    const EditErrors e = editBothWays(gTyped, sTyped, gSet, sSet, k, value);
    QVERIFY(e.typed && e.set);
    const QString msg = QString::fromUtf8(e.typed->what());
    QVERIFY2(msg.startsWith(key), qPrintable(msg)); // names the key first, no "--set"
    QVERIFY2(msg.contains(allowed), qPrintable(msg));
    QCOMPARE(e.set->allowed(), e.typed->allowed());
    QVERIFY(!msg.contains('\n'));
    if (findParameterKey(k) && findParameterKey(k)->owner != ParameterOwner::Kernel) {
        QCOMPARE(e.typed->field(), k);
        QCOMPARE(e.typed->value(), formatNumber(value));
        // One form for every --set refusal: "--set KEY = VALUE: why".
        QCOMPARE(std::string(e.set->what()), "--set " + std::string(e.typed->what()));
    } else {
        QCOMPARE(e.set->field(), "--set " + k);
    }
    QCOMPARE(snapshot(gTyped, sTyped), snapshot(g0, s0));
    QCOMPARE(snapshot(gSet, sSet), snapshot(g0, s0));
}

void TestParams::gpuOnlyEdit() {
    const GpuProfile g0 = loadGpuProfile("gtx980");
    GpuProfile a = g0, b = g0;
    StencilProfile unused;
    setGpuParameter(a, "n_sm", 20);
    setParameter(b, unused, b.id, "n_sm", 20);
    QCOMPARE(toJson(a), toJson(b));
    setGpuParameter(a, "l1_pair_kb", std::nullopt);
    QVERIFY(!a.params.at("l1_pair_kb").value);
    const struct {
        const char* key;
        const char* mention;
    } refused[] = {{"c_iter_s", "c_iter_s: is a stencil key; GPU keys: n_sm"},
                   {"bytes_per_word", "bytes_per_word: is a stencil key"},
                   {"mstr", "mstr: is an MWP-CWP kernel key; GPU keys: n_sm"},
                   {"nsm", "nsm: unknown key; GPU keys: n_sm"},
                   {"n_v", "n_v = 0: must be an integer in [1, 1048576] [count]"}};
    for (const auto& r : refused) {
        GpuProfile g = g0;
        try {
            setGpuParameter(g, r.key, r.key == std::string("n_v") ? 0.0 : 1.0);
            QFAIL(r.key);
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).starts_with(r.mention), e.what());
        }
        QCOMPARE(toJson(g), toJson(g0));
    }
}

// Property: for every GPU and stencil key of the table, a value on each side of every bound
// behaves as the table says, typed and through --set alike, and a refused edit changes nothing.
void TestParams::everyKeyTypedEqualsOverride() {
    const GpuProfile g0 = loadGpuProfile("gtx980");
    const StencilProfile s0 = loadStencilProfile("heat2d");
    int keysChecked = 0;
    int editsChecked = 0;
    int keysInTable = 0;
    int sameAsShipped = 0;
    for (const ParameterKey& k : parameterKeys()) {
        if (k.owner == ParameterOwner::Kernel) {
            continue;
        }
        ++keysInTable;
        const std::string key(k.key);
        const double step = k.integer ? 1.0 : 0.5;
        std::vector<std::pair<std::optional<double>, bool>> cases; // value, accepted
        cases.emplace_back(k.minExclusive ? k.min + step : k.min, true);
        // Just below an inclusive minimum (not a subnormal: --set's strtod refuses those as
        // out of range, a refusal worded as unparseable).
        const double below = k.integer ? k.min - 1 : k.min - std::max(1e-9, std::abs(k.min) * 1e-9);
        cases.emplace_back(k.minExclusive ? k.min : below, false);
        if (std::isfinite(k.max)) {
            cases.emplace_back(k.max, true);
            cases.emplace_back(k.integer ? k.max + 1 : std::nextafter(k.max, kInf), false);
        }
        if (k.integer) {
            cases.emplace_back(k.min + 1.5, false);
        }
        cases.emplace_back(kNaN, false);
        cases.emplace_back(kInf, false);
        cases.emplace_back(-kInf, false);
        cases.emplace_back(std::nullopt, k.nullable);
        for (const auto& [value, accepted] : cases) {
            GpuProfile gTyped = g0, gSet = g0;
            StencilProfile sTyped = s0, sSet = s0;
            const EditErrors e = editBothWays(gTyped, sTyped, gSet, sSet, key, value);
            const QString what = QString::fromStdString(
                key + " = " + (value ? formatNumber(*value) : std::string("null")));
            QVERIFY2(e.typed.has_value() == !accepted, qPrintable(what));
            QVERIFY2(e.set.has_value() == !accepted, qPrintable(what));
            QCOMPARE(snapshot(gTyped, sTyped), snapshot(gSet, sSet));
            if (accepted) {
                // A value set back to the shipped one is the shipped quantity again (issue 28:
                // not "edited", its source kept); any other value is "set by user".
                const auto& shipped = key == "c_iter_s"                ? s0.cIterByGpu
                                      : k.owner == ParameterOwner::Gpu ? g0.params
                                                                       : s0.params;
                const auto it = shipped.find(key == "c_iter_s" ? g0.id : key);
                const bool same = it != shipped.end() && it->second.value == value;
                QVERIFY2((snapshot(gTyped, sTyped) == snapshot(g0, s0)) == same, qPrintable(what));
                sameAsShipped += same;
            } else {
                QCOMPARE(snapshot(gTyped, sTyped), snapshot(g0, s0));
                QCOMPARE(e.typed->field(), key);
                QVERIFY2(std::string(e.set->what()) == "--set " + std::string(e.typed->what()),
                         e.set->what());
            }
            ++editsChecked;
        }
        ++keysChecked;
    }
    QCOMPARE(keysChecked, keysInTable);
    QVERIFY(keysChecked >= 49); // 46 GPU + 3 stencil keys when this test was written
    QVERIFY(editsChecked >= 7 * keysChecked);
    QVERIFY(sameAsShipped >= 1); // flops_per_point = null on Heat 2D
    QVERIFY(sameAsShipped < editsChecked / 4);
}

// Every JSON reader refuses a number beyond a double ("1e400") as an input error naming the
// member's path, never an internal error (issue 17: mutants ended in nlohmann's exception 406);
// an integer beyond 64 bits is refused by the field's range.
void TestParams::numbersBeyondTheirType_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("file");   // shipped, relative to the profiles directory
    QTest::addColumn<QString>("number"); // put in place of the first "value": <n>
    QTest::addColumn<QString>("field");  // the refusal names this
    const struct {
        const char *reader, *file, *number, *field;
    } rows[] = {
        {"gpu", "gpus/gtx980.json", "1e400", "facts.n_sm.value"},
        {"gpu", "gpus/gtx980.json", "-1e400", "facts.n_sm.value"},
        {"gpu", "gpus/gtx980.json", "18446744073709551617", "n_sm"},
        {"gpu", "gpus/gtx980.json", "1000000000000000000000000000000000000000", "n_sm"},
        {"stencil", "stencils/heat2d.json", "1e400", ".value"},
        {"mwp-gpu", "gpus/gtx280.json", "1e400", ".value"},
        {"kernel", "kernels/example-i.json", "1e400", ".value"},
        {"energy", "energy/k20c-b.json", "1e400", ".value"},
        {"eatss-gpu", "eatss-gpus/a100.json", "1e400", "params.t_p_w.value"},
        {"area", "area/maxwell-28nm.json", "1e400", ".value"},
    };
    for (const auto& r : rows) {
        QTest::newRow(qPrintable(QString("%1 %2").arg(r.reader, QString(r.number).left(24))))
            << r.reader << r.file << r.number << r.field;
    }
}

void TestParams::numbersBeyondTheirType() {
    QFETCH(QString, reader);
    QFETCH(QString, file);
    QFETCH(QString, number);
    QFETCH(QString, field);
    QFile in(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/" + file);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(in.readAll());
    const QRegularExpression firstValue(R"("value":\s*-?[0-9][0-9.eE+-]*)");
    const auto m = firstValue.match(text);
    QVERIFY2(m.hasMatch(), qPrintable(file));
    text.replace(m.capturedStart(), m.capturedLength(), "\"value\": " + number);
    QTemporaryDir dir;
    const QString path = dir.filePath(QFileInfo(file).fileName());
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(text.toUtf8());
    out.close();
    const std::string p = path.toStdString();
    try {
        if (reader == "gpu") {
            loadGpuProfile(p);
        } else if (reader == "stencil") {
            loadStencilProfile(p);
        } else if (reader == "mwp-gpu") {
            loadMwpGpuProfile(p);
        } else if (reader == "kernel") {
            loadKernelProfile(p);
        } else if (reader == "energy") {
            energy::loadEnergyProfile(p);
        } else if (reader == "eatss-gpu") {
            eatss::loadGpu(p);
        } else if (reader == "area") {
            area::loadCoefficientSet(p);
        }
        QFAIL("accepted");
    } catch (const InputError& e) {
        QVERIFY2(QString::fromStdString(e.field()).contains(field),
                 qPrintable(QString::fromStdString(e.field())));
        QVERIFY(QString::fromStdString(e.where()).startsWith(path));
        if (number.contains("e400")) {
            QCOMPARE(QString::fromStdString(e.value()), number);
            QVERIFY(QString::fromUtf8(e.what()).contains("line"));
        }
    }
}

// The session reader and the runs JSON importer go through the same parser: the member's path.
void TestParams::numbersBeyondTheirTypeInSessionsAndRuns() {
    try {
        sessionFromJson(R"({"version": 1, "talg": {"problem": {"time": 1e400}}})", "s.cdx.json");
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("talg.problem.time"));
        QCOMPARE(QString::fromStdString(e.value()), QString("1e400"));
    }
    const runs::ParsedRuns parsed = runs::parseRunsJson(
        R"({"schema": "codesign-explorer-runs", "version": 1, "runs": [{}, {"t_exec_s": -1e999}]})",
        "r.json", {});
    QCOMPARE(parsed.issues.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(parsed.issues[0].column), QString("runs[1].t_exec_s"));
    QCOMPARE(QString::fromStdString(parsed.issues[0].value), QString("-1e999"));
}

QTEST_APPLESS_MAIN(TestParams)
#include "test_params.moc"
