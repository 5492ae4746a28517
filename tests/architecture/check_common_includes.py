#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Common pieces know no family (issue 58).

Fails when a file of widgets/common/ includes a model family's header. The common folder may
include other common widgets and the common interfaces of core: the GPU description and
parameters (params/), sessions (session/), the glossary, published values, and the
cross-family mechanisms (compare/, lineup/, occupancy/). A family's helper belongs in the
family's own folder (widgets/talg/, widgets/mwp/, ...): docs/architecture.md says where.

Usage: check_common_includes.py SOURCE_DIR
"""
import os
import re
import sys

FAMILIES = ["talg", "search", "area", "mwp", "energy", "eatss", "chain", "runs"]
ALLOWED = ["common", "params", "session", "glossary", "published", "compare", "lineup",
           "occupancy"]

source = sys.argv[1]
folder = os.path.join(source, "widgets", "common")
checked = 0
failures = []
for name in sorted(os.listdir(folder)):
    if not name.endswith((".cpp", ".hpp")):
        continue
    checked += 1
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = re.match(r'\s*#\s*include\s+"([^"/]+)/', line)
            if not m:
                continue
            top = m.group(1)
            if top in FAMILIES:
                failures.append(f"widgets/common/{name}:{number}: includes the {top} family "
                                f"({line.strip()}); move the helper to widgets/{top}/ or go "
                                f"through a common interface ({', '.join(ALLOWED)})")
            elif top not in ALLOWED:
                failures.append(f"widgets/common/{name}:{number}: includes {top}/, which is "
                                f"not a common interface ({', '.join(ALLOWED)})")
for f in failures:
    print("FAIL:", f)
print(f"common includes: {checked} files of widgets/common checked, {len(failures)} failures")
sys.exit(1 if failures or checked < 10 else 0)
