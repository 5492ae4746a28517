// SPDX-License-Identifier: GPL-3.0-or-later
// The user's profiles (issue 30, core/params/user_profiles.cpp): the folders (Qt's
// AppDataLocation, computed alike by core; CDX_PROFILES_PATH), listing beside the shipped ones,
// broken ones listed with their reason, ids that collide refused, saving an edited set with its
// history in the sources, and resolving a saved id as the CLI does.
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

QTEST_GUILESS_MAIN(TestUserProfiles)
#include "test_user_profiles.moc"
