// SPDX-License-Identifier: GPL-3.0-or-later
#include "params/sqlite_statement.hpp"

#include <sqlite3.h>
#include <stdexcept>

namespace cdx {

SqliteStatement::SqliteStatement(sqlite3* db, const std::string& sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) {
        throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db));
    }
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(stmt_);
}

void SqliteStatement::bind(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

void SqliteStatement::bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
}

void SqliteStatement::bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
}

void SqliteStatement::bindNull(int i) {
    sqlite3_bind_null(stmt_, i);
}

bool SqliteStatement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) {
        return true;
    }
    if (rc != SQLITE_DONE) {
        throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    }
    return false;
}

void SqliteStatement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

int SqliteStatement::columns() const {
    return sqlite3_column_count(stmt_);
}

std::string SqliteStatement::name(int c) const {
    const char* n = sqlite3_column_name(stmt_, c);
    return n ? n : "";
}

bool SqliteStatement::isNull(int c) const {
    return sqlite3_column_type(stmt_, c) == SQLITE_NULL;
}

bool SqliteStatement::isInteger(int c) const {
    return sqlite3_column_type(stmt_, c) == SQLITE_INTEGER;
}

bool SqliteStatement::isReal(int c) const {
    return sqlite3_column_type(stmt_, c) == SQLITE_FLOAT;
}

std::int64_t SqliteStatement::integer(int c) const {
    return sqlite3_column_int64(stmt_, c);
}

double SqliteStatement::real(int c) const {
    return sqlite3_column_double(stmt_, c);
}

std::string SqliteStatement::text(int c) const {
    const auto* p = sqlite3_column_text(stmt_, c);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
}

void execSql(sqlite3* db, const std::string& sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string m = err ? err : "unknown error";
        sqlite3_free(err);
        throw std::runtime_error("SQLite: " + m);
    }
}

} // namespace cdx
