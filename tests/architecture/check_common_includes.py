#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Common pieces know no family (issue 58).

Fails when a file of widgets/common/ or of app/views/ (the cross-family views: line-up,
compare, trust, reproduce) includes a model family's header. The common folder may
include other common widgets and the common interfaces of core: the GPU description and
parameters (params/), sessions (session/), the glossary, published values, and the
cross-family mechanisms (compare/, lineup/, occupancy/, and study/: design studies, whose points
are sets of flags; core/study/ itself is checked alike, issue 60). A family's helper belongs in the
family's own folder (widgets/talg/, widgets/mwp/, ...): docs/architecture.md says where. The
cross-family views may also include each other (views/) and the CLI's reproduction (cdx/); they
reach the families through core's registration lists (compare/families, lineup/lineup).

Usage: check_common_includes.py SOURCE_DIR
"""
import os
import re
import sys

FAMILIES = ["talg", "search", "area", "mwp", "energy", "eatss", "chain", "runs"]
ALLOWED = ["common", "params", "session", "glossary", "published", "compare", "lineup",
           "occupancy", "study"]

source = sys.argv[1]
MAX_LINES = 650
FOLDERS = [("widgets/common", ALLOWED), ("app/views", ALLOWED + ["views", "cdx"]),
           ("core/study", ALLOWED)]
checked = 0
failures = []
for rel, allowed in FOLDERS:
    folder = os.path.join(source, rel)
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".cpp", ".hpp")):
            continue
        checked += 1
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            lines = f.readlines()
        # A file that says what it is stays short enough to read (the plot look was one file of
        # 1,400 lines): about 600 lines at most in the common folder.
        if rel == "widgets/common" and len(lines) > MAX_LINES:
            failures.append(f"{rel}/{name}: {len(lines)} lines, more than {MAX_LINES}; split it "
                            f"by purpose")
        for number, line in enumerate(lines, 1):
            m = re.match(r'\s*#\s*include\s+"([^"/]+)/', line)
            if not m:
                continue
            top = m.group(1)
            if top in FAMILIES:
                failures.append(f"{rel}/{name}:{number}: includes the {top} family "
                                f"({line.strip()}); move the helper to widgets/{top}/ or "
                                f"go through a common interface ({', '.join(allowed)})")
            elif top not in allowed:
                failures.append(f"{rel}/{name}:{number}: includes {top}/, which is not a "
                                f"common interface ({', '.join(allowed)})")
for f in failures:
    print("FAIL:", f)
print(f"common includes: {checked} files of widgets/common, app/views and core/study checked, "
      f"{len(failures)} failures")
sys.exit(1 if failures or checked < 40 else 0)
