// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/tile_search.hpp"

#include <QString>

namespace cdx::widgets {

class JobControl;

// The exact tile search inside a background job: Cancel (or a newer job) stops it with no
// result, its progress drives the bar (the search 80 %, a counting pass the rest), and its
// up-front estimate (search::estimateSearch) is the job's detail line, so a search that will
// take minutes says so as it starts.
search::SearchResult runSearchJob(JobControl& control, const Stencil& st, const talg::Problem& p,
                                  const Gpu& g, const talg::TalgVariant& v,
                                  search::SearchOptions o);

// "(about 2 min: 3,874,004,427 tilings fit the shared memory, 2 threads)"
QString searchEstimateText(const search::SearchEstimate& e);

} // namespace cdx::widgets
