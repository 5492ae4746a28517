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
    cmd = [explorer, session, "--view-size", "1600x1000", "--figure-style", "slide"]
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

    # The slide style (issue 45's "Done when"): no text under 14 px at 1600 x 1000, the drawing
    # from edge to edge, the footnote in at most two lines.
    def texts(path):
        svg = open(path, encoding="utf-8").read()
        token = re.compile(r'<g [^>]*?transform="matrix\(([^)]*)\)"|<text fill="([^"]*)"[^>]*? '
                           r'x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<')
        m = [1, 0, 0, 1, 0, 0]
        out = []
        for t in token.finditer(svg):
            if t.group(1):
                m = [float(v) for v in t.group(1).split(",")]
                continue
            x, y = float(t.group(3)), float(t.group(4))
            scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            out.append((float(t.group(5)) * scale, m[0] * x + m[2] * y + m[4], t.group(2),
                        t.group(6).strip()))
        return out
    for name in ["m.svg", "d.svg"]:
        found = texts(out[name])
        check(len(found) > 20, name + ": its texts")
        small = [(round(px, 1), text) for px, _, _, text in found if px < 14]
        check(not small, name + ": no text under 14 px in the slide style: %s" % small[:5])
        # Where each text starts and (a sans-serif character is about half its size wide) ends.
        xs = [x for _, x, _, _ in found] + [x + 0.5 * px * len(t) for px, x, _, t in found]
        check(min(xs) < 0.05 * 1600 and max(xs) > 0.95 * 1600,
              name + ": the drawing spans the viewBox (text from %g to %g)" % (min(xs), max(xs)))
        notes = [text for _, _, fill, text in found if fill in ("#505050", "#5c3c00")]
        check(1 <= len(notes) <= 2, name + ": a footnote of 1 or 2 lines: %s" % notes)
        check("NVIDIA GeForce GTX 980" in " ".join(notes), name + ": the footnote names the GPU")

    # The other styles and the dark theme, at the smallest size; a bad style or theme is refused.
    small = [os.path.join(d, n) for n in ["p.png", "p.svg", "k.png"]]
    r = subprocess.run([explorer, session, "--view-size", "800x500", "--figure-style", "paper",
                        "--export", "sweep=" + small[0], "--export", "sweep=" + small[1]],
                       env=env, capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "paper style: exit status %d: %s" % (r.returncode, r.stderr))
    r = subprocess.run([explorer, session, "--view-size", "800x500", "--theme", "dark",
                        "--export", "sweep=" + small[2]],
                       env=env, capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "dark theme: exit status %d: %s" % (r.returncode, r.stderr))
    for path in small:
        check(os.path.getsize(path) > 500, path + " written")
    for option, value, allowed in [("--figure-style", "poster", "screen, slide or paper"),
                                   ("--theme", "pink", "light or dark")]:
        bad = os.path.join(d, "bad.png")
        r = subprocess.run([explorer, session, option, value, "--export", "sweep=" + bad],
                           env=env, capture_output=True, text=True, timeout=120)
        check(r.returncode == 2 and ("%s = %s" % (option, value)) in r.stderr and
              allowed in r.stderr, "%s %s refused by name: %s" % (option, value, r.stderr))
        check(not os.path.exists(bad), "nothing written for " + option)

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

    # Every view's CSV, in the default session and in this one, is one table: the same number
    # of fields in every row, and each column either numbers throughout or text throughout.
    # Only the trust tables' value and reference columns hold both (a GPU's name beside n_SM).
    views = re.search(r"expected one of (.*)", r.stderr).group(1).strip().split(", ")
    check(len(views) >= 40, "the views named: %d" % len(views))
    number = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf)$")
    percent = re.compile(r"^[-+]?[\d.]+(e[-+]?\d+)? ?%$")
    for label, first in [("default", []), ("compare", [session])]:
        folder = os.path.join(d, "csv-" + label)
        os.mkdir(folder)
        cmd = [explorer] + first
        for v in views:
            cmd += ["--export", "%s=%s/%s.csv" % (v, folder, v)]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, "all CSVs (%s): exit status %d: %s" % (label, r.returncode,
                                                                         r.stderr))
        for v in views:
            path = "%s/%s.csv" % (folder, v)
            lines = [line for line in open(path, encoding="utf-8") if not line.startswith("#")]
            rows = list(csv.reader(lines))
            name = "%s (%s)" % (v, label)
            check(rows and len(rows[0]) >= 2, name + ": a header of 2 or more columns")
            header = rows[0]
            check(all(len(row) == len(header) for row in rows[1:]),
                  name + ": one table, every row of the header's %d fields: %s" % (
                      len(header), [row for row in rows[1:] if len(row) != len(header)][:2]))
            frame = pandas.read_csv(path, comment="#")
            check(list(frame.columns) == header, name + ": pandas reads the same header")
            mixed_allowed = {"value", "reference"} if v.endswith("how-far-to-trust") else set()
            for i, column in enumerate(header):
                values = [row[i] for row in rows[1:] if row[i] != ""]
                numbers = sum(1 for x in values if number.match(x))
                check(numbers in (0, len(values)) or column in mixed_allowed,
                      "%s: column %s mixes numbers and text: %s" % (
                          name, column, [x for x in values if not number.match(x)][:3]))
                check(not any(percent.match(x) or x == "unchanged" for x in values),
                      "%s: column %s holds percent signs or words for numbers" % (name, column))
                if numbers and numbers == len(values):
                    check(pandas.api.types.is_numeric_dtype(frame[column]),
                          "%s: pandas reads %s as numbers" % (name, column))

    # A bad size: refused, naming the option and what it takes, nothing written.
    r = subprocess.run([explorer, "--view-size", "800by500", "--export", "sweep=" + bad],
                       env=env, capture_output=True, text=True, timeout=120)
    check(r.returncode == 2 and "--view-size = 800by500: expected WxH" in r.stderr,
          "a bad --view-size is refused by name: " + r.stderr)
    check(not os.path.exists(bad), "nothing written for a refused size")

    # A long formula of the Energy breakdown's table goes on two lines, whole, not elided at
    # the page's edge ("2 T S1 (S2 + tT) / (tT t…").
    pdf = os.path.join(d, "eb.pdf")
    r = subprocess.run([explorer, os.path.join(source, "resources/sessions/energy-j2d-k20c.cdx.json"),
                        "--view-size", "1600x1000", "--figure-style", "slide",
                        "--export", "energy-breakdown=" + pdf],
                       env=env, capture_output=True, text=True, timeout=120)
    check(r.returncode == 0, "energy-breakdown PDF: exit status %d: %s" % (r.returncode, r.stderr))
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True,
                          timeout=60).stdout
    check("2 T S1 (S2 + tT) / (tT tS2" in text and "pitch)" in text,
          "energy-breakdown PDF: N_tiles' formula whole on two lines")
    check("tT t\u2026" not in text, "energy-breakdown PDF: no formula cut at the page's edge")

    # The dark theme draws every view on dark paper: plots, hand-drawn figures (warp timeline,
    # tiling geometry, chain trees), tables and text pages alike.
    from PIL import Image, ImageStat  # python3-pil (.ci/install-deps)
    folder = os.path.join(d, "dark")
    os.mkdir(folder)
    cmd = [explorer, "--theme", "dark", "--view-size", "800x500"]
    for v in views:
        cmd += ["--export", "%s=%s/%s.png" % (v, folder, v)]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    check(r.returncode == 0, "dark PNGs: exit status %d: %s" % (r.returncode, r.stderr))
    for v in views:
        image = Image.open("%s/%s.png" % (folder, v)).convert("L")
        mean = ImageStat.Stat(image).mean[0]
        check(mean < 120, "%s: drawn dark in the dark theme (mean grey %.0f of 255)" % (v, mean))

print("test_headless_export: %d checks passed" % checks)
check(checks > 1000, "enough checks ran")
