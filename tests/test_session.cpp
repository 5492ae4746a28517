// Session files: round trip, atomic save, and every way a session file can be wrong.

#include "params/input_error.hpp"
#include "session/session.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace cdx;

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultSessionIsTheOptimum();
    void roundTripIsExact();
    void saveIsAtomic();
    void areaAndCodesignSettings();
    void mwpSettings();
    void badFiles_data();
    void badFiles();
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
    QVERIFY(sameSession(s, back));
    QCOMPARE(*back.gpu.params.at("l_s_per_gb").value, 0.0123456789012345);
    QVERIFY(back.gpu.params.at("l_s_per_gb").edited);
    QCOMPARE(back.gpu.params.at("l_s_per_gb").source, std::string("set by user"));
    QVERIFY(!back.gpu.params.at("n_sm").edited);
    QCOMPARE(back.variant, s.variant);
    QCOMPARE(back.tiles, s.tiles);
    QCOMPARE(back.within, 0.07);
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
    QVERIFY(sameSession(back, s));
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
    QVERIFY(sameSession(back, s));
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
    QTest::newRow("malformed JSON") << "\"version\": 1,"
                                    << "\"version\": 1"
                                    << "line";
    QTest::newRow("wrong schema") << "codesign-explorer-session"
                                  << "something-else"
                                  << "schema";
    QTest::newRow("newer version") << "\"version\": 1"
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

QTEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
