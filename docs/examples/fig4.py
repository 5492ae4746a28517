#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Redraws PPoPP'17 Fig. 4 with the codesign_explorer module and matplotlib.

T_alg of Heat 2D, 8192 x 8192 points x 8192 time steps, on the GTX 980 (C_iter from the
paper's Table 4, geometric pitch), over the time tile tT and the innermost tile tS2 at
tS1 = 8. Infeasible tilings (shared memory per block) are left blank. The slice's minimum is
marked: tS2 = 192, tT = 18, T_alg = 9.9885 s (spec 2.6).

    PYTHONPATH=build/python python3 docs/examples/fig4.py fig4.png

(from the build tree; with the Debian package installed, plain `python3 docs/examples/fig4.py`).
"""

import math
import sys

import codesign_explorer as cx
import matplotlib

matplotlib.use("Agg")  # files only: no display needed
import matplotlib.pyplot as plt  # noqa: E402

PROBLEM = dict(gpu="gtx980", stencil="heat2d", space=[8192, 8192], time=8192)
TS1 = 8
TT = list(range(2, 61, 2))
TS2 = list(range(32, 673, 32))


def main(out):
    grid = []
    for ts2 in TS2:
        row = []
        for tt in TT:
            r = cx.talg(**PROBLEM, tile=[TS1, ts2], tt=tt)
            row.append(r["T_alg"] if r["feasible"] else math.nan)
        grid.append(row)
    best = min((grid[i][j], TS2[i], TT[j]) for i in range(len(TS2)) for j in range(len(TT))
               if not math.isnan(grid[i][j]))

    fig, ax = plt.subplots(figsize=(8, 5.5), layout="constrained")
    finite = [v for row in grid for v in row if not math.isnan(v)]
    mesh = ax.pcolormesh(TT, TS2, grid, cmap="viridis", shading="nearest",
                         vmin=min(finite), vmax=1.3 * min(finite))
    fig.colorbar(mesh, ax=ax, label="T_alg [s] (saturated above 1.3 x the minimum)")
    ax.plot(best[2], best[1], "o", color="#D55E00", markeredgecolor="white", markersize=9,
            label=f"minimum {best[0]:.4f} s (tS2 = {best[1]}, tT = {best[2]})")
    ax.set_xlabel("tT [time steps]")
    ax.set_ylabel("tS2 [points]")
    ax.set_title(f"PPoPP'17 Fig. 4: T_alg of Heat 2D on the GTX 980 at tS1 = {TS1}\n"
                 "8192 x 8192 x 8192, geometric pitch; blank: infeasible")
    ax.legend(loc="upper right")
    fig.savefig(out, dpi=120)
    print(f"{out}: minimum T_alg = {best[0]:.4f} s at tS2 = {best[1]}, tT = {best[2]}")
    return best


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fig4.png")
