// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runs/run_store.hpp"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

// Reading measured runs from CSV and JSON (docs/formats.md "Measured runs"), with every row
// validated (line, column, value, what is allowed), and importing them into a RunStore in
// one transaction.
namespace cdx::runs {

struct RowIssue {
    std::size_t line = 0; // 1-based line of the CSV (0: the whole file); JSON: runs[i] + 1
    std::string column;
    std::string value;
    std::string allowed;
    std::string message() const; // "line 7, column time_s = -1: must be a finite number > 0"
};

// The ids a run may name, with each stencil's dimension (the shipped profiles and the user's).
struct KnownIds {
    std::vector<std::string> gpus;
    std::map<std::string, int> stencils; // id -> dim
    // 1-D stencils whose runs must give the sub-tile ss (their tiling has sub-tiles: sw).
    // Any 1-D stencil may give one (jacobi1d time-skewed with sub-tiles, thesis App. B).
    std::set<std::string> subTileRequired;
    // The registration list of the families that name run ids (run_ids.cpp): the Talg
    // profiles (gpus/, stencils/, shipped and the user's) and the energy family's (k20c, sw).
    static KnownIds shipped();
    void merge(const KnownIds& other);
};

struct ParsedRuns {
    std::vector<Run> runs;          // the valid rows, in file order
    std::vector<std::size_t> lines; // each valid run's line
    std::vector<RowIssue> issues;   // invalid rows and file-level problems
    std::size_t rows = 0;           // data rows read
};

// `source` becomes each run's source unless the file has a source column/field.
// A header problem (missing columns, unknown columns, wrong delimiter) is one issue at line 1
// and no rows are read.
ParsedRuns parseRunsCsv(const std::string& text, const std::string& source, const KnownIds& ids);
ParsedRuns parseRunsJson(const std::string& text, const std::string& source, const KnownIds& ids);
// By extension: .csv or .json; InputError otherwise or when the file cannot be read.
ParsedRuns parseRunsFile(const std::string& path, const KnownIds& ids);

enum class ImportPolicy { AllOrNothing, SkipInvalid };

struct ImportReport {
    std::size_t rows = 0; // data rows in the file
    std::size_t inserted = 0;
    std::size_t duplicates = 0; // already in the database (skipped)
    std::size_t invalid = 0;    // rows with issues
    bool committed = false;     // false: nothing was written (issues under AllOrNothing)
    std::vector<RowIssue> issues;
    std::vector<std::int64_t> insertedIds;
};

ImportReport importRuns(RunStore& store, const ParsedRuns& parsed, ImportPolicy policy,
                        const std::function<void(std::size_t, std::size_t)>& progress = {});

} // namespace cdx::runs
