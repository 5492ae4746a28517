// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

// The SQLite pieces the stores share (the measured runs' database, a study's results file): a
// prepared statement that finalizes itself, and one statement run for its effect. Errors are
// std::runtime_error with SQLite's message, which the stores turn into their own.
namespace cdx {

class SqliteStatement {
public:
    SqliteStatement(sqlite3* db, const std::string& sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    void bind(int i, const std::string& s);
    void bind(int i, std::int64_t v);
    void bind(int i, double v);
    void bindNull(int i);
    template <typename T> void bind(int i, const std::optional<T>& v) {
        if (v) {
            bind(i, *v);
        } else {
            bindNull(i);
        }
    }
    bool step();  // true: a row is available
    void reset(); // for the next row's bindings

    int columns() const;
    std::string name(int c) const;
    bool isNull(int c) const;
    bool isInteger(int c) const;
    bool isReal(int c) const;
    std::int64_t integer(int c) const;
    double real(int c) const;
    std::string text(int c) const;

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

// `sql` run for its effect; std::runtime_error "SQLite: message" on failure.
void execSql(sqlite3* db, const std::string& sql);

} // namespace cdx
