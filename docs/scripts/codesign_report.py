#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerates the numbers of docs/codesign.md with the cdx command-line tool.

usage: docs/scripts/codesign_report.py [path/to/cdx] [variant flags...]
       (default: build/app/cdx; e.g. --pitch paper for the equations as printed)
"""
import json
import subprocess
import sys

CDX = sys.argv[1] if len(sys.argv) > 1 else "build/app/cdx"
VARIANT = sys.argv[2:]

TABLE_C2 = [  # code, n_SM, n_V, M_SM, printed area, printed GFLOP/s
    ("jacobi2d", 32, 128, 24, 438, 2059),
    ("heat2d", 22, 256, 12, 447, 3017),
    ("gradient2d", 28, 160, 24, 431, 4963),
    ("laplacian2d", 28, 160, 12, 426, 2549),
    ("heat3d", 18, 288, 192, 447, 3600),
    ("laplacian3d", 8, 896, 96, 446, 1427),
]


def cdx(*args):
    out = subprocess.run([CDX, *args, *VARIANT, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def design(workload, stencils, area, grid=()):
    return cdx("codesign", "--workload", workload, "--stencils", stencils, "--area", area, *grid)


print(f"## Table C.2 against the exact search (workload 'thesis', 425-450 mm2, "
      f"variant: {' '.join(VARIANT) or 'defaults'})\n")
print("| code | Table C.2 design | its area | its weighted T [s] | exact optimum | area | "
      "weighted T [s] | exact / C.2 time | Pareto designs |")
print("|---|---|---|---|---|---|---|---|---|")
for code, nsm, nv, m, area, _ in TABLE_C2:
    exact = design("thesis", code, "425:450")
    thesis = design("thesis", code, "0:100000",
                    ("--n-sm", str(nsm), "--n-v", str(nv), "--m-sm-kb", str(m)))
    b = exact["best"]
    t = thesis["best"]
    print(f"| {code} | {nsm} x {nv}, {m} KB | {t['area_mm2']:.4f} (printed {area}) | "
          f"{t['weighted_time_s']:.4f} | {b['n_sm']} x {b['n_v']}, {b['m_sm_kb']:g} KB | "
          f"{b['area_mm2']:.4f} | {b['weighted_time_s']:.4f} | "
          f"{b['weighted_time_s'] / t['weighted_time_s']:.3f} | {len(exact['pareto'])} |")

print("\n## Classes at the reference GPUs' areas (workload 'thesis', uniform)\n")
print("| class | budget [mm2] | best design | area | speed-up vs GTX 980 config | "
      "vs Titan X config |")
print("|---|---|---|---|---|---|")
classes = {"2D": "jacobi2d,heat2d,laplacian2d,gradient2d", "3D": "heat3d,laplacian3d"}
for name, stencils in classes.items():
    gtx = design("thesis", stencils, "0:100000", ("--n-sm", "16", "--n-v", "128", "--m-sm-kb", "96"))
    titan = design("thesis", stencils, "0:100000", ("--n-sm", "24", "--n-v", "128", "--m-sm-kb", "96"))
    t_gtx = gtx["best"]["weighted_time_s"]
    t_titan = titan["best"]["weighted_time_s"]
    for label, budget in (("GTX 980 (398)", 398), ("Titan X (601)", 601),
                          ("cache-less GTX 980 (237.49)", 237.4891),
                          ("cache-less Titan X (356.23)", 356.2336)):
        r = design("thesis", stencils, f"0:{budget}")
        b = r["best"]
        print(f"| {name} | {label} | {b['n_sm']} x {b['n_v']}, {b['m_sm_kb']:g} KB | "
              f"{b['area_mm2']:.2f} | {t_gtx / b['weighted_time_s']:.3f} | "
              f"{t_titan / b['weighted_time_s']:.3f} |")
