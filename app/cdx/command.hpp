// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cdx::cli {

// One `cdx` subcommand. cli.cpp lists, documents and dispatches the commands from a table of
// these, so a model family brings its commands in its own <family>_commands.cpp and the
// dispatch never names them. `run` parses its arguments, computes everything, and only then prints:
// an error (an InputError, exit 2) never leaves a partial result on stdout.
struct Command {
    const char* name;    // "talg": the word after `cdx`
    const char* summary; // one line in the command list of `cdx --help`
    const char* usage;   // what `cdx NAME --help` prints
    int (*run)(const std::vector<std::string>& args, std::ostream& out);
};

} // namespace cdx::cli
