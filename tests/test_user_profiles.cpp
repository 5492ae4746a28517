// SPDX-License-Identifier: GPL-3.0-or-later
// The user's profiles (issue 30, core/params/user_profiles.cpp): the folders (Qt's
// AppDataLocation, computed alike by core; CDX_PROFILES_PATH), listing beside the shipped ones,
// broken ones listed with their reason, ids that collide refused, saving an edited set with its
// history in the sources, and resolving a saved id as the CLI does.
#include "mwp/mwp_profiles.hpp"
#include "params/gpu_description.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace cdx;

namespace {

void write(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

} // namespace

class TestUserProfiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void folderIsQtsAppDataLocation();
    void listsYoursAfterTheShipped();
    void brokenProfilesAreListedWithTheirReason();
    void idRules_data();
    void idRules();
    void saveKeepsTheHistoryOfEditedValues();
    void savedIdResolves();
    void profilesPathAddsFolders();
    void derivedChipSetsAsideWholeChipFacts();
    void importRefusesUnknownStencilAndMeasuredNull();
    void kernelValueTypedBackIsNoEdit();

private:
    QTemporaryDir home_;
    std::filesystem::path folder_;
};

void TestUserProfiles::initTestCase() {
    qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR);
    qputenv("XDG_DATA_HOME", home_.path().toUtf8());
    qunsetenv("CDX_PROFILES_PATH");
    QCoreApplication::setOrganizationName("CodesignExplorer");
    QCoreApplication::setApplicationName("codesign-explorer");
    folder_ = std::filesystem::path(home_.path().toStdString()) / "CodesignExplorer" /
              "codesign-explorer" / "profiles";
}

void TestUserProfiles::init() {
    std::filesystem::remove_all(folder_);
    qunsetenv("CDX_PROFILES_PATH");
}

// cdx and Python compute the folder the window saves to (QStandardPaths) themselves.
void TestUserProfiles::folderIsQtsAppDataLocation() {
    const QString qt = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QCOMPARE(QString::fromStdString(userProfileFolder().string()), qt + "/profiles");
    QCOMPARE(userProfileFolder(), folder_);
}

void TestUserProfiles::listsYoursAfterTheShipped() {
    write(folder_ / "gpus" / "mine.json",
          R"({"id": "my-980", "name": "My GTX 980", "params": {}})");
    const auto all = listAllProfiles("gpus");
    QVERIFY(all.size() >= 3);
    QCOMPARE(all.back().id, std::string("my-980"));
    QVERIFY(all.back().user);
    QVERIFY(all.back().error.empty());
    QCOMPARE(all.back().name, std::string("My GTX 980"));
    for (std::size_t i = 0; i + 1 < all.size(); ++i) {
        QVERIFY(!all[i].user); // the shipped ones first
    }
    // The shipped list alone is unchanged.
    for (const auto& e : listProfiles("gpus")) {
        QVERIFY(!e.user);
    }
}

void TestUserProfiles::brokenProfilesAreListedWithTheirReason() {
    write(folder_ / "gpus" / "a.json", "{ not json");
    write(folder_ / "gpus" / "b.json", R"({"name": "no id"})");
    write(folder_ / "gpus" / "c.json", R"({"id": "gtx980", "name": "taken"})");
    write(folder_ / "gpus" / "d.json", R"({"id": "twice", "name": "first"})");
    write(folder_ / "gpus" / "e.json", R"({"id": "twice", "name": "second"})");
    std::map<std::string, std::string> errors;
    int users = 0;
    for (const auto& e : listAllProfiles("gpus")) {
        if (e.user) {
            ++users;
            errors[e.path.filename().string()] = e.error;
        }
    }
    QCOMPARE(users, 5);
    QVERIFY(QString::fromStdString(errors["a.json"]).contains("a.json"));
    QVERIFY(QString::fromStdString(errors["b.json"]).contains("id"));
    QVERIFY(QString::fromStdString(errors["c.json"]).contains("shipped"));
    QVERIFY(errors["d.json"].empty());
    QVERIFY(QString::fromStdString(errors["e.json"]).contains("already taken"));
    // Choosing a broken one by id gives its reason; a shipped id still gives the shipped one.
    try {
        resolveProfile("a", "gpus", "--gpu"); // a.json: not JSON, listed under its file's stem
        QFAIL("a broken profile was chosen");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("a profile of yours that cannot be used"), e.what());
        QVERIFY2(QString(e.what()).contains("a.json"), e.what());
    }
    QVERIFY(loadGpuProfile("gtx980").name.find("GTX 980") != std::string::npos);
    try {
        resolveProfile("twice", "gpus", "--gpu");
    } catch (const InputError&) {
        QFAIL("the first profile of an id is usable");
    }
}

void TestUserProfiles::idRules_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<QString>("reason");
    QTest::newRow("plain") << "my-a100" << true << "";
    QTest::newRow("dots and underscores") << "lab.a100_80gb" << true << "";
    QTest::newRow("empty") << "" << false << "1 to 64 characters";
    QTest::newRow("upper case") << "MyGPU" << false << "a-z";
    QTest::newRow("a slash") << "a/b" << false << "a-z";
    QTest::newRow("leading dash") << "-x" << false << "starting with";
    QTest::newRow("65 characters") << QString(65, 'a') << false << "1 to 64";
    QTest::newRow("shipped id") << "gtx980" << false << "shipped profile";
    QTest::newRow("a file name") << "mine.json" << false << "must not end in .json";
}

void TestUserProfiles::idRules() {
    QFETCH(QString, id);
    QFETCH(bool, accepted);
    QFETCH(QString, reason);
    try {
        checkUserProfileId("gpus", id.toStdString());
        QVERIFY(accepted);
    } catch (const InputError& e) {
        QVERIFY2(!accepted, e.what());
        QCOMPARE(QString::fromStdString(e.field()), QString("id"));
        QVERIFY2(QString(e.what()).contains(reason), e.what());
    }
}

void TestUserProfiles::saveKeepsTheHistoryOfEditedValues() {
    GpuProfile g = loadGpuProfile("gtx980");
    setGpuParameter(g, "n_sm", 20);
    const auto profile = asUserProfile(toJson(g), "gpus", "my-980", "GTX 980 with 20 SMs");
    QCOMPARE(profile["id"].get<std::string>(), std::string("my-980"));
    QCOMPARE(profile["facts"]["n_sm"]["value"].get<int>(), 20);
    QCOMPARE(profile["facts"]["n_sm"]["source"].get<std::string>(),
             std::string("edited from gtx980 (was 16)"));
    QVERIFY(!profile["facts"]["n_sm"].contains("edited"));
    QCOMPARE(profile["facts"]["n_v"]["source"].get<std::string>(), std::string("PPoPP'17 Table 2"));
    const auto path = saveUserProfile("gpus", profile, false);
    QCOMPARE(path, folder_ / "gpus" / "my-980.json");
    // A second save of the id needs replace; the old file is untouched without it.
    QVERIFY_THROWS_EXCEPTION(InputError, saveUserProfile("gpus", profile, false));
    QCOMPARE(saveUserProfile("gpus", profile, true), path);
    // Another file of yours that already carries the id would be the one chosen: refused.
    write(folder_ / "gpus" / "older.json", R"({"id": "zzz", "name": "older"})");
    try {
        saveUserProfile("gpus", asUserProfile(toJson(g), "gpus", "zzz", "newer"), false);
        QFAIL("saved an id another file of yours has");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("older.json"), e.what());
    }
    QVERIFY(!std::filesystem::exists(folder_ / "gpus" / "zzz.json"));
    // A shipped id or an empty name is refused before anything is written.
    QVERIFY_THROWS_EXCEPTION(InputError, asUserProfile(toJson(g), "gpus", "titanx", "x"));
    QVERIFY_THROWS_EXCEPTION(InputError, asUserProfile(toJson(g), "gpus", "ok-id", ""));
}

void TestUserProfiles::savedIdResolves() {
    GpuProfile g = loadGpuProfile("gtx980");
    setGpuParameter(g, "n_sm", 20);
    saveUserProfile("gpus", asUserProfile(toJson(g), "gpus", "my-980", "Mine"), false);
    const GpuProfile back = loadGpuProfile("my-980");
    QCOMPARE(back.name, std::string("Mine"));
    QCOMPARE(*back.params.at("n_sm").value, 20.0);
    QVERIFY(!back.params.at("n_sm").edited);
    // An unknown id lists yours too.
    try {
        loadGpuProfile("nope");
        QFAIL("accepted an unknown id");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains("my-980 (yours)"), e.what());
    }
}

void TestUserProfiles::profilesPathAddsFolders() {
    QTemporaryDir a, b;
    write(std::filesystem::path(a.path().toStdString()) / "stencils" / "s.json",
          R"({"id": "lab-stencil", "name": "Lab"})");
    write(std::filesystem::path(b.path().toStdString()) / "stencils" / "t.json",
          R"({"id": "lab-stencil", "name": "Lab again"})");
    qputenv("CDX_PROFILES_PATH", (a.path() + ":" + b.path()).toUtf8());
    const auto folders = userProfileFolders();
    QCOMPARE(folders.size(), std::size_t(3));
    QCOMPARE(folders[0], folder_);
    int listed = 0, broken = 0;
    for (const auto& e : listAllProfiles("stencils")) {
        if (e.user) {
            ++listed;
            broken += e.error.empty() ? 0 : 1;
        }
    }
    QCOMPARE(listed, 2);
    QCOMPARE(broken, 1); // the second folder's copy of the id
}

// Issue 55: a derivative of the H100 with 60 SMs kept the GH100's 814 mm2 and 700 W as its
// vendor facts (Die area reported the model as -36.5 % against them). While an input is edited
// the die is not the chip's (dieOf has none); a derivative written as a profile of the user's
// sets those facts aside (null, the source saying what they were); a value typed for the
// derivative is its own.
void TestUserProfiles::derivedChipSetsAsideWholeChipFacts() {
    GpuProfile g = loadGpuProfile("h100-sxm5");
    QVERIFY(dieOf(g));
    QCOMPARE(dieOf(g)->areaMm2, 814.0);
    setGpuParameter(g, "n_sm", 60);
    QVERIFY(!dieOf(g));
    QCOMPARE(chipFactEditedInputs(g, "die_area_mm2"), std::string("n_sm"));
    QCOMPARE(chipFactEditedInputs(g, "board_power_w"), std::string("n_sm"));
    setGpuParameter(g, "n_sm", 132); // set back: the vendor's die again
    QVERIFY(dieOf(g));
    GpuProfile clocked = loadGpuProfile("h100-sxm5");
    setGpuParameter(clocked, "clock_mhz", 1500); // the clock changes the power, not the die
    QVERIFY(dieOf(clocked));
    QCOMPARE(chipFactEditedInputs(clocked, "board_power_w"), std::string("clock_mhz"));
    // Written as a derivative (cdx profiles derive, Save as in the window).
    const nlohmann::json d =
        deriveGpuProfile(loadGpuProfile("h100-sxm5"), "my-h100-60", "", {"n_sm=60"});
    int setAside = 0;
    for (const char* key : {"die_area_mm2", "board_power_w"}) {
        const auto& q = d["facts"][key];
        QVERIFY2(q["value"].is_null(), key);
        QCOMPARE(q["kind"].get<std::string>(), std::string("yours"));
        const QString source = QString::fromStdString(q["source"].get<std::string>());
        QVERIFY2(source.startsWith("set aside: the base chip's") && source.contains("n_sm edited"),
                 qPrintable(source));
        ++setAside;
    }
    QCOMPARE(setAside, 2);
    // Its note says what it is derived from; the base's note ("Boost clock 1980 MHz") is
    // quoted as the base's, not its own.
    const QString note = QString::fromStdString(d["note"].get<std::string>());
    QVERIFY2(note.startsWith("Derived from NVIDIA H100 SXM5 80 GB (h100-sxm5), edited: n_sm.") &&
                 note.contains("The base chip's note: ") && note.contains("1980 MHz"),
             qPrintable(note));
    QVERIFY(QString::fromStdString(d["facts"]["die_area_mm2"]["source"].get<std::string>())
                .contains("814 mm2"));
    const GpuProfile back = gpuProfileFromJson(d, "derived", false, true);
    QVERIFY(!dieOf(back));
    const nlohmann::json c =
        deriveGpuProfile(loadGpuProfile("h100-sxm5"), "my-h100-1500", "", {"clock_mhz=1500"});
    QCOMPARE(c["facts"]["die_area_mm2"]["value"].get<double>(), 814.0);
    QVERIFY(c["facts"]["board_power_w"]["value"].is_null());
    // A die area typed for the derivative is kept.
    const nlohmann::json t = deriveGpuProfile(loadGpuProfile("h100-sxm5"), "my-h100-typed", "",
                                              {"n_sm=60", "die_area_mm2=400"});
    QCOMPARE(t["facts"]["die_area_mm2"]["value"].get<double>(), 400.0);
    GpuProfile typed = loadGpuProfile("h100-sxm5");
    setGpuParameter(typed, "n_sm", 60);
    setGpuParameter(typed, "die_area_mm2", 400);
    QVERIFY(dieOf(typed));
    QCOMPARE(dieOf(typed)->areaMm2, 400.0);
}

// Issue 55: a measured GPU's C_iter under a stencil id no profile has ("Heat2D") was imported and
// counted as measured; a measured null was replaced by the estimate without a word. Both are
// refused by name, and nothing is written.
void TestUserProfiles::importRefusesUnknownStencilAndMeasuredNull() {
    std::ifstream in(std::string(CDX_SOURCE_PROFILES_DIR) + "/gpus/h100-sxm5.json");
    nlohmann::json base = nlohmann::json::parse(in);
    base["id"] = "lab-h100";
    base["name"] = "Lab H100";
    QTemporaryDir dir;
    const auto file = std::filesystem::path(dir.path().toStdString()) / "lab.json";
    const nlohmann::json measured = {
        {"value", 1.1e-9}, {"unit", "s"}, {"kind", "measured"}, {"source", "the kit, 2026-12-01"}};
    struct Case {
        const char* stencil;
        nlohmann::json quantity;
        const char* field;
    };
    nlohmann::json nullMeasured = measured;
    nullMeasured["value"] = nullptr;
    const Case cases[] = {{"Heat2D", measured, "talg.c_iter_s.Heat2D"},
                          {"heat2d", nullMeasured, "talg.c_iter_s.heat2d.value"}};
    for (const Case& c : cases) {
        nlohmann::json j = base;
        j["talg"]["c_iter_s"][c.stencil] = c.quantity;
        write(file, j.dump(2));
        try {
            importGpuProfile(file.string(), false);
            QFAIL(qPrintable(QString("imported ") + c.stencil));
        } catch (const InputError& e) {
            QVERIFY2(e.field() == c.field, e.what());
        }
        QVERIFY(!std::filesystem::exists(folder_ / "gpus" / "lab-h100.json"));
    }
    // The same file with a known stencil and a number imports.
    nlohmann::json good = base;
    good["talg"]["c_iter_s"]["heat2d"] = measured;
    write(file, good.dump(2));
    const auto [gpu, saved] = importGpuProfile(file.string(), false);
    QCOMPARE(gpu.cIterByStencil.at("heat2d").kind, std::string("measured"));
    QVERIFY(std::filesystem::exists(saved));
}

// Issue 55: a kernel value typed back to the profile's (other_insts 27 -> 28 -> 27) is the
// profile's again, not an edit, as the GPU's values are.
void TestUserProfiles::kernelValueTypedBackIsNoEdit() {
    GpuProfile g = loadGpuProfile("8800gtx");
    KernelProfile k = loadKernelProfile("example-a");
    const Quantity shipped = k.params.at("other_insts");
    QCOMPARE(*shipped.value, 27.0);
    mwp::setKernelParameter(g, k, "other_insts", 28);
    QVERIFY(k.params.at("other_insts").edited);
    QCOMPARE(k.params.at("other_insts").kind, std::string("yours"));
    mwp::setKernelParameter(g, k, "other_insts", 27);
    QVERIFY(!k.params.at("other_insts").edited);
    QCOMPARE(k.params.at("other_insts").source, shipped.source);
    QCOMPARE(k.params.at("other_insts").kind, shipped.kind);
}

QTEST_GUILESS_MAIN(TestUserProfiles)
#include "test_user_profiles.moc"
