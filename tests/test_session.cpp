// SPDX-License-Identifier: GPL-3.0-or-later
// Session files: round trip, atomic save, and every way a session file can be wrong.

#include "eatss/eatss_views.hpp"
#include "eatss/eatss_z3.hpp"
#include "energy/energy_search.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "session/session.hpp"
#include "session/session_block.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>

using namespace cdx;

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultSessionIsTheOptimum();
    void roundTripIsExact();
    void viewBlockIsFormat2();
    void baselineRoundTrips();
    void lineupRoundTrips();
    void equalityIsSerialisation();
    void badLineupIsRefused();
    void sessionReadsFromAPage();
    void badBaselineIsRefused();
    void shippedProfilesBaseline();
    void saveIsAtomic();
    void areaAndCodesignSettings();
    void mwpSettings();
    void badFiles_data();
    void badFiles();

    // Fixtures written by earlier versions (tests/fixtures/sessions/README.md).
    void fixturesOpen_data();
    void fixturesOpen();
    void fixturesRoundTrip_data();
    void fixturesRoundTrip();
    void newerVersionRefused_data();
    void newerVersionRefused();
    void unknownFieldsWarn_data();
    void unknownFieldsWarn();
    void failedReadAddsNoWarnings();
    void titleAndDescription();

    // Each family's block on its own.
    void talgBlock();
    void areaBlock();
    void codesignBlock();
    void mwpBlock();
    void energyBlock();
    void eatssBlock();
    void chainBlock();
    void blockBadValues_data();
    void blockBadValues();

    // resources/sessions: the Start page's example sessions.
    void exampleSessionsLoadCleanly();
    void exampleSessionsShowTheirNumbers_data();
    void exampleSessionsShowTheirNumbers();
};

void TestSession::initTestCase() {
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
}

void TestSession::defaultSessionIsTheOptimum() {
    const SessionState s = defaultSession();
    QCOMPARE(QString::fromStdString(s.gpu.id), QString("gtx980"));
    QCOMPARE(QString::fromStdString(s.stencil.id), QString("heat2d"));
    QCOMPARE(s.problem.space[0], 8192);
    QCOMPARE(s.problem.time, 8192);
    // spec 2.6 full-space geometric minimum
    QCOMPARE(s.tiles.space[0], 128);
    QCOMPARE(s.tiles.space[1], 32);
    QCOMPARE(s.tiles.time, 2);
}

void TestSession::roundTripIsExact() {
    SessionState s = defaultSession();
    applyOverride(s.gpu, s.stencil, s.gpu.id, "l_s_per_gb=0.0123456789012345");
    applyOverride(s.gpu, s.stencil, s.gpu.id, "c_iter_s=3.3333333333333e-8");
    s.variant.pitch = talg::Pitch::Paper;
    s.variant.k = talg::KRule::Optimize;
    s.variant.registersPerTile = 12345;
    s.within = 0.07;
    QTemporaryDir dir;
    const auto path = std::filesystem::path(dir.filePath("s.cdx.json").toStdString());
    saveSession(s, path);
    const SessionState back = loadSession(path);
    QVERIFY(s == back);
    QCOMPARE(*back.gpu.params.at("l_s_per_gb").value, 0.0123456789012345);
    QVERIFY(back.gpu.params.at("l_s_per_gb").edited);
    QCOMPARE(back.gpu.params.at("l_s_per_gb").source, std::string("set by user"));
    QVERIFY(!back.gpu.params.at("n_sm").edited);
    QCOMPARE(back.variant, s.variant);
    QCOMPARE(back.tiles, s.tiles);
    QCOMPARE(back.within, 0.07);
}

// A pinned baseline is saved as the optional "baseline" block and read back exactly; a
// session without one writes no block (format-2 files of before are unchanged).
void TestSession::baselineRoundTrips() {
    SessionState s = defaultSession();
    QVERIFY(sessionToJson(s).find("\"baseline\"") == std::string::npos);
    SessionState pinned = s;
    pinned.view["tab.talg"] = "sweep";
    s.baseline = std::make_shared<const SessionState>(asBaseline(pinned));
    QVERIFY(s.baseline->view.empty()); // what was on screen is the session's, not the baseline's
    setParameter(s.gpu, s.stencil, s.gpu.id, "n_sm", 24);
    const std::string text = sessionToJson(s);
    QVERIFY(text.find("\"baseline\"") != std::string::npos);
    std::vector<std::string> warnings;
    const SessionState back = sessionFromJson(text, "pinned.cdx.json", &warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
    QVERIFY(back.baseline);
    QCOMPARE(*back.baseline->gpu.params.at("n_sm").value, 16.0);
    QCOMPARE(*back.gpu.params.at("n_sm").value, 24.0);
    QVERIFY(!back.baseline->baseline);
    QVERIFY(back == s);
    QCOMPARE(sessionToJson(back), text);
    // A different baseline is a different session (undo and the modified mark see it).
    SessionState other = s;
    other.baseline.reset();
    QVERIFY(other != s);
}

// Issue 46: the line-up's sides, a GPU (following the session) and a whole session, are
// saved and read back as they were; a GPU side takes the session's other settings.
void TestSession::lineupRoundTrips() {
    SessionState s = defaultSession();
    QVERIFY(sessionToJson(s).find("\"lineup\"") == std::string::npos);
    SessionState::LineupEntry gpu;
    gpu.gpu = loadGpuProfile("a100-sxm4");
    SessionState other = defaultSession();
    other.title = "Another configuration";
    other.problem.time = 4096;
    other.view["tab.talg"] = "sweep";
    SessionState::LineupEntry session;
    session.session = std::make_shared<const SessionState>(asBaseline(other));
    s.lineup = {gpu, session};
    const std::string text = sessionToJson(s);
    std::vector<std::string> warnings;
    const SessionState back = sessionFromJson(text, "lineup.cdx.json", &warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
    QCOMPARE(back.lineup.size(), std::size_t{2});
    QVERIFY(back.lineup[0].gpu && !back.lineup[0].session);
    QCOMPARE(back.lineup[0].gpu->id, std::string("a100-sxm4"));
    QVERIFY(back.lineup[1].session && !back.lineup[1].gpu);
    QCOMPARE(back.lineup[1].session->problem.time, std::int64_t{4096});
    QVERIFY(back.lineup[1].session->view.empty());
    QVERIFY(back == s);
    QCOMPARE(sessionToJson(back), text);
    // A GPU side is the session with that GPU in both slots; a session side is its own.
    s.problem.time = 2048;
    const SessionState g = lineupSide(s, s.lineup[0]);
    QCOMPARE(g.gpu.id, std::string("a100-sxm4"));
    QCOMPARE(g.mwp.gpu.id, std::string("a100-sxm4"));
    QCOMPARE(g.problem.time, std::int64_t{2048});
    QVERIFY(g.lineup.empty() && !g.baseline);
    QCOMPARE(lineupSide(s, s.lineup[1]).problem.time, std::int64_t{4096});
    // Another line-up is another session (undo and the modified mark see it).
    SessionState fewer = s;
    fewer.lineup.pop_back();
    QVERIFY(fewer != s);
}

// An interactive page holds the session in <script id="cdx-session">, "<" written \u003c:
// loadSession reads a page as the session inside it (Import from page, cdx SESSION...).
void TestSession::sessionReadsFromAPage() {
    SessionState s = defaultSession();
    s.title = "a </script> <!-- title";
    std::string json = sessionToJson(s);
    std::string escaped;
    for (char c : json) {
        escaped += c == '<' ? std::string("\\u003c") : std::string(1, c);
    }
    const std::string page = "\n <!DOCTYPE html><html><head><script type=\"application/json\" "
                             "id=\"cdx-figure\">{}</script><script type=\"application/json\" "
                             "id=\"cdx-session\">" +
                             escaped + "</script></head><body></body></html>";
    QCOMPARE(QString::fromStdString(sessionJsonFromPage(page, "p.html")),
             QString::fromStdString(escaped));
    QTemporaryDir dir;
    const std::string path = dir.filePath("p.html").toStdString();
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        QVERIFY(f != nullptr);
        std::fwrite(page.data(), 1, page.size(), f);
        std::fclose(f);
    }
    const SessionState back = loadSession(path);
    QCOMPARE(QString::fromStdString(back.title), QString::fromStdString(s.title));
    QCOMPARE(QString::fromStdString(sessionToJson(back)), QString::fromStdString(json));
    // A page without a session: refused, naming the file and what a page holds.
    try {
        (void)sessionJsonFromPage("<html><body>hello</body></html>", "plain.html");
        QFAIL("a page without a session was read");
    } catch (const InputError& e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains("plain.html") && what.contains("cdx-session"), qPrintable(what));
    }
}

void TestSession::badLineupIsRefused() {
    const std::string good = sessionToJson(defaultSession());
    int refused = 0;
    for (const char* bad :
         {"5", "[5]", "[{\"gpu\": 5}]", "[{\"session\": 5}]", "[{\"gpu\": {}, \"session\": {}}]",
          "[{\"gpu\":\"gtx980\"},{},{},{},{},{},{},{},{},{},{},{},{}]"}) {
        nlohmann::json j = nlohmann::json::parse(good);
        j["lineup"] = nlohmann::json::parse(bad);
        try {
            (void)sessionFromJson(j.dump(), "bad.cdx.json");
            QFAIL(qPrintable(QString("a bad line-up was taken: ") + bad));
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("lineup") != std::string::npos, e.what());
            ++refused;
        }
    }
    QCOMPARE(refused, 6);
}

void TestSession::badBaselineIsRefused() {
    const std::string good = sessionToJson(defaultSession());
    nlohmann::json j = nlohmann::json::parse(good);
    j["baseline"] = 5;
    try {
        (void)sessionFromJson(j.dump(), "bad.cdx.json");
        QFAIL("a baseline that is not a session was taken");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("baseline") != std::string::npos, e.what());
    }
    nlohmann::json b = nlohmann::json::parse(good);
    b["tiles"]["tt"] = 3; // odd: refused inside the baseline, named there
    j["baseline"] = b;
    try {
        (void)sessionFromJson(j.dump(), "bad.cdx.json");
        QFAIL("a broken baseline was taken");
    } catch (const InputError& e) {
        QVERIFY2(std::string(e.what()).find("bad.cdx.json baseline") != std::string::npos,
                 e.what());
    }
    b = nlohmann::json::parse(good);
    b["version"] = 99;
    j["baseline"] = b;
    QVERIFY_THROWS_EXCEPTION(InputError, (void)sessionFromJson(j.dump(), "newer.cdx.json"));
}

// Compare ▸ Baseline: shipped profiles: every edited value back to the shipped one.
void TestSession::shippedProfilesBaseline() {
    SessionState s = defaultSession();
    setParameter(s.gpu, s.stencil, s.gpu.id, "n_sm", 24);
    s.mwp.kernel.params["blocks"].value = 99;
    s.mwp.kernel.params["blocks"].edited = true;
    std::vector<std::string> kept;
    const SessionState b = withShippedProfiles(s, &kept);
    QVERIFY(kept.empty());
    QCOMPARE(*b.gpu.params.at("n_sm").value, 16.0);
    QVERIFY(!b.gpu.params.at("n_sm").edited);
    QVERIFY(*b.mwp.kernel.params.at("blocks").value != 99.0);
    QCOMPARE(b.tiles.time, s.tiles.time); // the problem and tiling are the session's
    GpuProfile mine = s.gpu;
    mine.id = "my-gpu";
    s.gpu = mine;
    kept.clear();
    const SessionState b2 = withShippedProfiles(s, &kept);
    QCOMPARE(kept, std::vector<std::string>{"my-gpu"});
    QCOMPARE(b2.gpu.id, std::string("my-gpu"));
}

void TestSession::saveIsAtomic() {
    QTemporaryDir dir;
    const auto path = std::filesystem::path(dir.filePath("s.cdx.json").toStdString());
    SessionState s = defaultSession();
    saveSession(s, path);
    const std::string before = readText(path);
    // A save into a missing directory fails cleanly and leaves nothing behind.
    QVERIFY_THROWS_EXCEPTION(
        InputError,
        saveSession(s, std::filesystem::path(dir.path().toStdString()) / "missing" / "s.cdx.json"));
    QCOMPARE(readText(path), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
}

// The area form, coefficient set and codesign settings travel with the session; a session
// written before they existed opens with the defaults.
void TestSession::areaAndCodesignSettings() {
    SessionState s = defaultSession();
    s.areaForm = area::Form::C7Printed;
    s.areaCoefficients.params["beta_vu"].value = 0.05;
    s.codesign.workload = "thesis";
    s.codesign.areaMin = 100;
    s.codesign.areaMax = 700;
    s.codesign.budgetMin = 300;
    s.codesign.budgetMax = 320;
    const SessionState back = sessionFromJson(sessionToJson(s), "mem");
    QVERIFY(back.areaForm == area::Form::C7Printed);
    QCOMPARE(*back.areaCoefficients.params.at("beta_vu").value, 0.05);
    QVERIFY(back.codesign == s.codesign);
    QVERIFY(back == s);
    auto j = nlohmann::json::parse(sessionToJson(s));
    j.erase("area");
    j.erase("codesign");
    const SessionState old = sessionFromJson(j.dump(), "old.cdx.json");
    QVERIFY(old.areaForm == area::Form::Canonical);
    QVERIFY(old.codesign == CodesignSettings{});
    QVERIFY(std::abs(area::areaBreakdown(old.architecture(), old.areaSet()).total - 397.989536) <
            1e-6);
}

void TestSession::mwpSettings() {
    SessionState s = defaultSession();
    QCOMPARE(s.mwp.gpu.id, std::string("gtx280"));
    QCOMPARE(s.mwp.kernel.id, std::string("example-i"));
    applyKernelOverride(s.mwp.gpu, s.mwp.kernel, "active_blocks_per_sm=2");
    applyKernelOverride(s.mwp.gpu, s.mwp.kernel, "mem_bandwidth_gbs=99.5");
    s.mwp.variant = mwp::MwpVariant::thesis();
    s.mwp.variant.rep = mwp::RepRounding::Ceil;
    s.mwp.mapX = {mwp::MapAxis::ActiveSms, 1, 30, 30, false};
    s.mwp.mapY = {mwp::MapAxis::MemLd, 100, 900, 50, true};
    const SessionState back = sessionFromJson(sessionToJson(s), "mem");
    QVERIFY(back == s);
    QVERIFY(back.mwp.variant == s.mwp.variant);
    QCOMPARE(back.mwp.model().activeBlocksPerSm, 2);
    QCOMPARE(back.mwp.device().bandwidthGbs, 99.5);
    QVERIFY(back.mwp.kernel.params.at("active_blocks_per_sm").edited);
    QCOMPARE(back.mwp.mapY.steps, 50);
    QVERIFY(back.mwp.mapY.log);
    // Sessions written before the MWP-CWP views open with the default GTX 280 / Example I.
    auto j = nlohmann::json::parse(sessionToJson(s));
    j.erase("mwp");
    const SessionState old = sessionFromJson(j.dump(), "old.cdx.json");
    QCOMPARE(old.mwp.kernel.id, std::string("example-i"));
    QVERIFY(old.mwp.variant == mwp::MwpVariant::consistent());
}

void TestSession::badFiles_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("mention");
    QTest::newRow("malformed JSON") << "\"version\": 3,"
                                    << "\"version\": 3"
                                    << "line";
    QTest::newRow("wrong schema") << "codesign-explorer-session"
                                  << "something-else"
                                  << "schema";
    QTest::newRow("newer version") << "\"version\": 3"
                                   << "\"version\": 9"
                                   << "newer";
    QTest::newRow("odd tT") << "\"tt\": 2"
                            << "\"tt\": 3"
                            << "tT";
    QTest::newRow("tile not multiple of 32") << "\"tile\": [\n      128,\n      32\n    ]"
                                             << "\"tile\": [\n      128,\n      33\n    ]"
                                             << "tS2";
    QTest::newRow("wrong number of sizes") << "\"space\": [\n      8192,\n      8192\n    ]"
                                           << "\"space\": [\n      8192\n    ]"
                                           << "problem.space";
    QTest::newRow("bad variant") << "\"pitch\": \"geometric\""
                                 << "\"pitch\": \"round\""
                                 << "variant.pitch";
    QTest::newRow("negative GPU value") << "\"value\": 16\n"
                                        << "\"value\": -16\n"
                                        << "n_sm";
    QTest::newRow("unknown MWP-CWP variant") << "\"case2\": \"consistent\""
                                             << "\"case2\": \"strict\""
                                             << "mwp.variant.case2";
    QTest::newRow("map steps out of range") << "\"steps\": 200,\n        \"log\": true"
                                            << "\"steps\": 1,\n        \"log\": true"
                                            << "mwp.map.y.steps";
    QTest::newRow("unknown map axis") << "\"axis\": \"comp_insts\""
                                      << "\"axis\": \"warps\""
                                      << "mwp.map.x.axis";
    QTest::newRow("kernel with zero blocks") << "\"value\": 3000"
                                             << "\"value\": 0"
                                             << "blocks";
    QTest::newRow("unknown area form") << "\"form\": \"canonical\""
                                       << "\"form\": \"c9\""
                                       << "area.form";
    QTest::newRow("codesign range min > max") << "\"area_range_mm2\": [\n      200.0,"
                                              << "\"area_range_mm2\": [\n      900.0,"
                                              << "codesign.area_range_mm2";
    QTest::newRow("negative area coefficient") << "\"value\": 0.04282"
                                               << "\"value\": -0.04282"
                                               << "beta_vu";
    QTest::newRow("missing tiles") << "\"tiles\""
                                   << "\"tilez\""
                                   << "tiles";
}

void TestSession::badFiles() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, mention);
    QString text = QString::fromStdString(sessionToJson(defaultSession()));
    QVERIFY2(text.contains(from), qPrintable(from));
    text.replace(text.indexOf(from), from.size(), to);
    try {
        (void)sessionFromJson(text.toStdString(), "bad.cdx.json");
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        const QString msg = e.what();
        QVERIFY2(msg.contains("bad.cdx.json"), qPrintable(msg));
        QVERIFY2(msg.contains(mention), qPrintable(msg));
    }
}

// ---------------------------------------------------------------------------------------
// Helpers for the fixture and block tests.

namespace {

using ojson = nlohmann::ordered_json;

std::filesystem::path fixture(const QString& name) {
    return std::filesystem::path(CDX_SOURCE_FIXTURES_DIR) / "sessions" / name.toStdString();
}

QString num(double v) {
    return QString::fromStdString(formatNumber(v));
}

QString sizes(const std::array<std::int64_t, 3>& v, int dim) {
    QStringList out;
    for (int i = 0; i < dim; ++i) {
        out << QString::number(v[static_cast<std::size_t>(i)]);
    }
    return out.join(",");
}

QString variantText(const talg::TalgVariant& v) {
    return QStringList{QString::fromStdString(std::string(talg::name(v.pitch))),
                       QString::fromStdString(std::string(talg::name(v.nw))),
                       QString::fromStdString(std::string(talg::name(v.k))),
                       QString::fromStdString(std::string(talg::name(v.width3d))),
                       QString::fromStdString(std::string(talg::name(v.subSlabs))),
                       QString::fromStdString(std::string(talg::name(v.gigabyte))),
                       v.registersPerTile ? QString::number(*v.registersPerTile) : "-"}
        .join(" ");
}

QString mwpVariantText(const mwp::MwpVariant& v) {
    return QStringList{QString::fromStdString(std::string(mwp::name(v.case2))),
                       QString::fromStdString(std::string(mwp::name(v.memLCoal))),
                       QString::fromStdString(std::string(mwp::name(v.rep))),
                       QString::fromStdString(std::string(mwp::name(v.independentWarps))),
                       QString::fromStdString(std::string(mwp::name(v.optimalCores))),
                       QString::fromStdString(std::string(mwp::name(v.temperature))),
                       v.clampAccessRate ? "clamp" : "noclamp"}
        .join(" ");
}

QString axisText(const mwp::AxisRange& a) {
    return QString("%1 %2:%3 %4 %5")
        .arg(QString::fromStdString(std::string(mwp::name(a.axis))), num(a.min), num(a.max))
        .arg(a.steps)
        .arg(a.log ? "log" : "lin");
}

QString codesignText(const CodesignSettings& c) {
    return QString("%1 %2:%3 %4:%5")
        .arg(QString::fromStdString(c.workload), num(c.areaMin), num(c.areaMax), num(c.budgetMin),
             num(c.budgetMax));
}

// "gpu.n_sm=20; stencil.c_iter_s.titanx=1.5e-07; ...": every value marked edited.
QString editedText(const SessionState& s) {
    QStringList out;
    const auto add = [&](const QString& prefix, const std::map<std::string, Quantity>& params) {
        for (const auto& [key, q] : params) {
            if (q.edited) {
                out << prefix + QString::fromStdString(key) + "=" +
                           (q.value ? num(*q.value) : QString("null"));
            }
        }
    };
    add("gpu.", s.gpu.params);
    add("stencil.", s.stencil.params);
    add("stencil.c_iter_s.", s.stencil.cIterByGpu);
    add("area.", s.areaCoefficients.params);
    add("mwp.gpu.", s.mwp.gpu.params);
    add("mwp.kernel.", s.mwp.kernel.params);
    out.sort();
    return out.join("; ");
}

QString coefficientText(const area::CoefficientSet& c) {
    return c.params.empty()
               ? QString()
               : QString("%1/%2").arg(QString::fromStdString(c.id)).arg(c.params.size());
}

const char* const kDefaultVariant = "geometric exact max as-1d ceil-of-product decimal -";
const char* const kDefaultCodesign = "ppopp17 200:650 425:450";
const char* const kDefaultMwpVariant = "consistent thesis real doubling and rise clamp";
const char* const kDefaultMapX = "comp_insts 1:400 200 lin";
const char* const kDefaultMapY = "mem_bandwidth_gbs 10:400 200 log";

nlohmann::json plain(const ojson& j) {
    return nlohmann::json::parse(j.dump());
}

} // namespace

// Every fixture opens with the values recorded in tests/fixtures/sessions/README.md.
void TestSession::fixturesOpen_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("stencil");
    QTest::addColumn<QString>("space");
    QTest::addColumn<qint64>("time");
    QTest::addColumn<QString>("tiles");
    QTest::addColumn<qint64>("tt");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<double>("within");
    QTest::addColumn<QString>("areaForm");
    QTest::addColumn<QString>("coefficients");
    QTest::addColumn<QString>("codesign");
    QTest::addColumn<QString>("mwp");
    QTest::addColumn<QString>("mwpVariant");
    QTest::addColumn<QString>("mapX");
    QTest::addColumn<QString>("mapY");
    QTest::addColumn<QString>("edited");
    QTest::addColumn<bool>("areaInputs"); // the GPU has the area model's keys

    QTest::newRow("v1-fig4-heat2d-gtx980")
        << "v1-fig4-heat2d-gtx980.cdx.json"
        << "gtx980"
        << "heat2d"
        << "8192,8192" << qint64(8192) << "8,192" << qint64(18) << kDefaultVariant << 0.1
        << "canonical"
        << "" << kDefaultCodesign << "gtx280/example-i" << kDefaultMwpVariant << kDefaultMapX
        << kDefaultMapY << "" << false;
    QTest::newRow("v1-edited-talg-titanx-laplacian3d")
        << "v1-edited-talg-titanx-laplacian3d.cdx.json"
        << "titanx"
        << "laplacian3d"
        << "512,512,512" << qint64(512) << "4,4,32" << qint64(4)
        << "paper approx effective eq22 product-of-ceils binary 32" << 0.05 << "canonical"
        << "maxwell-28nm/10" << kDefaultCodesign << "gtx280/example-i" << kDefaultMwpVariant
        << kDefaultMapX << kDefaultMapY
        << "gpu.l_s_per_gb=0.006; gpu.n_sm=20; stencil.c_iter_s.titanx=1.5e-07; "
           "stencil.flops_per_point=8"
        << true;
    QTest::newRow("v1-area-c7-edited-coefficients")
        << "v1-area-c7-edited-coefficients.cdx.json"
        << "gtx980"
        << "heat2d"
        << "8192,8192" << qint64(8192) << "128,32" << qint64(2) << kDefaultVariant << 0.1 << "c7"
        << "maxwell-28nm/10" << kDefaultCodesign << "gtx280/example-i" << kDefaultMwpVariant
        << kDefaultMapX << kDefaultMapY << "area.beta_vu=0.05" << true;
    QTest::newRow("v1-codesign-thesis-workload")
        << "v1-codesign-thesis-workload.cdx.json"
        << "gtx980"
        << "heat2d"
        << "8192,8192" << qint64(8192) << "128,32" << qint64(2) << kDefaultVariant << 0.1
        << "canonical"
        << "maxwell-28nm/10"
        << "thesis 300:600 400:420.5"
        << "gtx280/example-i" << kDefaultMwpVariant << kDefaultMapX << kDefaultMapY << "" << true;
    QTest::newRow("v1-mwp-fx5600-example-a")
        << "v1-mwp-fx5600-example-a.cdx.json"
        << "gtx980"
        << "heat2d"
        << "8192,8192" << qint64(8192) << "128,32" << qint64(2) << kDefaultVariant << 0.1
        << "canonical"
        << "maxwell-28nm/10" << kDefaultCodesign << "fx5600/example-a"
        << "literal thesis ceil printed or literal noclamp"
        << "active_sms 1:16 16 lin"
        << "mem_ld_cycles 100:900 50 log"
        << "mwp.gpu.mem_bandwidth_gbs=80; mwp.kernel.active_blocks_per_sm=4" << true;
    QTest::newRow("v1-no-blocks-heat3d")
        << "v1-no-blocks-heat3d.cdx.json"
        << "gtx980"
        << "heat3d"
        << "512,512,512" << qint64(512) << "4,4,32" << qint64(4) << kDefaultVariant << 0.2
        << "canonical"
        << "" << kDefaultCodesign << "gtx280/example-i" << kDefaultMwpVariant << kDefaultMapX
        << kDefaultMapY << "" << true;
    QTest::newRow("v1-before-mwp-block")
        << "v1-before-mwp-block.cdx.json"
        << "gtx980"
        << "heat2d"
        << "8192,8192" << qint64(8192) << "128,32" << qint64(2) << kDefaultVariant << 0.1 << "c6"
        << "maxwell-28nm/10"
        << "thesis 200:650 425:450"
        << "gtx280/example-i" << kDefaultMwpVariant << kDefaultMapX << kDefaultMapY << "" << true;
}

void TestSession::fixturesOpen() {
    QFETCH(QString, file);
    std::vector<std::string> warnings;
    const SessionState s = loadSession(fixture(file), &warnings);
    QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
    QTEST(QString::fromStdString(s.gpu.id), "gpu");
    QTEST(QString::fromStdString(s.stencil.id), "stencil");
    QTEST(sizes(s.problem.space, s.problem.dim), "space");
    QTEST(qint64(s.problem.time), "time");
    QTEST(sizes(s.tiles.space, s.problem.dim), "tiles");
    QTEST(qint64(s.tiles.time), "tt");
    QTEST(variantText(s.variant), "variant");
    QTEST(s.within, "within");
    QTEST(QString::fromStdString(std::string(area::name(s.areaForm))), "areaForm");
    QTEST(coefficientText(s.areaCoefficients), "coefficients");
    QTEST(codesignText(s.codesign), "codesign");
    QTEST(QString::fromStdString(s.mwp.gpu.id + "/" + s.mwp.kernel.id), "mwp");
    QTEST(mwpVariantText(s.mwp.variant), "mwpVariant");
    QTEST(axisText(s.mwp.mapX), "mapX");
    QTEST(axisText(s.mwp.mapY), "mapY");
    QTEST(editedText(s), "edited");
    QVERIFY(s.title.empty() && s.description.empty() && s.workspace.empty());
    // Every model input the views need comes out of it.
    QVERIFY(s.modelGpu().nSm > 0);
    QFETCH(bool, areaInputs);
    if (areaInputs) {
        QVERIFY(area::areaBreakdown(s.architecture(), s.areaSet()).total > 0);
    } else {
        // Written before the area model: the GPU has no r_vu_kb; the area views say so.
        QVERIFY_THROWS_EXCEPTION(InputError, (void)s.architecture());
    }
    QVERIFY(s.mwp.model().blocks > 0);
}

void TestSession::fixturesRoundTrip_data() {
    QTest::addColumn<QString>("file");
    for (const auto& e : std::filesystem::directory_iterator(fixture({}))) {
        const std::string name = e.path().filename().string();
        if (name.ends_with(".cdx.json")) {
            QTest::newRow(name.c_str()) << QString::fromStdString(name);
        }
    }
}

// Written back, a fixture reads to the same session, and every field it had is written
// exactly as it was (blocks it did not have are added with their defaults).
void TestSession::fixturesRoundTrip() {
    QFETCH(QString, file);
    const std::string original = readText(fixture(file));
    const SessionState s = sessionFromJson(original, file.toStdString());
    const std::string written = sessionToJson(s);
    QVERIFY(sessionFromJson(written, "rewritten") == s);
    auto before = nlohmann::json::parse(original);
    auto after = nlohmann::json::parse(written);
    // A GPU is written as a description since issue 43 (facts and one block per family, each
    // value with its kind): every value the older flat "params" had is there, unchanged.
    const auto sameGpu = [](const nlohmann::json& old, const nlohmann::json& now) {
        if (!old.contains("params")) {
            return old == now;
        }
        for (const auto& [k, q] : old.at("params").items()) {
            bool found = false;
            for (const auto& [block, values] : now.items()) {
                if (values.is_object() && values.contains(k)) {
                    found = values.at(k).at("value") == q.at("value") &&
                            values.at(k).at("source") == q.at("source");
                }
            }
            if (!found) {
                return false;
            }
        }
        return old.at("id") == now.at("id") && old.at("name") == now.at("name");
    };
    QVERIFY(!before.contains("gpu") || sameGpu(before.at("gpu"), after.at("gpu")));
    if (before.contains("mwp") && before.at("mwp").contains("gpu")) {
        QVERIFY(sameGpu(before.at("mwp").at("gpu"), after.at("mwp").at("gpu")));
        before["mwp"].erase("gpu");
        after["mwp"].erase("gpu");
    }
    for (const auto& [key, value] : before.items()) {
        QVERIFY2(after.contains(key), key.c_str());
        if (key == "version") { // written in the current format
            QCOMPARE(after.at(key).get<int>(), kSessionVersion);
            continue;
        }
        if (key == "gpu") {
            continue; // compared above
        }
        QVERIFY2(after.at(key) == value, key.c_str());
    }
}

// Format 2 adds "view" (what was on screen, as strings): written when not empty, read back as
// it was, refused when not an object of strings; format-1 files have none and open as before.
// (Format 3, issue 43, writes the GPUs as descriptions.)
void TestSession::viewBlockIsFormat2() {
    SessionState s = defaultSession();
    QVERIFY(!ojson::parse(sessionToJson(s)).contains("view"));
    QCOMPARE(ojson::parse(sessionToJson(s))["version"].get<int>(), 3);
    QVERIFY(ojson::parse(sessionToJson(s))["gpu"].contains("facts"));
    s.view = {{"tab.talg", "sweep"}, {"talg.sweep.parameter", "n_sm"}};
    const SessionState back = sessionFromJson(sessionToJson(s), "v.cdx.json");
    QCOMPARE(back.view, s.view);
    QVERIFY(back != defaultSession());
    auto j = ojson::parse(sessionToJson(s));
    int refused = 0;
    for (const char* bad : {R"({"tab.talg": 3})", R"(["sweep"])", R"("sweep")"}) {
        j["view"] = ojson::parse(bad);
        try {
            (void)sessionFromJson(j.dump(), "v.cdx.json");
            QFAIL(bad);
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("view"), e.what());
            ++refused;
        }
    }
    QCOMPARE(refused, 3);
    int fixtures = 0;
    for (const QString& f : QDir(CDX_SOURCE_FIXTURES_DIR "/sessions").entryList({"v1-*.json"})) {
        const SessionState old =
            loadSession(QDir(CDX_SOURCE_FIXTURES_DIR "/sessions").filePath(f).toStdString());
        QVERIFY(old.view.empty());
        ++fixtures;
    }
    QVERIFY(fixtures >= 7);
}

void TestSession::newerVersionRefused_data() {
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("mention");
    QTest::newRow("next version") << QString::number(kSessionVersion + 1) << "newer";
    QTest::newRow("version 9") << "9"
                               << "newer";
    QTest::newRow("2^32 + 1 (not wrapped to 1)") << "4294967297"
                                                 << "newer";
    QTest::newRow("2^64 - 1") << "18446744073709551615"
                              << "newer";
    QTest::newRow("zero") << "0"
                          << "positive integer";
    QTest::newRow("negative") << "-1"
                              << "positive integer";
    QTest::newRow("fraction") << "1.5"
                              << "positive integer";
    QTest::newRow("string") << "\"1\""
                            << "positive integer";
}

// A newer file is refused before anything of it is read: no warnings, a message naming the
// field "version".
void TestSession::newerVersionRefused() {
    QFETCH(QString, version);
    QFETCH(QString, mention);
    auto j = ojson::parse(sessionToJson(defaultSession()));
    j["version"] = ojson::parse(version.toStdString());
    j["a_newer_block"] = {{"x", 1}};
    std::vector<std::string> warnings;
    try {
        (void)sessionFromJson(j.dump(), "new.cdx.json", &warnings);
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("version"));
        const QString msg = e.what();
        QVERIFY2(msg.contains("new.cdx.json: version"), qPrintable(msg));
        QVERIFY2(msg.contains(mention), qPrintable(msg));
    }
    QVERIFY(warnings.empty());
}

void TestSession::unknownFieldsWarn_data() {
    QTest::addColumn<QString>("parent"); // JSON pointer of the object the field is added to
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("warning");
    const QString w = "u.cdx.json: unknown field \"%1\" ignored";
    QTest::newRow("top level") << ""
                               << "foo" << w.arg("foo");
    QTest::newRow("problem") << "/problem"
                             << "depth" << w.arg("problem.depth");
    QTest::newRow("tiles") << "/tiles"
                           << "ts3" << w.arg("tiles.ts3");
    QTest::newRow("talg variant") << "/variant"
                                  << "fma" << w.arg("variant.fma");
    QTest::newRow("area") << "/area"
                          << "scale" << w.arg("area.scale");
    QTest::newRow("codesign") << "/codesign"
                              << "weights" << w.arg("codesign.weights");
    QTest::newRow("mwp") << "/mwp"
                         << "power" << w.arg("mwp.power");
    QTest::newRow("mwp variant") << "/mwp/variant"
                                 << "fast" << w.arg("mwp.variant.fast");
    QTest::newRow("mwp map") << "/mwp/map"
                             << "z" << w.arg("mwp.map.z");
    QTest::newRow("mwp map axis") << "/mwp/map/y"
                                  << "color" << w.arg("mwp.map.y.color");
}

// An unknown field is a warning naming its path; every known value still loads.
void TestSession::unknownFieldsWarn() {
    QFETCH(QString, parent);
    QFETCH(QString, key);
    QFETCH(QString, warning);
    SessionState s = defaultSession();
    s.areaForm = area::Form::C6Literal;
    s.codesign.workload = "thesis";
    s.mwp.variant.rep = mwp::RepRounding::Ceil;
    s.within = 0.25;
    auto j = ojson::parse(sessionToJson(s));
    j[ojson::json_pointer(parent.toStdString())][key.toStdString()] = {{"any", "value"}};
    std::vector<std::string> warnings{"kept"};
    const SessionState back = sessionFromJson(j.dump(), "u.cdx.json", &warnings);
    QCOMPARE(warnings.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(warnings[0]), QString("kept")); // appended, not replaced
    QCOMPARE(QString::fromStdString(warnings[1]), warning);
    QVERIFY(back == s);
    // Without a list the same file opens silently.
    QVERIFY(sessionFromJson(j.dump(), "u.cdx.json") == s);
    // Through the file functions too.
    QTemporaryDir dir;
    const auto path = std::filesystem::path(dir.filePath("u.cdx.json").toStdString());
    writeTextAtomic(path, j.dump(2));
    std::vector<std::string> fromFile;
    QVERIFY(loadSession(path, &fromFile) == s);
    QCOMPARE(fromFile.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(fromFile[0]).endsWith(warning.mid(warning.indexOf(':'))));
    QVERIFY(loadSession(path) == s);
}

// A file that cannot be read adds no warnings, even for the unknown fields it had.
void TestSession::failedReadAddsNoWarnings() {
    auto j = ojson::parse(sessionToJson(defaultSession()));
    j["foo"] = 1;
    j["mwp"]["variant"]["bar"] = 2;
    j["tiles"]["tt"] = 3;
    std::vector<std::string> warnings;
    QVERIFY_THROWS_EXCEPTION(InputError, sessionFromJson(j.dump(), "f.cdx.json", &warnings));
    QVERIFY(warnings.empty());
    j["tiles"]["tt"] = 2;
    (void)sessionFromJson(j.dump(), "f.cdx.json", &warnings);
    QCOMPARE(warnings.size(), std::size_t(2));
}

void TestSession::titleAndDescription() {
    SessionState s = defaultSession();
    QVERIFY(!nlohmann::json::parse(sessionToJson(s)).contains("title")); // nothing written
    s.title = "Fig. 4";
    s.description = "What to look at.";
    s.workspace = "talg";
    const auto j = ojson::parse(sessionToJson(s));
    QCOMPARE(j.begin().key(), std::string("schema"));
    QCOMPARE(j.at("title").get<std::string>(), std::string("Fig. 4"));
    std::vector<std::string> warnings;
    const SessionState back = sessionFromJson(j.dump(), "t.cdx.json", &warnings);
    QVERIFY(warnings.empty());
    QCOMPARE(back.title, s.title);
    QCOMPARE(back.description, s.description);
    QCOMPARE(back.workspace, s.workspace);
    QVERIFY(back == s);
    auto bad = j;
    bad["title"] = 4;
    try {
        (void)sessionFromJson(bad.dump(), "t.cdx.json");
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("title"));
    }
}

void TestSession::talgBlock() {
    const SessionState s = [] {
        SessionState d = defaultSession();
        d.variant.nw = talg::WavefrontCount::Approx;
        d.variant.registersPerTile = 40;
        d.within = 0.3;
        return d;
    }();
    const TalgSettings& t = s;
    ojson j = ojson::object();
    talgSessionToJson(t, j);
    std::vector<std::string> keys;
    for (const auto& [key, _] : j.items()) {
        keys.push_back(key);
    }
    QCOMPARE(keys,
             std::vector<std::string>(std::begin(kTalgSessionKeys), std::end(kTalgSessionKeys)));
    std::vector<std::string> warnings;
    const TalgSettings back = talgSessionFromJson(plain(j), SessionReader("t.json", &warnings));
    QVERIFY(warnings.empty());
    ojson again = ojson::object();
    talgSessionToJson(back, again);
    QCOMPARE(again.dump(), j.dump());
    QCOMPARE(back.variant, t.variant);
    QCOMPARE(back.tiles, t.tiles);
    QCOMPARE(back.within, 0.3);
    // The variant object alone.
    QCOMPARE(talgVariantFromJson(plain(talgVariantToJson(t.variant)), SessionReader("v", nullptr)),
             t.variant);
}

void TestSession::areaBlock() {
    AreaSettings a{area::Form::C6Literal, area::loadCoefficientSet(area::kDefaultCoefficientSet)};
    a.coefficients.params["alpha_oh"].value = 1.25;
    a.coefficients.params["alpha_oh"].edited = true;
    a.node = 7; // issue 32: the process node and the overhead scaling travel too
    a.overhead = area::OverheadScaling::Sram;
    const ojson j = areaSessionToJson(a);
    QCOMPARE(j.at("form").get<std::string>(), std::string("c6"));
    std::vector<std::string> warnings;
    const AreaSettings back = areaSessionFromJson(plain(j), SessionReader("a.json", &warnings));
    QVERIFY(warnings.empty());
    QVERIFY(back.form == area::Form::C6Literal);
    QCOMPARE(*back.coefficients.params.at("alpha_oh").value, 1.25);
    QVERIFY(back.coefficients.params.at("alpha_oh").edited);
    QCOMPARE(back.node, 7);
    QVERIFY(back.overhead == area::OverheadScaling::Sram);
    QCOMPARE(areaSessionToJson(back).dump(), j.dump());
    // A node without published densities, or a non-integer one, is refused naming the field
    // and the allowed nodes.
    int refused = 0;
    for (const nlohmann::json& node :
         {nlohmann::json(10), nlohmann::json(7.5), nlohmann::json("7")}) {
        try {
            areaSessionFromJson(nlohmann::json{{"node", node}}, SessionReader("a", nullptr));
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("area.node") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("28, 16, 7, 5, 4, 3 or 2") != std::string::npos,
                     e.what());
            ++refused;
        }
    }
    QCOMPARE(refused, 3);
    // No coefficient set: none written, none read (the shipped default applies); no form:
    // canonical.
    const ojson empty = areaSessionToJson(AreaSettings{});
    QVERIFY(!empty.contains("coefficients"));
    QVERIFY(
        areaSessionFromJson(plain(empty), SessionReader("a", nullptr)).coefficients.params.empty());
    QVERIFY(areaSessionFromJson(nlohmann::json::object(), SessionReader("a", nullptr)).form ==
            area::Form::Canonical);
}

void TestSession::codesignBlock() {
    CodesignSettings c;
    c.workload = "thesis";
    c.areaMin = 250;
    c.areaMax = 600.5;
    c.budgetMin = 425;
    c.budgetMax = 450;
    // Issue 32: the limits and the grid travel too.
    c.reticleOn = false;
    c.reticleMm2 = 800;
    c.powerOn = true;
    c.powerW = 250.5;
    c.gridNSm = {8, 16, 32};
    c.gridNV = {128, 256};
    c.gridMSmKb = {48, 96.5};
    c.gridBandwidthGBs = {200, 400};
    // Issue 59: the chip model's settings and axes.
    c.chipOn = true;
    c.memoryTech = "hbm3e";
    c.wholeDie = true;
    c.objective = "energy";
    c.gridClockMhz = {1200, 1600.5, 2000};
    c.gridMemoryUnits = {4, 6, 8};
    const ojson j = codesignSessionToJson(c);
    std::vector<std::string> warnings;
    QVERIFY(codesignSessionFromJson(plain(j), SessionReader("c", &warnings)) == c);
    QVERIFY(warnings.empty());
    // Every field optional: the missing ones keep their defaults.
    const CodesignSettings partial = codesignSessionFromJson(nlohmann::json{{"workload", "thesis"}},
                                                             SessionReader("c", nullptr));
    QCOMPARE(partial.workload, std::string("thesis"));
    QCOMPARE(partial.areaMin, CodesignSettings{}.areaMin);
    QCOMPARE(partial.budgetMax, CodesignSettings{}.budgetMax);
    QVERIFY(partial.reticleOn && !partial.powerOn && partial.gridNSm.empty());
    // Bad limits and grids are refused, naming the field.
    const std::vector<std::pair<nlohmann::json, std::string>> bad{
        {{{"limits", {{"power_w", -1}}}}, "codesign.limits.power_w"},
        {{{"limits", {{"reticle", "yes"}}}}, "codesign.limits.reticle"},
        {{{"limits", {{"reticle_mm2", 0}}}}, "codesign.limits.reticle_mm2"},
        {{{"grid", {{"n_sm", {0, 4}}}}}, "codesign.grid.n_sm"},
        {{{"grid", {{"n_v", nlohmann::json::array()}}}}, "codesign.grid.n_v"},
        {{{"grid", {{"m_sm_kb", {48, -1}}}}}, "codesign.grid.m_sm_kb"},
        {{{"grid", {{"bandwidth_gbs", {"fast"}}}}}, "codesign.grid.bandwidth_gbs"},
        {{{"grid", {{"clock_mhz", {0}}}}}, "codesign.grid.clock_mhz"},
        {{{"grid", {{"memory_units", {4, 65}}}}}, "codesign.grid.memory_units"},
        {{{"chip", {{"on", 1}}}}, "codesign.chip.on"},
        {{{"chip", {{"objective", "speed"}}}}, "codesign.chip.objective"},
    };
    int refused = 0;
    for (const auto& [block, field] : bad) {
        try {
            codesignSessionFromJson(block, SessionReader("c", nullptr));
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find(field) != std::string::npos, e.what());
            ++refused;
        }
    }
    QCOMPARE(refused, static_cast<int>(bad.size()));
}

void TestSession::mwpBlock() {
    MwpSettings m = defaultMwpSettings();
    m.kernel = loadKernelProfile("example-a");
    m.gpu = loadMwpGpuProfile("fx5600");
    m.variant.independentWarps = mwp::IndependentWarps::Printed;
    m.mapX = {mwp::MapAxis::ThreadsPerBlock, 32, 1024, 32, false};
    m.mapY = {mwp::MapAxis::FreqGhz, 0.5, 2, 100, true};
    const ojson j = mwpSessionToJson(m);
    std::vector<std::string> warnings;
    const MwpSettings back = mwpSessionFromJson(plain(j), SessionReader("m", &warnings));
    QVERIFY(warnings.empty());
    QCOMPARE(mwpSessionToJson(back).dump(), j.dump());
    QVERIFY(back.variant == m.variant);
    QCOMPARE(axisText(back.mapY), axisText(m.mapY));
    QCOMPARE(back.model().blocks, 80);
    // The axis and the variant alone.
    const SessionReader r("m", nullptr);
    QCOMPARE(axisText(mwpAxisFromJson(plain(mwpAxisToJson(m.mapX)), r, "x")), axisText(m.mapX));
    QVERIFY(mwpVariantFromJson(plain(mwpVariantToJson(m.variant)), r, "v") == m.variant);
    // Without "variant" and "map": the defaults.
    auto bare = plain(j);
    bare.erase("variant");
    bare.erase("map");
    const MwpSettings d = mwpSessionFromJson(bare, r);
    QVERIFY(d.variant == mwp::MwpVariant{});
    QCOMPARE(axisText(d.mapX), QString(kDefaultMapX));
}

void TestSession::energyBlock() {
    // Round trip of a 1-D problem with every optional field, a measured time source and an
    // edited coefficient; then the defaults (spec §3.3) when the optional fields are absent.
    EnergySettings e = defaultEnergySettings();
    e.problem.stencil = energy::StencilKind::Jacobi1D;
    e.problem.s1 = 8192;
    e.problem.s2 = 0;
    e.problem.tS1 = 256;
    e.problem.tS2 = 0;
    e.problem.tT = 33;
    e.problem.sS = 64;
    e.problem.ops = energy::OpCounts{3, 1, 0, 0};
    e.coefficients.params["e_gs_j"].value = 2.5e-9;
    e.coefficients.params["e_gs_j"].source = "set by user";
    e.variant.j1dSr = energy::J1dSr::Alt;
    e.timeSource = {energy::TimeSourceKind::Measured, 0.25, 12};
    e.objective = energy::Objective::Edp;
    e.within = 0.05;
    const ojson j = energySessionToJson(e);
    std::vector<std::string> warnings;
    const EnergySettings back = energySessionFromJson(plain(j), SessionReader("e", &warnings));
    QVERIFY(warnings.empty());
    QCOMPARE(energySessionToJson(back).dump(), j.dump());
    QVERIFY(back.timeSource == e.timeSource);
    QCOMPARE(back.problem.sS, std::int64_t(64));
    QCOMPARE(energy::coefficientsOf(back.coefficients).eGsJ, 2.5e-9);
    QCOMPARE(back.variant.j1dSr, energy::J1dSr::Alt);
    auto bare = plain(energySessionToJson(defaultEnergySettings()));
    for (const char* k : {"ops", "mu_sr", "variant", "objective", "within"}) {
        bare.erase(k);
    }
    const EnergySettings d = energySessionFromJson(bare, SessionReader("e", nullptr));
    QVERIFY(d.variant == energy::EnergyVariant{});
    QCOMPARE(d.within, 0.10);
    QCOMPARE(d.problem.tAlgS, 0.5);
    QCOMPARE(d.coefficients.id, std::string("k20c-a"));
    // A session written before the block: the defaults, no warning.
    QCOMPARE(defaultSession().energy.problem.s1, std::int64_t(4096));
}

void TestSession::eatssBlock() {
    EatssSettings e = defaultEatssSettings();
    e.program = eatss::loadProgram("mttkrp");
    // assign() rather than = "literal": GCC 12 -Wrestrict false positive (PR 105651).
    e.gpu.assign("xavier");
    e.options = {eatss::Mode::Paper, 0.375, 0.5, eatss::Precision::Float};
    e.mapX.assign(1, 'i');
    e.mapY.assign(1, 'l');
    const ojson j = eatssSessionToJson(e);
    std::vector<std::string> warnings;
    const EatssSettings back = eatssSessionFromJson(plain(j), SessionReader("e", &warnings));
    QVERIFY(warnings.empty());
    QCOMPARE(eatssSessionToJson(back).dump(), j.dump());
    QCOMPARE(back.program.loops.size(), std::size_t(4));
    QCOMPARE(back.options.precision, eatss::Precision::Float);
    // The .rels text of a program reads back as the same program.
    const eatss::Program p = eatss::parseRels(eatss::toRels(back.program), "x.rels");
    QCOMPARE(eatss::toJson(p)["loops"].dump(), eatss::toJson(back.program)["loops"].dump());
    QCOMPARE(eatss::toJson(p)["references"].dump(),
             eatss::toJson(back.program)["references"].dump());
    // Sessions before the block: gemm on the A100 (spec §2.3 b).
    QCOMPARE(defaultSession().eatss.program.id, std::string("gemm"));
}

void TestSession::chainBlock() {
    ChainSettings c = defaultChainSettings();
    c.dims = {320, 1024, 320, 1024};
    c.memoryWords = 98304;
    c.beta = chain::Beta::Thesis;
    c.singleMMNode = 2;
    c.tableChains = 50;
    c.tableSeed = 7;
    c.tableLo = 256;
    c.tableHi = 512;
    const ojson j = chainSessionToJson(c);
    std::vector<std::string> warnings;
    const ChainSettings back = chainSessionFromJson(plain(j), SessionReader("c", &warnings));
    QVERIFY(warnings.empty());
    QCOMPARE(chainSessionToJson(back).dump(), j.dump());
    QCOMPARE(back.dims, c.dims);
    QCOMPARE(back.beta, chain::Beta::Thesis);
    // Sessions before the block: the worked example D.7 at 64K, corrected beta.
    QCOMPARE(defaultSession().chain.dims.size(), std::size_t(7));
    QCOMPARE(defaultSession().chain.beta, chain::Beta::Corrected);
}

void TestSession::blockBadValues_data() {
    QTest::addColumn<QString>("block");
    QTest::addColumn<QString>("pointer"); // inside the block's JSON
    QTest::addColumn<QString>("value");   // JSON text
    QTest::addColumn<QString>("mention");
    QTest::newRow("talg: negative within") << "talg"
                                           << "/within"
                                           << "-0.5"
                                           << "within";
    QTest::newRow("talg: odd tT") << "talg"
                                  << "/tiles/tt"
                                  << "3"
                                  << "tT";
    QTest::newRow("talg: tT below 2") << "talg"
                                      << "/tiles/tt"
                                      << "0"
                                      << "tiles.tt";
    QTest::newRow("talg: time 0") << "talg"
                                  << "/problem/time"
                                  << "0"
                                  << "problem.time";
    QTest::newRow("talg: size beyond int64") << "talg"
                                             << "/problem/space/0"
                                             << "18446744073709551615"
                                             << "problem.space[1]";
    QTest::newRow("talg: fractional tile") << "talg"
                                           << "/tiles/tile/1"
                                           << "32.5"
                                           << "tiles.tile[2]";
    QTest::newRow("talg: unknown N_w") << "talg"
                                       << "/variant/nw"
                                       << "\"roughly\""
                                       << "variant.nw";
    QTest::newRow("talg: variant not a string") << "talg"
                                                << "/variant/k"
                                                << "1"
                                                << "variant.k";
    QTest::newRow("talg: negative r_tile") << "talg"
                                           << "/variant/r_tile"
                                           << "-3"
                                           << "variant.r_tile";
    QTest::newRow("talg: problem not an object") << "talg"
                                                 << "/problem"
                                                 << "[1]"
                                                 << "problem";
    QTest::newRow("area: unknown form") << "area"
                                        << "/form"
                                        << "\"c9\""
                                        << "area.form";
    QTest::newRow("area: form not a string") << "area"
                                             << "/form"
                                             << "7"
                                             << "area.form";
    QTest::newRow("area: negative coefficient") << "area"
                                                << "/coefficients/params/beta_vu/value"
                                                << "-1"
                                                << "beta_vu";
    QTest::newRow("codesign: budget min > max") << "codesign"
                                                << "/budget_mm2"
                                                << "[450, 425]"
                                                << "codesign.budget_mm2";
    QTest::newRow("codesign: negative area") << "codesign"
                                             << "/area_range_mm2"
                                             << "[-1, 10]"
                                             << "codesign.area_range_mm2";
    QTest::newRow("codesign: empty workload") << "codesign"
                                              << "/workload"
                                              << "\"\""
                                              << "codesign.workload";
    QTest::newRow("codesign: workload not a string") << "codesign"
                                                     << "/workload"
                                                     << "3"
                                                     << "codesign.workload";
    QTest::newRow("mwp: steps 2^32 + 2 (not wrapped to 2)") << "mwp"
                                                            << "/map/x/steps"
                                                            << "4294967298"
                                                            << "mwp.map.x.steps";
    QTest::newRow("mwp: log axis from 0") << "mwp"
                                          << "/map/y/min"
                                          << "0"
                                          << "mwp.map.y";
    QTest::newRow("mwp: unknown Rep rounding") << "mwp"
                                               << "/variant/rep"
                                               << "\"floor\""
                                               << "mwp.variant.rep";
    QTest::newRow("mwp: clamp not a boolean") << "mwp"
                                              << "/variant/clamp_access_rate"
                                              << "1"
                                              << "mwp.variant.clamp_access_rate";
    QTest::newRow("mwp: kernel with zero blocks") << "mwp"
                                                  << "/kernel/params/blocks/value"
                                                  << "0"
                                                  << "blocks";
    QTest::newRow("mwp: map not an object") << "mwp"
                                            << "/map"
                                            << "[]"
                                            << "mwp.map";
    QTest::newRow("mwp: missing kernel") << "mwp"
                                         << "/kernel"
                                         << "null"
                                         << "mwp.kernel";
    QTest::newRow("energy: odd tT for jacobi2d") << "energy"
                                                 << "/tt"
                                                 << "7"
                                                 << "energy.tT";
    QTest::newRow("energy: unknown stencil") << "energy"
                                             << "/stencil"
                                             << "\"heat9d\""
                                             << "energy.stencil";
    QTest::newRow("energy: 1-D space for jacobi2d") << "energy"
                                                    << "/space"
                                                    << "[4096]"
                                                    << "energy.space";
    QTest::newRow("energy: zero T_alg") << "energy"
                                        << "/time_source/t_alg_s"
                                        << "0"
                                        << "energy.time_source.t_alg_s";
    QTest::newRow("energy: unknown time source") << "energy"
                                                 << "/time_source/kind"
                                                 << "\"guessed\""
                                                 << "given, model or measured";
    QTest::newRow("energy: negative coefficient") << "energy"
                                                  << "/coefficients/params/e_gs_j/value"
                                                  << "-1"
                                                  << "e_gs_j";
    QTest::newRow("energy: within 2") << "energy"
                                      << "/within"
                                      << "2"
                                      << "energy.within";
    QTest::newRow("energy: negative op count") << "energy"
                                               << "/ops"
                                               << "{\"fadd\": -1, \"fmul\": 1, \"iadd\": 0, "
                                                  "\"imax\": 0}"
                                               << "fadd";
    QTest::newRow("eatss: split over the per-block shared memory") << "eatss"
                                                                   << "/split"
                                                                   << "0.5"
                                                                   << "eatss.split";
    QTest::newRow("eatss: unknown GPU") << "eatss"
                                        << "/gpu"
                                        << "\"h100\""
                                        << "eatss.gpu";
    QTest::newRow("eatss: unknown mode") << "eatss"
                                         << "/mode"
                                         << "\"exact\""
                                         << "eatss.mode";
    QTest::newRow("eatss: unknown iterator") << "eatss"
                                             << "/program/references/0/subscripts/0"
                                             << "\"q\""
                                             << "unknown iterator";
    QTest::newRow("eatss: map axis not a loop") << "eatss"
                                                << "/map/x"
                                                << "\"z\""
                                                << "eatss.map";
    QTest::newRow("chain: zero dimension") << "chain"
                                           << "/dims/3"
                                           << "0"
                                           << "chain.dims[3]";
    QTest::newRow("chain: one matrix") << "chain"
                                       << "/dims"
                                       << "[936, 1008]"
                                       << "chain.dims";
    QTest::newRow("chain: 40-digit dimension") << "chain"
                                               << "/dims/0"
                                               << "1234567890123456789012345678901234567890"
                                               << "chain.dims[0]";
    QTest::newRow("chain: capacity too small for a tile") << "chain"
                                                          << "/memory_words"
                                                          << "1"
                                                          << "chain.memory_words";
    QTest::newRow("chain: unknown beta") << "chain"
                                         << "/beta"
                                         << "\"printed\""
                                         << "chain.beta";
    QTest::newRow("chain: node beyond the tree") << "chain"
                                                 << "/single_mm_node"
                                                 << "9"
                                                 << "chain.single_mm_node";
    QTest::newRow("chain: reversed sizes") << "chain"
                                           << "/table_d1/sizes"
                                           << "[900, 100]"
                                           << "chain.table_d1.sizes";
    QTest::newRow("energy: unknown variant") << "energy"
                                             << "/variant/count"
                                             << "\"floor\""
                                             << "energy.variant.count";
}

// Each block refuses a bad value with the file and the field.
void TestSession::blockBadValues() {
    QFETCH(QString, block);
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, mention);
    const SessionState s = defaultSession();
    ojson j = ojson::object();
    if (block == "talg") {
        talgSessionToJson(s, j);
    } else if (block == "area") {
        j = areaSessionToJson({s.areaForm, s.areaCoefficients});
    } else if (block == "codesign") {
        j = codesignSessionToJson(s.codesign);
    } else if (block == "energy") {
        j = energySessionToJson(s.energy);
    } else if (block == "eatss") {
        j = eatssSessionToJson(s.eatss);
    } else if (block == "chain") {
        j = chainSessionToJson(s.chain);
    } else {
        j = mwpSessionToJson(s.mwp);
    }
    const ojson::json_pointer ptr(pointer.toStdString());
    QVERIFY2(j.contains(ptr), qPrintable(pointer));
    if (value == "null") {
        j[ptr.parent_pointer()].erase(ptr.back());
    } else {
        j[ptr] = ojson::parse(value.toStdString());
    }
    const SessionReader r("block.json", nullptr);
    try {
        if (block == "talg") {
            (void)talgSessionFromJson(plain(j), r);
        } else if (block == "area") {
            (void)areaSessionFromJson(plain(j), r);
        } else if (block == "codesign") {
            (void)codesignSessionFromJson(plain(j), r);
        } else if (block == "energy") {
            (void)energySessionFromJson(plain(j), r);
        } else if (block == "eatss") {
            (void)eatssSessionFromJson(plain(j), r);
        } else if (block == "chain") {
            (void)chainSessionFromJson(plain(j), r);
        } else {
            (void)mwpSessionFromJson(plain(j), r);
        }
        QFAIL("expected an InputError");
    } catch (const InputError& e) {
        const QString msg = e.what();
        QVERIFY2(msg.startsWith("block.json"), qPrintable(msg));
        QVERIFY2(msg.contains(mention), qPrintable(msg));
    }
}

// Every example session of the Start page opens without a warning and says what it is.
void TestSession::exampleSessionsLoadCleanly() {
    int count = 0;
    for (const auto& e : std::filesystem::directory_iterator(CDX_SOURCE_SESSIONS_DIR)) {
        if (!e.path().filename().string().ends_with(".cdx.json")) {
            continue;
        }
        ++count;
        const std::string name = e.path().filename().string();
        std::vector<std::string> warnings;
        SessionState s;
        try {
            s = loadSession(e.path(), &warnings);
        } catch (const InputError& err) {
            QFAIL(err.what());
        }
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        QVERIFY2(!s.title.empty(), name.c_str());
        QVERIFY2(s.description.size() > 40, name.c_str());
        QVERIFY2(s.workspace == "talg" || s.workspace == "area" || s.workspace == "mwp" ||
                     s.workspace == "energy" || s.workspace == "eatss" || s.workspace == "chain",
                 name.c_str());
        QVERIFY(sessionFromJson(sessionToJson(s), name) == s);
    }
    QVERIFY(count >= 5);
}

void TestSession::exampleSessionsShowTheirNumbers_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("fig4-heat2d-gtx980") << "fig4-heat2d-gtx980.cdx.json";
    QTest::newRow("table4-optimum-heat2d-gtx980") << "table4-optimum-heat2d-gtx980.cdx.json";
    QTest::newRow("tableC2-codesign") << "tableC2-codesign.cdx.json";
    QTest::newRow("hong-example-a") << "hong-example-a.cdx.json";
    QTest::newRow("hong-example-i") << "hong-example-i.cdx.json";
    QTest::newRow("energy-j2d-k20c") << "energy-j2d-k20c.cdx.json";
    QTest::newRow("eatss-gemm-a100") << "eatss-gemm-a100.cdx.json";
    QTest::newRow("chain-d7-thesis") << "chain-d7-thesis.cdx.json";
}

// The numbers each example's description points at (spec worked examples).
void TestSession::exampleSessionsShowTheirNumbers() {
    QFETCH(QString, file);
    const SessionState s =
        loadSession(std::filesystem::path(CDX_SOURCE_SESSIONS_DIR) / file.toStdString());
    const auto talgOf = [](const SessionState& x) {
        return talg::evaluate(x.modelStencil(), x.problem, x.tiles, x.modelGpu(), x.variant);
    };
    if (file.startsWith("fig4")) {
        // spec §2.6: the tS1 = 8 slice's geometric minimum, 9.9885 s at (tT 18, tS2 192).
        QCOMPARE(sizes(s.tiles.space, 2), QString("8,192"));
        QCOMPARE(s.tiles.time, 18);
        QVERIFY(std::abs(talgOf(s).tAlg - 9.9885) < 5e-5);
    } else if (file.startsWith("table4")) {
        // Table 4's C_iter; spec §2.6: the full-space geometric minimum 9.9345 s at
        // (tS1 128, tS2 32, tT 2), which the exact search finds too.
        QCOMPARE(*s.stencil.cIterByGpu.at("gtx980").value, 3.68e-8);
        QVERIFY(std::abs(talgOf(s).tAlg - 9.9345) < 5e-5);
        SessionState optimum = s;
        QVERIFY(applyOptimalTiles(optimum));
        QCOMPARE(optimum.tiles, s.tiles);
    } else if (file.startsWith("tableC2")) {
        QCOMPARE(s.codesign.workload, std::string("thesis"));
        QCOMPARE(codesignText(s.codesign), QString("thesis 200:650 425:450"));
        QVERIFY(s.areaForm == area::Form::Canonical);
        // spec area-codesign §2.6: the Heat 2D row, 22 x 256, 12 KB, cache-less: 447.9359 mm2.
        QCOMPARE(s.architecture(), (area::Architecture{22, 256, 2, 12, 0, 0}));
        QVERIFY(std::abs(area::areaBreakdown(s.architecture(), s.areaSet()).total - 447.9359) <
                1e-4);
    } else if (file.startsWith("hong-example-a")) {
        // spec Example A: 50728.1875 cycles, CPI 76.861 (FX 5600).
        QCOMPARE(s.mwp.gpu.id, std::string("fx5600"));
        QCOMPARE(s.mwp.kernel.id, std::string("example-a"));
        const auto r = mwp::evaluate(s.mwp.device(), s.mwp.model(), s.mwp.variant);
        QVERIFY(std::abs(r.execCycles - 50728.1875) < 1e-6);
    } else if (file.startsWith("hong-example-i")) {
        // spec Example I: 231070.8 cycles at 30 SMs (GTX 280).
        QCOMPARE(s.mwp.gpu.id, std::string("gtx280"));
        QCOMPARE(s.mwp.kernel.id, std::string("example-i"));
        const auto r = mwp::evaluate(s.mwp.device(), s.mwp.model(), s.mwp.variant);
        QVERIFY(std::abs(r.execCycles - 231070.8) < 0.1);
    } else if (file.startsWith("eatss")) {
        // spec eatss.md §2.3 (b); §3.3: mvt's Z3 answer (16, 464) = 90.5 % of (32, 512).
        QCOMPARE(s.workspace, std::string("eatss"));
        const auto f =
            eatss::formulate(s.eatss.program, eatss::loadGpu(s.eatss.gpu), s.eatss.options);
        const auto sol = eatss::solveExact(f);
        QCOMPARE(sol.tiles, (std::vector<std::int64_t>{16, 336, 32}));
        QCOMPARE(sol.objective, std::int64_t(16160));
        QCOMPARE(eatss::ppcgBlock(sol.tiles, 1024), (std::vector<std::int64_t>{16, 32}));
        const auto mvt =
            eatss::formulate(eatss::loadProgram("mvt"), eatss::loadGpu("a100"), s.eatss.options);
        const auto z = eatss::solveZ3(mvt);
        QCOMPARE(z.tiles, (std::vector<std::int64_t>{16, 464}));
        const double ratio = static_cast<double>(z.objective) /
                             static_cast<double>(eatss::solveExact(mvt).objective);
        QVERIFY(std::abs(100 * ratio - 90.5) < 0.05);
    } else if (file.startsWith("chain")) {
        // spec matrix-chain.md §6: O-4 to O-9 and the tiles of Fig. D.12.
        QCOMPARE(s.workspace, std::string("chain"));
        QCOMPARE(s.chain.beta, chain::Beta::Thesis);
        const auto r = chain::analyseChain(s.chain.dims, s.chain.memoryWords, s.chain.beta);
        QCOMPARE(r.oc.total, std::int64_t(1092977664));
        QCOMPARE(r.tree, std::string("((A1(A2A3))((A4A5)A6))"));
        QCOMPARE(r.s, 10190344.0);
        QVERIFY(std::abs(r.fusedTotal - 8392058.66) < 0.005);
        QVERIFY(std::abs(r.reductionPct - 17.65) < 0.005);
        QVERIFY(std::abs(r.nodes[2].x - 311.6) < 0.05 && std::abs(r.nodes[2].y - 210.3) < 0.05);
        QVERIFY(std::abs(r.nodes[3].x - 220.4) < 0.05 && std::abs(r.nodes[3].y - 297.3) < 0.05);
        const auto c =
            chain::analyseChain(s.chain.dims, s.chain.memoryWords, chain::Beta::Corrected);
        QVERIFY(std::abs(c.fusedTotal - 9323278.25) < 0.005);
        QVERIFY(std::abs(c.reductionPct - 8.51) < 0.005);
        QCOMPARE(c.nodes[4].choice, chain::Choice::FuseLeft);
    } else if (file.startsWith("energy")) {
        // spec energy-model.md §3.3: E_alg = 67.26276936 J; the optima of the description.
        QCOMPARE(s.workspace, std::string("energy"));
        const auto c = energy::coefficientsOf(s.energy.coefficients);
        const auto r = energy::evaluateEnergy(s.energy.problem, c, s.energy.variant);
        QVERIFY(std::abs(r.eAlg - 67.26276936) < 1e-6);
        QCOMPARE(r.nTiles, 1769472.0);
        const auto o = energy::optimizeEnergy(s.energy.problem, c, s.energy.variant,
                                              toStencil(loadStencilProfile("jacobi2d"), s.gpu.id),
                                              s.modelGpu(), s.variant);
        QCOMPARE(o.feasiblePoints, std::uint64_t(5373));
        QCOMPARE(o.energyOptimal.tiles, (talg::Tiles{{46, 32, 1}, 38}));
        QCOMPARE(o.timeOptimal.tiles, (talg::Tiles{{64, 64, 1}, 2}));
        QVERIFY(std::abs(100 * (o.energyOptimal.tAlg / o.timeOptimal.tAlg - 1) - 3.29) < 0.005);
        QVERIFY(std::abs(100 * (o.timeOptimal.eAlg / o.energyOptimal.eAlg - 1) - 77.93) < 0.005);
    }
}

namespace {
// Every number, bool and string of a JSON document, as pointers.
void leavesOf(const nlohmann::json& j, const std::string& at, std::vector<std::string>* out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            std::string key = it.key();
            for (std::size_t p = 0; (p = key.find('~', p)) != std::string::npos; p += 2) {
                key.replace(p, 1, "~0");
            }
            for (std::size_t p = 0; (p = key.find('/', p)) != std::string::npos; p += 2) {
                key.replace(p, 1, "~1");
            }
            leavesOf(it.value(), at + "/" + key, out);
        }
    } else if (j.is_array()) {
        for (std::size_t k = 0; k < j.size(); ++k) {
            leavesOf(j[k], at + "/" + std::to_string(k), out);
        }
    } else if (j.is_number() || j.is_boolean() || j.is_string()) {
        out->push_back(at);
    }
}
} // namespace

// Equality is a comparison, not two serialisations (issue 58): on the default session, every
// shipped example, every fixture of an earlier version, states with a baseline and a line-up,
// and on random edits of their files, two states are equal exactly when they serialise the
// same. A field that is written but not compared fails the random edits of the files; one
// that is compared but not written fails the edits made in memory (each state must equal the
// state its own file reads back as).
void TestSession::equalityIsSerialisation() {
    std::vector<std::pair<std::string, SessionState>> states;
    states.emplace_back("default", defaultSession());
    for (const char* dir : {CDX_SOURCE_SESSIONS_DIR, CDX_SOURCE_FIXTURES_DIR "/sessions"}) {
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
            if (e.path().extension() == ".json") {
                states.emplace_back(e.path().filename().string(), loadSession(e.path()));
            }
        }
    }
    QVERIFY(states.size() >= 17);
    SessionState withBoth = states[1].second;
    withBoth.baseline = std::make_shared<const SessionState>(asBaseline(states[2].second));
    withBoth.lineup.push_back({states[3].second.gpu, nullptr});
    withBoth.lineup.push_back(
        {std::nullopt, std::make_shared<const SessionState>(asBaseline(states[4].second))});
    states.emplace_back("with a baseline and a line-up", withBoth);

    std::mt19937 rng(58);
    int equal = 0;
    int different = 0;
    int refused = 0;
    std::vector<std::string> texts;
    for (const auto& [name, s] : states) {
        const std::string text = sessionToJson(s);
        texts.push_back(text);
        // The same file read again from another place (a profile's `file` is not written).
        const SessionState back = sessionFromJson(text, "elsewhere.cdx.json");
        QVERIFY2(back == s, name.c_str());
        QCOMPARE(sessionToJson(back), text);
        ++equal;
        // Random edits of one value of the file.
        const nlohmann::json j = nlohmann::json::parse(text);
        std::vector<std::string> leaves;
        leavesOf(j, "", &leaves);
        for (int k = 0; k < 60; ++k) {
            const std::string at = leaves[rng() % leaves.size()];
            nlohmann::json edited = j;
            nlohmann::json& v = edited[nlohmann::json::json_pointer(at)];
            if (v.is_boolean()) {
                v = !v.get<bool>();
            } else if (v.is_number_integer()) {
                v = v.get<std::int64_t>() + 2;
            } else if (v.is_number()) {
                const double x = v.get<double>();
                v = x == 0 ? 0.5 : x * 1.25;
            } else {
                v = v.get<std::string>() + " (edited)";
            }
            SessionState e;
            try {
                e = sessionFromJson(edited.dump(), "edited.cdx.json");
            } catch (const InputError&) {
                ++refused; // an id that names nothing, an odd tT: not a state
                continue;
            }
            const bool sameText = sessionToJson(e) == text;
            QVERIFY2((e == s) == sameText, (name + ": " + at).c_str());
            QVERIFY2((s != e) == !sameText, (name + ": " + at).c_str());
            ++(sameText ? equal : different);
        }
    }
    // Edits made in memory, as the window and --set make them: each must survive its own save
    // (equal to what its file reads back as) and differ from the state before exactly when its
    // file does.
    const SessionState base = defaultSession();
    const std::string baseText = sessionToJson(base);
    std::vector<std::pair<std::string, std::function<void(SessionState&)>>> edits{
        {"a run chosen, then the given time (issue 58: the run was not written)",
         [](SessionState& e) { e.energy.timeSource.runId = 5; }},
        {"a measured run",
         [](SessionState& e) {
             e.energy.timeSource.kind = energy::TimeSourceKind::Measured;
             e.energy.timeSource.runId = 3;
         }},
        {"a GPU value typed in with no kind",
         [](SessionState& e) {
             Quantity q = e.gpu.params.at("n_sm");
             q.kind.clear();
             q.edited = true;
             q.source = "set by user";
             e.gpu.params["n_sm"] = q;
         }},
        {"a GPU value's kind cleared where its source says it",
         [](SessionState& e) {
             Quantity& q = e.gpu.params.at("n_sm");
             q.kind = kindOf(q);
             e.gpu.params.at("n_sm").kind.clear();
         }},
        {"what was on screen", [](SessionState& e) { e.view["tab.talg"] = "sweep"; }},
        {"a profile read from elsewhere", [](SessionState& e) { e.gpu.file = "/tmp/x.json"; }},
        {"the coefficient set's node", [](SessionState& e) { e.areaCoefficients.node = 5; }},
        {"the MWP-CWP kernel's value",
         [](SessionState& e) {
             auto& q = e.mwp.kernel.params.begin()->second;
             q.value = q.value.value_or(1) * 2;
         }},
        {"the energy objective",
         [](SessionState& e) { e.energy.objective = energy::Objective::Time; }},
        {"a baseline",
         [](SessionState& e) { e.baseline = std::make_shared<const SessionState>(asBaseline(e)); }},
    };
    for (const auto& [what, edit] : edits) {
        SessionState e = base;
        edit(e);
        const std::string text = sessionToJson(e);
        const SessionState back = sessionFromJson(text, "edited.cdx.json");
        QVERIFY2(back == e, what.c_str());
        QCOMPARE(sessionToJson(back), text);
        QVERIFY2((e == base) == (text == baseText), what.c_str());
        ++(text == baseText ? equal : different);
    }
    // Every pair of the states themselves.
    for (std::size_t a = 0; a < states.size(); ++a) {
        for (std::size_t b = 0; b < states.size(); ++b) {
            QCOMPARE(states[a].second == states[b].second, texts[a] == texts[b]);
            ++(texts[a] == texts[b] ? equal : different);
        }
    }
    qInfo("equality: %d equal and %d different states agreed with their files (%d edits "
          "refused)",
          equal, different, refused);
    QVERIFY(different >= 500);
    QVERIFY(equal >= 40);
}

QTEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
