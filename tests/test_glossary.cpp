// SPDX-License-Identifier: GPL-3.0-or-later
// The glossary (issue 31, core/glossary): its files are well formed, every related key exists,
// every row of the Talg breakdown table has an entry, and the equations an entry cites are the
// ones docs/model.md gives for its family.
#include "glossary/glossary.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "talg/talg.hpp"
#include "talg/talg_defaults.hpp"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace cdx;

class TestGlossary : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("CDX_PROFILES_DIR", CDX_SOURCE_PROFILES_DIR); }
    void filesAreWellFormed();
    void relatedKeysExist();
    void breakdownRowsHaveEntries_data();
    void breakdownRowsHaveEntries();
    void citedEquationsAreTheModelPages();
    void searchFindsKeysThenWords();
    void badFilesAreRefused_data();
    void badFilesAreRefused();
};

void TestGlossary::filesAreWellFormed() {
    const auto all = glossary::load();
    QVERIFY(all.size() >= 70);
    for (const auto& e : all) {
        QVERIFY2(!e.symbol.empty() && !e.equation.empty(), e.key.c_str());
        QVERIFY2(e.meaning.back() == '.', e.key.c_str()); // sentences
    }
    QCOMPARE(glossary::families(), (std::vector<std::string>{"occupancy", "talg"}));
}

void TestGlossary::relatedKeysExist() {
    int checked = 0;
    for (const auto& e : glossary::entries()) {
        for (const auto& s : e.seeAlso) {
            QVERIFY2(glossary::find(s, e.family), (e.key + " -> " + s).c_str());
            ++checked;
        }
    }
    QVERIFY(checked > 60);
}

// Every quantity the breakdown table shows, in 1D, 2D and 3D, feasible or not.
void TestGlossary::breakdownRowsHaveEntries_data() {
    QTest::addColumn<QString>("stencil");
    QTest::addColumn<int>("tile");
    QTest::newRow("heat2d, feasible") << "heat2d" << 64;
    QTest::newRow("heat2d, infeasible") << "heat2d" << 4096;
    QTest::newRow("heat3d") << "heat3d" << 32;
    QTest::newRow("jacobi1d") << "jacobi1d" << 64;
}

void TestGlossary::breakdownRowsHaveEntries() {
    QFETCH(QString, stencil);
    QFETCH(int, tile);
    StencilProfile sp = loadStencilProfile(stencil.toStdString());
    const GpuProfile gp = loadGpuProfile("gtx980");
    if (!sp.cIterByGpu["gtx980"].value) {
        sp.cIterByGpu["gtx980"].value = 1e-8; // Jacobi 1D has no published C_iter
    }
    const talg::Problem p = talg::defaultProblem(sp.dim);
    talg::Tiles t = talg::defaultTiles(sp.dim);
    t.space[static_cast<std::size_t>(sp.dim - 1)] = tile;
    const auto r = talg::evaluate(toStencil(sp, "gtx980"), p, t, toGpu(gp), {});
    int rows = 0;
    for (const auto& e : talg::breakdownEntries(r, sp.dim)) {
        QVERIFY2(glossary::find(e.key, "talg"), e.key.c_str());
        ++rows;
    }
    QVERIFY(rows >= 10);
}

// "eq. 16", "eqs. 6, 17, 30": every PPoPP'17 equation number an entry cites appears in the
// family's section of docs/model.md.
void TestGlossary::citedEquationsAreTheModelPages() {
    QFile f(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/../docs/model.md");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString model = QString::fromUtf8(f.readAll());
    const QString talg = model.section("## Exact tile search", 0, 0);
    const QRegularExpression cite(R"(PPoPP'17 (?:eq\.|eqs\.) ([0-9][0-9, -]*))");
    int checked = 0;
    for (const auto& e : glossary::entries()) {
        if (e.family != "talg") {
            continue;
        }
        auto it = cite.globalMatch(QString::fromStdString(e.source));
        while (it.hasNext()) {
            for (const QString& n :
                 it.next().captured(1).split(QRegularExpression("[, -]+"), Qt::SkipEmptyParts)) {
                const QRegularExpression inModel(
                    QStringLiteral("(eqs?\\.|,|/) ?[^|]*\\b%1\\b").arg(n));
                QVERIFY2(talg.contains(inModel),
                         qPrintable(QString::fromStdString(e.key) + ": eq. " + n));
                ++checked;
            }
        }
    }
    QVERIFY2(checked >= 40, qPrintable(QString::number(checked)));
}

void TestGlossary::searchFindsKeysThenWords() {
    const auto exact = glossary::search("T_unit");
    QCOMPARE(exact.size(), std::size_t(1));
    QCOMPARE(exact[0].symbol, std::string("T_unit"));
    const auto words = glossary::search("shared memory", "occupancy");
    QVERIFY(words.size() >= 3);
    for (const auto& e : words) {
        QCOMPARE(e.family, std::string("occupancy"));
    }
    QVERIFY(glossary::search("no such words here").empty());
    QVERIFY(glossary::find("T_unit", "occupancy") == nullptr);
}

void TestGlossary::badFilesAreRefused_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mention");
    const QString ok =
        R"("symbol": "s", "meaning": "m.", "unit": "", "equation": "e", "source": "x")";
    QTest::newRow("not JSON") << "{"
                              << "f.json";
    QTest::newRow("no entries") << R"({"family": "x"})"
                                << "entries";
    QTest::newRow("missing meaning")
        << R"({"family": "x", "entries": [{"key": "a", "symbol": "s", "unit": "", "equation": "e", "source": "x"}]})"
        << "meaning";
    QTest::newRow("unknown field")
        << QString(R"({"family": "x", "entries": [{"key": "a", %1, "colour": "red"}]})").arg(ok)
        << "colour";
    QTest::newRow("key twice")
        << QString(R"({"family": "x", "entries": [{"key": "a", %1}, {"key": "a", %1}]})").arg(ok)
        << "given twice";
}

void TestGlossary::badFilesAreRefused() {
    QFETCH(QString, text);
    QFETCH(QString, mention);
    try {
        glossary::entriesFromText(text.toStdString(), "f.json");
        QFAIL("accepted a malformed glossary");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains(mention), e.what());
    }
}

QTEST_GUILESS_MAIN(TestGlossary)
#include "test_glossary.moc"
