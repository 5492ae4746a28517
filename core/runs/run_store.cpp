// SPDX-License-Identifier: GPL-3.0-or-later
#include "runs/run_store.hpp"

#include "params/input_error.hpp"
#include "params/sqlite_statement.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sqlite3.h>

namespace cdx::runs {

namespace {

using Statement = SqliteStatement;

// The columns readRun expects, in order; a schema-1 database read without migration has no ss.
constexpr const char* kColumns =
    "id, gpu, stencil, dim, s1, s2, s3, t, ts1, ts2, ts3, tt, threads, time_s, energy_j, power_w, "
    "source, notes, imported_at, hash, ss";
constexpr const char* kColumnsV1 =
    "id, gpu, stencil, dim, s1, s2, s3, t, ts1, ts2, ts3, tt, threads, time_s, energy_j, power_w, "
    "source, notes, imported_at, hash, NULL AS ss";

Run readRun(const Statement& s) {
    Run r;
    r.id = s.integer(0);
    r.gpu = s.text(1);
    r.stencil = s.text(2);
    r.dim = static_cast<int>(s.integer(3));
    r.space = {s.integer(4), s.integer(5), s.integer(6)};
    r.time = s.integer(7);
    r.tile = {s.integer(8), s.integer(9), s.integer(10)};
    r.tt = s.integer(11);
    if (!s.isNull(12)) {
        r.threads = s.integer(12);
    }
    r.timeSeconds = s.real(13);
    if (!s.isNull(14)) {
        r.energyJ = s.real(14);
    }
    if (!s.isNull(15)) {
        r.powerW = s.real(15);
    }
    r.source = s.text(16);
    r.notes = s.text(17);
    r.importedAt = s.text(18);
    r.hash = s.text(19);
    if (!s.isNull(20)) {
        r.subTile = s.integer(20);
    }
    return r;
}

void bindRun(Statement& s, const Run& r, bool withId) {
    int i = 1;
    if (withId) {
        s.bind(i++, r.id);
    }
    s.bind(i++, r.gpu);
    s.bind(i++, r.stencil);
    s.bind(i++, static_cast<std::int64_t>(r.dim));
    for (auto v : r.space) {
        s.bind(i++, v);
    }
    s.bind(i++, r.time);
    for (auto v : r.tile) {
        s.bind(i++, v);
    }
    s.bind(i++, r.tt);
    s.bind(i++, r.threads);
    s.bind(i++, r.timeSeconds);
    s.bind(i++, r.energyJ);
    s.bind(i++, r.powerW);
    s.bind(i++, r.source);
    s.bind(i++, r.notes);
    s.bind(i++, r.importedAt);
    s.bind(i++, r.hash.empty() ? contentHash(r) : r.hash);
    s.bind(i++, r.subTile);
}

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

// Rolls back unless committed (an exception or a killed process leaves the file as before).
class Transaction {
public:
    explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
    ~Transaction() {
        if (!done_) {
            sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        }
    }
    void commit() {
        run("COMMIT");
        done_ = true;
    }

private:
    void run(const char* sql) {
        char* err = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
            std::string msg = err ? err : "unknown error";
            sqlite3_free(err);
            throw std::runtime_error("SQLite " + std::string(sql) + ": " + msg);
        }
    }
    sqlite3* db_;
    bool done_ = false;
};

} // namespace

std::string contentHash(const Run& r) {
    std::string text = r.gpu + '\x1f' + r.stencil + '\x1f' + std::to_string(r.dim);
    for (auto v : r.space) {
        text += '\x1f' + std::to_string(v);
    }
    text += '\x1f' + std::to_string(r.time);
    for (auto v : r.tile) {
        text += '\x1f' + std::to_string(v);
    }
    text += '\x1f' + std::to_string(r.tt) + '\x1f' +
            (r.threads ? std::to_string(*r.threads) : std::string("-")) + '\x1f' +
            number(r.timeSeconds) + '\x1f' + (r.energyJ ? number(*r.energyJ) : std::string("-")) +
            '\x1f' + (r.powerW ? number(*r.powerW) : std::string("-"));
    if (r.subTile) {
        text += "\x1fss=" + std::to_string(*r.subTile);
    }
    std::uint64_t h = 1469598103934665603ULL; // FNV-1a 64
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string experimentKey(const Run& r) {
    return r.gpu + '|' + r.stencil + '|' + std::to_string(r.space[0]) + 'x' +
           std::to_string(r.space[1]) + 'x' + std::to_string(r.space[2]) + '|' +
           std::to_string(r.time);
}

RunStore::RunStore(const std::filesystem::path& path, Mode mode) : path_(path), mode_(mode) {
    const std::string where = path.string();
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    if (exists && std::filesystem::file_size(path, ec) > 0) {
        // Refuse anything that is not SQLite before SQLite touches it.
        std::ifstream in(path, std::ios::binary);
        char header[16] = {};
        in.read(header, sizeof header);
        if (!in || std::memcmp(header, "SQLite format 3", 16) != 0) {
            throw InputError("--db", where,
                             "is not a SQLite database (a Codesign Explorer run store); the file "
                             "was not modified");
        }
    } else if (!exists && mode == Mode::ReadOnly) {
        throw InputError("--db", where, "no such run database");
    }
    const int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY
                                             : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    if (sqlite3_open_v2(where.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        const std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw InputError("--db", where, "cannot be opened: " + msg);
    }
    sqlite3_busy_timeout(db_, 10000);
    try {
        std::int64_t appId = 0, version = 0;
        bool empty = true;
        {
            // Scoped: an unfinished statement holds a read transaction, and the journal
            // mode cannot change inside one.
            Statement app(db_, "PRAGMA application_id");
            app.step();
            appId = app.integer(0);
            Statement ver(db_, "PRAGMA user_version");
            ver.step();
            version = ver.integer(0);
            Statement tables(db_, "SELECT count(*) FROM sqlite_master");
            tables.step();
            empty = tables.integer(0) == 0;
        }
        if (appId != kRunApplicationId && !(appId == 0 && empty)) {
            throw InputError("--db", where,
                             "is a SQLite database of another application (not a Codesign "
                             "Explorer run store); it was not modified");
        }
        if (version > kRunSchemaVersion) {
            throw InputError("--db", where,
                             "was written by a newer Codesign Explorer (run schema " +
                                 std::to_string(version) + "; this one reads up to " +
                                 std::to_string(kRunSchemaVersion) + "); it was not modified");
        }
        if (mode == Mode::ReadWrite) {
            exec("PRAGMA journal_mode=WAL");
            migrate();
        } else if (empty || version < 1) {
            throw InputError("--db", where, "is an empty run database");
        } else {
            hasSubTile_ = version >= 2;
            hasProfiles_ = version >= 3;
        }
    } catch (...) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw;
    }
}

RunStore::~RunStore() {
    sqlite3_close(db_);
}

void RunStore::exec(const char* sql) const {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw std::runtime_error(std::string("SQLite: ") + msg);
    }
}

void RunStore::migrate() {
    // Forward migrations, one per schema version, each in its own transaction.
    Transaction t(db_);
    std::int64_t version = 0;
    {
        Statement ver(db_, "PRAGMA user_version");
        ver.step();
        version = ver.integer(0);
    }
    if (version < 1) {
        exec("CREATE TABLE runs ("
             "id INTEGER PRIMARY KEY, gpu TEXT NOT NULL, stencil TEXT NOT NULL,"
             "dim INTEGER NOT NULL, s1 INTEGER NOT NULL, s2 INTEGER NOT NULL, s3 INTEGER NOT NULL,"
             "t INTEGER NOT NULL, ts1 INTEGER NOT NULL, ts2 INTEGER NOT NULL,"
             "ts3 INTEGER NOT NULL, tt INTEGER NOT NULL, threads INTEGER,"
             "time_s REAL NOT NULL, energy_j REAL, power_w REAL, source TEXT NOT NULL,"
             "notes TEXT NOT NULL, imported_at TEXT NOT NULL, hash TEXT NOT NULL UNIQUE)");
        exec("CREATE INDEX runs_experiment ON runs (gpu, stencil, s1, s2, s3, t)");
        exec("PRAGMA application_id = 1128552530"); // kRunApplicationId
        exec("PRAGMA user_version = 1");
        version = 1;
    }
    if (version < 2) {
        // Adds a column: SQLite rewrites only the schema, every existing row stays as it was
        // (ss reads NULL for them; their hashes do not include it).
        exec("ALTER TABLE runs ADD COLUMN ss INTEGER");
        exec("PRAGMA user_version = 2");
    }
    if (version < 3) {
        // The user's profiles the runs name (issue 43); the runs table is untouched.
        exec("CREATE TABLE profiles (kind TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL,"
             "stored_at TEXT NOT NULL, PRIMARY KEY (kind, id))");
        exec("PRAGMA user_version = 3");
    }
    t.commit();
}

int RunStore::schemaVersion() const {
    Statement ver(db_, "PRAGMA user_version");
    ver.step();
    return static_cast<int>(ver.integer(0));
}

std::string RunStore::columns() const {
    return hasSubTile_ ? kColumns : kColumnsV1;
}

std::vector<Run> RunStore::list(const RunFilter& f) const {
    std::string sql = "SELECT " + columns() + " FROM runs WHERE 1";
    if (f.gpu) {
        sql += " AND gpu = ?";
    }
    if (f.stencil) {
        sql += " AND stencil = ?";
    }
    if (f.space) {
        sql += " AND s1 = ? AND s2 = ? AND s3 = ?";
    }
    if (f.time) {
        sql += " AND t = ?";
    }
    sql += " ORDER BY id";
    Statement s(db_, sql);
    int i = 1;
    if (f.gpu) {
        s.bind(i++, *f.gpu);
    }
    if (f.stencil) {
        s.bind(i++, *f.stencil);
    }
    if (f.space) {
        for (auto v : *f.space) {
            s.bind(i++, v);
        }
    }
    if (f.time) {
        s.bind(i++, *f.time);
    }
    std::vector<Run> out;
    while (s.step()) {
        out.push_back(readRun(s));
    }
    return out;
}

std::int64_t RunStore::count() const {
    Statement s(db_, "SELECT count(*) FROM runs");
    s.step();
    return s.integer(0);
}

std::optional<Run> RunStore::find(std::int64_t id) const {
    Statement s(db_, "SELECT " + columns() + " FROM runs WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) {
        return std::nullopt;
    }
    return readRun(s);
}

bool RunStore::containsHash(const std::string& hash) const {
    Statement s(db_, "SELECT 1 FROM runs WHERE hash = ?");
    s.bind(1, hash);
    return s.step();
}

std::vector<std::int64_t>
RunStore::insert(const std::vector<Run>& runs,
                 const std::function<void(std::size_t, std::size_t)>& progress,
                 const std::vector<StoredProfile>& profiles) {
    if (mode_ == Mode::ReadOnly) {
        throw InputError("--db", path_.string(), "is open read-only");
    }
    std::vector<std::int64_t> ids(runs.size(), 0);
    Transaction t(db_);
    {
        Statement exists(db_, "SELECT 1 FROM runs WHERE hash = ?");
        Statement ins(db_,
                      "INSERT INTO runs (gpu, stencil, dim, s1, s2, s3, t, ts1, ts2, ts3, tt, "
                      "threads, time_s, energy_j, power_w, source, notes, imported_at, hash, ss) "
                      "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const std::string hash = runs[i].hash.empty() ? contentHash(runs[i]) : runs[i].hash;
            exists.bind(1, hash);
            const bool duplicate = exists.step();
            exists.reset();
            if (!duplicate) {
                bindRun(ins, runs[i], false);
                ins.step();
                ins.reset();
                ids[i] = sqlite3_last_insert_rowid(db_);
            }
            if (progress && (i % 1000 == 999 || i + 1 == runs.size())) {
                progress(i + 1, runs.size());
            }
        }
        Statement keep(db_, "INSERT OR IGNORE INTO profiles (kind, id, json, stored_at) "
                            "VALUES (?,?,?,?)");
        for (const auto& p : profiles) {
            keep.bind(1, p.kind);
            keep.bind(2, p.id);
            keep.bind(3, p.json);
            keep.bind(4, p.storedAt);
            keep.step();
            keep.reset();
        }
    }
    t.commit();
    return ids;
}

std::vector<StoredProfile> RunStore::storedProfiles() const {
    std::vector<StoredProfile> out;
    if (!hasProfiles_) {
        return out;
    }
    Statement q(db_, "SELECT kind, id, json, stored_at FROM profiles ORDER BY kind, id");
    while (q.step()) {
        out.push_back({q.text(0), q.text(1), q.text(2), q.text(3)});
    }
    return out;
}

std::vector<Run> RunStore::remove(const std::vector<std::int64_t>& ids) {
    std::vector<Run> removed;
    Transaction t(db_);
    {
        Statement get(db_, "SELECT " + columns() + " FROM runs WHERE id = ?");
        Statement del(db_, "DELETE FROM runs WHERE id = ?");
        for (auto id : ids) {
            get.bind(1, id);
            if (get.step()) {
                removed.push_back(readRun(get));
            }
            get.reset();
            del.bind(1, id);
            del.step();
            del.reset();
        }
    }
    t.commit();
    return removed;
}

void RunStore::restore(const std::vector<Run>& runs) {
    Transaction t(db_);
    {
        Statement ins(db_,
                      "INSERT OR REPLACE INTO runs (id, gpu, stencil, dim, s1, s2, s3, t, ts1, "
                      "ts2, ts3, tt, threads, time_s, energy_j, power_w, source, notes, "
                      "imported_at, hash, ss) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        for (const auto& r : runs) {
            bindRun(ins, r, true);
            ins.step();
            ins.reset();
        }
    }
    t.commit();
}

} // namespace cdx::runs
