// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/compare.hpp"

#include <string>
#include <vector>

namespace cdx {
struct SessionState;
}

namespace cdx::compare {

// One family's comparison, registered in families.cpp (one line per family, like the
// workspaces): its id (cdx compare --family), its title, and the function of its own folder.
struct CompareFamily {
    std::string id;
    FamilyComparison (*compare)(const SessionState& a, const SessionState& b);
    // A side as the family's titles name it ("GTX 980, edited: n_sm, tiles 128×32, tT 4").
    std::string (*side)(const SessionState& s);
};
const std::vector<CompareFamily>& compareFamilies();

// "talg, area, codesign, mwp, power, energy, eatss, chain".
std::string familyIds();

// A session as the titles of the given families name it: its title if it has one, else each
// family's side name, without repeats, joined by "; ". Unknown family ids are skipped.
std::string sideLabel(const SessionState& s, const std::vector<std::string>& families);

// What differs between the baseline `a` and the session `b`, one item each, in words (issue
// 44: two sides alike in their names must not read alike): "problem 8192×8192, T 8192 →
// 4096×4096, T 1024", "GPU NVIDIA GeForce GTX 980 → NVIDIA GeForce GTX 980, edited: n_sm =
// 20", "stencil", "variant", "tiles", and for the other families' settings the fields that
// differ ("MWP-CWP: kernel, variant.case2"). Empty when the model inputs are the same.
std::vector<std::string> differences(const SessionState& a, const SessionState& b);

// Every family (`family` empty) or one: the baseline `a` against the session `b`. InputError
// for an unknown family, naming the allowed ones.
std::vector<FamilyComparison> compareSessions(const SessionState& a, const SessionState& b,
                                              const std::string& family = {});

} // namespace cdx::compare
