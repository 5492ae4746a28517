#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""One truth (issue 55): the window and `cdx` answer one question with the same numbers.

For each view with a CLI twin, the view's data is exported headless (`codesign-explorer SESSION
--export VIEW=x.csv`) and every number it shares with the command's JSON for the same question is
compared, for shipped sessions, a shipped GPU and a derived GPU (`cdx profiles derive`, read by
both from the same user folder). A mismatch fails naming the view, the quantity and both values.
Every CSV it exports is also read with pandas.read_csv(comment='#') into numeric columns where it
holds numbers. (That every view's CSV carries the baseline it draws, and reads as one table, is
test_gui_shell's csvCarriesTheBaselineItDraws.)

  view                       command
  tile-space-map (minimum)   cdx optimize --fix-tile tS1 (the slice's exact minimum)
  area-lineup                cdx lineup --family area (each GPU at its chip's own node)
  talg-lineup                cdx lineup (each GPU at its exact optimum)
  talg-compare               cdx compare BASELINE SESSION --family talg
  codesign                   cdx codesign --all (every design; the best in the budget)
  occupancy                  cdx occupancy (the kernel's limits; points of the three sweeps)

Usage: test_one_truth.py EXPLORER CDX SOURCE_DIR
"""
import copy
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

explorer, cdx, source = sys.argv[1], sys.argv[2], sys.argv[3]
sessions = os.path.join(source, "resources/sessions")
checked = 0
failures = []


def same(view, quantity, window, command, rel=1e-12):
    """One shared number: equal to the last digits both print (17 significant)."""
    global checked
    checked += 1
    w, c = float(window), float(command)
    if not (w == c or (math.isfinite(w) and math.isfinite(c)
                       and abs(w - c) <= rel * max(abs(w), abs(c)))):
        failures.append(f"{view}: {quantity}: window {w!r}, cdx {c!r}")


def run(args, env):
    r = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        print("FAIL:", " ".join(args), "exited", r.returncode, r.stderr[-2000:])
        sys.exit(1)
    return r.stdout


def cli(env, *args):
    return json.loads(run([cdx, *args, "--json"], env))


def export(env, session, views, folder):
    """The views' CSVs of a session, headless: {view: text}."""
    cmd = [explorer, session]
    for v in views:
        cmd += ["--export", f"{v}={os.path.join(folder, v + '.csv')}"]
    run(cmd, env)
    out = {}
    for v in views:
        with open(os.path.join(folder, v + ".csv"), encoding="utf-8") as f:
            out[v] = f.read()
    return out


def table(text, view):
    """The CSV's rows (a dict each) after its # lines, and a pandas check of its columns."""
    rows = list(csv.DictReader(line for line in io.StringIO(text) if not line.startswith("#")))
    try:
        import pandas
        frame = pandas.read_csv(io.StringIO(text), comment="#")
        for column in frame.columns:
            values = [r[column] for r in rows if r[column] not in ("", None)]
            numeric = values and all(re.fullmatch(r"-?[\d.]+(e[-+]?\d+)?", v) for v in values)
            if numeric and frame[column].dtype.kind not in "if":
                failures.append(f"{view}: column {column} read by pandas as {frame[column].dtype}")
    except ImportError:
        pass
    return rows


def load(name):
    with open(os.path.join(sessions, name), encoding="utf-8") as f:
        return json.load(f)


def profile(gpu_id):
    with open(os.path.join(source, "profiles/gpus", gpu_id + ".json"), encoding="utf-8") as f:
        return json.load(f)


with tempfile.TemporaryDirectory() as d:
    env = dict(os.environ, HOME=d, XDG_CONFIG_HOME=d + "/config", XDG_DATA_HOME=d + "/data",
               CDX_PROFILES_DIR=os.path.join(source, "profiles"))
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("DISPLAY", None)
    env.pop("CDX_PROFILES_PATH", None)
    # A derived GPU of the user's, read by both from the same folder.
    run([cdx, "profiles", "derive", "h100-sxm5", "--id", "lab-h100-60", "--set", "n_sm=60"], env)
    derived_json = None
    for root, _, files in os.walk(d + "/data"):
        for f in files:
            if f == "lab-h100-60.json":
                with open(os.path.join(root, f), encoding="utf-8") as fh:
                    derived_json = json.load(fh)
    if derived_json is None:
        print("FAIL: cdx profiles derive wrote no lab-h100-60.json under", d)
        sys.exit(1)

    # 1. The tile-space map's minimum against `cdx optimize --fix-tile`, on the shipped GTX 980
    #    (PPoPP'17 Fig. 4) and on the derived H100.
    fig4 = load("fig4-heat2d-gtx980.cdx.json")
    for label, gpu_json, gpu_id in [("GTX 980", None, "gtx980"),
                                    ("derived H100", derived_json, "lab-h100-60")]:
        s = copy.deepcopy(fig4)
        if gpu_json is not None:
            s["gpu"] = gpu_json
        path = os.path.join(d, f"map-{gpu_id}.cdx.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(s, f)
        text = export(env, path, ["tile-space-map"], d)["tile-space-map"]
        table(text, "tile-space-map")
        m = re.search(r"exact minimum of the slice: T_alg_s = ([-\d.e+]+) at tS1 = (\d+), "
                      r"tS2 = (\d+), tT = (\d+), k = (\d+)", text)
        if not m:
            failures.append(f"tile-space-map ({label}): no exact minimum in its CSV")
            continue
        ts1 = m.group(2)
        space = ",".join(str(v) for v in fig4["problem"]["space"])
        j = cli(env, "optimize", "--gpu", gpu_id, "--stencil", fig4["stencil"]["id"],
                "--space", space, "--time", str(fig4["problem"]["time"]), "--fix-tile", ts1)
        view = f"tile-space-map ({label}, tS1 = {ts1})"
        same(view, "minimum T_alg", m.group(1), j["best"]["T_alg"])
        same(view, "tS2", m.group(3), j["best"]["tile"][1])
        same(view, "tT", m.group(4), j["best"]["tt"])
        same(view, "k", m.group(5), j["best"]["k"])

    # 2. The line-ups of GPUs (shipped and derived) against `cdx lineup`: the die area at each
    #    chip's own node whatever the session's (5 nm here), and T_alg at each one's optimum.
    s = copy.deepcopy(fig4)
    s["area"] = dict(s.get("area", {}), node=5)
    ids = ["gtx980", "h100-sxm5", "a100-sxm4", "lab-h100-60"]
    s["lineup"] = [{"gpu": profile(i) if i != "lab-h100-60" else derived_json} for i in ids]
    path = os.path.join(d, "lineup.cdx.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(s, f)
    csvs = export(env, path, ["area-lineup", "talg-lineup"], d)
    space = ",".join(str(v) for v in fig4["problem"]["space"])
    for view, family, headline in [("area-lineup", "area", "total_mm2"),
                                   ("talg-lineup", "talg", "T_alg")]:
        rows = table(csvs[view], view)
        j = cli(env, "lineup", "--gpu", ",".join(ids), "--family", family, "--stencil",
                fig4["stencil"]["id"], "--space", space, "--time", str(fig4["problem"]["time"]))
        if len(rows) != len(j["sides"]):
            failures.append(f"{view}: {len(rows)} sides in the window, {len(j['sides'])} in cdx")
            continue
        for row, side in zip(rows, j["sides"]):
            for name, value in side["quantities"].items():
                if isinstance(value, (int, float)) and row.get(name) not in (None, ""):
                    same(f"{view} side {row['side']} ({row['label']})", name, row[name], value)
        if family == "area":
            same(view, "the GTX 980's node (its own, not the session's 5 nm)",
                 rows[0]["node.nm"], 28)

    # 3. Compare: the session against its baseline, as `cdx compare BASELINE SESSION`.
    cmp = load("compare-fig4-table4-heat2d.cdx.json")
    base = dict(cmp["baseline"])
    base.setdefault("schema", cmp["schema"])
    base.setdefault("version", cmp["version"])
    session = {k: v for k, v in cmp.items() if k != "baseline"}
    bpath, spath = os.path.join(d, "base.cdx.json"), os.path.join(d, "session.cdx.json")
    for p, doc in [(bpath, base), (spath, session)]:
        with open(p, "w", encoding="utf-8") as f:
            json.dump(doc, f)
    rows = table(export(env, os.path.join(sessions, "compare-fig4-table4-heat2d.cdx.json"),
                        ["talg-compare"], d)["talg-compare"], "talg-compare")
    j = cli(env, "compare", bpath, spath, "--family", "talg")
    values = {}
    for family, body in j["families"].items():
        for name, v in body["quantities"].items():
            if isinstance(v, dict):
                values[(family, name)] = v
    shared = 0
    for row in rows:
        v = values.get((row["family"], row["quantity"]))
        if v is None:
            continue
        for column, key in [("baseline", "a"), ("session", "b")]:
            if row[column] not in ("", None) and isinstance(v.get(key), (int, float)):
                same(f"talg-compare {row['quantity']}", column, row[column], v[key])
                shared += 1
    if shared < 20:
        failures.append(f"talg-compare: only {shared} numbers shared with cdx compare")

    # 4. Codesign on a small grid: every design and the best in the budget, as `cdx codesign`.
    c = copy.deepcopy(load("tableC2-codesign.cdx.json"))
    c.pop("baseline", None)
    c["gpu"] = profile("gtx980")  # the shipped GTX 980 (Table C.2's session edits its caches)
    c["codesign"]["grid"] = {"n_sm": [8, 16, 24], "n_v": [128, 256, 512], "m_sm_kb": [48, 96],
                             "bandwidth_gbs": [224, 336]}
    c["codesign"]["area_range_mm2"] = [100, 900]
    c["codesign"]["budget_mm2"] = [300, 500]
    path = os.path.join(d, "codesign.cdx.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(c, f)
    rows = table(export(env, path, ["codesign"], d)["codesign"], "codesign")
    j = cli(env, "codesign", "--workload", c["codesign"]["workload"], "--gpu", "gtx980",
            "--area", "100:900", "--n-sm", "8,16,24", "--n-v", "128,256,512", "--m-sm-kb",
            "48,96", "--bandwidth", "224,336", "--all")
    designs = {(int(x["n_sm"]), int(x["n_v"]), float(x["m_sm_kb"]), float(x["bandwidth_gbs"])): x
               for x in j["designs"]}
    if len(rows) != len(designs):
        failures.append(f"codesign: {len(rows)} designs in the window, {len(designs)} in cdx")
    for row in rows:
        key = (int(row["n_sm"]), int(row["n_v"]), float(row["m_sm_kb"]),
               float(row["bandwidth_gbs"]))
        x = designs.get(key)
        if x is None:
            failures.append(f"codesign: design {key} not in cdx codesign --all")
            continue
        for column, name in [("area_mm2", "area_mm2"), ("weighted_time_s", "weighted_time_s"),
                             ("phy_mm2", "phy_mm2")]:
            same(f"codesign {key}", column, row[column], x[name], rel=1e-8)  # CSV at 10 digits
    best = min((r for r in rows if r["feasible"] == "1" and r["within_limits"] == "1"
                and 300 <= float(r["area_mm2"]) <= 500), key=lambda r: float(r["weighted_time_s"]),
               default=None)
    cli_best = min((x for x in j["designs"] if x["feasible"] and x["within_limits"]
                    and 300 <= x["area_mm2"] <= 500), key=lambda x: x["weighted_time_s"],
                   default=None)
    if (best is None) != (cli_best is None):
        failures.append("codesign: a best in the budget on one side only")
    elif best is not None:
        for axis in ["n_sm", "n_v", "m_sm_kb", "bandwidth_gbs"]:
            same("codesign best in the budget", axis, best[axis], cli_best[axis])

    # 4b. Issue 59: the chip model (clock and stacks as axes, whole dies, a power cap) on the
    #     shipped H100, every design's area, time, clock, stacks and power breakdown.
    c = copy.deepcopy(load("tableC2-codesign.cdx.json"))
    c.pop("baseline", None)
    c["gpu"] = profile("h100-sxm5")
    c["area"]["node"] = 5
    c["area"].pop("coefficients", None)
    c["codesign"]["workload"] = "ppopp17"
    c["codesign"]["grid"] = {"n_sm": [128, 160], "n_v": [128, 256], "m_sm_kb": [228],
                             "clock_mhz": [1400, 2000], "memory_units": [5, 6]}
    c["codesign"]["area_range_mm2"] = [100, 2000]
    c["codesign"]["limits"] = {"reticle": True, "reticle_mm2": 858, "power": True,
                               "power_w": 700}
    c["codesign"]["chip"] = {"on": True, "memory": "hbm3e", "whole_die": True,
                             "objective": "time"}
    path = os.path.join(d, "codesign-chip.cdx.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(c, f)
    rows = table(export(env, path, ["codesign"], d)["codesign"], "codesign")
    j = cli(env, "codesign", "--workload", "ppopp17", "--gpu", "h100-sxm5", "--node", "5",
            "--area", "100:2000", "--n-sm", "128,160", "--n-v", "128,256", "--m-sm-kb", "228",
            "--clock-mhz", "1400,2000", "--memory", "hbm3e:5:6", "--whole-die", "--power-cap",
            "700", "--all")
    designs = {(int(x["n_sm"]), int(x["n_v"]), float(x["clock_mhz"]), int(x["memory"]["stacks"])): x
               for x in j["designs"]}
    if len(rows) != len(designs) or len(rows) != 16:
        failures.append(f"codesign (chip model): {len(rows)} designs in the window, "
                        f"{len(designs)} in cdx, 16 expected")
    for row in rows:
        key = (int(row["n_sm"]), int(row["n_v"]), float(row["clock_mhz"]),
               int(row["memory_units"]))
        x = designs.get(key)
        if x is None:
            failures.append(f"codesign (chip model): design {key} not in cdx codesign --all")
            continue
        for column, value in [("area_mm2", x["area_mm2"]),
                              ("weighted_time_s", x["weighted_time_s"]),
                              ("bandwidth_gbs", x["memory"]["bandwidth_gbs"]),
                              ("power_w", x["power_w"]["total"]),
                              ("static_w", x["power_w"]["static"]),
                              ("dynamic_w", x["power_w"]["dynamic"]),
                              ("memory_w", x["power_w"]["memory"])]:
            # The CSV's power_w has 6 digits (as the papers' estimate always had), the rest 8+.
            same(f"codesign (chip model) {key}", column, row[column], value,
                 rel=1e-5 if column == "power_w" else 1e-7)
        if (row["within_limits"] == "1") != bool(x["within_limits"]):
            failures.append(f"codesign (chip model) {key}: within the limits on one side only")

    # 5. Occupancy: the kernel's blocks, warps and occupancy, and points of the three sweeps, as
    #    `cdx occupancy` gives them, on the FX 5600 of Hong's example (compute capability 1.0)
    #    and on the H100 (9.0: carveouts, the runtime's reserved shared memory).
    for name, gpu_id in [("hong-example-a.cdx.json", None), ("hong-example-a.cdx.json", "h100-sxm5")]:
        o = copy.deepcopy(load(name))
        if gpu_id:
            o["mwp"]["gpu"] = profile(gpu_id)
        gpu_id = o["mwp"]["gpu"]["id"]
        path = os.path.join(d, f"occupancy-{gpu_id}.cdx.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(o, f)
        text = export(env, path, ["occupancy"], d)["occupancy"]
        rows = table(text, "occupancy")
        inputs = re.search(r"# this kernel: threads_per_block (\d+), registers_per_thread (\d+), "
                           r"shared_bytes_per_block (\d+)", text)
        limits = re.search(r"# this kernel: blocks_limit_warps (\d+), blocks_limit_registers "
                           r"(\d+), blocks_limit_shared (\d+), blocks_per_sm (\d+), warps_per_sm "
                           r"(\d+), occupancy ([0-9.e+-]+)", text)
        if not inputs or not limits or len(rows) < 20:
            failures.append(f"occupancy on {gpu_id}: no kernel lines or too few rows ({len(rows)})")
            continue
        kernel = {"threads_per_block": inputs.group(1), "registers_per_thread": inputs.group(2),
                  "shared_bytes_per_block": inputs.group(3)}

        def ask(values):
            return cli(env, "occupancy", "--gpu", gpu_id, "--threads-per-block",
                       values["threads_per_block"], "--registers-per-thread",
                       values["registers_per_thread"], "--shared-bytes",
                       values["shared_bytes_per_block"])

        j = ask(kernel)
        for i, key in enumerate(["blocks_limit_warps", "blocks_limit_registers",
                                 "blocks_limit_shared", "blocks_per_sm", "warps_per_sm",
                                 "occupancy"]):
            same(f"occupancy on {gpu_id}", key, limits.group(i + 1), j[key], rel=1e-9)
        # Every third point of each sweep, the first and last of each included.
        for varied in ["threads_per_block", "registers_per_thread", "shared_bytes_per_block"]:
            sweep = [r for r in rows if r["varied"] == varied]
            for k, r in enumerate(sweep):
                if k % 3 and k != len(sweep) - 1:
                    continue
                j = ask(dict(kernel, **{varied: r["value"]}))
                where = f"occupancy on {gpu_id}, {varied} = {r['value']}"
                same(where, "blocks_per_sm", r["blocks_per_sm"], j["blocks_per_sm"])
                same(where, "occupancy", r["occupancy"], j["occupancy"], rel=1e-9)

for f in failures[:60]:
    print("FAIL:", f)
print(f"one truth: {checked} numbers compared, {len(failures)} differ")
if failures or checked < 200:
    sys.exit(1)
