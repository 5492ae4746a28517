// SPDX-License-Identifier: GPL-3.0-or-later
// Memory as stacks or chips of a technology (issue 59; shared/spec/codesign-2027.md §2): the
// shipped technologies give the products' published bandwidths, capacities and PHY areas from
// their unit counts, the H100's idle memory power from its stacks, and bad files and
// configurations are refused naming the field.

#include "area/memory_tech.hpp"
#include "params/input_error.hpp"

#include <QtTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace cdx;
using namespace cdx::area;

class TestMemoryTech : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }

    // §2b: each product's memory as units of its technology at the product's pin rate.
    void productBandwidth_data() {
        QTest::addColumn<QString>("tech");
        QTest::addColumn<int>("units");
        QTest::addColumn<double>("pinRate");
        QTest::addColumn<double>("bandwidth");
        QTest::addColumn<double>("capacity");
        QTest::addColumn<double>("tolerance");
        // 12 x32 chips at 21 Gb/s: exactly the 1008 GB/s and 24 GB of the whitepaper (S30).
        QTest::newRow("RTX 4090: 12 GDDR6X chips at 21 Gb/s, 1008 GB/s, 24 GB (S30)")
            << "gddr6x" << 12 << 0.0 << 1008.0 << 24.0 << 1e-12;
        // 5 of 6 HBM2e stacks at the technology's 3.2 Gb/s: 2048 GB/s against 2039 (S29, S30).
        QTest::newRow("A100 80 GB: 5 HBM2e stacks at 3.2 Gb/s, 2039 GB/s, 80 GB (S29, S30)")
            << "hbm2e" << 5 << 0.0 << 2039.0 << 80.0 << 0.005;
        // 5 HBM3 stacks run at 5.23 Gb/s for 3.35 TB/s, below JEDEC's 6.4 (S29, S30).
        QTest::newRow("H100 SXM5: 5 HBM3 stacks at 5.234 Gb/s, 3350 GB/s, 80 GB (S29, S30)")
            << "hbm3" << 5 << 5.234375 << 3350.0 << 80.0 << 1e-12;
        // 6 HBM3e stacks at 6.25 Gb/s for 4.8 TB/s; 141 GB is 6 x 24 GB less a reserve.
        QTest::newRow("H200: 6 HBM3e stacks at 6.25 Gb/s, 4800 GB/s (S29)")
            << "hbm3e" << 6 << 6.25 << 4800.0 << 144.0 << 1e-12;
    }
    void productBandwidth() {
        QFETCH(QString, tech);
        QFETCH(int, units);
        QFETCH(double, pinRate);
        QFETCH(double, bandwidth);
        QFETCH(double, capacity);
        QFETCH(double, tolerance);
        const MemoryTech t = loadMemoryTech(tech.toStdString());
        const MemoryResult r = evaluateMemory(t, {units, pinRate, 0});
        QVERIFY2(std::abs(r.bandwidthGBs / bandwidth - 1) <= tolerance,
                 qPrintable(QString::number(r.bandwidthGBs)));
        QCOMPARE(r.capacityGB, capacity);
        QCOMPARE(r.trafficW, 0.0);
    }

    // §2c: GA100's six HBM sites take 62.7 mm2 of PHY (LLMCompass's 10.45 mm2 per stack), and
    // the controllers about 34 mm2 at 7 nm; §1a: the H100's idle memory rail, 47.8 W for five
    // HBM3 stacks, is the floor the HBM3 file derives per stack.
    void interfaceAreaAndFloor() {
        const MemoryTech hbm2e = loadMemoryTech("hbm2e");
        const MemoryResult ga100 = evaluateMemory(hbm2e, {6, 0, 0});
        QVERIFY(std::abs(ga100.phyMm2 - 62.7) < 0.01);
        QVERIFY(std::abs(ga100.controllerMm2 - 34.2) < 0.01);
        // The controller scales with the node's logic, the PHY does not.
        const MemoryResult half = evaluateMemory(hbm2e, {6, 0, 0}, 0.5);
        QCOMPARE(half.phyMm2, ga100.phyMm2);
        QCOMPARE(half.controllerMm2, ga100.controllerMm2 * 0.5);
        const MemoryResult h100Idle = evaluateMemory(loadMemoryTech("hbm3"), {5, 5.234375, 0});
        QVERIFY(std::abs(h100Idle.powerW - 47.8) < 0.3);
    }

    // Memory power = floor + energy per bit x traffic: linear in the traffic, and every value of
    // every shipped technology carries a kind and a source.
    void powerIsFloorPlusTraffic() {
        int checked = 0;
        for (const char* id : {"hbm2e", "hbm3", "hbm3e", "gddr6x", "gddr7"}) {
            const MemoryTech t = loadMemoryTech(id);
            QCOMPARE(t.params.size(), memoryTechKeys().size());
            for (const auto& [key, q] : t.params) {
                QVERIFY2(!q.kind.empty() && !q.source.empty(), (std::string(id) + key).c_str());
            }
            const MemoryResult idle = evaluateMemory(t, {4, 0, 0});
            for (double share : {0.25, 0.5, 1.0}) {
                const MemoryResult r = evaluateMemory(t, {4, 0, idle.bandwidthGBs * share});
                const double expected = idle.floorW + t.value("energy_pj_per_bit") * 1e-12 *
                                                          r.bandwidthGBs * share * 8e9;
                QVERIFY(std::abs(r.powerW - expected) <= 1e-9 * expected);
                QVERIFY(r.powerW > idle.powerW);
                ++checked;
            }
        }
        QCOMPARE(checked, 15);
    }

    void badConfigurations_data() {
        QTest::addColumn<int>("units");
        QTest::addColumn<double>("pinRate");
        QTest::addColumn<double>("traffic");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("field");
        QTest::newRow("no stacks") << 0 << 0.0 << 0.0 << 1.0 << "memory.units";
        QTest::newRow("65 stacks") << 65 << 0.0 << 0.0 << 1.0 << "memory.units";
        QTest::newRow("pin rate above HBM3's 8.4")
            << 5 << 9.0 << 0.0 << 1.0 << "memory.pin_rate_gbps";
        QTest::newRow("negative pin rate") << 5 << -1.0 << 0.0 << 1.0 << "memory.pin_rate_gbps";
        QTest::newRow("NaN pin rate") << 5 << std::nan("") << 0.0 << 1.0 << "memory.pin_rate_gbps";
        QTest::newRow("traffic above the bandwidth")
            << 5 << 0.0 << 5000.0 << 1.0 << "memory.traffic_gbs";
        QTest::newRow("negative traffic") << 5 << 0.0 << -1.0 << 1.0 << "memory.traffic_gbs";
        QTest::newRow("zero logic scale") << 5 << 0.0 << 0.0 << 0.0 << "memory.logic_scale";
    }
    void badConfigurations() {
        QFETCH(int, units);
        QFETCH(double, pinRate);
        QFETCH(double, traffic);
        QFETCH(double, scale);
        QFETCH(QString, field);
        const MemoryTech t = loadMemoryTech("hbm3");
        try {
            (void)evaluateMemory(t, {units, pinRate, traffic}, scale);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.field()), field);
        }
    }

    void badFiles_data() {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown top-level field") << R"({"colour": "red"})"
                                                 << "colour";
        QTest::newRow("unit neither stack nor chip") << R"({"unit": "dimm"})"
                                                     << "unit";
        QTest::newRow("unknown key") << R"({"params": {"ecc": {"value": 1, "unit": "bit"}}})"
                                     << "params.ecc";
        QTest::newRow("zero width")
            << R"({"params": {"width_bits": {"value": 0, "unit": "bit", "source": "x"}}})"
            << "params.width_bits.value";
        QTest::newRow("wrong unit")
            << R"({"params": {"floor_w": {"value": 9, "unit": "mW", "source": "x"}}})"
            << "params.floor_w.unit";
        QTest::newRow("default pin rate above the maximum")
            << R"({"params": {"pin_rate_gbps": {"value": 9.0, "unit": "Gb/s", "source": "x"}}})"
            << "params.pin_rate_gbps";
    }
    void badFiles() {
        QFETCH(QString, edit);
        QFETCH(QString, field);
        nlohmann::json j = nlohmann::json::parse(
            readText(std::string(CDX_SOURCE_PROFILES_DIR) + "/memory/hbm3.json"));
        j.merge_patch(nlohmann::json::parse(edit.toStdString()));
        try {
            (void)memoryTechFromJson(j, "edited.json");
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.field()).startsWith(field), e.what());
        }
        // A missing key is named too.
        nlohmann::json without = nlohmann::json::parse(
            readText(std::string(CDX_SOURCE_PROFILES_DIR) + "/memory/hbm3.json"));
        without["params"].erase("floor_w");
        QVERIFY_THROWS_EXCEPTION(InputError, memoryTechFromJson(without, "edited.json"));
        QVERIFY_THROWS_EXCEPTION(InputError, loadMemoryTech("hbm9"));
    }
};

QTEST_APPLESS_MAIN(TestMemoryTech)
#include "test_memory_tech.moc"
