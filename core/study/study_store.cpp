// SPDX-License-Identifier: GPL-3.0-or-later
#include "study/study_store.hpp"

#include "params/input_error.hpp"
#include "params/sqlite_statement.hpp"

#include <algorithm>
#include <map>
#include <sqlite3.h>
#include <stdexcept>

namespace cdx::study {

namespace {

void bindCell(SqliteStatement& st, int i, const Cell& c) {
    if (const auto* v = std::get_if<std::int64_t>(&c)) {
        st.bind(i, *v);
    } else if (const auto* d = std::get_if<double>(&c)) {
        st.bind(i, *d);
    } else if (const auto* t = std::get_if<std::string>(&c)) {
        st.bind(i, *t);
    } else {
        st.bindNull(i);
    }
}

Cell cellAt(const SqliteStatement& st, int c) {
    if (st.isInteger(c)) {
        return st.integer(c);
    }
    if (st.isReal(c)) {
        return st.real(c);
    }
    if (st.isNull(c)) {
        return std::monostate{};
    }
    return st.text(c);
}

std::string quotedName(const std::string& name) {
    return "\"" + name + "\"";
}

sqlite3* openStudyFile(const std::filesystem::path& path, bool create) {
    sqlite3* db = nullptr;
    const int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
        const std::string m = db ? sqlite3_errmsg(db) : "cannot open";
        sqlite3_close(db);
        throw InputError("--out", path.string(), "cannot be opened: " + m);
    }
    sqlite3_busy_timeout(db, 5000);
    return db;
}

// The application id of an existing file, or 0 for an empty one; a file that is not SQLite is
// refused naming it.
std::int64_t applicationId(sqlite3* db, const std::filesystem::path& path) {
    try {
        SqliteStatement app(db, "PRAGMA application_id");
        app.step();
        return std::get<std::int64_t>(cellAt(app, 0));
    } catch (const std::exception&) {
        throw InputError("study results", path.string(), "is not an SQLite file of study results");
    }
}

std::map<std::string, std::string> studyKeys(sqlite3* db) {
    std::map<std::string, std::string> out;
    SqliteStatement q(db, "SELECT key, value FROM study");
    while (q.step()) {
        out[std::get<std::string>(cellAt(q, 0))] = std::get<std::string>(cellAt(q, 1));
    }
    return out;
}

} // namespace

Store::Store(const std::filesystem::path& path, const Spec& spec,
             const std::vector<std::string>& answerColumns, const std::string& toolVersion)
    : spec_(spec), answerColumns_(answerColumns.size()), toolVersion_(toolVersion) {
    columns_ = resultColumns(spec, answerColumns);
    std::error_code ec;
    const bool created = !std::filesystem::exists(path, ec);
    db_ = openStudyFile(path, true);
    try {
        const std::int64_t app = applicationId(db_, path);
        bool empty = false;
        {
            SqliteStatement tables(db_, "SELECT count(*) FROM sqlite_master");
            tables.step();
            empty = std::get<std::int64_t>(cellAt(tables, 0)) == 0;
        }
        if (empty && app == 0) {
            execSql(db_, "PRAGMA journal_mode=WAL");
            execSql(db_, "BEGIN");
            execSql(db_, "PRAGMA application_id = " + std::to_string(kStudyApplicationId));
            execSql(db_, "PRAGMA user_version = " + std::to_string(kStudySchemaVersion));
            execSql(db_, "CREATE TABLE study(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
            std::string create = "CREATE TABLE results(";
            for (std::size_t i = 0; i < columns_.size(); ++i) {
                create += (i ? ", " : "") + quotedName(columns_[i]);
                if (i < 2) {
                    create += " INTEGER NOT NULL";
                }
            }
            create += ", PRIMARY KEY(point, answer))";
            execSql(db_, create);
            SqliteStatement put(db_, "INSERT INTO study(key, value) VALUES(?, ?)");
            Json axes = Json::array();
            for (const auto& a : spec.axes) {
                axes.push_back(a.name);
            }
            for (const auto& [k, v] : std::vector<std::pair<std::string, std::string>>{
                     {"name", spec.name},
                     {"question", spec.question},
                     {"spec", spec.canonical},
                     {"spec_hash", spec.hash},
                     {"points", std::to_string(pointCount(spec))},
                     {"axes", axes.dump()},
                     {"tool_version", toolVersion}}) {
                put.bind(1, k);
                put.bind(2, v);
                put.step();
                put.reset();
            }
            execSql(db_, "COMMIT");
            return;
        }
        if (app != kStudyApplicationId) {
            throw InputError("--out", path.string(),
                             "is another kind of file (not study results): choose a new file");
        }
        const auto keys = studyKeys(db_);
        const auto hash = keys.find("spec_hash");
        if (hash == keys.end() || hash->second != spec.hash) {
            const auto name = keys.find("name");
            throw InputError("--out", path.string(),
                             "holds another study ('" +
                                 (name == keys.end() ? std::string("?") : name->second) +
                                 "', another spec): choose a new file, or run the study it holds");
        }
        // Same spec, same columns; a file written by another version keeps its rows (each row
        // says its tool version).
        SqliteStatement cols(db_, "SELECT * FROM results LIMIT 0");
        std::vector<std::string> have;
        for (int c = 0; c < cols.columns(); ++c) {
            have.push_back(cols.name(c));
        }
        if (have != columns_) {
            throw InputError("--out", path.string(),
                             "holds this study with other answer columns (another tool version): "
                             "choose a new file");
        }
    } catch (...) {
        sqlite3_close(db_);
        if (created) { // a file this constructor made is not left behind
            std::filesystem::remove(path, ec);
        }
        throw;
    }
}

std::vector<std::string> resultColumns(const Spec& spec,
                                       const std::vector<std::string>& answerColumns) {
    std::vector<std::string> columns{"point", "answer"};
    for (const auto& a : spec.axes) {
        columns.push_back(a.name);
    }
    columns.push_back("status");
    columns.push_back("reason");
    for (const auto& c : answerColumns) {
        // An axis named as an answer column (k, n_sm: a flag and a result) keeps its name; the
        // answer's column is then answer_<name>.
        const bool taken = std::find(columns.begin(), columns.end(), c) != columns.end();
        columns.push_back(taken ? "answer_" + c : c);
    }
    columns.push_back("tool_version");
    return columns;
}

Store::~Store() {
    // Back to a journal of its own: a finished file is one file, and a reader (cdx study show,
    // the window) leaves no -wal and -shm beside it. A reader still open keeps WAL; that is fine.
    sqlite3_exec(db_, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr);
    sqlite3_close(db_);
}

std::vector<bool> Store::donePoints() const {
    std::vector<bool> done(pointCount(spec_), false);
    SqliteStatement q(db_, "SELECT DISTINCT point FROM results");
    while (q.step()) {
        const auto p = std::get<std::int64_t>(cellAt(q, 0));
        if (p >= 0 && static_cast<std::uint64_t>(p) < done.size()) {
            done[static_cast<std::size_t>(p)] = true;
        }
    }
    return done;
}

std::uint64_t Store::doneCount() const {
    SqliteStatement q(db_, "SELECT count(DISTINCT point) FROM results");
    q.step();
    return static_cast<std::uint64_t>(std::get<std::int64_t>(cellAt(q, 0)));
}

void Store::write(const PointRows& p) {
    if (p.point >= pointCount(spec_)) {
        throw std::out_of_range("study point " + std::to_string(p.point));
    }
    std::string sql = "INSERT OR IGNORE INTO results VALUES(";
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        sql += i ? ", ?" : "?";
    }
    sql += ")";
    const auto idx = pointAt(spec_, p.point);
    execSql(db_, "BEGIN IMMEDIATE");
    try {
        SqliteStatement ins(db_, sql);
        const std::size_t rows = std::max<std::size_t>(1, p.rows.size());
        for (std::size_t r = 0; r < rows; ++r) {
            int c = 1;
            ins.bind(c++, static_cast<std::int64_t>(p.point));
            ins.bind(c++, static_cast<std::int64_t>(r));
            for (std::size_t a = 0; a < spec_.axes.size(); ++a) {
                bindCell(ins, c++, cellOf(spec_.axes[a].values[idx[a]].column));
            }
            ins.bind(c++, p.status);
            bindCell(ins, c++, p.reason.empty() ? Cell{} : Cell{p.reason});
            for (std::size_t k = 0; k < answerColumns_; ++k) {
                bindCell(ins, c++,
                         r < p.rows.size() && k < p.rows[r].size() ? p.rows[r][k] : Cell{});
            }
            ins.bind(c++, toolVersion_);
            ins.step();
            ins.reset();
        }
        execSql(db_, "COMMIT");
    } catch (...) {
        execSql(db_, "ROLLBACK");
        throw;
    }
}

Table readTable(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        throw InputError("study results", path.string(), "no such file");
    }
    sqlite3* db = openStudyFile(path, false);
    Table t;
    try {
        if (applicationId(db, path) != kStudyApplicationId) {
            throw InputError("study results", path.string(),
                             "is not a file of study results (cdx study run --out writes one)");
        }
        const auto keys = studyKeys(db);
        t.name = keys.count("name") ? keys.at("name") : "";
        t.question = keys.count("question") ? keys.at("question") : "";
        t.spec = keys.count("spec") ? keys.at("spec") : "";
        t.points = keys.count("points") ? std::stoull(keys.at("points")) : 0;
        if (keys.count("axes")) {
            for (const auto& a : Json::parse(keys.at("axes"))) {
                t.axes.push_back(a.get<std::string>());
            }
        }
        SqliteStatement q(db, "SELECT * FROM results ORDER BY point, answer");
        for (int c = 0; c < q.columns(); ++c) {
            t.columns.push_back(q.name(c));
        }
        std::int64_t last = -1;
        while (q.step()) {
            std::vector<Cell> row;
            row.reserve(t.columns.size());
            for (int c = 0; c < q.columns(); ++c) {
                row.push_back(cellAt(q, c));
            }
            const auto p = std::get<std::int64_t>(row[0]);
            if (p != last) {
                ++t.donePoints;
                last = p;
            }
            t.rows.push_back(std::move(row));
        }
    } catch (...) {
        sqlite3_close(db);
        throw;
    }
    sqlite3_close(db);
    return t;
}

Cell cellOf(const Json& v) {
    if (v.is_boolean()) {
        return static_cast<std::int64_t>(v.get<bool>() ? 1 : 0);
    }
    if (v.is_number_integer() || v.is_number_unsigned()) {
        return v.get<std::int64_t>();
    }
    if (v.is_number_float()) {
        return v.get<double>();
    }
    if (v.is_string()) {
        return v.get<std::string>();
    }
    if (v.is_array()) {
        std::string out;
        for (const auto& e : v) {
            if (!out.empty()) {
                out += ',';
            }
            out += e.is_string() ? e.get<std::string>() : e.dump();
        }
        return out;
    }
    return std::monostate{};
}

Json jsonOf(const Cell& c) {
    if (const auto* v = std::get_if<std::int64_t>(&c)) {
        return *v;
    }
    if (const auto* d = std::get_if<double>(&c)) {
        return *d;
    }
    if (const auto* s = std::get_if<std::string>(&c)) {
        return *s;
    }
    return nullptr;
}

std::optional<double> number(const Cell& c) {
    if (const auto* v = std::get_if<std::int64_t>(&c)) {
        return static_cast<double>(*v);
    }
    if (const auto* d = std::get_if<double>(&c)) {
        return *d;
    }
    return std::nullopt;
}

std::string text(const Cell& c) {
    if (const auto* v = std::get_if<std::int64_t>(&c)) {
        return std::to_string(*v);
    }
    if (const auto* d = std::get_if<double>(&c)) {
        return formatNumber(*d);
    }
    if (const auto* s = std::get_if<std::string>(&c)) {
        return *s;
    }
    return {};
}

std::size_t columnIndex(const Table& t, const std::string& name, const std::string& field) {
    const std::string bare = name.rfind("max:", 0) == 0 ? name.substr(4) : name;
    const auto it = std::find(t.columns.begin(), t.columns.end(), bare);
    if (it == t.columns.end()) {
        std::string list;
        for (const auto& c : t.columns) {
            list += (list.empty() ? "" : ", ") + c;
        }
        throw InputError(field, name, "not a column of this study; its columns: " + list);
    }
    return static_cast<std::size_t>(it - t.columns.begin());
}

std::vector<Front> paretoFronts(const Table& t, const std::string& x, const std::string& y,
                                const std::string& group) {
    const std::size_t cx = columnIndex(t, x, "--pareto");
    const std::size_t cy = columnIndex(t, y, "--pareto");
    const double sx = x.rfind("max:", 0) == 0 ? -1.0 : 1.0;
    const double sy = y.rfind("max:", 0) == 0 ? -1.0 : 1.0;
    const std::optional<std::size_t> cg =
        group.empty() ? std::nullopt : std::optional(columnIndex(t, group, "--pareto"));
    std::map<std::string, std::vector<std::size_t>> groups;
    std::vector<std::string> order;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        if (!number(t.rows[r][cx]) || !number(t.rows[r][cy])) {
            continue;
        }
        const std::string g = cg ? text(t.rows[r][*cg]) : std::string();
        if (!groups.count(g)) {
            order.push_back(g);
        }
        groups[g].push_back(r);
    }
    std::vector<Front> out;
    for (const auto& g : order) {
        auto rows = groups[g];
        // Sorted by x then y (both as minimised): a row is on the front when its y is below
        // every y seen before it.
        std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
            const double ax = sx * *number(t.rows[a][cx]);
            const double bx = sx * *number(t.rows[b][cx]);
            if (ax != bx) {
                return ax < bx;
            }
            return sy * *number(t.rows[a][cy]) < sy * *number(t.rows[b][cy]);
        });
        Front f{g, {}};
        double bestY = 0;
        bool any = false;
        for (const std::size_t r : rows) {
            const double vy = sy * *number(t.rows[r][cy]);
            if (!any || vy < bestY) {
                f.rows.push_back(r);
                bestY = vy;
                any = true;
            }
        }
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace cdx::study
