#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Headless figures and readable CSV (issue 45).

Runs `codesign-explorer SESSION --export VIEW=FILE ...` without a display and checks what a
presenter's script relies on: every file is written; an SVG draws at its viewBox's scale (not
into 75 % of it) with CSS generic font families only; every CSV reads with Python's csv module
once its `#` lines are skipped, and with pandas.read_csv(comment='#'), its numeric columns as
numbers. A bad spec is refused with the names allowed and writes nothing.

Usage: test_headless_export.py EXPLORER SOURCE_DIR
"""
import csv
import os
import re
import subprocess
import sys
import tempfile

explorer, source = sys.argv[1], sys.argv[2]
session = os.path.join(source, "resources/sessions/compare-fig4-table4-heat2d.cdx.json")
checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        print("FAIL:", what)
        sys.exit(1)


with tempfile.TemporaryDirectory() as d:
    env = dict(os.environ, HOME=d, XDG_CONFIG_HOME=d + "/config", XDG_DATA_HOME=d + "/data")
    env.pop("QT_QPA_PLATFORM", None)  # --export needs no display of its own
    env.pop("DISPLAY", None)
    out = {name: os.path.join(d, name) for name in
           ["m.svg", "b.pdf", "s.csv", "b.csv", "m.csv", "c.csv", "d.svg"]}
    specs = ["tile-space-map=" + out["m.svg"], "breakdown=" + out["b.pdf"],
             "sweep=" + out["s.csv"], "breakdown=" + out["b.csv"],
             "tile-space-map=" + out["m.csv"], "talg-compare=" + out["c.csv"],
             "die-area=" + out["d.svg"]]
    cmd = [explorer, session, "--view-size", "1600x1000"]
    for s in specs:
        cmd += ["--export", s]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "exit status %d: %s" % (r.returncode, r.stderr))
    for name, path in out.items():
        check(os.path.getsize(path) > 500, name + " written")

    for name in ["m.svg", "d.svg"]:
        text = open(out[name], encoding="utf-8").read()
        check('viewBox="0 0 1600 1000"' in text, name + ": the viewBox of --view-size")
        check("matrix(0.75" not in text, name + ": drawn at the viewBox's scale")
        families = set(re.findall(r'font-family="([^"]*)"', text))
        check(families and families <= {"sans-serif", "serif", "monospace"},
              name + ": CSS generic font families only, not %s" % families)

    # The PDF holds the bars as well as the table (a second painter on the PDF started the
    # document again: only the table was left).
    text = subprocess.run(["pdftotext", out["b.pdf"], "-"], capture_output=True, text=True,
                          timeout=60).stdout
    check("Where T_alg" in text, "b.pdf: the plot's title is in the PDF")
    check("quantity" in text, "b.pdf: the table is in the PDF")

    numeric = {"s.csv": ["tS1", "T_alg_s", "k", "rounds"],
               "b.csv": ["baseline", "session", "delta", "delta_pct"],
               "m.csv": ["tS1", "tS2", "tT", "T_alg_s"],
               "c.csv": []}
    for name, columns in numeric.items():
        lines = [line for line in open(out[name], encoding="utf-8") if not line.startswith("#")]
        rows = list(csv.reader(lines))
        check(len(rows) >= 2, name + ": a header and rows")
        header = rows[0]
        for column in columns:
            check(column in header, "%s: column %s in the header %s" % (name, column, header))
            i = header.index(column)
            values = [row[i] for row in rows[1:] if len(row) > i and row[i] != ""]
            check(values, name + ": values in " + column)
            for v in values:
                try:
                    float(v)
                except ValueError:
                    check(False, "%s: %s holds %r, not a number" % (name, column, v))
        check(all(len(row) == len(header) for row in rows[1:] if row),
              name + ": every row has the header's fields")

    import pandas  # python3-pandas (.ci/install-deps)
    for name, columns in numeric.items():
        frame = pandas.read_csv(out[name], comment="#")
        for column in columns:
            check(pandas.api.types.is_numeric_dtype(frame[column]),
                  "%s: pandas reads %s as numbers (%s)" % (name, column, frame[column].dtype))

    # A bad spec: refused, naming the views allowed, nothing written.
    bad = os.path.join(d, "x.png")
    r = subprocess.run([explorer, "--export", "no-such-view=" + bad], env=env,
                       capture_output=True, text=True, timeout=120)
    check(r.returncode == 2, "an unknown view exits with 2")
    check("unknown view 'no-such-view'" in r.stderr and "tile-space-map" in r.stderr,
          "the refusal names the view and those allowed: " + r.stderr)
    check(not os.path.exists(bad), "nothing written for a refused spec")

    # A bad size: refused, naming the option and what it takes, nothing written.
    r = subprocess.run([explorer, "--view-size", "800by500", "--export", "sweep=" + bad],
                       env=env, capture_output=True, text=True, timeout=120)
    check(r.returncode == 2 and "--view-size = 800by500: expected WxH" in r.stderr,
          "a bad --view-size is refused by name: " + r.stderr)
    check(not os.path.exists(bad), "nothing written for a refused size")

print("test_headless_export: %d checks passed" % checks)
check(checks > 40, "enough checks ran")
