// SPDX-License-Identifier: GPL-3.0-or-later
// The published table and the validity files (issue 19): the loader, the calibration domain
// and its check against a session. `cdx reproduce` itself is tested in test_cli.

#include "params/input_error.hpp"
#include "published/published.hpp"
#include "session/session.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <set>

using namespace cdx;
using namespace cdx::published;

class TestPublished : public QObject {
    Q_OBJECT

private slots:
    void tableIsWellFormed();
    void messagesShowNumbersToFourDigits();
    void everyFamilyHasValidity();
    void defaultSessionIsInsideTheDomain();
    void editedDesignIsOutside_data();
    void editedDesignIsOutside();
    void otherNodeIsOutside();
    void editedProfileIsOutside();
    void oneValueOneVerdict();
    void zeroMeansNoneAndArrays();
    void badDomainIsRefused_data();
    void badDomainIsRefused();
};

void TestPublished::tableIsWellFormed() {
    const auto all = loadAll();
    std::set<std::string> ids;
    int checked = 0;
    for (const auto& e : all) {
        QVERIFY2(ids.insert(e.id).second, e.id.c_str());
        QVERIFY(!e.source.empty() && !e.command.empty() && e.quantity.front() == '/');
        QVERIFY(e.tolerance >= 0);
        // A corrected value only with its erratum.
        QVERIFY(!e.corrected || !e.erratum.empty());
        ++checked;
    }
    QVERIFY(checked > 300); // every published number the suites check
    QCOMPARE(find("ppopp17-example-a-talg").published, 9.654275);
    QVERIFY_THROWS_EXCEPTION(InputError, find("no-such-entry"));
}

void TestPublished::everyFamilyHasValidity() {
    std::set<std::string> families;
    for (const auto& v : loadValidity()) {
        families.insert(v.family);
        for (const auto& d : v.domain) {
            // Exactly one kind of bound.
            QCOMPARE(
                int(!d.oneOf.empty()) + int(d.min || d.max) + int(d.unedited) + int(d.measured), 1);
            QVERIFY(!d.why.empty());
        }
    }
    QCOMPARE(families.size(), published::families().size());
    QVERIFY(validityOf("area").has_value());
    QVERIFY(!validityOf("runs").has_value()); // measured data: nothing to calibrate
}

// The shipped example is the GTX 980 with Heat 2D: inside every condition, each one checked.
void TestPublished::defaultSessionIsInsideTheDomain() {
    const std::string json = sessionToJson(defaultSession());
    int checked = 0;
    for (const auto& v : loadValidity()) {
        for (const auto& d : domainValues(v, json)) {
            QVERIFY2(d.inside, d.message().c_str());
            ++checked;
        }
        QVERIFY(outsideDomain(v, json).empty());
    }
    // talg 12, area 5, mwp 4, energy 3, eatss 2 conditions (chain has none); issue 43 split
    // C_iter (the GPU's now) from the stencil, and the MWP-CWP chip facts from its block.
    QCOMPARE(checked, 26);
}

void TestPublished::editedDesignIsOutside_data() {
    QTest::addColumn<QString>("family");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("area n_V 256 (issue 19: far from 128)")
        << "area"
        << "n_v" << 256.0 << "die-area model: n_V (vector units per SM) = 256, calibrated on 128";
    QTest::newRow("area R_VU 16 KB") << "area"
                                     << "r_vu_kb" << 16.0
                                     << "die-area model: R_VU (register file per vector unit) = "
                                        "16, calibrated on [0.5, 8]";
    QTest::newRow("area M_SM 480 KB")
        << "area"
        << "m_sm_kb" << 480.0
        << "die-area model: M_SM (shared memory per SM) = 480, calibrated on [24, 384]";
    QTest::newRow("talg 64 SMs") << "talg"
                                 << "n_sm" << 64.0
                                 << "time model (T_alg): n_SM = 64, calibrated on [16, 24]";
    QTest::newRow("talg L x 2") << "talg"
                                << "l_s_per_gb" << 0.01472
                                << "time model (T_alg): L (global-memory time per GB) = 0.01472, "
                                   "calibrated on [0.00542, 0.00736]";
}

void TestPublished::editedDesignIsOutside() {
    QFETCH(QString, family);
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(QString, message);
    SessionState s = defaultSession();
    setParameter(s.gpu, s.stencil, s.gpu.id, key.toStdString(), value);
    const auto v = validityOf(family.toStdString());
    QVERIFY(v.has_value());
    const auto out = outsideDomain(*v, sessionToJson(s));
    QCOMPARE(out.size(), std::size_t(1));
    QVERIFY2(out[0].message().rfind(message.toStdString(), 0) == 0, out[0].message().c_str());
    QVERIFY(!out[0].inside);
    QCOMPARE(out[0].family, family.toStdString());
}

// Issue 32: another process node is outside the 28 nm calibration, by the validity file's
// condition on /area/node (the banner and How far to trust this list it).
void TestPublished::otherNodeIsOutside() {
    SessionState s = defaultSession();
    const auto v = validityOf("area");
    QVERIFY(v.has_value());
    int checked = 0;
    for (int nm : {16, 7, 5}) {
        s.areaNode = nm;
        const auto out = outsideDomain(*v, sessionToJson(s));
        QCOMPARE(out.size(), std::size_t(1));
        QVERIFY2(out[0].message().rfind("die-area model: process node (nm) = " +
                                            std::to_string(nm) + ", calibrated on 28",
                                        0) == 0,
                 out[0].message().c_str());
        ++checked;
    }
    s.areaNode = 28;
    QVERIFY(outsideDomain(*v, sessionToJson(s)).empty());
    QCOMPARE(checked, 3);
}

// An edited value anywhere in a profile takes it out of the domain, named by its key.
void TestPublished::editedProfileIsOutside() {
    SessionState s = defaultSession();
    setParameter(s.gpu, s.stencil, s.gpu.id, "c_iter_s", 4e-8);
    const auto v = validityOf("talg");
    QVERIFY(v.has_value());
    const auto out = outsideDomain(*v, sessionToJson(s));
    // C_iter is the GPU's since issue 43: its own condition names it.
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(out[0].what, std::string("C_iter"));
    QVERIFY2(out[0].value.starts_with("edited"), out[0].value.c_str());
    QCOMPARE(out[0].allowed, std::string("the profile's values, unedited"));
    // The profile's id is inside (it is the GTX 980) but does not pass for the published one.
    SessionState g = defaultSession();
    setParameter(g.gpu, g.stencil, g.gpu.id, "n_sm", 6);
    const auto values = domainValues(*v, sessionToJson(g));
    const auto id = std::find_if(values.begin(), values.end(),
                                 [](const DomainValue& d) { return d.what == "GPU profile"; });
    QVERIFY(id != values.end());
    QCOMPARE(id->value, std::string("gtx980, edited: n_sm"));
    QVERIFY(id->inside);
    // An edited energy coefficient too, also after a save and a load (the mark was dropped
    // by the energy profile's writer, so a saved session passed for published).
    SessionState e = defaultSession();
    auto& pStat = e.energy.coefficients.params.at("p_stat_w");
    pStat.value = 60;
    pStat.edited = true;
    const SessionState back = sessionFromJson(sessionToJson(e), "saved.cdx.json");
    QVERIFY(back.energy.coefficients.params.at("p_stat_w").edited);
    const auto energy = validityOf("energy");
    QVERIFY(energy.has_value());
    const auto outE = outsideDomain(*energy, sessionToJson(back));
    QCOMPARE(outE.size(), std::size_t(1));
    QCOMPARE(outE[0].value, std::string("edited: p_stat_w"));
}

void TestPublished::zeroMeansNoneAndArrays() {
    Validity v;
    v.family = "x";
    DomainCondition l1;
    l1.what = "L1";
    l1.pointer = "/l1";
    l1.min = 3;
    l1.max = 96;
    l1.zeroMeansNone = true;
    DomainCondition dims;
    dims.what = "dims";
    dims.pointer = "/dims";
    dims.min = 256;
    DomainCondition gpu;
    gpu.what = "GPU";
    gpu.pointer = "/gpu";
    gpu.oneOf = {"a", "b"};
    v.domain = {l1, dims, gpu};
    QCOMPARE(allowedText(l1), std::string("0 (none) or [3, 96]"));
    QCOMPARE(allowedText(dims), std::string(">= 256"));
    QCOMPARE(allowedText(gpu), std::string("a or b"));
    QCOMPARE(outsideDomain(v, R"({"l1": 0, "dims": [300, 400], "gpu": "b"})").size(),
             std::size_t(0));
    const auto out = outsideDomain(v, R"({"l1": 2, "dims": [300, 100, 50], "gpu": "c"})");
    QCOMPARE(out.size(), std::size_t(3));
    QCOMPARE(out[1].value, std::string("100")); // the first element outside is named
    QCOMPARE(out[2].value, std::string("c"));
    // Absent or null values are not checked; NaN-like text is not a number.
    QCOMPARE(domainValues(v, R"({"l1": null})").size(), std::size_t(0));
    QCOMPARE(domainValues(v, "not json").size(), std::size_t(0));
}

void TestPublished::badDomainIsRefused_data() {
    QTest::addColumn<QString>("domain");
    QTest::addColumn<QString>("mention");
    QTest::newRow("not an array") << R"("x")"
                                  << "domain = \"x\"";
    QTest::newRow("no pointer") << R"([{"what": "a", "why": "w", "min": 1}])"
                                << "domain[0].session";
    QTest::newRow("relative pointer")
        << R"([{"what": "a", "session": "gpu", "why": "w", "min": 1}])"
        << "domain[0].session = gpu";
    QTest::newRow("unedited false")
        << R"([{"what": "a", "session": "/g", "why": "w", "unedited": false}])"
        << "unedited = false";
    QTest::newRow("measured false")
        << R"([{"what": "a", "session": "/g", "why": "w", "measured": false}])"
        << "measured = false";
    QTest::newRow("bad pointer escape")
        << R"([{"what": "a", "session": "/a~2", "why": "w", "min": 1}])"
        << "not a valid JSON pointer";
    QTest::newRow("neither one_of nor bounds")
        << R"([{"what": "a", "session": "/g", "why": "w"}])"
        << "either \"one_of\", \"min\"/\"max\", \"unedited\" or \"measured\"";
    QTest::newRow("both")
        << R"([{"what": "a", "session": "/g", "why": "w", "min": 1, "one_of": ["x"]}])"
        << "either \"one_of\", \"min\"/\"max\", \"unedited\" or \"measured\"";
    QTest::newRow("min above max")
        << R"([{"what": "a", "session": "/g", "why": "w", "min": 2, "max": 1}])"
        << "must not exceed max";
    QTest::newRow("one_of a number")
        << R"([{"what": "a", "session": "/g", "why": "w", "one_of": [5]}])"
        << "one_of = 5";
    QTest::newRow("unknown key")
        << R"([{"what": "a", "session": "/g", "why": "w", "min": 1, "mn": 2}])"
        << "domain[0].mn";
    QTest::newRow("substituted pointer without a slash (fuzz_profiles)")
        << R"([{"what": "a", "session": "/gpus/{nicte/sl/id}/n_sm", "why": "w", "min": 1}])"
        << "expected a JSON pointer between { and }";
    QTest::newRow("substituted pointer not closed")
        << R"([{"what": "a", "session": "/gpus/{/stencil/id", "why": "w", "min": 1}])"
        << "without its";
    QTest::newRow("zero_means_none not a boolean")
        << R"([{"what": "a", "session": "/g", "why": "w", "min": 1, "zero_means_none": 1}])"
        << "zero_means_none = 1";
}

void TestPublished::badDomainIsRefused() {
    QFETCH(QString, domain);
    QFETCH(QString, mention);
    QTemporaryDir dir;
    const std::string path = dir.filePath("v.json").toStdString();
    std::ofstream(path) << R"({"schema": "codesign-explorer-validity", "version": 1,
        "family": "area", "name": "n", "model": "m", "calibrated_on": "c", "claims": [],
        "validation": [],
        "domain": )" << domain.toStdString()
                        << "}";
    try {
        loadValidityFile(path);
        QFAIL("accepted");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains(mention), e.what());
        QVERIFY2(QString(e.what()).contains("v.json"), e.what());
    }
}

// Issue 44 item 4: the MWP-CWP H100's values are judged once each. The "GPU parameters" row
// judges edits of the values that are not estimates and never reads "as published"; the
// estimated ones are the "estimated GPU values" row's; a value typed over an estimate is the
// user's, judged by the edit row only. The summary counts what is outside by kind.
void TestPublished::oneValueOneVerdict() {
    SessionState s = defaultSession();
    s.mwp.gpu = loadGpuProfile("h100-sxm5");
    const auto v = validityOf("mwp");
    QVERIFY(v.has_value());
    const auto find = [](const std::vector<DomainValue>& values, const std::string& what) {
        const auto it = std::find_if(values.begin(), values.end(),
                                     [&what](const DomainValue& d) { return d.what == what; });
        return it == values.end() ? std::optional<DomainValue>() : std::optional<DomainValue>(*it);
    };
    const auto values = domainValues(*v, sessionToJson(s));
    const auto params = find(values, "GPU parameters");
    const auto estimated = find(values, "estimated GPU values");
    QVERIFY(params && estimated);
    QVERIFY(params->inside);
    QVERIFY2(params->value.rfind("unedited (", 0) == 0, params->value.c_str());
    QVERIFY2(params->value.find("published") == std::string::npos ||
                 params->value.find("vendor") != std::string::npos,
             params->value.c_str());
    QVERIFY(!estimated->inside);
    const std::string summary = outsideSummary(values);
    QVERIFY2(summary.find("estimated values") != std::string::npos, summary.c_str());
    QVERIFY2(summary.find("GPU profile h100-sxm5") != std::string::npos, summary.c_str());
    // Typed over its estimate, Mem_LD is yours: out of the estimated row, into the edit row.
    setGpuParameter(s.mwp.gpu, "mem_ld_cycles", 700);
    const auto typed = domainValues(*v, sessionToJson(s));
    QVERIFY(find(typed, "estimated GPU values")->value.find("mem_ld_cycles") == std::string::npos);
    QVERIFY(!find(typed, "GPU parameters")->inside);
    QVERIFY(find(typed, "GPU parameters")->value.find("mem_ld_cycles") != std::string::npos);
    const std::string after = outsideSummary(typed);
    QVERIFY2(after.find("1 value of yours") != std::string::npos, after.c_str());
    // Every value is judged by at most one of the two rows.
    int both = 0;
    for (const std::string& name : {std::string("mem_ld_cycles"), std::string("issue_cycles")}) {
        both += find(typed, "estimated GPU values")->value.find(name) != std::string::npos &&
                find(typed, "GPU parameters")->value.find(name) != std::string::npos;
    }
    QCOMPARE(both, 0);
}

// Issue 45: the calibration notes under an exported figure print a number to 4 significant
// digits ("0.0003074227216133545" filled a line); a list of estimated values stays as it is.
void TestPublished::messagesShowNumbersToFourDigits() {
    DomainValue d;
    d.model = "time model (T_alg)";
    d.what = "L";
    d.allowed = "[0.0001, 0.0002]";
    d.why = "the GTX 980 and Titan X";
    int checked = 0;
    for (const auto& [value, shown] : std::vector<std::pair<std::string, std::string>>{
             {"0.0003074227216133545", "= 0.0003074,"},
             {"4.888565656565656e-10", "= 4.889e-10,"},
             {"256", "= 256,"},
             {"estimated: l_s_per_gb, t_sync_s", "= estimated: l_s_per_gb, t_sync_s,"},
             {"gtx980", "= gtx980,"}}) {
        d.value = value;
        QVERIFY2(d.message().find(shown) != std::string::npos, d.message().c_str());
        ++checked;
    }
    QCOMPARE(checked, 5);
}

QTEST_GUILESS_MAIN(TestPublished)
#include "test_published.moc"
