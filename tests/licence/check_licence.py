#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every source file written here states its licence, and every shipped data file its source
(issue 27).

1. A C++, CMake, Python or shell file carries `SPDX-License-Identifier: GPL-3.0-or-later` in a
   comment on its first line, or on its second after a `#!` line.
2. resources/copyright (installed as share/doc/codesign-explorer/copyright) is a DEP-5
   copyright file, and every shipped data file (profiles/, resources/runs/, resources/sessions/)
   is matched by a Files paragraph of its own (not only by `*`) that names where its values
   come from.

Usage:

    check_licence.py SOURCE_DIR          # lists each problem; exit 1 if any
    check_licence.py SOURCE_DIR --fix    # adds the SPDX line where it is missing

It walks the source tree (not git), so it works in an unpacked tarball too; build folders
(`build*` at the top), hidden folders other than `.ci`, and data (JSON, CSV, images, Markdown,
XML) are not sources.
"""
import fnmatch
import os
import sys

LICENCE = "GPL-3.0-or-later"
TAG = "SPDX-License-Identifier: " + LICENCE
CXX = {".cpp", ".hpp", ".h", ".cc"}
HASH = {".py", ".cmake", ".bash", ".sh"}


def comment_prefix(path):
    """The line comment of the file's language, or None when it is not a source file."""
    name = os.path.basename(path)
    ext = os.path.splitext(name)[1]
    if ext in CXX:
        return "//"
    if ext in HASH or name == "CMakeLists.txt":
        return "#"
    if ext == "":  # an executable script without an extension (.ci/run, fuzz/run-fuzzers)
        try:
            with open(path, "rb") as f:
                if f.read(2) == b"#!":
                    return "#"
        except OSError:
            return None
    return None


def sources(root):
    for top, dirs, files in os.walk(root):
        rel = os.path.relpath(top, root)
        if rel == ".":
            dirs[:] = [d for d in dirs if not d.startswith("build") and
                       (not d.startswith(".") or d == ".ci")]
        else:
            dirs[:] = [d for d in dirs if not d.startswith(".")]
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(top, name)
            prefix = comment_prefix(path)
            if prefix:
                yield path, prefix


def has_tag(lines):
    head = lines[:2] if lines and lines[0].startswith("#!") else lines[:1]
    return any(TAG in line for line in head)


DATA = ("profiles", os.path.join("resources", "runs"), os.path.join("resources", "sessions"))


def copyright_paragraphs(path):
    """The paragraphs of a DEP-5 file as dicts of field -> value (continuation lines joined)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    paragraphs = []
    for block in text.split("\n\n"):
        fields, last = {}, None
        for line in block.splitlines():
            if line.startswith((" ", "\t")) and last:
                fields[last] += "\n" + line.strip()
            elif ":" in line:
                last, value = line.split(":", 1)
                fields[last] = value.strip()
        if fields:
            paragraphs.append(fields)
    return paragraphs


def check_copyright(root):
    """Problems with resources/copyright; the number of data files checked."""
    problems = []
    path = os.path.join(root, "resources", "copyright")
    if not os.path.exists(path):
        return ["resources/copyright: missing"], 0
    paragraphs = copyright_paragraphs(path)
    header = paragraphs[0] if paragraphs else {}
    if not header.get("Format", "").startswith(
            "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0"):
        problems.append("resources/copyright: the first paragraph has no DEP-5 Format field")
    files = [p for p in paragraphs if "Files" in p]
    licences = {p["License"].split("\n")[0] for p in paragraphs if "License" in p}
    standalone = {p["License"].split("\n")[0] for p in paragraphs
                  if "License" in p and "Files" not in p and "\n" in p["License"]}
    for lic in licences - standalone:
        problems.append(f"resources/copyright: licence '{lic}' has no paragraph with its text")
    if not any(p["Files"] == "*" and p.get("License", "").startswith("GPL-3+") for p in files):
        problems.append("resources/copyright: no 'Files: *' paragraph under GPL-3+")
    checked = 0
    for folder in DATA:
        for top, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(top, name), root).replace(os.sep, "/")
                if name == "README.md":
                    continue
                checked += 1
                own = [p for p in files
                       if p["Files"] != "*" and
                       any(fnmatch.fnmatchcase(rel, g) for g in p["Files"].split())]
                if not own:
                    problems.append(f"{rel}: shipped data without a Files paragraph of its own "
                                    "in resources/copyright (say where its values come from)")
                elif not own[-1].get("Comment"):
                    problems.append(f"{rel}: its Files paragraph has no Comment naming sources")
    return problems, checked


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    root, fix = argv[1], "--fix" in argv[2:]
    checked, missing = 0, []
    for path, prefix in sources(root):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        lines = text.splitlines(keepends=True)
        checked += 1
        if has_tag(lines):
            continue
        if not fix:
            missing.append(os.path.relpath(path, root))
            continue
        at = 1 if lines and lines[0].startswith("#!") else 0
        lines.insert(at, f"{prefix} {TAG}\n")
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(lines))
        print("added:", os.path.relpath(path, root))
    for path in missing:
        print(f"{path}: no '{TAG}' on its first line (second after #!)")
    print(f"check_licence: {checked} source files, {len(missing)} without the SPDX line")
    problems, data = check_copyright(root)
    for p in problems:
        print(p)
    print(f"check_licence: {data} shipped data files, {len(problems)} copyright problems")
    # A tree with no sources or data means the walk is wrong, not that all is well.
    if checked < 100 or data < 50:
        print("check_licence: fewer than 100 sources or 50 data files found: wrong SOURCE_DIR?")
        return 1
    return 1 if missing or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
