# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the cdx man page: help2man over `cdx --help` / `cdx --version`, with one section per
# command holding what `cdx COMMAND --help` prints, compressed to OUT.gz. Run by
# resources/CMakeLists.txt.
execute_process(COMMAND ${CDX} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cdx --help failed")
endif()
string(REGEX MATCH "commands:\n(.*)\n\ncommon flags" list "${help}")
set(list "${CMAKE_MATCH_1}")
string(REPLACE "\n" ";" lines "${list}")
string(CONCAT include "[DESCRIPTION]\n"
    "cdx evaluates the analytical GPU cost models of Codesign Explorer from the shell: "
    "every intermediate value, the exact optimal tile sizes, die area and codesign, MWP-CWP "
    "and IPP, measured runs, energy, EATSS and matrix chains. Exit status: 0 success, 2 "
    "invalid input (one line on standard error naming the field and the allowed values), 1 "
    "internal error. With --json every command prints one JSON object.\n\n"
    "[COMMANDS]\n")
foreach(line IN LISTS lines)
    string(REGEX MATCH "^  ([a-z-]+)" _ "${line}")
    set(name "${CMAKE_MATCH_1}")
    if(name)
        execute_process(COMMAND ${CDX} ${name} --help OUTPUT_VARIABLE usage)
        string(REPLACE "\\" "\\\\" usage "${usage}")
        string(APPEND include ".SS ${name}\n.nf\n${usage}.fi\n")
    endif()
endforeach()
string(CONCAT files "\n[FILES]\n"
    "The shipped profiles, example sessions and run files are read from "
    "share/codesign-explorer/ next to the installation's bin/ (or $CDX_PROFILES_DIR).\n\n"
    "[SEE ALSO]\n"
    "codesign-explorer --help (the desktop explorer); docs/cli.md in the sources for the full "
    "reference with examples.\n")
string(APPEND include "${files}")
file(WRITE ${INCLUDE} "${include}")
execute_process(
    COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section=1
            --name "analytical GPU cost models from the command line"
            --include ${INCLUDE} --output ${OUT} ${CDX}
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "help2man failed")
endif()
# Installed compressed, as Debian's policy (and lintian) wants; -n: no name or time stamp, so the
# page is the same in every build.
execute_process(COMMAND gzip -9nf ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${OUT} failed")
endif()
