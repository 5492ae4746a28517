// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "study/study.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

struct sqlite3;

// The results of a study in one SQLite file (issue 60): one tidy table `results`, a row per
// point and answer, every axis a column, then the answer's columns and the provenance (tool
// version, variant, the GPU description's hash); and a table `study` with the resolved spec,
// so that a finished study never depends on the machine or the file that ran it. Every point's
// rows are written in one transaction: an interrupted run leaves whole points only, and a run
// of the same study continues with the points not yet there.
namespace cdx::study {

using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;

// One point's answer: its rows, each with a value per answer column (the caller's schema).
struct PointRows {
    std::uint64_t point = 0;
    std::string status; // "ok", "none" (no answer: infeasible), "refused" (the command refused)
    std::string reason; // why, for "none" and "refused"
    std::vector<std::vector<Cell>> rows; // empty: one row of NULL answer columns
};

inline constexpr std::int32_t kStudyApplicationId = 0x43445853; // "CDXS"
inline constexpr int kStudySchemaVersion = 1;

class Store {
public:
    // Opens `path`, creating the file for `spec` and `answerColumns` if it is new. An existing
    // file must hold the same study (the resolved spec's hash), else InputError naming it.
    Store(const std::filesystem::path& path, const Spec& spec,
          const std::vector<std::string>& answerColumns, const std::string& toolVersion);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Every column of `results`, in order: point, answer, the axes, status, reason, answers,
    // tool_version.
    const std::vector<std::string>& columns() const { return columns_; }
    // The points already stored, as a bit per point.
    std::vector<bool> donePoints() const;
    std::uint64_t doneCount() const;
    // Writes one point's rows in one transaction; a point already there is left as it is.
    void write(const PointRows& p);

private:
    sqlite3* db_ = nullptr;
    Spec spec_;
    std::vector<std::string> columns_;
    std::size_t answerColumns_ = 0;
    std::string toolVersion_;
};

// The columns of a study's results: point, answer, the axes, status, reason, the answer's
// columns (one named as an axis is answer_<name>), tool_version.
std::vector<std::string> resultColumns(const Spec& spec,
                                       const std::vector<std::string>& answerColumns);

// A study file read back, for `cdx study show` and the window.
struct Table {
    std::string name;
    std::string question;
    std::string spec; // the resolved spec
    std::uint64_t points = 0;
    std::uint64_t donePoints = 0;
    std::vector<std::string> columns;
    std::vector<std::string> axes;       // the axis columns, in order
    std::vector<std::vector<Cell>> rows; // ordered by point, answer
};

// Reads a results file; refuses (InputError) a file that is not one.
Table readTable(const std::filesystem::path& path);

std::optional<double> number(const Cell& c);
// A JSON value as a cell (true/false as 1/0, a list as its comma-joined text, null and objects
// as NULL), and a cell as JSON: what answers and worker lines are made of.
Cell cellOf(const Json& v);
Json jsonOf(const Cell& c);
std::string text(const Cell& c); // "" for NULL, shortest round-trip for numbers

// The rows of `t` on the Pareto front of columns x and y (smaller is better; a column given as
// "max:NAME" is larger-is-better), per value of `group` (empty: one front), each front ordered
// by x. Rows where x or y is NULL are on no front. Unknown columns: InputError naming them.
struct Front {
    std::string group;             // the group's value as text
    std::vector<std::size_t> rows; // indices into t.rows
};
std::vector<Front> paretoFronts(const Table& t, const std::string& x, const std::string& y,
                                const std::string& group);

// The column index of `name` (a "max:" prefix is ignored), or InputError listing the columns.
std::size_t columnIndex(const Table& t, const std::string& name, const std::string& field);

} // namespace cdx::study
