// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

// The glossary (issue 31): one entry per symbol and intermediate value that a command prints or
// a view shows, keyed by the name the CLI prints ("T_unit", "blocks_limit_shared"). The data is
// profiles/glossary/<family>.json, one file per family, merged here; the CLI (`cdx glossary`),
// Python and the window's tooltips read it through these functions.
namespace cdx::glossary {

struct Entry {
    std::string key;      // as the CLI prints it
    std::string symbol;   // as the papers write it
    std::string meaning;  // one or two plain sentences
    std::string unit;     // "" when dimensionless
    std::string equation; // as text
    std::string source;   // document and equation
    std::string family;   // the file's family
    std::vector<std::string> seeAlso;
};

// Every entry of every glossary file on the profile search path, in file then entry order; read
// once. InputError naming the file, the entry and the field for a malformed file, a missing
// field or a key given twice in one family.
const std::vector<Entry>& entries();
// Reads the files again (tests).
std::vector<Entry> load();
// Entries of one family's file text (for tests of the format).
std::vector<Entry> entriesFromText(const std::string& text, const std::string& file);

// The entry of `key` in `family` (any family when empty); nullptr when there is none.
const Entry* find(const std::string& key, const std::string& family = {});

// `term` as an exact key first; otherwise every entry whose key or symbol contains it, then
// every other entry whose meaning does (case-insensitive). Only `family`'s when it is not empty.
std::vector<Entry> search(const std::string& term, const std::string& family = {});

// The families that have a glossary file, in file order.
std::vector<std::string> families();

} // namespace cdx::glossary
