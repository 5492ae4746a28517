// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_model_view.hpp"

#include "common/background_job.hpp"
#include "common/job_progress.hpp"
#include "common/plot_layout.hpp"
#include "common/plot_theme.hpp"
#include "common/view_export.hpp"
#include "eatss/eatss_compare.hpp"
#include "eatss/eatss_views.hpp"
#include "params/input_error.hpp"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>

namespace cdx::widgets {

EatssModelView::EatssModelView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    report_ = new QTextBrowser(this);
    report_->setObjectName("eatssReport");
    layout->addWidget(report_, 1);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("PPCG --sizes:"), this));
    sizes_ = new QLineEdit(this);
    sizes_->setObjectName("eatssSizes");
    sizes_->setReadOnly(true);
    sizes_->setToolTip(tr("The optimum as PPCG's --sizes (tile and thread block; spec §2.4)"));
    row->addWidget(sizes_, 1);
    copy_ = new QPushButton(tr("Copy"), this);
    copy_->setObjectName("eatssCopySizes");
    row->addWidget(copy_);
    layout->addLayout(row);
    job_ = new BackgroundJob(this);
    layout->addWidget(new JobProgress(job_, this));
    exact_ = new BackgroundJob(this);
    exact_->setObjectName("eatssExactJob");
    layout->addWidget(new JobProgress(exact_, this));
    connect(exact_, &BackgroundJob::cancelled, this, [this] {
        if (c_.pending) {
            exactCancelled_ = true;
            redraw();
        }
    });
    connect(exact_, &BackgroundJob::failed, this, [this](const QString& why) {
        if (c_.pending) {
            c_.pending = false;
            c_.error = why;
            redraw();
        }
    });
    connect(copy_, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(sizes_->text()); });
    connect(job_, &BackgroundJob::failed, this, [this](const QString& why) {
        z3_.reset();
        z3Error_ = why;
        redraw();
    });
    setPresentation(false);
}

void EatssModelView::setPresentation(bool on) {
    presentation_ = on;
    QFont f = font();
    f.setPointSize(plotTheme(on).basePointSize + 1);
    report_->setFont(f);
    redraw();
}

void EatssModelView::setSession(const SessionState& s) {
    settings_ = s.eatss;
    c_ = computeEatss(s.eatss);
    exactCancelled_ = false;
    if (c_.pending) {
        // A user's program with many relevant loops: searched off the GUI thread (issue 44).
        solveExactInBackground(exact_, *c_.formulation, [this](const eatss::Solution& sol) {
            c_.solution = sol;
            c_.pending = false;
            if (comparedWith_ && comparedWith_->baseline && !(base_ && base_->pending)) {
                baseSentence_ = QString::fromStdString(
                    eatss::compareSessions(*comparedWith_->baseline, *comparedWith_).explanation);
            }
            redraw();
        });
    } else {
        exact_->cancel(); // a search still running for an earlier session
    }
    // The baseline's configuration and optimum (its own enumeration, once per baseline) and
    // core's sentence on what changed.
    if (s.baseline != baselineOf_) {
        baselineOf_ = s.baseline;
        base_.reset();
        if (baselineOf_) {
            baseSettings_ = baselineOf_->eatss;
            base_ = computeEatss(baseSettings_);
        }
    }
    baseLabel_ = baselineName(s, {"eatss"});
    // Core's sentence searches both optima (kept ones are not searched again): it waits for a
    // search that runs in the background.
    comparedWith_ = s.baseline ? std::make_shared<const SessionState>(s) : nullptr;
    baseSentence_ = s.baseline && !c_.pending && !(base_ && base_->pending)
                        ? QString::fromStdString(eatss::compareSessions(*s.baseline, s).explanation)
                        : QString();
    // Z3 once per configuration: a refresh of the same one (leaving F11, a tab shown again)
    // keeps its answer and its time, not a new run's.
    const std::string z3Key = eatssSessionToJson(s.eatss).dump();
    if (z3Key != z3Key_ || !z3_) {
        z3Key_ = z3Key;
        z3_.reset();
        z3Error_.clear();
        startZ3();
    }
    redraw();
}

void EatssModelView::startZ3() {
    if (c_.formulation) {
        const eatss::Formulation f = *c_.formulation;
        job_->start(tr("Z3 (the artifact's procedure)…"),
                    [this, f](JobControl&) -> BackgroundJob::Deliver {
                        QElapsedTimer t;
                        t.start();
                        eatss::Z3Answer z = eatss::solveZ3(f);
                        const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
                        return [this, z = std::move(z), ms] {
                            z3_ = z;
                            z3Ms_ = ms;
                            redraw();
                        };
                    });
    }
}

void EatssModelView::finishPendingWork() {
    exact_->waitForFinished();
    job_->waitForFinished();
}

void EatssModelView::redraw() {
    QString h = tr("<h3>EATSS: %1</h3>").arg(eatssContext(settings_).toHtmlEscaped());
    if (!c_.formulation) {
        h += QStringLiteral("<p style='color:#D55E00'><b>%1</b></p>").arg(c_.error.toHtmlEscaped());
        report_->setHtml(h + baselineHtml());
        sizes_->clear();
        return;
    }
    const eatss::Formulation& f = *c_.formulation;
    h += tr("<p><b>Loops</b> (outer to inner; c: references with this loop in their stride-1 "
            "subscript; H: weight in the objective):</p><table cellspacing=0 cellpadding=3 "
            "border=1><tr><th>loop</th><th>parallel</th><th>c</th><th>H</th></tr>");
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        h += QStringLiteral("<tr><td>%1%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                 .arg(QString::fromStdString(f.loops[i].name),
                      static_cast<int>(i) == f.ls1 ? tr(" (CMA)") : QString(),
                      f.loops[i].parallel ? tr("yes") : tr("no"))
                 .arg(f.c[i])
                 .arg(f.weights[i]);
    }
    h += "</table>";
    const auto names = [](const std::vector<std::string>& v) {
        QStringList l;
        for (const auto& x : v) {
            l << QString::fromStdString(x);
        }
        return l.isEmpty() ? QObject::tr("none") : l.join(", ");
    };
    QString objective = "blk";
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        if (f.weights[i] != 0) {
            objective += QStringLiteral(" + %1 T_%2")
                             .arg(f.weights[i])
                             .arg(QString::fromStdString(f.loops[i].name));
        }
    }
    QStringList blk;
    for (int i : f.blockLoops) {
        blk << "T_" + QString::fromStdString(f.loops[static_cast<std::size_t>(i)].name);
    }
    h += tr("<p>Cache (L1) set: <b>%1</b>; shared set: <b>%2</b>; n_refs = %3. Tiles: multiples "
            "of %4 in [%5, %6]. blk = %7.</p><p><b>maximise W = %8</b></p><p>subject to:</p><ul>")
             .arg(names(f.cacheSet), names(f.sharedSet))
             .arg(f.nRefs)
             .arg(f.waf)
             .arg(f.tMin)
             .arg(f.tMax)
             .arg(blk.join(" · "), objective);
    const eatss::Evaluation e = c_.solution && c_.solution->feasible
                                    ? eatss::evaluate(f, c_.solution->tiles)
                                    : eatss::Evaluation{};
    for (std::size_t k = 0; k < f.constraints.size(); ++k) {
        QString at;
        if (k < e.constraints.size()) {
            at = tr(" — at the optimum %1%2")
                     .arg(e.constraints[k].lhs)
                     .arg(e.constraints[k].binding ? tr(" (binding)") : QString());
        }
        h += QStringLiteral("<li>%1: %2%3</li>")
                 .arg(QString::fromStdString(f.constraints[k].name),
                      QString::fromStdString(f.constraints[k].text).toHtmlEscaped(), at);
    }
    h += "</ul>";
    for (const auto& n : f.notes) {
        h += QStringLiteral("<p><i>%1</i></p>").arg(QString::fromStdString(n).toHtmlEscaped());
    }
    const eatss::Solution* s = c_.solution ? &*c_.solution : nullptr;
    if (s && s->feasible) {
        h += tr("<h3>Exact optimum: T = %1, W = %2</h3><p>%3; %4 tile vectors evaluated by the "
                "exact search (the rest bounded or counted).</p>")
                 .arg(tileText(s->tiles))
                 .arg(s->objective)
                 .arg(s->optima > 1 ? tr("%1 tile vectors reach it (the lexicographically "
                                         "smallest is shown)")
                                          .arg(s->optima)
                                    : tr("the only tile vector that reaches it"))
                 .arg(s->visited);
        sizes_->setText(QString::fromStdString(eatss::ppcgSizes(s->tiles, c_.gpu.threadsPerBlock)));
        const auto block = eatss::ppcgBlock(s->tiles, c_.gpu.threadsPerBlock);
        std::int64_t threads = 1, points = 1;
        QStringList dims;
        for (auto b : block) {
            threads *= b;
            dims << QString::number(b);
        }
        for (std::size_t i = 0; i < block.size(); ++i) {
            points *= s->tiles[i];
        }
        const double perThread =
            threads > 0 ? static_cast<double>(points) / static_cast<double>(threads) : 0;
        h += tr("<p>PPCG runs a tile on a thread block of <b>%1</b> (%2 threads; at most half the "
                "GPU's %3 per block, spec §2.4): each thread computes %4 of the mapped "
                "dimensions.</p>")
                 .arg(dims.join(" × "))
                 .arg(threads)
                 .arg(c_.gpu.threadsPerBlock)
                 .arg(perThread == 1 ? tr("1 point") : tr("%1 points").arg(perThread, 0, 'g', 4));
    } else if (c_.pending) {
        h += exactCancelled_
                 ? tr("<h3>Exact optimum: not searched</h3><p>The exact search was cancelled. "
                      "Change the configuration (a larger alignment φ shrinks the domain) or run "
                      "<code>cdx eatss</code> on the program.</p>")
                 : tr("<h3>Exact optimum: searching…</h3><p>%1 loops of which %2 weigh in the "
                      "objective: longer than the window waits for, so the search runs in the "
                      "background (progress and Cancel below).</p>")
                       .arg(f.loops.size())
                       .arg(std::count_if(f.weights.begin(), f.weights.end(),
                                          [](std::int64_t w) { return w > 0; }));
        sizes_->clear();
    } else {
        h += tr("<h3>Infeasible: no tile vector satisfies the constraints</h3>");
        sizes_->clear();
    }
    if (z3_) {
        const double ratio = s && s->objective > 0 ? static_cast<double>(z3_->objective) /
                                                         static_cast<double>(s->objective)
                                                   : 0;
        h += z3_->feasible
                 ? tr("<p><b>Z3 %1</b> (the artifact's procedure, %2 calls, %3 ms): T = %4, W = "
                      "%5 = %6 % of the optimum. Its trace: %7.</p>")
                       .arg(QString::fromStdString(z3_->version))
                       .arg(z3_->calls)
                       .arg(z3Ms_, 0, 'f', 1)
                       .arg(tileText(z3_->tiles))
                       .arg(z3_->objective)
                       .arg(100 * ratio, 0, 'f', 1)
                       .arg([&] {
                           QStringList t;
                           for (const auto& st : z3_->trace) {
                               t << QString::number(st.objective);
                           }
                           return t.join(" → ");
                       }())
                 : tr("<p><b>Z3</b>: no solution (%1 calls).</p>").arg(z3_->calls);
    } else if (!z3Error_.isEmpty()) {
        h += QStringLiteral("<p>Z3: %1</p>").arg(z3Error_.toHtmlEscaped());
    } else {
        h += tr("<p>Z3: solving…</p>");
    }
    h += baselineHtml();
    report_->setHtml(h);
}

QString EatssModelView::baselineHtml() const {
    if (!base_) {
        return {};
    }
    QString h = tr("<h3>Against %1</h3><p>Its configuration: %2.</p>")
                    .arg(baseLabel_.toHtmlEscaped(), eatssContext(baseSettings_).toHtmlEscaped());
    const eatss::Solution* a = base_->solution ? &*base_->solution : nullptr;
    const eatss::Solution* b = c_.solution ? &*c_.solution : nullptr;
    if (!base_->formulation) {
        h += tr("<p>The baseline has no model: %1</p>").arg(base_->error.toHtmlEscaped());
    } else if (base_->pending) {
        // Its search was longer than the window waits for and was not kept (a pinned session's
        // optimum normally is: it was solved while it was the session).
        h += tr("<p>The baseline's exact optimum is not known here: its search is longer than "
                "the window waits for. Make it the session again to search it.</p>");
    } else if (!a || !a->feasible) {
        h += tr("<p>The baseline is infeasible: no tile vector satisfies its constraints.</p>");
    } else {
        h += tr("<p>Its optimum: T = %1 over loops %2, W = %3")
                 .arg(tileText(a->tiles))
                 .arg([&] {
                     QStringList l;
                     for (const auto& loop : base_->formulation->loops) {
                         l << QString::fromStdString(loop.name);
                     }
                     return l.join(", ");
                 }())
                 .arg(a->objective);
        if (b && b->feasible) {
            const double d = static_cast<double>(b->objective - a->objective);
            h += tr("; this session's W = %1 (Δ %2%3, %4%5 %)")
                     .arg(b->objective)
                     .arg(d >= 0 ? "+" : "")
                     .arg(d, 0, 'g', 12)
                     .arg(d >= 0 ? "+" : "")
                     .arg(a->objective != 0 ? 100 * d / static_cast<double>(a->objective) : 0.0, 0,
                          'f', 2);
        }
        h += ".</p>";
    }
    if (!baseSentence_.isEmpty()) {
        h += QStringLiteral("<p><i>%1</i></p>").arg(baseSentence_.toHtmlEscaped());
    }
    return h;
}

// The whole report at the largest size that fits the page (a fixed font cut the last paragraph
// on a laptop-sized export and the mapping's line at a slide's edge; issue 45). The mapping
// breaks after each "; " so it wraps like the text.
void EatssModelView::renderTo(QPaintDevice& device, const QSize& size) {
    finishPendingWork();
    const QString mapping = sizes_->text().toHtmlEscaped().replace("; ", ";<br>");
    renderFittedHtml(device, size, report_->toHtml() + "<p><tt>" + mapping + "</tt></p>",
                     report_->font(), 70);
}

QString EatssModelView::csv() const {
    QString out = QStringLiteral("# %1\n").arg(eatssContext(settings_));
    // The baseline's optimum by loop (its own loops), when it has one.
    QString base;
    if (base_ && base_->formulation && base_->solution && base_->solution->feasible) {
        base += QStringLiteral("\n# %1\nbaseline_loop,baseline_optimum\n").arg(baseLabel_);
        const auto& bf = *base_->formulation;
        for (std::size_t i = 0; i < bf.loops.size(); ++i) {
            base += QStringLiteral("%1,%2\n")
                        .arg(QString::fromStdString(bf.loops[i].name))
                        .arg(base_->solution->tiles[i]);
        }
        base += QStringLiteral("baseline_w,%1\n").arg(base_->solution->objective);
    }
    if (!c_.formulation) {
        return out + "# " + c_.error + "\n" + base;
    }
    const auto& f = *c_.formulation;
    out += "loop,parallel,c,weight,optimum,z3\n";
    for (std::size_t i = 0; i < f.loops.size(); ++i) {
        out +=
            QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                .arg(QString::fromStdString(f.loops[i].name))
                .arg(f.loops[i].parallel ? 1 : 0)
                .arg(f.c[i])
                .arg(f.weights[i])
                .arg(c_.solution && c_.solution->feasible ? QString::number(c_.solution->tiles[i])
                                                          : QString())
                .arg(z3_ && z3_->feasible ? QString::number(z3_->tiles[i]) : QString());
    }
    out += "\nconstraint,text,rhs\n";
    for (const auto& c : f.constraints) {
        out += QStringLiteral("%1,\"%2\",%3\n")
                   .arg(QString::fromStdString(c.name), QString::fromStdString(c.text))
                   .arg(c.rhs);
    }
    out += QStringLiteral("\nppcg_sizes,\"%1\"\n").arg(sizes_->text()) + base;
    return out;
}

} // namespace cdx::widgets
