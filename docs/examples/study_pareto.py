#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A design study in a notebook (issue 60): an H100 successor by node, memory and power cap,
run with cx.study and drawn as one Pareto front of area against weighted time per node.

Cells are marked "# %%" (Jupyter, VS Code and Spyder run them one by one); as a script:

    PYTHONPATH=build/python python3 docs/examples/study_pareto.py pareto.png [tcp://HOST:PORT]

With a scheduler address, the points run on that Dask cluster (its workers import
codesign_explorer); without, on this machine's cores. The study is the shipped
resources/studies/h100-successor.study.json (16 codesign searches, a few seconds).
"""

# %% The study: a file, or the same as a dict
import os
import sys

import codesign_explorer as cx
import matplotlib

matplotlib.use("Agg")  # files only: no display needed
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STUDY = os.path.join(HERE, "..", "..", "resources", "studies", "h100-successor.study.json")
if not os.path.exists(STUDY):  # installed: the package's copy
    STUDY = "/usr/share/codesign-explorer/studies/h100-successor.study.json"

out = sys.argv[1] if len(sys.argv) > 1 else "pareto.png"
address = sys.argv[2] if len(sys.argv) > 2 else None

# %% Run it: here, or on a Dask cluster
client = None
if address:
    from distributed import Client
    client = Client(address)
frame = cx.study(STUDY, client=client)
print(f"{frame['point'].nunique()} points, {len(frame)} rows")

# %% One Pareto front per node: the designs no other design of that node beats in both
# area and weighted time, whatever the memory and the power cap
fronts = {}
for node, rows in frame[frame["status"] == "ok"].groupby("node"):
    rows = rows.sort_values(["area_mm2", "weighted_time_s"])
    best = float("inf")
    keep = []
    for _, r in rows.iterrows():
        if r["weighted_time_s"] < best:
            keep.append(r)
            best = r["weighted_time_s"]
    fronts[node] = keep

# %% The figure
fig, ax = plt.subplots(figsize=(8, 5))
for node in sorted(fronts, reverse=True):
    rows = fronts[node]
    xs = [r["area_mm2"] for r in rows]
    ys = [r["weighted_time_s"] for r in rows]
    ax.step(xs, ys, where="post", marker="o", label=f"{node} nm")
    fastest = rows[-1]
    print(f"{node} nm: {len(rows)} designs on the front; fastest {fastest['weighted_time_s']:.4g} s "
          f"at {fastest['area_mm2']:.0f} mm2 ({int(fastest['n_sm'])} SMs, "
          f"{fastest['clock_mhz']:.0f} MHz, {int(fastest['memory_units'])} stacks of "
          f"{fastest['memory_tech']})")
ax.set_xlabel("area [mm²] at the node (the codesign's: SM array and memory PHY)")
ax.set_ylabel("weighted time of the workload [s]")
ax.set_title("An H100 successor: the Pareto front per node")
ax.legend(title="node")
ax.grid(True, alpha=0.3)
fig.tight_layout()
fig.savefig(out, dpi=120)
print(f"wrote {out}")
