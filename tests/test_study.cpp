// SPDX-License-Identifier: GPL-3.0-or-later
// Design studies (issue 60): the study file (refusals name the field), the points of a product
// or a list, the results table (whole points, resume, another study refused), the Pareto
// fronts, and `cdx study` run serially, with --jobs 2 and interrupted by SIGINT, which must all
// give the same table.
#include "params/input_error.hpp"
#include "study/study.hpp"
#include "study/study_store.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sqlite3.h>

using namespace cdx;
using Json = study::Json;

namespace {

const std::vector<std::string> kQuestions{"optimize", "codesign", "energy", "mwp", "lineup"};

Json baseStudy() {
    return Json::parse(R"({"format": "codesign-explorer-study", "version": 1, "name": "t",
        "question": "optimize", "fixed": {"stencil": "heat2d", "time": 1024},
        "axes": [{"name": "gpu", "values": ["gtx980", "titanx"]},
                 {"name": "space", "values": [[2048, 2048], [4096, 4096], [8192, 8192]]}]})");
}

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCdx(const QStringList& args, int seconds = 120) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
    p.setProcessEnvironment(env);
    p.start(CDX_EXECUTABLE, args);
    if (!p.waitForFinished(seconds * 1000)) {
        p.kill();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// A study slow enough to interrupt: 12 codesign searches of about 0.1 s each (the default n_V
// axis, 64 values).
QString writeCodesignStudy(const QTemporaryDir& dir) {
    const QString path = dir.filePath("codesign.study.json");
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(R"({"format": "codesign-explorer-study", "version": 1, "name": "interrupted",
      "question": "codesign",
      "fixed": {"workload": "ppopp17", "m_sm_kb": "48,96", "gpu": "titanx"},
      "axes": [{"name": "n_sm", "values": ["8,16", "16,24", "24,32", "8,32"]},
               {"name": "node", "values": [28, 16, 7]}]})");
    return path;
}

std::uint64_t storedPoints(const QString& path) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) !=
        SQLITE_OK) {
        sqlite3_close(db);
        return 0;
    }
    sqlite3_busy_timeout(db, 2000);
    sqlite3_stmt* q = nullptr;
    std::uint64_t n = 0;
    if (sqlite3_prepare_v2(db, "SELECT count(DISTINCT point) FROM results", -1, &q, nullptr) ==
            SQLITE_OK &&
        sqlite3_step(q) == SQLITE_ROW) {
        n = static_cast<std::uint64_t>(sqlite3_column_int64(q, 0));
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return n;
}

} // namespace

class TestStudy : public QObject {
    Q_OBJECT

private slots:
    void refusals_data();
    void refusals();
    void productOrder();
    void explicitPoints();
    void rangesAndBundles();
    void canonicalReadsBack();
    void resolvedTextIsChecked();
    void storeKeepsWholePointsAndResumes();
    void storeRefusesOtherFiles();
    void paretoMatchesBruteForce();
    void cliRefusesBeforeRunning_data();
    void cliRefusesBeforeRunning();
    void serialJobsAndInterruptedAgree();
    void lostWorkerLosesNothing();
};

void TestStudy::refusals_data() {
    QTest::addColumn<QString>("patch"); // a JSON merge patch of baseStudy()
    QTest::addColumn<QString>("field");
    QTest::newRow("format") << R"({"format": "x"})"
                            << "format";
    QTest::newRow("version") << R"({"version": 2})"
                             << "version";
    QTest::newRow("question") << R"({"question": "talg"})"
                              << "question";
    QTest::newRow("unknown key") << R"({"axis": []})"
                                 << "axis";
    QTest::newRow("top zero") << R"({"top": 0})"
                              << "top";
    QTest::newRow("empty axis") << R"({"axes": [{"name": "gpu", "values": []}]})"
                                << "axes[0].values";
    QTest::newRow("axis name") << R"({"axes": [{"name": "Gpu", "values": ["gtx980"]}]})"
                               << "axes[0].name";
    QTest::newRow("reserved name") << R"({"axes": [{"name": "status", "values": [1]}]})"
                                   << "axes[0].name";
    QTest::newRow("twice")
        << R"({"axes": [{"name": "gpu", "values": ["gtx980"]}, {"name": "gpu", "values": ["titanx"]}]})"
        << "axes[1].name";
    QTest::newRow("same label") << R"({"axes": [{"name": "gpu", "values": ["gtx980", "gtx980"]}]})"
                                << "axes[0].values[1]";
    QTest::newRow("range off step") << R"({"axes": [{"name": "time", "range": [1, 10, 4]}]})"
                                    << "axes[0].range";
    QTest::newRow("range down") << R"({"axes": [{"name": "time", "range": [10, 1, 1]}]})"
                                << "axes[0].range";
    QTest::newRow("values and range")
        << R"({"axes": [{"name": "time", "range": [1, 3, 1], "values": [1]}]})"
        << "axes[0]";
    QTest::newRow("gpu without id")
        << R"({"axes": [{"name": "gpu", "values": [{"set": {"n_sm": 4}}]}]})"
        << "axes[0].values[0]";
    QTest::newRow("set not an object")
        << R"({"axes": [{"name": "gpu", "values": [{"id": "gtx980", "set": 4}]}]})"
        << "axes[0].values[0].set";
    QTest::newRow("nested list") << R"({"axes": [{"name": "space", "values": [[[1]]]}]})"
                                 << "axes[0].values[0]";
    QTest::newRow("NaN-like text empty") << R"({"axes": [{"name": "gpu", "values": [""]}]})"
                                         << "axes[0].values[0]";
    QTest::newRow("fixed and axis") << R"({"fixed": {"gpu": "gtx980", "time": 8}})"
                                    << "axes[0].name";
    QTest::newRow("too many points")
        << R"({"axes": [{"name": "a1", "range": [1, 100000, 1]}, {"name": "a2", "range": [1, 200, 1]}]})"
        << "axes";
    QTest::newRow("points and axes") << R"({"points": [{"gpu": "gtx980"}]})"
                                     << "axes";
    QTest::newRow("no axes") << R"({"axes": null})"
                             << "axes";
    QTest::newRow("name not a text") << R"({"name": 7})"
                                     << "name";
    QTest::newRow("list: same label")
        << R"({"axes": null, "points": [{"gpu": {"id": "gtx980", "label": "a"}},
                                          {"gpu": {"id": "titanx", "label": "a"}}]})"
        << "points[1].gpu";
}

void TestStudy::refusals() {
    QFETCH(QString, patch);
    QFETCH(QString, field);
    Json j = baseStudy();
    j.merge_patch(Json::parse(patch.toStdString()));
    if (j.contains("axes") && j["axes"].is_null()) {
        j.erase("axes");
    }
    try {
        study::parseSpec(j, {}, kQuestions);
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(!e.allowed().empty(), e.what());
    }
}

void TestStudy::productOrder() {
    const study::Spec s = study::parseSpec(baseStudy(), {}, kQuestions);
    QCOMPARE(study::pointCount(s), std::uint64_t{6});
    // The first axis is the slowest: point 4 is titanx (1) at 4096 (1).
    QCOMPARE(study::pointAt(s, 4), (std::vector<std::uint32_t>{1, 1}));
    const auto args = study::pointArguments(s, 4);
    std::vector<std::string> text;
    for (const auto& a : args) {
        text.push_back(a.text);
    }
    QCOMPARE(text, (std::vector<std::string>{"--stencil", "heat2d", "--time", "1024", "--gpu",
                                             "titanx", "--space", "4096,4096"}));
    QCOMPARE(args[4].axis, 0);
    QCOMPARE(args[1].axis, -1);
    // Every point once: the numbers are a bijection onto the product.
    std::set<std::vector<std::uint32_t>> seen;
    for (std::uint64_t i = 0; i < study::pointCount(s); ++i) {
        seen.insert(study::pointAt(s, i));
    }
    QCOMPARE(seen.size(), std::size_t{6});
}

void TestStudy::explicitPoints() {
    Json j = baseStudy();
    j.erase("axes");
    j["points"] = Json::parse(R"([{"gpu": "gtx980", "space": [2048, 2048]},
                                  {"gpu": "titanx", "space": [2048, 2048]},
                                  {"gpu": "gtx980", "space": [8192, 8192]}])");
    const study::Spec s = study::parseSpec(j, {}, kQuestions);
    QCOMPARE(study::pointCount(s), std::uint64_t{3});
    QCOMPARE(s.axes.size(), std::size_t{2});
    QCOMPARE(s.axes[0].values.size(), std::size_t{2}); // gtx980 once
    QCOMPARE(study::pointAt(s, 2), (std::vector<std::uint32_t>{0, 1}));
    j["points"][1].erase("space");
    try {
        study::parseSpec(j, {}, kQuestions);
        QFAIL("a point without an axis was accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("points[1]"));
    }
}

void TestStudy::rangesAndBundles() {
    Json j = baseStudy();
    j["axes"] = Json::parse(R"([
        {"name": "power_cap", "range": [400, 700, 100]},
        {"name": "gpu", "values": [{"id": "h100-sxm5", "set": {"n_sm": 160, "clock_mhz": 1900}},
                                   {"id": "h100-sxm5", "label": "as shipped"}]},
        {"name": "variant", "values": [{"pitch": "paper", "k": "optimize"}]},
        {"name": "whole_die", "values": [true, false]},
        {"name": "workload", "values": [{"id": "mix", "items": [
            {"stencil": "heat2d", "space": [4096, 4096], "time": 1024, "weight": 2}]}]}])");
    j["question"] = "codesign";
    j["fixed"] = Json::object();
    const study::Spec s = study::parseSpec(j, {}, kQuestions);
    QCOMPARE(s.axes[0].values.size(), std::size_t{4});
    QCOMPARE(s.axes[0].values[3].column, Json(700));
    QCOMPARE(s.axes[1].values[0].column, Json("h100-sxm5 n_sm=160 clock_mhz=1900"));
    QCOMPARE(s.axes[1].values[1].column, Json("as shipped"));
    QCOMPARE(s.axes[2].values[0].column, Json("pitch=paper k=optimize"));
    QCOMPARE(s.axes[3].values[1].column, Json(0));
    std::vector<std::string> text;
    for (const auto& a : study::pointArguments(s, 0)) {
        text.push_back(a.text);
    }
    // Point 0: 400 W, the edited H100, the variant, --whole-die, the inline workload's file.
    QCOMPARE(std::vector<std::string>(text.begin(), text.begin() + 13),
             (std::vector<std::string>{"--power-cap", "400", "--gpu", "h100-sxm5", "--set",
                                       "n_sm=160", "--set", "clock_mhz=1900", "--pitch", "paper",
                                       "--k", "optimize", "--whole-die"}));
    QCOMPARE(text[13], std::string("--workload"));
    const Json file = Json::parse(std::ifstream(text[14]));
    QCOMPARE(file["schema"], Json("codesign-explorer-workload"));
    QCOMPARE(file["items"][0]["weight"], Json(2));
    // false is no flag at all.
    QCOMPARE(study::pointArguments(s, 1).size(), std::size_t{14});
}

void TestStudy::resolvedTextIsChecked() {
    // A resolved list's indices are checked, never read out of range.
    const study::Spec l = study::parseSpec(
        Json::parse(R"({"format": "codesign-explorer-study", "version": 1, "question": "mwp",
            "points": [{"gpu": "gtx280", "kernel": "cmem"}, {"gpu": "gtx580", "kernel": "cmem"}]})"),
        {}, kQuestions);
    for (const char* bad :
         {R"([[0, 5]])", R"([[0]])", R"([["0", 0]])", R"([[-1, 0]])", R"([])", R"(7)"}) {
        Json c = Json::parse(l.canonical);
        c["point_indices"] = Json::parse(bad);
        try {
            study::specFromCanonical(c.dump(), kQuestions);
            QFAIL(bad);
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.field()).startsWith("point_indices"), e.what());
        }
    }
    Json c = Json::parse(l.canonical);
    c["axes"][0].erase("values");
    QVERIFY_THROWS_EXCEPTION(InputError, study::specFromCanonical(c.dump(), kQuestions));
    // Labels and descriptions are text, whatever they look like; other values are paths.
    const study::Spec p = study::parseSpec(
        Json::parse(R"({"format": "codesign-explorer-study", "version": 1, "question": "mwp",
            "axes": [{"name": "gpu", "values": [{"id": "my/gpu.json", "label": "GT200/65nm"},
                                                {"id": "gtx280", "label": "GF110.json"}]}]})"),
        "/base", kQuestions);
    QCOMPARE(p.axes[0].values[0].column, Json("GT200/65nm"));
    QCOMPARE(p.axes[0].values[1].column, Json("GF110.json"));
    QCOMPARE(p.axes[0].values[0].value["id"], Json("/base/my/gpu.json"));
}

void TestStudy::canonicalReadsBack() {
    QTemporaryDir dir;
    Json j = baseStudy();
    j["fixed"]["gpu"] = "my/gpu.json"; // a relative path: made absolute against the base
    j["axes"].erase(0);
    const study::Spec s = study::parseSpec(j, dir.path().toStdString(), kQuestions);
    QVERIFY(QString::fromStdString(s.fixed["gpu"].get<std::string>()).startsWith(dir.path()));
    const study::Spec back = study::specFromCanonical(s.canonical, kQuestions);
    QCOMPARE(back.hash, s.hash);
    QCOMPARE(back.canonical, s.canonical);
    Json listed = baseStudy();
    listed.erase("axes");
    listed["points"] = Json::parse(R"([{"gpu": "titanx"}, {"gpu": "gtx980"}, {"gpu": "titanx"}])");
    const study::Spec l = study::parseSpec(listed, {}, kQuestions);
    const study::Spec lb = study::specFromCanonical(l.canonical, kQuestions);
    QCOMPARE(lb.hash, l.hash);
    QCOMPARE(study::pointAt(lb, 2), study::pointAt(l, 2));
}

void TestStudy::storeKeepsWholePointsAndResumes() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("r.sqlite").toStdString();
    const study::Spec s = study::parseSpec(baseStudy(), {}, kQuestions);
    const std::vector<std::string> answers{"tile", "T_alg_s"};
    {
        study::Store store(path, s, answers, "test");
        QCOMPARE(store.doneCount(), std::uint64_t{0});
        study::PointRows p{3, "ok", "", {{std::string("8,256"), 1.5}, {std::string("8,128"), 1.6}}};
        store.write(p);
        store.write(study::PointRows{5, "none", "no feasible tiling", {}});
        store.write(p); // a point already there stays as it is
        QCOMPARE(store.doneCount(), std::uint64_t{2});
    }
    study::Store again(path, s, answers, "test");
    const auto done = again.donePoints();
    QCOMPARE(static_cast<int>(std::count(done.begin(), done.end(), true)), 2);
    QVERIFY(done[3] && done[5] && !done[0]);
    const study::Table t = study::readTable(path);
    QCOMPARE(t.rows.size(), std::size_t{3}); // two answers of point 3, one row of point 5
    QCOMPARE(t.donePoints, std::uint64_t{2});
    QCOMPARE(t.columns, (std::vector<std::string>{"point", "answer", "gpu", "space", "status",
                                                  "reason", "tile", "T_alg_s", "tool_version"}));
    QCOMPARE(study::text(t.rows[0][2]), std::string("titanx"));
    QCOMPARE(study::text(t.rows[0][3]), std::string("2048,2048"));
    QCOMPARE(study::text(t.rows[2][5]), std::string("no feasible tiling"));
    QVERIFY(std::holds_alternative<std::monostate>(t.rows[2][6]));
    // An axis named as an answer column keeps its name; the answer's is answer_<name>.
    const auto cols = study::resultColumns(s, {"gpu", "x"});
    QCOMPARE(cols[6], std::string("answer_gpu"));
}

void TestStudy::storeRefusesOtherFiles() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("r.sqlite").toStdString();
    const study::Spec s = study::parseSpec(baseStudy(), {}, kQuestions);
    { study::Store store(path, s, {"a"}, "test"); }
    Json other = baseStudy();
    other["fixed"]["time"] = 2048;
    const study::Spec o = study::parseSpec(other, {}, kQuestions);
    try {
        study::Store store(path, o, {"a"}, "test");
        QFAIL("another study's file was taken");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("another study"), e.what());
    }
    // A file of another kind is refused and left as it is.
    const std::string text = dir.filePath("notes.txt").toStdString();
    std::ofstream(text) << "not SQLite at all, long enough to be read as a header......";
    QVERIFY_THROWS_EXCEPTION(InputError, study::Store(text, s, {"a"}, "test"));
    QVERIFY_THROWS_EXCEPTION(InputError, study::readTable(text));
    QVERIFY(std::filesystem::file_size(text) > 10);
    // A folder that is not there: refused naming the file.
    const std::string nowhere = dir.filePath("no/such/folder/r.sqlite").toStdString();
    try {
        study::Store store(nowhere, s, {"a"}, "test");
        QFAIL("a file in a missing folder was taken");
    } catch (const InputError& e) {
        QCOMPARE(e.field(), std::string("--out"));
    }
}

void TestStudy::paretoMatchesBruteForce() {
    // Property: a row is on its group's front iff no row of the group is at least as good in
    // both and better in one (smaller x and y; max: y larger), counted over random tables.
    QRandomGenerator rng(60);
    std::size_t checked = 0;
    for (int trial = 0; trial < 200; ++trial) {
        study::Table t;
        t.columns = {"point", "answer", "g", "x", "y"};
        const int n = 1 + static_cast<int>(rng.bounded(40));
        for (int i = 0; i < n; ++i) {
            const bool missing = rng.bounded(10) == 0;
            t.rows.push_back(
                {std::int64_t{i}, std::int64_t{0}, std::string(rng.bounded(2) ? "a" : "b"),
                 static_cast<double>(rng.bounded(20)),
                 missing ? study::Cell{} : study::Cell{static_cast<double>(rng.bounded(20))}});
        }
        const bool maxY = trial % 2 == 1;
        const auto fronts = study::paretoFronts(t, "x", maxY ? "max:y" : "y", "g");
        std::set<std::size_t> on;
        for (const auto& f : fronts) {
            on.insert(f.rows.begin(), f.rows.end());
        }
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            const auto x = study::number(t.rows[r][3]);
            const auto y = study::number(t.rows[r][4]);
            bool dominated = !y;
            for (std::size_t o = 0; y && o < t.rows.size(); ++o) {
                const auto ox = study::number(t.rows[o][3]);
                const auto oy = study::number(t.rows[o][4]);
                if (o == r || !oy || t.rows[o][2] != t.rows[r][2]) {
                    continue;
                }
                const double dy = maxY ? *y - *oy : *oy - *y; // > 0: o worse in y
                const bool asGood = *ox <= *x && dy <= 0;
                const bool better = *ox < *x || dy < 0;
                // Equal rows: the first in x, y order (stable) is kept, the others not.
                if (asGood && (better || o < r)) {
                    dominated = true;
                }
            }
            QCOMPARE(on.count(r) == 1, !dominated);
            ++checked;
        }
    }
    QVERIFY(checked > 3000);
    QVERIFY_THROWS_EXCEPTION(InputError, study::paretoFronts(study::Table{}, "x", "y", ""));
}

void TestStudy::cliRefusesBeforeRunning_data() {
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("message");
    QTest::newRow("a 3D space for a 2D stencil")
        << R"({"axes": [{"name": "space", "values": [[2048, 2048], [64, 64, 64]]}]})"
        << "cdx: axis 'space' = 64,64,64: refused by cdx optimize at point 1 (space=64,64,64): "
           "--space = 64,64,64: stencil 'heat2d' is 2D: expected 2 size(s)";
    QTest::newRow("an unknown GPU")
        << R"({"axes": [{"name": "gpu", "values": ["gtx980", "gtx1080"]}]})"
        << "cdx: axis 'gpu' = gtx1080: refused by cdx optimize at point 1 (gpu=gtx1080): --gpu";
    QTest::newRow("a flag the command does not take")
        << R"({"axes": [{"name": "frobnicate", "values": [1]}]})"
        << "cdx: axis 'frobnicate' = 1: refused by cdx optimize at point 0 (frobnicate=1): flag "
           "= --frobnicate: unknown";
    QTest::newRow("a required flag missing")
        << R"({"fixed": {"time": null}, "axes": [{"name": "gpu", "values": ["gtx980"]}]})"
        << "cdx: question 'optimize' = --time: refused by cdx optimize (give the flag as an axis "
           "or in \"fixed\"";
    QTest::newRow("a bad fixed value")
        << R"({"fixed": {"time": -4}, "axes": [{"name": "gpu", "values": ["gtx980"]}]})"
        << "cdx: fixed 'time' = -4: refused by cdx optimize at point 0 (gpu=gtx980): T = -4";
}

void TestStudy::cliRefusesBeforeRunning() {
    QFETCH(QString, patch);
    QFETCH(QString, message);
    QTemporaryDir dir;
    Json j = baseStudy();
    j["fixed"]["gpu"] = "gtx980";
    j["fixed"]["space"] = Json::parse("[2048, 2048]");
    j.merge_patch(Json::parse(patch.toStdString()));
    for (const auto& axis : j["axes"]) { // what the patch makes an axis is not fixed
        j["fixed"].erase(axis["name"].get<std::string>());
    }
    const QString study = dir.filePath("bad.study.json");
    std::ofstream(study.toStdString()) << j.dump();
    const QString out = dir.filePath("r.sqlite");
    const Run r = runCdx({"study", "run", study, "--out", out, "--jobs", "1"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).startsWith(message), r.err.constData());
    QVERIFY(r.out.isEmpty());
    QVERIFY2(!QFile::exists(out), "a refused study left a results file");
}

void TestStudy::serialJobsAndInterruptedAgree() {
    QTemporaryDir dir;
    const QString study = writeCodesignStudy(dir);
    const QString serial = dir.filePath("serial.sqlite");
    const QString jobs = dir.filePath("jobs.sqlite");
    const Run a = runCdx({"study", "run", study, "--out", serial, "--jobs", "1"}, 300);
    QVERIFY2(a.exitCode == 0, a.err.constData());
    const Run b = runCdx({"study", "run", study, "--out", jobs, "--jobs", "2"}, 300);
    QVERIFY2(b.exitCode == 0, b.err.constData());
    const QByteArray csvSerial = runCdx({"study", "show", serial, "--csv"}).out;
    QCOMPARE(runCdx({"study", "show", jobs, "--csv"}).out, csvSerial);
    QCOMPARE(csvSerial.count('\n') > 12, true);

    // Interrupted half-way (SIGINT, as Ctrl+C), serially and with two workers, then continued:
    // the same table, and the second run computes only the points that were missing.
    for (const QString& j : {QString("1"), QString("2")}) {
        const QString path = dir.filePath("interrupted-" + j + ".sqlite");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
        p.setProcessEnvironment(env);
        p.start(CDX_EXECUTABLE, {"study", "run", study, "--out", path, "--jobs", j});
        QVERIFY(p.waitForStarted());
        QElapsedTimer clock;
        clock.start();
        while (storedPoints(path) < 3 && p.state() == QProcess::Running &&
               clock.elapsed() < 60000) {
            QTest::qWait(5);
        }
        QVERIFY2(p.state() == QProcess::Running, "the study ended before it could be interrupted");
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("interrupted:"));
        const std::uint64_t stored = storedPoints(path);
        QVERIFY2(stored >= 3 && stored < 12, qPrintable(QString::number(stored)));
        const Run rest = runCdx({"study", "run", study, "--out", path, "--jobs", j, "--json"}, 300);
        QVERIFY2(rest.exitCode == 0, rest.err.constData());
        const Json summary = Json::parse(rest.out.toStdString());
        QCOMPARE(summary["before"].get<std::uint64_t>(), stored);
        QCOMPARE(summary["computed"].get<std::uint64_t>(), 12 - stored);
        QCOMPARE(runCdx({"study", "show", path, "--csv"}).out, csvSerial);
    }
    // A finished study runs again without computing anything.
    const Run again = runCdx({"study", "run", study, "--out", serial, "--json"});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(Json::parse(again.out.toStdString())["computed"], Json(0));
}

void TestStudy::lostWorkerLosesNothing() {
    // A worker killed half-way (SIGKILL, as the kernel's OOM killer would): its point goes to
    // the other worker, the run ends normally, and the table equals a serial run's.
    QTemporaryDir dir;
    const QString study = writeCodesignStudy(dir);
    const QString serial = dir.filePath("serial.sqlite");
    QCOMPARE(runCdx({"study", "run", study, "--out", serial, "--jobs", "1"}, 300).exitCode, 0);
    const QString path = dir.filePath("killed.sqlite");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
    p.setProcessEnvironment(env);
    p.start(CDX_EXECUTABLE, {"study", "run", study, "--out", path, "--jobs", "2"});
    QVERIFY(p.waitForStarted());
    QElapsedTimer clock;
    clock.start();
    while (storedPoints(path) < 2 && p.state() == QProcess::Running && clock.elapsed() < 60000) {
        QTest::qWait(5);
    }
    QVERIFY2(p.state() == QProcess::Running, "the study ended before a worker could be killed");
    const QString pid = QString::number(p.processId());
    QFile children("/proc/" + pid + "/task/" + pid + "/children");
    QVERIFY(children.open(QIODevice::ReadOnly));
    const QStringList workers =
        QString::fromUtf8(children.readAll()).split(' ', Qt::SkipEmptyParts);
    QVERIFY2(!workers.isEmpty(), "no worker processes");
    ::kill(static_cast<pid_t>(workers.front().toInt()), SIGKILL);
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QCOMPARE(runCdx({"study", "show", path, "--csv"}).out,
             runCdx({"study", "show", serial, "--csv"}).out);
}

QTEST_GUILESS_MAIN(TestStudy)
#include "test_study.moc"
