// SPDX-License-Identifier: GPL-3.0-or-later
#include "talg/search_job.hpp"

#include "common/background_job.hpp"

#include <QLocale>

namespace cdx::widgets {

QString searchEstimateText(const search::SearchEstimate& e) {
    const QLocale locale;
    return QObject::tr("(about %1: %2%3 tilings fit the shared memory, %4 %5)")
        .arg(QString::fromStdString(search::roughDuration(e.seconds)))
        .arg(e.exact() ? QString() : QObject::tr("~"))
        .arg(locale.toString(static_cast<qulonglong>(e.fittingPoints)))
        .arg(e.threads)
        .arg(e.threads == 1 ? QObject::tr("thread") : QObject::tr("threads"));
}

search::SearchResult runSearchJob(JobControl& control, const Stencil& st, const talg::Problem& p,
                                  const Gpu& g, const talg::TalgVariant& v,
                                  search::SearchOptions o) {
    control.setDetail(searchEstimateText(search::estimateSearch(st, p, g, v, o)));
    o.cancel = control.cancelFlag();
    o.progress = [&control](double f, int pass) {
        control.setProgress(pass == 1 ? 0.8 * f : 0.8 + 0.2 * f);
    };
    return search::searchTiles(st, p, g, v, o);
}

} // namespace cdx::widgets
