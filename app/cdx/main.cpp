// cdx: the command-line face of Codesign Explorer (DESIGN.md "The command-line tool").
// Exit codes: 0 success, 2 invalid input (one line on stderr), 1 internal error.

#include "cdx/area_commands.hpp"
#include "cdx/chain_commands.hpp"
#include "cdx/command.hpp"
#include "cdx/eatss_commands.hpp"
#include "cdx/energy_commands.hpp"
#include "cdx/mwp_commands.hpp"
#include "cdx/profiles_commands.hpp"
#include "cdx/runs_commands.hpp"
#include "cdx/talg_commands.hpp"
#include "params/input_error.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cdx::cli::Command;

// The registration list: one line per model family, in the order `cdx --help` lists them.
// Adding a family (energy, eatss, chain) is its own app/cdx/<family>_commands.cpp exporting
// `std::vector<Command> <family>Commands()`, one line here and one line in app/CMakeLists.txt;
// the help text, the dispatch and the unknown-command error follow from this list.
using Family = std::vector<Command> (*)();
constexpr Family kFamilies[] = {
    cdx::cli::talgCommands,     // talg, optimize
    cdx::cli::areaCommands,     // area, codesign
    cdx::cli::mwpCommands,      // mwp, power
    cdx::cli::runsCommands,     // runs
    cdx::cli::energyCommands,   // energy, energy-optimize
    cdx::cli::eatssCommands,    // eatss
    cdx::cli::chainCommands,    // chain
    cdx::cli::profilesCommands, // profiles
};

// The flags most commands share (the per-command usage has the rest).
const char* const kCommonFlags =
    "common flags: --json (one JSON object on stdout), --set KEY=VALUE (override a GPU or\n"
    "stencil parameter; repeatable), variant flags --pitch geometric|paper, --nw exact|approx,\n"
    "--k max|effective|optimize, --w3d as-1d|eq22, --nsslabs ceil-of-product|product-of-ceils,\n"
    "--gb decimal|binary, --r-tile REGISTERS.  'cdx <command> --help' for details;\n"
    "docs/cli.md for the full reference.\n";

std::vector<Command> allCommands() {
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

std::string usage(const std::vector<Command>& commands) {
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

bool wantsHelp(const std::vector<std::string>& args) {
    for (const auto& a : args) {
        if (a == "--help" || a == "-h") {
            return true;
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> all(argv + 1, argv + argc);
    try {
        const std::vector<Command> commands = allCommands();
        if (all.empty()) {
            std::cerr << usage(commands);
            return 2;
        }
        const std::string& command = all.front();
        const std::vector<std::string> args(all.begin() + 1, all.end());
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << usage(commands);
            return 0;
        }
        for (const Command& c : commands) {
            if (command == c.name) {
                if (wantsHelp(args)) {
                    std::cout << c.usage;
                    return 0;
                }
                return c.run(args, std::cout);
            }
        }
        std::string names;
        for (const Command& c : commands) {
            names.append(names.empty() ? "" : ", ").append(c.name);
        }
        std::cerr << "cdx: command = " << command << ": unknown; expected one of " << names << '\n';
        return 2;
    } catch (const cdx::InputError& e) {
        std::cerr << "cdx: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "cdx: internal error: " << e.what() << '\n';
        return 1;
    }
}
