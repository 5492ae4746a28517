// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "session/session.hpp"
#include "study/study.hpp"
#include "study/study_store.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

// The questions a study asks (issue 60) and how each point is answered: by the cdx command of
// the question, run in this process with the point's flags and --json, exactly as the shell
// would run it; its JSON becomes rows of fixed columns (one truth with the command). `cdx study`
// and the Python module (cx.study, also on Dask workers) answer points through here.
namespace cdx::cli::study {

using cdx::study::PointRows;
using cdx::study::Spec;

// optimize, codesign, energy, mwp, lineup
const std::vector<std::string>& questionNames();
// The answer columns of a question, after point, answer, the axes, status, reason; the last two
// are the provenance: variant (the command's variant, JSON) and gpu_hash.
const std::vector<std::string>& answerColumns(const std::string& question);

// Reads a study file, or the resolved text of one (a file whose JSON has "point_indices", or
// which a worker got as text).
Spec readStudy(const std::string& file);
Spec studyFromText(const std::string& resolvedText);

// Answers one point. `singleThreaded`: the command's own search threads limited to one (the
// study runs points in parallel). A point whose command refuses its input is stored as
// "refused" with the message; anything else thrown is an internal error.
PointRows answerPoint(const Spec& s, std::uint64_t index, bool singleThreaded);

// Checks every point's flags with the command (parsing and validating, no search), so that a
// bad study is refused before anything runs; the error names the axis, its value and the point.
// Studies of more than `exhaustiveLimit` points check each axis value once (the others at their
// first value) and every `stride`-th point. Returns the number of points checked.
std::uint64_t checkStudy(const Spec& s, std::uint64_t exhaustiveLimit = 20000,
                         const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

// One point's rows as one JSON line ({"point", "status", "reason", "rows"}), the form in which
// workers (forked or Dask's) send them back; and the reverse.
std::string toLine(const PointRows& p);
PointRows fromLine(const std::string& line);

// The session that shows one answer row of a point in its workspace (the window's study view:
// a click opens the design or the tiling): `base` with the point's GPU (its --set edits, so it
// is named as edited), stencil, problem and variant, and the answer's tiling (optimize, in
// "talg") or design (codesign: the GPU set to the design's n_SM, n_V, M_SM and clock, the node
// and chip settings, in "area"), or the GPU and kernel (mwp). `answer` holds the row's answer
// columns as text. An energy or line-up point, or a row without an answer, is an InputError
// saying why.
struct PointSession {
    SessionState state;
    std::string workspace; // "talg", "area", "mwp"
    std::string label;     // "point 12 (gpu=titanx, ...), tiling 1"
};
PointSession sessionOfRow(const Spec& s, std::uint64_t point, std::uint64_t answerIndex,
                          const std::map<std::string, std::string>& answer,
                          const SessionState& base);

} // namespace cdx::cli::study
