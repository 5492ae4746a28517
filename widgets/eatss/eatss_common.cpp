// SPDX-License-Identifier: GPL-3.0-or-later
#include "eatss/eatss_common.hpp"

#include "common/background_job.hpp"
#include "params/input_error.hpp"

#include <QObject>

namespace cdx::widgets {

EatssComputed computeEatss(const EatssSettings& e, std::uint64_t budgetSteps) {
    EatssComputed c;
    try {
        c.gpu = eatss::loadGpu(e.gpu);
        c.formulation = eatss::formulate(e.program, c.gpu, e.options);
        // Each report comes after 4,096 steps of the enumeration.
        std::uint64_t reports = 0;
        const eatss::SolveControl budget{
            [&](double, std::uint64_t) { return ++reports * 4096 < budgetSteps; }};
        try {
            c.solution = eatss::solveExactKept(*c.formulation, budget);
        } catch (const eatss::SolveCancelled&) {
            c.pending = true;
        }
    } catch (const InputError& err) {
        c.error = QString::fromUtf8(err.what());
    }
    return c;
}

void solveExactInBackground(BackgroundJob* job, const eatss::Formulation& f,
                            std::function<void(const eatss::Solution&)> done) {
    job->start(
        QObject::tr("Exact optimum of %1 loops…").arg(f.loops.size()),
        [f, done = std::move(done)](JobControl& control) -> BackgroundJob::Deliver {
            const eatss::SolveControl report{[&control](double fraction, std::uint64_t visited) {
                control.setProgress(fraction);
                control.setDetail(QObject::tr("%L1 tile vectors evaluated").arg(visited));
                return !control.cancelled();
            }};
            const eatss::Solution s = eatss::solveExactKept(f, report);
            return [done, s] { done(s); };
        });
}

QString eatssContext(const EatssSettings& e) {
    return QObject::tr("%1 on %2; %3 mode, split s = %4, alignment φ = %5, %6")
        .arg(QString::fromStdString(e.program.id), QString::fromStdString(e.gpu),
             QString::fromLatin1(eatss::name(e.options.mode).data()))
        .arg(e.options.split)
        .arg(e.options.align)
        .arg(QString::fromLatin1(eatss::name(e.options.precision).data()));
}

QString tileText(const std::vector<std::int64_t>& t) {
    QStringList parts;
    for (auto v : t) {
        parts << QString::number(v);
    }
    return "(" + parts.join(", ") + ")";
}

int loopIndexOf(const eatss::Program& p, const std::string& name, int fallback) {
    for (std::size_t i = 0; i < p.loops.size(); ++i) {
        if (p.loops[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return fallback;
}

} // namespace cdx::widgets
