// cdx: the command-line face of Codesign Explorer (DESIGN.md "The command-line tool").
// Exit codes: 0 success, 2 invalid input (one line on stderr), 1 internal error.

#include "cdx/area_commands.hpp"
#include "cdx/mwp_commands.hpp"
#include "cdx/runs_commands.hpp"
#include "cdx/talg_commands.hpp"
#include "params/input_error.hpp"

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

const char* const kUsage =
    "cdx - analytical GPU cost models from the command line (Codesign Explorer)\n"
    "\n"
    "usage: cdx <command> [flags]\n"
    "\n"
    "commands:\n"
    "  talg      T_alg of one tiling with every intermediate value\n"
    "  optimize  exact optimal tile sizes by exhaustive search of the feasible space\n"
    "  area      die area of a GPU, by component\n"
    "  codesign  exact hardware/software codesign over an area budget\n"
    "  mwp       MWP-CWP performance model: case, MWP limiter, Ch. V category, why\n"
    "  power     IPP power model: per-unit power, energy, optimal number of active SMs\n"
    "  runs      measured runs: import, list, stats (RMSE), calibrate (SQLite --db)\n"
    "  profiles  list the shipped GPU, stencil and kernel profiles\n"
    "\n"
    "common flags: --json (one JSON object on stdout), --set KEY=VALUE (override a GPU or\n"
    "stencil parameter; repeatable), variant flags --pitch geometric|paper, --nw exact|approx,\n"
    "--k max|effective|optimize, --w3d as-1d|eq22, --nsslabs ceil-of-product|product-of-ceils,\n"
    "--gb decimal|binary, --r-tile REGISTERS.  'cdx <command> --help' for details;\n"
    "docs/cli.md for the full reference.\n";

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
    if (all.empty()) {
        std::cerr << kUsage;
        return 2;
    }
    const std::string command = all.front();
    const std::vector<std::string> args(all.begin() + 1, all.end());
    try {
        if (command == "--help" || command == "-h" || command == "help") {
            std::cout << kUsage;
            return 0;
        }
        if (command == "talg") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kTalgUsage;
                return 0;
            }
            return cdx::cli::runTalg(args, std::cout);
        }
        if (command == "optimize") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kOptimizeUsage;
                return 0;
            }
            return cdx::cli::runOptimize(args, std::cout);
        }
        if (command == "area") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kAreaUsage;
                return 0;
            }
            return cdx::cli::runArea(args, std::cout);
        }
        if (command == "codesign") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kCodesignUsage;
                return 0;
            }
            return cdx::cli::runCodesign(args, std::cout);
        }
        if (command == "mwp") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kMwpUsage;
                return 0;
            }
            return cdx::cli::runMwp(args, std::cout);
        }
        if (command == "power") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kPowerUsage;
                return 0;
            }
            return cdx::cli::runPower(args, std::cout);
        }
        if (command == "runs") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kRunsUsage;
                return 0;
            }
            return cdx::cli::runRuns(args, std::cout);
        }
        if (command == "profiles") {
            if (wantsHelp(args)) {
                std::cout << cdx::cli::kProfilesUsage;
                return 0;
            }
            return cdx::cli::runProfiles(args, std::cout);
        }
        std::cerr << "cdx: command = " << command
                  << ": unknown; expected one of talg, optimize, area, codesign, mwp, power, runs, "
                     "profiles\n";
        return 2;
    } catch (const cdx::InputError& e) {
        std::cerr << "cdx: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "cdx: internal error: " << e.what() << '\n';
        return 1;
    }
}
