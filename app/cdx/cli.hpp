// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <iosfwd>
#include <string>
#include <vector>

// The cdx commands as a library: the registration list, the help text and the dispatch. The
// `cdx` executable and the Python module (python/) both run commands through it, so a script
// sees the same flags, JSON keys and error messages as the shell.
namespace cdx::cli {

// "0.1.0" (the CMake project version).
const char* version();
// "GPL-3.0-or-later" (the SPDX identifier of the project's licence, LICENSE).
const char* licence();
// The lines `cdx --version` prints after the version: copyright, licence, no warranty.
std::string licenceNotice();

// Every command, in the order `cdx --help` lists them.
const std::vector<Command>& allCommands();
// The command named `name`, or nullptr.
const Command* findCommand(const std::string& name);
// What `cdx --help` prints.
std::string usage();

// `cdx ARGS...`: prints results on `out`, one-line errors on `err`; returns the exit code
// (0 success, 2 invalid input, 1 internal error).
int runCdx(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace cdx::cli
