// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA occupancy (issue 30, core/occupancy): the CUDA C++ Best Practices Guide's occupancy
// examples, every compute capability's limits as the CUDA C++ Programming Guide's table of
// technical specifications states them, worked allocations, property tests (monotone in
// registers and shared memory, resident threads within the SM's) and every refusal.
#include "occupancy/occupancy.hpp"
#include "params/input_error.hpp"

#include <QtTest>

using namespace cdx;
using occupancy::Input;

namespace {

occupancy::Result run(const char* cc, std::int64_t threads, std::int64_t regs, std::int64_t shared,
                      std::optional<int> carveout = std::nullopt) {
    Input in;
    in.threadsPerBlock = threads;
    in.registersPerThread = regs;
    in.sharedBytesPerBlock = shared;
    in.carveoutKb = carveout;
    return occupancy::evaluate(occupancy::limitsOf(cc), in);
}

} // namespace

class TestOccupancy : public QObject {
    Q_OBJECT

private slots:
    void bestPracticesExamples_data();
    void bestPracticesExamples();
    void limitsTable_data();
    void limitsTable();
    void workedAllocations_data();
    void workedAllocations();
    void carveout();
    void monotoneInRegistersAndShared();
    void residentThreadsWithinTheSm();
    void curvesAreEvaluations();
    void badInput_data();
    void badInput();
    void everyBindingLimitAndWhatRaisesIt();
};

// CUDA C++ Best Practices Guide, "Calculating Occupancy": on compute capability 7.0, 128-thread
// blocks with 37 registers per thread give 12 resident blocks and 75 % occupancy; 320-thread
// blocks with the same 37 registers give 4 blocks ("63 %": 40 of 64 warps, 62.5 %). At most 32
// registers per thread allow 100 %.
void TestOccupancy::bestPracticesExamples_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("registers");
    QTest::addColumn<int>("blocks");
    QTest::addColumn<double>("occupancy");
    QTest::addColumn<QString>("limiter");
    QTest::newRow("Best Practices 7.0, 128 threads, 37 registers")
        << 128 << 37 << 12 << 0.75 << "registers";
    QTest::newRow("Best Practices 7.0, 320 threads, 37 registers")
        << 320 << 37 << 4 << 0.625 << "registers";
    QTest::newRow("Best Practices 7.0, 32 registers: 100 %") << 256 << 32 << 8 << 1.0 << "warps";
}

void TestOccupancy::bestPracticesExamples() {
    QFETCH(int, threads);
    QFETCH(int, registers);
    QFETCH(int, blocks);
    QFETCH(double, occupancy);
    QFETCH(QString, limiter);
    const auto r = run("7.0", threads, registers, 0);
    QCOMPARE(r.blocksPerSm, std::int64_t(blocks));
    QCOMPARE(r.occupancy, occupancy);
    QCOMPARE(QString::fromStdString(r.limiter), limiter);
}

// The Programming Guide's table, row by row: threads, warps and blocks per SM, registers per SM
// and per thread, shared memory per SM and per block (KB), threads per block.
void TestOccupancy::limitsTable_data() {
    QTest::addColumn<QString>("cc");
    QTest::addColumn<int>("threadsPerSm");
    QTest::addColumn<int>("blocksPerSm");
    QTest::addColumn<int>("registersK"); // 32-bit registers per SM, in K
    QTest::addColumn<int>("registersPerThread");
    QTest::addColumn<int>("sharedPerSmKb");
    QTest::addColumn<int>("sharedPerBlockKb");
    QTest::addColumn<int>("threadsPerBlock");
    QTest::newRow("Programming Guide 1.0") << "1.0" << 768 << 8 << 8 << 124 << 16 << 16 << 512;
    QTest::newRow("Programming Guide 1.1") << "1.1" << 768 << 8 << 8 << 124 << 16 << 16 << 512;
    QTest::newRow("Programming Guide 1.2") << "1.2" << 1024 << 8 << 16 << 124 << 16 << 16 << 512;
    QTest::newRow("Programming Guide 1.3") << "1.3" << 1024 << 8 << 16 << 124 << 16 << 16 << 512;
    QTest::newRow("Programming Guide 2.0") << "2.0" << 1536 << 8 << 32 << 63 << 48 << 48 << 1024;
    QTest::newRow("Programming Guide 2.1") << "2.1" << 1536 << 8 << 32 << 63 << 48 << 48 << 1024;
    QTest::newRow("Programming Guide 3.0") << "3.0" << 2048 << 16 << 64 << 63 << 48 << 48 << 1024;
    QTest::newRow("Programming Guide 3.2") << "3.2" << 2048 << 16 << 64 << 255 << 48 << 48 << 1024;
    QTest::newRow("Programming Guide 3.5") << "3.5" << 2048 << 16 << 64 << 255 << 48 << 48 << 1024;
    QTest::newRow("Programming Guide 3.7")
        << "3.7" << 2048 << 16 << 128 << 255 << 112 << 48 << 1024;
    QTest::newRow("Programming Guide 5.0") << "5.0" << 2048 << 32 << 64 << 255 << 64 << 48 << 1024;
    QTest::newRow("Programming Guide 5.2") << "5.2" << 2048 << 32 << 64 << 255 << 96 << 48 << 1024;
    QTest::newRow("Programming Guide 5.3") << "5.3" << 2048 << 32 << 64 << 255 << 64 << 48 << 1024;
    QTest::newRow("Programming Guide 6.0") << "6.0" << 2048 << 32 << 64 << 255 << 64 << 48 << 1024;
    QTest::newRow("Programming Guide 6.1") << "6.1" << 2048 << 32 << 64 << 255 << 96 << 48 << 1024;
    QTest::newRow("Programming Guide 6.2") << "6.2" << 2048 << 32 << 64 << 255 << 64 << 48 << 1024;
    QTest::newRow("Programming Guide 7.0") << "7.0" << 2048 << 32 << 64 << 255 << 96 << 96 << 1024;
    QTest::newRow("Programming Guide 7.2") << "7.2" << 2048 << 32 << 64 << 255 << 96 << 96 << 1024;
    QTest::newRow("Programming Guide 7.5") << "7.5" << 1024 << 16 << 64 << 255 << 64 << 64 << 1024;
    QTest::newRow("Programming Guide 8.0")
        << "8.0" << 2048 << 32 << 64 << 255 << 164 << 163 << 1024;
    QTest::newRow("Programming Guide 8.6") << "8.6" << 1536 << 16 << 64 << 255 << 100 << 99 << 1024;
    QTest::newRow("Programming Guide 8.7")
        << "8.7" << 1536 << 16 << 64 << 255 << 164 << 163 << 1024;
    QTest::newRow("Programming Guide 8.9") << "8.9" << 1536 << 24 << 64 << 255 << 100 << 99 << 1024;
    QTest::newRow("Programming Guide 9.0")
        << "9.0" << 2048 << 32 << 64 << 255 << 228 << 227 << 1024;
}

void TestOccupancy::limitsTable() {
    QFETCH(QString, cc);
    QFETCH(int, threadsPerSm);
    QFETCH(int, blocksPerSm);
    QFETCH(int, registersK);
    QFETCH(int, registersPerThread);
    QFETCH(int, sharedPerSmKb);
    QFETCH(int, sharedPerBlockKb);
    QFETCH(int, threadsPerBlock);
    const auto& l = occupancy::limitsOf(cc.toStdString());
    QCOMPARE(l.maxWarpsPerSm * l.warpSize, threadsPerSm);
    QCOMPARE(l.maxBlocksPerSm, blocksPerSm);
    QCOMPARE(l.registersPerSm, registersK * 1024);
    QCOMPARE(l.maxRegistersPerThread, registersPerThread);
    QCOMPARE(l.sharedPerSmBytes, sharedPerSmKb * 1024);
    QCOMPARE(l.maxSharedPerBlockBytes, sharedPerBlockKb * 1024);
    QCOMPARE(l.maxThreadsPerBlock, threadsPerBlock);
    QCOMPARE(l.reservedSharedPerBlockBytes, cc >= "8.0" ? 1024 : 0);
    // The largest carveout is the SM's shared memory (from 7.0 on).
    if (cc >= "7.0") {
        QCOMPARE(l.carveoutsKb.back() * 1024, l.sharedPerSmBytes);
    } else {
        QVERIFY(l.carveoutsKb.empty());
    }
}

// Allocations worked by hand from the calculator's rules.
void TestOccupancy::workedAllocations_data() {
    QTest::addColumn<QString>("cc");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("registers");
    QTest::addColumn<int>("shared");
    QTest::addColumn<int>("registersPerBlock");
    QTest::addColumn<int>("sharedPerBlock");
    QTest::addColumn<int>("limitWarps");
    QTest::addColumn<int>("limitRegisters");
    QTest::addColumn<int>("limitShared");
    QTest::addColumn<QString>("limiter");
    // 8.0, 64 registers: 2048 per warp, 32 warps by registers: one 1024-thread block (50 %).
    QTest::newRow("8.0 1024 threads 64 registers")
        << "8.0" << 1024 << 64 << 0 << 65536 << 1024 << 2 << 1 << 164 << "registers";
    // 8.0, 48 KB + the reserved 1 KB = 50176 B: 3 blocks in 164 KB.
    QTest::newRow("8.0 48 KB shared")
        << "8.0" << 256 << 32 << 49152 << 8192 << 50176 << 8 << 8 << 3 << "shared memory";
    // 1.3, per block: ceil(3 warps to 4) x 16 x 32 = 2048 registers; 16384 / 2048 = 8 blocks.
    QTest::newRow("1.3 96 threads 16 registers")
        << "1.3" << 96 << 16 << 500 << 2048 << 512 << 8 << 8 << 32 << "blocks";
    // 2.0, 20 registers: 640 per warp (unit 64); 16384 / 640 = 25 warps in each of 2
    // sub-partitions, 50; 6 warps per block: 8 blocks, as the 48 warps / 6 allow.
    QTest::newRow("2.0 192 threads 20 registers")
        << "2.0" << 192 << 20 << 0 << 3840 << 0 << 8 << 8 << 8 << "warps";
    // 5.2: 64 regs -> 2048 per warp; 16384 per sub-partition: 8 warps in each of 4, 32 warps:
    // 4 blocks of 8 warps.
    QTest::newRow("5.2 256 threads 64 registers")
        << "5.2" << 256 << 64 << 0 << 16384 << 0 << 8 << 4 << 32 << "registers";
    // Issue 44, cuda_occupancy.h (cudaOccMaxBlocksPerSMRegsLimit), worked by hand. 5.2 allows
    // 64 K registers per block (the runtime's regsPerBlock): 48 regs -> 1536 per warp, a block of
    // 32 warps 49152; 16384 / 1536 = 10 warps per sub-partition, 40 per SM: 1 block (a 32 K
    // per-block limit gave 0).
    QTest::newRow("cuda_occupancy.h 5.2 1024 threads 48 registers: 1, not 0")
        << "5.2" << 1024 << 48 << 0 << 49152 << 0 << 2 << 1 << 32 << "registers";
    // 5.3, 128 regs -> 4096 per warp: 4 warps per sub-partition, 16 per SM: 5 blocks of 3 warps
    // (counting within two 32 K "files" gave 4).
    QTest::newRow("cuda_occupancy.h 5.3 96 threads 128 registers: 5, not 4")
        << "5.3" << 96 << 128 << 0 << 12288 << 0 << 21 << 5 << 32 << "registers";
    // 3.7, 255 regs -> 8192 per warp: 32768 / 8192 = 4 warps per sub-partition, 16 per SM: 5
    // blocks of 3 warps.
    QTest::newRow("cuda_occupancy.h 3.7 96 threads 255 registers: 5, not 4")
        << "3.7" << 96 << 255 << 0 << 24576 << 0 << 16 << 5 << 16 << "registers";
    // 5.3 (32 K per block): 72 regs -> 2304 per warp, 13 warps 29952, but the hardware's check
    // rounds the warps up to the 4 sub-partitions: 16 x 2304 = 36864 > 32768: no block fits.
    QTest::newRow("cuda_occupancy.h 5.3 416 threads 72 registers: the hardware check")
        << "5.3" << 416 << 72 << 0 << 29952 << 0 << 4 << 0 << 32 << "registers";
    // 3.2 and 6.2 allow 32 K registers per block (Jetson TK1, TX2): 40 regs x 32 warps = 40960.
    QTest::newRow("cuda_occupancy.h 3.2 1024 threads 40 registers: 32 K per block")
        << "3.2" << 1024 << 40 << 0 << 40960 << 0 << 2 << 0 << 16 << "registers";
    QTest::newRow("cuda_occupancy.h 6.2 1024 threads 64 registers: 32 K per block")
        << "6.2" << 1024 << 64 << 0 << 65536 << 0 << 2 << 0 << 32 << "registers";
    // 6.0 (GP100, 2 sub-partitions): 192 regs -> 6144 per warp, 9 warps: 10 x 6144 fits 64 K,
    // but 12 x 6144 (GP10x's 4 sub-partitions) does not: the runtime runs it on no Pascal.
    QTest::newRow("cuda_occupancy.h 6.0 288 threads 192 registers: Pascal forward check")
        << "6.0" << 288 << 192 << 0 << 55296 << 0 << 7 << 0 << 32 << "registers";
    // 2.x allocates 128 registers at a time for 21, 22, 29, 30, 37, 38, 45 and 46 per thread:
    // 21 -> 672 -> 768 per warp; 16384 / 768 = 21 warps per sub-partition, 42: 7 blocks of 6.
    QTest::newRow("cuda_occupancy.h 2.0 192 threads 21 registers: unit 128")
        << "2.0" << 192 << 21 << 0 << 4608 << 0 << 8 << 7 << 8 << "registers";
    // 8.9: 24 block slots; 64-thread blocks would allow 24 by warps (48 / 2): the slots bind
    // together with the warps.
    QTest::newRow("8.9 64 threads")
        << "8.9" << 64 << 32 << 0 << 2048 << 1024 << 24 << 32 << 100 << "warps";
    // 9.0, 227 KB opt-in + 1 KB reserved = the whole 228 KB: one block.
    QTest::newRow("9.0 227 KB shared")
        << "9.0" << 128 << 32 << 232448 << 4096 << 233472 << 16 << 16 << 1 << "shared memory";
}

void TestOccupancy::workedAllocations() {
    QFETCH(QString, cc);
    QFETCH(int, threads);
    QFETCH(int, registers);
    QFETCH(int, shared);
    QFETCH(int, registersPerBlock);
    QFETCH(int, sharedPerBlock);
    QFETCH(int, limitWarps);
    QFETCH(int, limitRegisters);
    QFETCH(int, limitShared);
    QFETCH(QString, limiter);
    const auto r = run(cc.toLatin1().constData(), threads, registers, shared);
    QCOMPARE(r.registersPerBlock, std::int64_t(registersPerBlock));
    QCOMPARE(r.sharedPerBlock, std::int64_t(sharedPerBlock));
    QCOMPARE(r.blocksLimitWarps, std::int64_t(limitWarps));
    QCOMPARE(r.blocksLimitRegisters, std::int64_t(limitRegisters));
    QCOMPARE(r.blocksLimitShared, std::int64_t(limitShared));
    QCOMPARE(r.blocksPerSm, std::min<std::int64_t>({limitWarps, limitRegisters, limitShared}));
    QCOMPARE(QString::fromStdString(r.limiter), limiter);
    QCOMPARE(r.warpsPerSm, r.blocksPerSm * r.warpsPerBlock);
}

// From 7.0 on the carveout is selectable: a smaller one holds fewer blocks; 0 KB holds none
// on 8.0 (the runtime's 1 KB per block does not fit); an unlisted size is refused.
void TestOccupancy::carveout() {
    const auto full = run("8.0", 128, 32, 16384);
    QCOMPARE(full.carveoutKb, 164);
    QCOMPARE(full.blocksLimitShared, std::int64_t(167936 / 17408));
    const auto small = run("8.0", 128, 32, 16384, 64);
    QCOMPARE(small.sharedPerSm, std::int64_t(65536));
    QCOMPARE(small.blocksLimitShared, std::int64_t(3));
    QCOMPARE(run("8.0", 128, 32, 0, 0).blocksPerSm, std::int64_t(0));
    QCOMPARE(run("7.0", 128, 32, 0, 0).blocksLimitShared, std::int64_t(32)); // nothing to hold
    QVERIFY_THROWS_EXCEPTION(InputError, run("8.0", 128, 32, 0, 48));
    QVERIFY_THROWS_EXCEPTION(InputError, run("6.1", 128, 32, 0, 96));
}

// Occupancy never rises with more registers per thread or more shared memory per block, on
// every capability and a grid of block sizes.
void TestOccupancy::monotoneInRegistersAndShared() {
    int checked = 0;
    for (const auto& l : occupancy::limitsTable()) {
        for (int threads : {32, 64, 96, 128, 192, 256, 384, 512}) {
            double last = 2;
            for (int regs = 0; regs <= l.maxRegistersPerThread; regs += 7) {
                const auto r = occupancy::evaluate(l, Input{threads, regs, 1024, std::nullopt});
                QVERIFY2(r.occupancy <= last, qPrintable(QString::fromStdString(l.cc)));
                last = r.occupancy;
                ++checked;
            }
            last = 2;
            for (int shared = 0; shared <= l.maxSharedPerBlockBytes; shared += 1000) {
                const auto r = occupancy::evaluate(l, Input{threads, 16, shared, std::nullopt});
                QVERIFY2(r.occupancy <= last, qPrintable(QString::fromStdString(l.cc)));
                last = r.occupancy;
                ++checked;
            }
        }
    }
    QVERIFY2(checked > 15000, qPrintable(QString::number(checked)));
}

// Resident blocks x threads never exceed the SM's threads, nor blocks its block slots; the
// occupancy is in [0, 1] and equals the resident warps over the SM's.
void TestOccupancy::residentThreadsWithinTheSm() {
    int checked = 0;
    for (const auto& l : occupancy::limitsTable()) {
        for (int threads = 1; threads <= l.maxThreadsPerBlock; threads += 37) {
            for (int regs : {0, 8, 32, 63}) {
                for (int shared : {0, 100, 5000, 16000}) {
                    const auto r =
                        occupancy::evaluate(l, Input{threads, regs, shared, std::nullopt});
                    QVERIFY(r.blocksPerSm * threads <= l.maxWarpsPerSm * l.warpSize);
                    QVERIFY(r.blocksPerSm <= l.maxBlocksPerSm);
                    QVERIFY(r.occupancy >= 0 && r.occupancy <= 1);
                    QCOMPARE(r.occupancy, double(r.warpsPerSm) / l.maxWarpsPerSm);
                    QVERIFY(!r.binding.empty());
                    ++checked;
                }
            }
        }
    }
    QVERIFY2(checked > 5000, qPrintable(QString::number(checked)));
}

// The Occupancy view's three curves: every point is evaluate() at that value, the axes span the
// capability's range in its steps, and the registers and shared-memory curves never rise.
void TestOccupancy::curvesAreEvaluations() {
    int checked = 0;
    for (const auto& l : occupancy::limitsTable()) {
        const Input in{256, 24, 4096, std::nullopt};
        const auto threads = occupancy::curve(l, in, occupancy::Axis::ThreadsPerBlock);
        QCOMPARE(threads.front().x, std::int64_t(32));
        QCOMPARE(threads.back().x, std::int64_t(l.maxThreadsPerBlock));
        QCOMPARE(threads.size(), std::size_t(l.maxThreadsPerBlock / 32));
        const auto regs = occupancy::curve(l, in, occupancy::Axis::RegistersPerThread);
        QCOMPARE(regs.size(), std::size_t(l.maxRegistersPerThread + 1));
        const auto shared = occupancy::curve(l, in, occupancy::Axis::SharedBytesPerBlock);
        QCOMPARE(shared.front().x, std::int64_t(0));
        QVERIFY(shared.back().x <= l.maxSharedPerBlockBytes);
        QVERIFY(shared.back().x + l.sharedAllocationUnit > l.maxSharedPerBlockBytes);
        // Each point is a possible residency: within the SM's threads and block slots, and
        // its occupancy the resident warps over the SM's.
        for (const auto& p : threads) {
            QVERIFY(p.blocksPerSm * p.x <= std::int64_t(l.maxWarpsPerSm) * l.warpSize);
            QVERIFY(p.blocksPerSm <= l.maxBlocksPerSm);
            const std::int64_t warps = p.blocksPerSm * ((p.x + l.warpSize - 1) / l.warpSize);
            QCOMPARE(p.occupancy, double(warps) / l.maxWarpsPerSm);
            ++checked;
        }
        for (const auto* curve : {&regs, &shared}) {
            for (std::size_t i = 1; i < curve->size(); ++i) {
                QVERIFY((*curve)[i].occupancy <= (*curve)[i - 1].occupancy);
                ++checked;
            }
        }
        // The session's own value lies on each curve.
        const double here = occupancy::evaluate(l, in).occupancy;
        QCOMPARE(regs[24].occupancy, here);
        QCOMPARE(threads[256 / 32 - 1].occupancy, here);
        QCOMPARE(shared[std::size_t(4096 / l.sharedAllocationUnit)].occupancy, here);
    }
    QVERIFY2(checked > 5000, qPrintable(QString::number(checked)));
}

void TestOccupancy::badInput_data() {
    QTest::addColumn<QString>("cc");
    QTest::addColumn<qint64>("threads");
    QTest::addColumn<qint64>("registers");
    QTest::addColumn<qint64>("shared");
    QTest::addColumn<QString>("field");
    QTest::newRow("no CC 4.0") << "4.0" << qint64(128) << qint64(32) << qint64(0) << "--cc";
    QTest::newRow("threads above 7.0's 1024")
        << "7.0" << qint64(2048) << qint64(32) << qint64(0) << "--threads-per-block";
    QTest::newRow("threads above 1.3's 512")
        << "1.3" << qint64(768) << qint64(16) << qint64(0) << "--threads-per-block";
    QTest::newRow("zero threads") << "8.0" << qint64(0) << qint64(32) << qint64(0)
                                  << "--threads-per-block";
    QTest::newRow("negative registers")
        << "8.0" << qint64(128) << qint64(-1) << qint64(0) << "--registers-per-thread";
    QTest::newRow("64 registers on 3.0 (63)")
        << "3.0" << qint64(128) << qint64(64) << qint64(0) << "--registers-per-thread";
    QTest::newRow("shared above 8.6's 99 KB")
        << "8.6" << qint64(128) << qint64(32) << qint64(101377) << "--shared-bytes";
    QTest::newRow("huge shared") << "9.0" << qint64(128) << qint64(32) << qint64(9'000'000'000'000)
                                 << "--shared-bytes";
}

void TestOccupancy::badInput() {
    QFETCH(QString, cc);
    QFETCH(qint64, threads);
    QFETCH(qint64, registers);
    QFETCH(qint64, shared);
    QFETCH(QString, field);
    try {
        run(cc.toLatin1().constData(), threads, registers, shared);
        QFAIL("accepted");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(QString(e.what()).contains("expected"), e.what());
    }
}

// Issue 44 item 3: every limit at the minimum is named, and the single change that raises
// occupancy is found (or it is said that none does).
void TestOccupancy::everyBindingLimitAndWhatRaisesIt() {
    const auto& l = occupancy::limitsOf("8.0");
    // Registers (4 blocks) and shared memory (41088 B: 4 blocks) bind together at 50 %.
    occupancy::Input both{256, 64, 40000, std::nullopt};
    const auto r = occupancy::evaluate(l, both);
    QCOMPARE(r.blocksPerSm, std::int64_t(4));
    QCOMPARE(occupancy::bindingText(r), std::string("registers and shared memory"));
    QVERIFY(occupancy::raiseOccupancy(l, both).empty());
    QVERIFY(occupancy::raiseText(l, both, r).find("bind together") != std::string::npos);
    // Registers alone: 1024 threads x 64 registers = one block; 32 registers give two (100 %).
    occupancy::Input regs{1024, 64, 0, std::nullopt};
    const auto rr = occupancy::evaluate(l, regs);
    QCOMPARE(occupancy::bindingText(rr), std::string("registers"));
    const auto raise = occupancy::raiseOccupancy(l, regs);
    QCOMPARE(raise.size(), std::size_t(1));
    QCOMPARE(raise[0].axis, occupancy::Axis::RegistersPerThread);
    QCOMPARE(raise[0].value, std::int64_t(32));
    QCOMPARE(raise[0].blocksPerSm, std::int64_t(2));
    QCOMPARE(raise[0].occupancy, 1.0);
    QVERIFY(occupancy::raiseText(l, regs, rr).find("at most 32 registers per thread") !=
            std::string::npos);
    // Shared memory alone: 100000 B a block allows one; the largest that allows two.
    occupancy::Input shared{256, 32, 100000, std::nullopt};
    const auto rs = occupancy::evaluate(l, shared);
    QCOMPARE(occupancy::bindingText(rs), std::string("shared memory"));
    const auto raiseShared = occupancy::raiseOccupancy(l, shared);
    QVERIFY(!raiseShared.empty());
    QCOMPARE(raiseShared[0].axis, occupancy::Axis::SharedBytesPerBlock);
    // 2 x (S + 1024 reserved, rounded to 128) <= 167936: S = 82944 is the largest.
    QCOMPARE(raiseShared[0].value, std::int64_t(82944));
    QCOMPARE(raiseShared[0].blocksPerSm, std::int64_t(2));
    // The warps and the block slots both bind on 8.9 at 64 threads: both are named.
    const auto atCap = occupancy::evaluate(occupancy::limitsOf("8.9"), {64, 32, 0, std::nullopt});
    QCOMPARE(occupancy::bindingText(atCap), std::string("warps and block slots"));
    // Full occupancy: nothing to raise.
    const auto full = occupancy::evaluate(l, {256, 32, 0, std::nullopt});
    QCOMPARE(full.occupancy, 1.0);
    QVERIFY(occupancy::raiseOccupancy(l, {256, 32, 0, std::nullopt}).empty());
}

QTEST_APPLESS_MAIN(TestOccupancy)
#include "test_occupancy.moc"
