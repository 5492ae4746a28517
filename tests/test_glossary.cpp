// SPDX-License-Identifier: GPL-3.0-or-later
// Learning inside the app (issue 31). The glossary (core/glossary): its files are well formed,
// every related key exists, every row of the Talg breakdown table has an entry, and the
// equations an entry cites are the ones docs/model.md gives for its family. The lessons
// (core/lessons): every lesson walks to its end, each checked step's check fails before the
// step's action and holds after it, and every number its text quotes is computed.
#include "glossary/glossary.hpp"
#include "lessons/lessons.hpp"
#include "params/input_error.hpp"
#include "params/profiles.hpp"
#include "session/session.hpp"
#include "talg/talg.hpp"
#include "talg/talg_defaults.hpp"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>
#include <set>

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
    void lessonsWalkToTheirEnd();
    void lessonsTypeNoNumbers();
    void badLessonsAreRefused_data();
    void badLessonsAreRefused();
};

void TestGlossary::filesAreWellFormed() {
    const auto all = glossary::load();
    QVERIFY(all.size() >= 560);
    for (const auto& e : all) {
        QVERIFY2(!e.symbol.empty() && !e.equation.empty(), e.key.c_str());
        QVERIFY2(e.meaning.back() == '.', e.key.c_str()); // sentences
    }
    QCOMPARE(glossary::families(),
             (std::vector<std::string>{"area", "chain", "compare", "eatss", "energy", "mwp",
                                       "occupancy", "runs", "talg"}));
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

// "eq. 16", "eqs. 6, 17, 30", "thesis eq. C.6", "eqs. D.19–D.26": every equation number an
// entry cites appears in its family's section of docs/model.md (PPoPP'17 numbers for T_alg,
// Hong's thesis "H" numbers for MWP-CWP and power, the thesis's appendix numbers C.n, B.n and
// D.n for die area, energy and matrix chains).
void TestGlossary::citedEquationsAreTheModelPages() {
    QFile f(QStringLiteral(CDX_SOURCE_PROFILES_DIR) + "/../docs/model.md");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString model = QString::fromUtf8(f.readAll());
    const auto section = [&](const QString& from, const QString& to) {
        const auto a = from.isEmpty() ? 0 : model.indexOf(from);
        const auto b = model.indexOf(to, a);
        return a < 0 || b < 0 ? QString() : model.mid(a, b - a);
    };
    struct Family {
        std::string id;
        QRegularExpression cite; // captures the list of numbers
        QString section;
    };
    const std::vector<Family> families{
        {"talg", QRegularExpression(R"(PPoPP'17 (?:eq\.|eqs\.) ([0-9][0-9, -]*))"),
         section({}, "## Exact tile search")},
        {"mwp", QRegularExpression(R"(\bH (?:eq\.|eqs\.) ([0-9][0-9, -]*))"),
         section("## MWP-CWP", "## Measured runs")},
        {"area", QRegularExpression(R"((?:eq\.|eqs\.) (C\.[0-9][0-9C., –-]*))"),
         section("## Die area", "## MWP-CWP")},
        {"energy", QRegularExpression(R"((?:eq\.|eqs\.) (B\.[0-9][0-9B., –-]*))"),
         section("## Energy of tiled stencils", "## EATSS")},
        {"chain", QRegularExpression(R"((?:eq\.|eqs\.) (D\.[0-9][0-9D., –-]*))"),
         section("## Matrix chains", "## Occupancy")},
    };
    int checked = 0;
    for (const auto& fam : families) {
        QVERIFY2(!fam.section.isEmpty(), fam.id.c_str());
        int cited = 0;
        for (const auto& e : glossary::entries()) {
            if (e.family != fam.id) {
                continue;
            }
            auto it = fam.cite.globalMatch(QString::fromStdString(e.source));
            while (it.hasNext()) {
                for (QString n : it.next().captured(1).split(QRegularExpression("[, –-]+"),
                                                             Qt::SkipEmptyParts)) {
                    n.remove(QRegularExpression("\\.$"));
                    if (n.isEmpty()) {
                        continue;
                    }
                    const QRegularExpression inModel(
                        n.contains('.')
                            ? QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(n))
                            : QStringLiteral("(eqs?\\.|,|/) ?[^|]*\\b%1\\b").arg(n));
                    // Or inside a range the section gives ("the barrier cost (25–27)").
                    bool inRange = false;
                    auto r =
                        QRegularExpression(R"(\b(\d+) ?[–-] ?(\d+)\b)").globalMatch(fam.section);
                    while (!n.contains('.') && r.hasNext()) {
                        const auto m = r.next();
                        const int lo = m.captured(1).toInt();
                        const int hi = m.captured(2).toInt();
                        inRange = inRange || (hi - lo <= 30 && lo <= n.toInt() && n.toInt() <= hi);
                    }
                    QVERIFY2(
                        inRange || fam.section.contains(inModel),
                        qPrintable(QString::fromStdString(fam.id + ": " + e.key) + ": eq. " + n));
                    ++cited;
                }
            }
        }
        QVERIFY2(cited >= 10,
                 qPrintable(QString::fromStdString(fam.id) + ": " + QString::number(cited)));
        checked += cited;
    }
    QVERIFY2(checked >= 200, qPrintable(QString::number(checked)));
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

// Each lesson from its example session: every step's text and outcome render without a missing
// value, a checked step's check is false before its act and true after it, and a reading step
// has neither. The steps run in order on one session, as the student takes them.
void TestGlossary::lessonsWalkToTheirEnd() {
    const auto& all = lessons::lessons();
    QStringList titles;
    for (const auto& l : all) {
        titles << QString::fromStdString(l.title);
    }
    QCOMPARE(titles,
             (QStringList{"Why does T_alg jump?", "Memory-bound or compute-bound?",
                          "Where does the energy go?", "Spend the silicon",
                          "The roofline of a stencil", "Occupancy", "How far to trust this"}));
    int questions = 0;
    int links = 0;
    int checks = 0;
    int quoted = 0;
    for (const auto& l : all) {
        const std::string path = std::string(CDX_SOURCE_PROFILES_DIR) + "/../resources/sessions/" +
                                 l.session + ".cdx.json";
        SessionState s = loadSession(path);
        QVERIFY(l.steps.size() >= 4 && l.steps.size() <= 8);
        for (const auto& step : l.steps) {
            const std::string where = l.id + ": " + step.title;
            lessons::Values was(s);
            lessons::Values now(s);
            const std::string text = lessons::render(step.text, now, was);
            QVERIFY2(text.find("n/a") == std::string::npos, (where + ": " + text).c_str());
            // Issue 44 item 7: the lessons say what the window shows (the round's slots are
            // the SMs, infeasible tilings are hatched, the dock is "Variant"), and no design
            // is praised without its calibration.
            for (const char* stale :
                 {"k·n_SM", "in grey", "Variants editor", "best design for the money"}) {
                QVERIFY2(text.find(stale) == std::string::npos &&
                             step.done.find(stale) == std::string::npos,
                         (where + ": " + stale).c_str());
            }
            if (l.id == "1-why-talg-jumps" && step.title == "A round is paid in full") {
                QVERIFY2(text.find(" tiles over 16 SMs take ") != std::string::npos, text.c_str());
            }
            quoted += static_cast<int>(lessons::references(step.text).size());
            links += static_cast<int>(lessons::glossaryLinks(step.text).size() +
                                      lessons::glossaryLinks(step.done).size());
            QCOMPARE(step.check.has_value(), step.act.has_value());
            if (!step.check) {
                QVERIFY2(step.done.empty(), where.c_str());
                continue;
            }
            QVERIFY2(!lessons::satisfied(*step.check, now, was), where.c_str());
            s = lessons::applyAct(s, *step.act);
            lessons::Values after(s);
            QVERIFY2(lessons::satisfied(*step.check, after, was), where.c_str());
            const std::string done = lessons::render(step.done, after, was);
            QVERIFY2(done.find("n/a") == std::string::npos, (where + ": " + done).c_str());
            quoted += static_cast<int>(lessons::references(step.done).size());
            ++checks;
        }
        // Issue 62: the self-check questions, on the session the steps left. Each answer is a
        // value the model computes (found, never n/a); the model's own answer, as the panel
        // writes it, is right, and a wrong number, another choice or words are not. A question
        // "if ..." gets the same answer whether the student has set it already or not.
        for (std::size_t qi = 0; qi < l.questions.size(); ++qi) {
            const lessons::Question& q = l.questions[qi];
            const std::string where = l.id + ": question " + std::to_string(qi + 1);
            lessons::Values now(s);
            QVERIFY2(lessons::render(q.ask, now, now).find("n/a") == std::string::npos,
                     where.c_str());
            QVERIFY2(lessons::render(q.hint, now, now).find("n/a") == std::string::npos,
                     where.c_str());
            QVERIFY(q.step >= 1 && q.step <= static_cast<int>(l.steps.size()));
            const lessons::Value want = lessons::answerOf(q, s);
            QVERIFY2(want.found, where.c_str());
            const std::string shown = lessons::formatValue(want);
            QCOMPARE(lessons::checkAnswer(q, s, shown).kind, lessons::Verdict::Right);
            if (q.choices.empty()) {
                QVERIFY2(want.number.has_value(), where.c_str());
                QCOMPARE(lessons::checkAnswer(
                             q, s, lessons::formatValue({true, *want.number * 1.5 + 1, {}}))
                             .kind,
                         lessons::Verdict::Wrong);
                QCOMPARE(lessons::checkAnswer(q, s, "about ten").kind,
                         lessons::Verdict::Unreadable);
            } else {
                int right = 0;
                for (const auto& c : q.choices) {
                    right += lessons::checkAnswer(q, s, c).kind == lessons::Verdict::Right;
                }
                QVERIFY2(right == 1, where.c_str()); // the answer is exactly one of them
            }
            if (q.given) {
                const SessionState set = lessons::applyAct(s, *q.given);
                QCOMPARE(lessons::formatValue(lessons::answerOf(q, set)), shown);
            }
            links += static_cast<int>(lessons::glossaryLinks(q.ask).size() +
                                      lessons::glossaryLinks(q.hint).size());
            ++questions;
        }
    }
    QVERIFY2(checks >= 10, qPrintable(QString::number(checks)));
    QVERIFY2(quoted >= 60, qPrintable(QString::number(quoted)));
    QVERIFY2(questions >= 21, qPrintable(QString::number(questions)));
    QVERIFY(lessons::refusedLessons().empty());
    for (const auto& l : all) { // every shipped lesson ends with its questions (issue 62)
        QVERIFY2(l.questions.size() >= 2, l.id.c_str());
    }
    // A lesson of the first format (no questions) still loads: a user's file is not refused.
    {
        std::string first = R"({"title": "T", "summary": "S", "session": "s", "steps": [)";
        for (int i = 0; i < 4; ++i) {
            first +=
                std::string(i ? "," : "") + R"({"title": "t", "text": "x", "workspace": "talg"})";
        }
        first += "]}";
        QVERIFY(lessons::lessonFromText(first, "old.json").questions.empty());
    }
    QVERIFY2(links >= 15, qPrintable(QString::number(links)));
    // A number with separators and a unit reads; the tolerance is relative.
    {
        lessons::Question q;
        q.answer = "talg:N_w";
        q.tolerance = 0;
        const SessionState d = defaultSession();
        const auto n = *lessons::answerOf(q, d).number;
        QCOMPARE(
            lessons::checkAnswer(q, d, lessons::formatValue({true, n, {}}) + " wavefronts").kind,
            lessons::Verdict::Right);
        QCOMPARE(lessons::checkAnswer(q, d, std::to_string(n + 1)).kind, lessons::Verdict::Wrong);
        QCOMPARE(lessons::checkAnswer(q, d, "").kind, lessons::Verdict::Unreadable);
    }
    // An edited parameter is marked edited, as the editors mark it.
    SessionState s = defaultSession();
    s = lessons::applyAct(s, {"/gpu/facts/n_sm/value", 20.0, {}});
    QCOMPARE(s.gpu.params.at("n_sm").value, 20.0);
    QVERIFY(s.gpu.params.at("n_sm").edited);
}

// Issue 62: every number a lesson quotes comes from the model ({REF}). A number typed into a
// text is only an instruction (the value an act, a check or a question's "if" sets: "set tT to
// 6"), a number of something ("step 3", "eq. 22", "Case 2", "GTX 980", "Table C.2", "H100") or one
// of the few phrases below; anything else would go stale when the model or the session moves.
void TestGlossary::lessonsTypeNoNumbers() {
    const QStringList phrases{"stride 1", "from 1 to k_max", "warp's 32 threads", "Case 1, 2 and 3",
                              "taken as 0"};
    const QStringList names{"step ",  "steps ",    "lesson ", "eq. ", "Case ",
                            "Table ", "question ", "GTX ",    "FX ",  "Fig. "};
    const QRegularExpression number(QStringLiteral("(?<![\\w.])\\d+(?:\\.\\d+)?(?![\\w])"));
    int texts = 0, instructions = 0;
    for (const auto& l : lessons::lessons()) {
        std::set<double> given;
        for (const auto& st : l.steps) {
            if (st.act && st.act->number) {
                given.insert(*st.act->number);
            }
            if (st.check && st.check->number) {
                given.insert(*st.check->number);
            }
        }
        for (const auto& q : l.questions) {
            if (q.given && q.given->number) {
                given.insert(*q.given->number);
            }
        }
        std::vector<std::pair<std::string, std::string>> all;
        all.emplace_back("title", l.title);
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            all.emplace_back("step " + std::to_string(i + 1) + " title", l.steps[i].title);
            all.emplace_back("step " + std::to_string(i + 1), l.steps[i].text);
            all.emplace_back("step " + std::to_string(i + 1) + " done", l.steps[i].done);
        }
        for (std::size_t i = 0; i < l.questions.size(); ++i) {
            // "(to 1 %)": the question's own tolerance, said.
            std::string ask = l.questions[i].ask;
            const std::string said =
                "(to " + QString::number(l.questions[i].tolerance * 100).toStdString() + " %)";
            if (const auto at = ask.find(said); at != std::string::npos) {
                ask.replace(at, said.size(), "~");
            }
            all.emplace_back("question " + std::to_string(i + 1), ask);
            all.emplace_back("question " + std::to_string(i + 1) + " hint", l.questions[i].hint);
        }
        all.emplace_back("summary", l.summary);
        for (const auto& [where, raw] : all) {
            ++texts;
            QString t = QString::fromStdString(raw);
            t.replace(QRegularExpression(QStringLiteral("\\{[^}]*\\}")), QStringLiteral("{}"));
            t.replace(QRegularExpression(QStringLiteral("\\[\\[[^\\]]*\\]\\]")),
                      QStringLiteral("[]"));
            for (const QString& p : phrases) {
                t.replace(p, QStringLiteral("~"));
            }
            for (auto it = number.globalMatch(t); it.hasNext();) {
                const auto m = it.next();
                const QString before = t.left(m.capturedStart());
                const bool named = std::any_of(names.begin(), names.end(), [&](const QString& n) {
                    return before.endsWith(n, Qt::CaseInsensitive);
                });
                const bool instruction = given.count(m.captured().toDouble()) > 0;
                instructions += instruction ? 1 : 0;
                QVERIFY2(named || instruction,
                         qPrintable(
                             QStringLiteral("%1, %2: %3 typed in \"...%4...\"")
                                 .arg(QString::fromStdString(l.id), QString::fromStdString(where),
                                      m.captured(),
                                      t.mid(std::max<qsizetype>(0, m.capturedStart() - 40), 80))));
            }
        }
    }
    QVERIFY2(texts >= 80, qPrintable(QString::number(texts)));
    QVERIFY2(instructions >= 15, qPrintable(QString::number(instructions)));
}

void TestGlossary::badLessonsAreRefused_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mention");
    const QString step = R"({"title": "t", "text": "x", "workspace": "talg"})";
    const QString four = QString("%1, %1, %1").arg(step);
    const QString head = R"("title": "T", "summary": "S", "session": "s")";
    QTest::newRow("not JSON") << "{"
                              << "l.json";
    QTest::newRow("three steps") << QString("{%1, \"steps\": [%2]}").arg(head, four) << "4 to 8";
    QTest::newRow("no title") << QString(R"({"summary": "S", "session": "s", "steps": []})")
                              << "title";
    QTest::newRow("unknown family")
        << QString(
               R"({%1, "steps": [%2, {"title": "t", "text": "{nope:x}", "workspace": "talg"}]})")
               .arg(head, four)
        << "FAMILY one of talg";
    QTest::newRow("unknown op")
        << QString(
               R"({%1, "steps": [%2, {"title": "t", "text": "x", "workspace": "talg", "check": {"value": "talg:k", "op": "~"}}]})")
               .arg(head, four)
        << "check.op";
    QTest::newRow("= without a number")
        << QString(
               R"({%1, "steps": [%2, {"title": "t", "text": "x", "workspace": "talg", "check": {"value": "talg:k", "op": "="}}]})")
               .arg(head, four)
        << "need a number";
    QTest::newRow("act without a pointer")
        << QString(
               R"({%1, "steps": [%2, {"title": "t", "text": "x", "workspace": "talg", "act": {"set": "tiles", "number": 2}}]})")
               .arg(head, four)
        << "JSON-POINTER";
    const QString five = QString("%1, %1").arg(four);
    const QString question = R"({"ask": "a", "answer": "talg:k", "hint": "h", "step": 1})";
    QTest::newRow("one question")
        << QString(R"({%1, "steps": [%2], "questions": [%3]})").arg(head, five, question)
        << "2 to 5 self-check questions";
    QTest::newRow("question of step 9")
        << QString(
               R"({%1, "steps": [%2], "questions": [%3, {"ask": "a", "answer": "talg:k", "hint": "h", "step": 9}]})")
               .arg(head, five, question)
        << "1 to 6";
    QTest::newRow("question of an unknown family")
        << QString(
               R"({%1, "steps": [%2], "questions": [%3, {"ask": "a", "answer": "nope:k", "hint": "h", "step": 1}]})")
               .arg(head, five, question)
        << "FAMILY one of talg";
    QTest::newRow("one choice")
        << QString(
               R"({%1, "steps": [%2], "questions": [%3, {"ask": "a", "answer": "mwp:case", "choices": ["x"], "hint": "h", "step": 1}]})")
               .arg(head, five, question)
        << "at least 2";
    QTest::newRow("link to no entry")
        << QString(
               R"({%1, "steps": [%2], "questions": [%3, {"ask": "a [[no_such_key]]", "answer": "talg:k", "hint": "h", "step": 1}]})")
               .arg(head, five, question)
        << "names no glossary entry";
    QTest::newRow("baseline not start")
        << QString(R"({%1, "baseline": "end", "steps": [%2], "questions": [%3, %3]})")
               .arg(head, five, question)
        << "baseline";
    QTest::newRow("unknown field")
        << QString(
               R"({%1, "steps": [%2, {"title": "t", "text": "x", "workspace": "talg", "colour": 1}]})")
               .arg(head, four)
        << "colour";
}

void TestGlossary::badLessonsAreRefused() {
    QFETCH(QString, text);
    QFETCH(QString, mention);
    try {
        lessons::lessonFromText(text.toStdString(), "l.json");
        QFAIL("accepted a malformed lesson");
    } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains(mention), e.what());
    }
}

QTEST_GUILESS_MAIN(TestGlossary)
#include "test_glossary.moc"
