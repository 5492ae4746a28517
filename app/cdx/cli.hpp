// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cdx/command.hpp"

#include <iosfwd>
#include <mutex>
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

// The lock of whoever runs a command with std::cerr redirected (the Python module, a study's
// point): the redirection is the process's, so such runs take turns (several Python threads, a
// Dask worker with several threads). Parallel work runs in processes (cdx study --jobs, Dask's
// worker processes). Recursive: a study run from Python answers its points under it.
std::recursive_mutex& commandOutputLock();
// In a child process right after fork(): a new lock (the inherited one may be held).
void commandOutputLockAfterFork();

// `cdx ARGS...`: prints results on `out`, one-line errors on `err`; returns the exit code
// (0 success, 2 invalid input, 1 internal error).
int runCdx(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace cdx::cli
