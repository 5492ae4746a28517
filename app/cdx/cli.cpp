// SPDX-License-Identifier: GPL-3.0-or-later
// The cdx commands' registration list, help and dispatch (DESIGN.md "The command-line tool").
// Exit codes: 0 success, 2 invalid input (one line on stderr), 1 internal error.

#include "cdx/cli.hpp"

#include "cdx/area_commands.hpp"
#include "cdx/chain_commands.hpp"
#include "cdx/chip_commands.hpp"
#include "cdx/compare_commands.hpp"
#include "cdx/eatss_commands.hpp"
#include "cdx/energy_commands.hpp"
#include "cdx/glossary_commands.hpp"
#include "cdx/lineup_commands.hpp"
#include "cdx/mwp_commands.hpp"
#include "cdx/occupancy_commands.hpp"
#include "cdx/profiles_commands.hpp"
#include "cdx/reproduce_commands.hpp"
#include "cdx/runs_commands.hpp"
#include "cdx/study_commands.hpp"
#include "cdx/talg_commands.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace cdx::cli {

namespace {

// The registration list: one line per model family, in the order `cdx --help` lists them.
// Adding a family (energy, eatss, chain) is its own app/cdx/<family>_commands.cpp exporting
// `std::vector<Command> <family>Commands()`, one line here and one line in app/CMakeLists.txt;
// the help text, the dispatch and the unknown-command error follow from this list.
using Family = std::vector<Command> (*)();
constexpr Family kFamilies[] = {
    talgCommands,      // talg, optimize
    areaCommands,      // area, codesign
    chipCommands,      // chip-power
    mwpCommands,       // mwp, power
    runsCommands,      // runs
    energyCommands,    // energy, energy-optimize
    eatssCommands,     // eatss
    chainCommands,     // chain
    occupancyCommands, // occupancy
    glossaryCommands,  // glossary (every family's symbols)
    reproduceCommands, // reproduce (every family's published values)
    compareCommands,   // compare (two sessions, every family)
    lineupCommands,    // lineup (2 to 12 GPUs or sessions, one family)
    studyCommands,     // study (many questions of one family at once)
    profilesCommands,  // profiles
};

// The flags most commands share (the per-command usage has the rest).
const char* const kCommonFlags =
    "common flags: --json (one JSON object on stdout), --set KEY=VALUE (override a GPU or\n"
    "stencil parameter; repeatable), variant flags --pitch geometric|paper, --nw exact|approx,\n"
    "--k max|effective|optimize, --w3d as-1d|eq22, --nsslabs ceil-of-product|product-of-ceils,\n"
    "--gb decimal|binary, --r-tile REGISTERS; beside the papers' model (issue 57) --smem\n"
    "eq19|ppcg, --hiding none|occupancy, --bw tile|shared, --registers-per-thread R.\n"
    "'cdx <command> --help' for details;\n"
    "docs/cli.md for the full reference.\n";

std::vector<Command> registeredCommands() {
    std::vector<Command> all;
    for (const Family family : kFamilies) {
        for (const Command& c : family()) {
            const bool taken = std::any_of(all.begin(), all.end(), [&](const Command& other) {
                return std::strcmp(other.name, c.name) == 0;
            });
            if (taken) {
                throw std::logic_error(std::string("command '") + c.name + "' is registered twice");
            }
            all.push_back(c);
        }
    }
    return all;
}

} // namespace

const char* version() {
    return CDX_VERSION;
}

const char* licence() {
    return "GPL-3.0-or-later";
}

std::string licenceNotice() {
    return "Copyright (C) 2026 the Codesign Explorer developers.\n"
           "License GPL-3.0-or-later: GNU GPL version 3 or later "
           "<https://www.gnu.org/licenses/gpl-3.0.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n";
}

const std::vector<Command>& allCommands() {
    static const std::vector<Command> all = registeredCommands();
    return all;
}

const Command* findCommand(const std::string& name) {
    for (const Command& c : allCommands()) {
        if (name == c.name) {
            return &c;
        }
    }
    return nullptr;
}

std::string usage() {
    const std::vector<Command>& commands = allCommands();
    std::size_t width = 0;
    for (const Command& c : commands) {
        width = std::max(width, std::strlen(c.name));
    }
    std::string s = "cdx - analytical GPU cost models from the command line (Codesign Explorer)\n"
                    "\n"
                    "usage: cdx <command> [flags]\n"
                    "\n"
                    "commands:\n";
    for (const Command& c : commands) {
        s.append("  ").append(c.name).append(width + 2 - std::strlen(c.name), ' ');
        s.append(c.summary).append("\n");
    }
    s.append("\n").append(kCommonFlags);
    return s;
}

namespace {

// `cdx runs import --help`: the usage lines of that action and the command's description,
// when the usage lists actions as "cdx NAME ACTION ..." lines; otherwise the whole usage.
std::string actionUsage(const Command& c, const std::vector<std::string>& args) {
    const std::string usage = c.usage;
    if (args.empty() || args.front().empty() || args.front()[0] == '-') {
        return usage;
    }
    const std::string head = std::string("cdx ") + c.name + " ";
    const std::string mine = head + args.front() + " ";
    std::vector<std::string> lines;
    std::size_t from = 0;
    while (from < usage.size()) {
        const std::size_t end = usage.find('\n', from);
        lines.push_back(usage.substr(from, end == std::string::npos ? end : end - from));
        from = end == std::string::npos ? usage.size() : end + 1;
    }
    auto isDescription = [](const std::string& l) {
        return l.size() > 2 && l[0] == ' ' && l[1] == ' ' && l[2] != ' ';
    };
    std::string out;
    bool inside = false;
    for (const std::string& l : lines) {
        if (l.find(head) != std::string::npos) {
            inside = l.find(mine) != std::string::npos;
            if (inside) {
                const std::size_t at = l.find(mine);
                out += "usage: " + l.substr(at) + "\n";
                continue;
            }
        } else if (isDescription(l)) {
            inside = false;
        }
        if (inside) {
            out += l + "\n";
        }
    }
    if (out.empty()) {
        return usage;
    }
    for (const std::string& l : lines) {
        if (isDescription(l)) {
            out += l + "\n";
        }
    }
    return out;
}

bool wantsHelp(const std::vector<std::string>& args) {
    for (const auto& a : args) {
        if (a == "--help" || a == "-h") {
            return true;
        }
    }
    return false;
}

} // namespace

namespace {
std::recursive_mutex* gOutputLock = new std::recursive_mutex; // replaced in a forked worker
}

std::recursive_mutex& commandOutputLock() {
    return *gOutputLock;
}

void commandOutputLockAfterFork() {
    // The parent's lock may be held by a thread the child does not have (a study run from
    // Python holds it while it forks its workers): the child starts with a lock of its own.
    gOutputLock = new std::recursive_mutex;
}

int runCdx(const std::vector<std::string>& all, std::ostream& out, std::ostream& err) {
    try {
        if (all.empty()) {
            err << usage();
            return 2;
        }
        const std::string& command = all.front();
        const std::vector<std::string> args(all.begin() + 1, all.end());
        if (command == "--help" || command == "-h" || command == "help") {
            out << usage();
            return 0;
        }
        if (command == "--version" || command == "-V") {
            out << "cdx (Codesign Explorer) " << version() << '\n' << licenceNotice();
            return 0;
        }
        if (const Command* c = findCommand(command)) {
            if (wantsHelp(args)) {
                out << actionUsage(*c, args);
                return 0;
            }
            return c->run(args, out);
        }
        std::string names;
        for (const Command& c : allCommands()) {
            names.append(names.empty() ? "" : ", ").append(c.name);
        }
        err << "cdx: command = " << command << ": unknown; expected one of " << names << '\n';
        return 2;
    } catch (const InputError& e) {
        err << "cdx: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        err << "cdx: internal error: " << e.what() << '\n';
        return 1;
    }
}

} // namespace cdx::cli
