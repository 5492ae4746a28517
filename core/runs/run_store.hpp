// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

// Measured runs of tiled stencils (PPoPP'17 §5) in one SQLite database file: schema version
// and forward migrations, WAL mode (readers never wait for an import), every write one
// transaction. A file that is not a run database, or one from a newer schema, is refused
// with a clear error and never written.
namespace cdx::runs {

struct Run {
    std::int64_t id = 0; // database row id (0 before insertion)
    std::string gpu;
    std::string stencil;
    int dim = 2;
    std::array<std::int64_t, 3> space{1, 1, 1};
    std::int64_t time = 1;
    std::array<std::int64_t, 3> tile{1, 1, 1};
    std::int64_t tt = 2;
    // Sub-tile size sS of the time-skewed/orthogonal 1-D tilings of the energy model (sw,
    // jacobi1d; thesis App. B); nullopt for the hexagonal tilings of the Talg model. Schema 2.
    std::optional<std::int64_t> subTile;
    std::optional<std::int64_t> threads; // threads per block (not in T_alg, P §4.3)
    double timeSeconds = 0;              // measured execution time
    std::optional<double> energyJ;
    std::optional<double> powerW;
    std::string source;     // where it came from (file name, or the file's "source" column)
    std::string notes;      // free text
    std::string importedAt; // UTC, ISO 8601
    std::string hash;       // content hash of the measurement (duplicates)
};

// One immutable snapshot of a database's runs, shared by every view that shows them (issue
// 44: the paper's 68,000 runs, copied into six views, took 200 MB).
using RunList = std::shared_ptr<const std::vector<Run>>;
// The runs of a list (none for an empty pointer), by reference.
inline const std::vector<Run>& runsOf(const RunList& list) {
    static const std::vector<Run> none;
    return list ? *list : none;
}

// FNV-1a 64 over the measurement's content (ids, sizes, tiling, threads, time, energy, power,
// and the sub-tile when there is one, so that schema-1 hashes stay valid); source, notes and
// import time are not part of it.
std::string contentHash(const Run& r);

// An experiment: one GPU, stencil and problem (the unit of "within X % of the best").
std::string experimentKey(const Run& r);

struct RunFilter {
    std::optional<std::string> gpu;
    std::optional<std::string> stencil;
    std::optional<std::array<std::int64_t, 3>> space; // problem sizes (dim entries, rest 1)
    std::optional<std::int64_t> time;
};

// A profile of the user's that runs name (issue 43): its JSON as it was when its first runs
// were imported, so that the database stays meaningful when the file changes or is gone.
struct StoredProfile {
    std::string kind; // "gpus" or "stencils"
    std::string id;
    std::string json;     // the GPU description (every family's values) or the stencil profile
    std::string storedAt; // UTC, ISO 8601
};

// 1: the runs table; 2: + column ss (sub-tile, NULL for the rows before; nothing else changes);
// 3: + table profiles (the user's GPU and stencil profiles the runs name, issue 43).
inline constexpr int kRunSchemaVersion = 3;
inline constexpr std::int32_t kRunApplicationId = 0x43445852; // "CDXR"

class RunStore {
public:
    enum class Mode { ReadWrite, ReadOnly };
    // Opens (ReadWrite: creates) the database. InputError when the file is not a SQLite
    // database, is another application's database, or has a newer schema; the file is left
    // as it was.
    explicit RunStore(const std::filesystem::path& path, Mode mode = Mode::ReadWrite);
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    const std::filesystem::path& path() const { return path_; }
    int schemaVersion() const;

    std::vector<Run> list(const RunFilter& f = {}) const;
    std::int64_t count() const;
    std::optional<Run> find(std::int64_t id) const;
    bool containsHash(const std::string& hash) const;

    // Inserts in one transaction (all or nothing); runs whose hash is already stored are
    // skipped. `progress(done, total)` is called inside the transaction. Returns the ids of
    // the inserted runs (0 for skipped ones), in order.
    // `profiles`: the user's profiles the runs name, stored in the same transaction unless one
    // of that kind and id is stored already (the first import's description stays).
    std::vector<std::int64_t>
    insert(const std::vector<Run>& runs,
           const std::function<void(std::size_t, std::size_t)>& progress = {},
           const std::vector<StoredProfile>& profiles = {});
    // The stored profiles (none in a database of schema 1 or 2 opened read-only).
    std::vector<StoredProfile> storedProfiles() const;
    // Deletes the runs with these ids (one transaction) and returns them, so that they can be
    // restored with their ids (undo).
    std::vector<Run> remove(const std::vector<std::int64_t>& ids);
    void restore(const std::vector<Run>& runs);

private:
    void exec(const char* sql) const;
    void migrate();
    std::string columns() const;

    std::filesystem::path path_;
    sqlite3* db_ = nullptr;
    Mode mode_;
    bool hasSubTile_ = true;  // false: a schema-1 database opened read-only (not migrated)
    bool hasProfiles_ = true; // false: a schema-1 or 2 database opened read-only
};

} // namespace cdx::runs
