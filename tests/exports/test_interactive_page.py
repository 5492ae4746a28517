#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The interactive page (issue 46), opened in a real browser (headless Chromium).

usage: test_interactive_page.py CODESIGN_EXPLORER CDX CHROMIUM SOURCE_DIR

- `--export VIEW=FILE.html` writes one self-contained file: the only "http" strings outside
  comments are the XML namespace names inside D3 (identifiers, never fetched).
- In Chromium the plot is drawn (its marks are in the DOM), the page's Content Security Policy
  reports no blocked request, and the tile-space map's hovered cells say the T_alg that
  `cdx talg` computes for those tilings.
- The session inside the page opens in the application: its figures' data equal the session
  file's.
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile

explorer, cdx, chromium, source = sys.argv[1:5]
session = os.path.join(source, "resources/sessions/compare-fig4-table4-heat2d.cdx.json")
checks = 0
env = dict(os.environ, QT_QPA_PLATFORM="offscreen")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def export(session_path, specs, out):
    args = [explorer] + ([session_path] if session_path else [])
    for view, name in specs:
        args += ["--export", f"{view}={os.path.join(out, name)}"]
    r = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        fail(f"{' '.join(args)}: exit {r.returncode}: {r.stderr[-2000:]}")


def dom(path, fragment=""):
    with tempfile.TemporaryDirectory() as profile:
        r = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={profile}", "--virtual-time-budget=5000", "--dump-dom",
             "file://" + path + fragment],
            capture_output=True, text=True, timeout=180)
    if r.returncode != 0 or "<body" not in r.stdout:
        fail(f"chromium --dump-dom {path}: exit {r.returncode}: {r.stderr[-2000:]}")
    return r.stdout


def named(block, key):
    """A session's GPU or stencil: an id, or a description with its id."""
    value = block[key]
    return value["id"] if isinstance(value, dict) else value


with tempfile.TemporaryDirectory() as out:
    pages = [("tile-space-map", "map.html"), ("sweep", "sweep.html"), ("die-area", "area.html"),
             ("tiling-geometry", "geometry.html"), ("talg-compare", "compare.html")]
    export(session, pages + [("tile-space-map", "map.csv"), ("sweep", "sweep.csv")], out)

    # One file, nothing fetched: no http or https address outside comments (D3's XML namespace
    # names are written as two joined strings).
    for _, name in pages:
        text = open(os.path.join(out, name), encoding="utf-8").read()
        text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        urls = set(re.findall(r"https?://[^\s\"'<>)]*", text))
        if urls:
            fail(f"{name}: http addresses outside comments: {sorted(urls)}")
        if re.search(r"<(script|link|img|iframe)[^>]*\s(src|href)=\"(?!data:)", text):
            fail(f"{name}: an element loads something outside the file")
        if 'id="cdx-session"' not in text:
            fail(f"{name}: no session inside")
        checks += 3

    # Drawn in a browser: marks, no blocked request.
    marks = {"map.html": r'<image class="heatmap"', "sweep.html": r'<path class="line"',
             "area.html": r'<rect class="bar', "geometry.html": r'<img class="still"',
             "compare.html": r'<img class="still"'}
    for name, mark in marks.items():
        d = dom(os.path.join(out, name))
        if not re.search(mark, d):
            fail(f"{name}: no {mark} in Chromium's DOM")
        blocked = re.search(r'<p id="cdx-blocked"[^>]*>', d)
        if blocked is None or "hidden" not in blocked.group(0):
            fail(f"{name}: the page reported blocked requests")
        checks += 2
    sweep_dom = dom(os.path.join(out, "sweep.html"))
    if len(re.findall(r'<path class="point', sweep_dom)) < 10:
        fail("sweep.html: fewer than 10 points drawn")
    checks += 1
    # The map's marks as the window draws them (issue 55): hatching where there is no value,
    # said as such, and the current tiling's crossed circle unfilled.
    map_dom = dom(os.path.join(out, "map.html"))
    if not re.search(r'<pattern id="hatch', map_dom) or "hatched: no value" not in map_dom:
        fail("map.html: infeasible cells not hatched, or not said to be")
    if "grey: no value" in map_dom:
        fail("map.html: says grey for cells it hatches")
    if not re.search(r'<path class="point[^>]*d="M[^"]*A[^"]*L[^"]*"[^>]*style="fill: none', map_dom):
        fail("map.html: no unfilled crossed circle (the current tiling)")
    checks += 3

    # A hovered cell of the map says the T_alg of `cdx talg` for that tiling.
    problem = json.load(open(session, encoding="utf-8"))
    rows = [r for r in csv.DictReader(
        (line for line in open(os.path.join(out, "map.csv"), encoding="utf-8")
         if not line.startswith("#")))]
    feasible = [r for r in rows if r["feasible"] == "true"]
    if len(feasible) < 2:
        fail("map.csv: fewer than two feasible cells to hover")
    # Sorted by T_alg (either way), the infeasible cells' blank T_alg come last (issue 55: they
    # were listed first).
    for fragment in ["#sort=T_alg_s", "#sort=T_alg_s,down"]:
        d = dom(os.path.join(out, "map.html"), fragment)
        table = re.search(r'<table[^>]*class="data".*?</table>', d, re.S).group(0)
        header = re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)
        col = header.index("T_alg_s")
        cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
                 for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("<tbody")[1], re.S)]
        values = [c[col] for c in cells if len(c) > col]
        blanks = [i for i, v in enumerate(values) if v == ""]
        if not blanks or blanks[0] != len(values) - len(blanks):
            fail(f"map.html{fragment}: a blank T_alg before a value (row {blanks[:1]} of "
                 f"{len(values)})")
        numbers = [float(v) for v in values if v != ""]
        if numbers != sorted(numbers, reverse=fragment.endswith("down")):
            fail(f"map.html{fragment}: T_alg not in order")
    hovered = 0
    for r in feasible[:4]:
        d = dom(os.path.join(out, "map.html"), f"#hover=0,{r['tT']},{r['tS2']}")
        m = re.search(r'data-hover="([^"]*)"', d)
        if m is None:
            fail(f"map.html: no hover text at tT={r['tT']}, tS2={r['tS2']}")
        text = m.group(1)
        v = re.search(r"T_alg = ([0-9.eE+-]+) s", text)
        if v is None or f"tT = {r['tT']}" not in text or f"tS2 = {r['tS2']}" not in text:
            fail(f"map.html: hover text '{text}' does not name the cell tT={r['tT']} tS2={r['tS2']}")
        talg = json.loads(subprocess.run(
            [cdx, "talg", "--gpu", named(problem, "gpu"), "--stencil", named(problem, "stencil"),
             "--space", ",".join(str(s) for s in problem["problem"]["space"]),
             "--time", str(problem["problem"]["time"]),
             "--tile", f"{r['tS1']},{r['tS2']}", "--tt", r["tT"], "--json"],
            capture_output=True, text=True, check=True).stdout)["T_alg"]
        if abs(float(v.group(1)) - talg) > 5e-7 * max(1.0, abs(talg)):
            fail(f"map.html: hover says T_alg = {v.group(1)} s at {r['tS1']},{r['tS2']},{r['tT']}; "
                 f"cdx talg says {talg}")
        hovered += 1
        checks += 1

    # Import from page: the page's session gives the same figure data as the session file.
    export(os.path.join(out, "map.html"), [("sweep", "again.csv")], out)
    a = open(os.path.join(out, "sweep.csv"), encoding="utf-8").read()
    b = open(os.path.join(out, "again.csv"), encoding="utf-8").read()
    if a != b:
        fail("the sweep of the page's session differs from the session file's")
    checks += 1

    # A meeting pack: every chosen view's page and slide figures, the session, an index whose
    # every link is a file of the pack.
    pack = os.path.join(out, "pack")
    r = subprocess.run([explorer, session, "--export-pack", pack, "--pack-views",
                        "tile-space-map,sweep", "--view-size", "1600x1000"],
                       env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        fail(f"--export-pack: exit {r.returncode}: {r.stderr[-2000:]}")
    expected = {f"{v}{s}" for v in ("tile-space-map", "sweep") for s in (".html", ".png", ".pdf")}
    expected |= {"session.cdx.json", "index.html"}
    if set(os.listdir(pack)) != expected:
        fail(f"the pack holds {sorted(os.listdir(pack))}, expected {sorted(expected)}")
    index = open(os.path.join(pack, "index.html"), encoding="utf-8").read()
    links = set(re.findall(r'(?:href|src)="([^"]+)"', index))
    if not links or not links <= expected:
        fail(f"index.html links {sorted(links - expected)} outside the pack")
    if json.load(open(os.path.join(pack, "session.cdx.json"), encoding="utf-8"))["schema"] != \
            "codesign-explorer-session":
        fail("the pack's session is not a session file")
    if "<img" not in index or len(links) < 7:
        fail("index.html does not show the figures")
    checks += 4
    # An unknown view: refused by name, nothing written.
    r = subprocess.run([explorer, session, "--export-pack", os.path.join(out, "bad"),
                        "--pack-views", "no-such-view"], env=env, capture_output=True, text=True,
                       timeout=600)
    if r.returncode != 2 or "no-such-view" not in r.stderr or \
            os.listdir(os.path.join(out, "bad")):
        fail(f"--pack-views no-such-view: exit {r.returncode}: {r.stderr[-500:]}")
    checks += 1

print(f"interactive pages: {checks} checks passed ({hovered} hovered cells equal cdx talg)")
if checks < 29:
    fail(f"only {checks} checks ran")
