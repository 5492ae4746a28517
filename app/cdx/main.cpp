// SPDX-License-Identifier: GPL-3.0-or-later
// cdx: the command-line face of Codesign Explorer (DESIGN.md "The command-line tool").
// Exit codes: 0 success, 2 invalid input (one line on stderr), 1 internal error.

#include "cdx/cli.hpp"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    return cdx::cli::runCdx(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
