#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""StencilBench's PPCG hybrid-tiling searches on a P100 and a V100 as a Codesign Explorer run list.

Source: khaki3/StencilBench (MIT licence, "Copyright (c) 2019 Anonymous"), branch const, commit
3ecf4d75552e49ca0d9b637abbeb7ce1d3eae7cd, hybrid-params/hybrid-parameter-search-log/{p100,v100}/
<kernel>.log: one line per configuration, "bT_bS1_bS2_nthr1_nthr2 GFLOPS GFLOPS", from the
AN5D paper's (Matsumura et al., CGO 2020) search of PPCG --hybrid tile sizes and block shapes,
built with --max-shared-memory=49152. The kernels fix N = 16384 and T = 1000 (j2d5pt.c ...);
common.h counts T N^2 FPP floating-point operations, so time = T N^2 FPP / (GFLOPS 1e9).
PPCG's hybrid tile sizes: the first is half the hexagon's height in time steps (tT = 2 bT), the
second the hexagon's base along S1 (tS1 = bS1), the third the classical tile along S2 (tS2 = bS2);
the block is nthr1 x nthr2 threads (threads = their product).

Kernels: j2d5pt (the 5-point Jacobi, our laplacian2d, FPP 10), j2d9pt-gol (the 9-point
neighbourhood, named heat2d in the log's first version, FPP 18), gradient2d (FPP 19).

Usage: stencilbench_to_runs.py STENCILBENCH_DIR OUT.csv [--all]
  Without --all, the shipped subset: every tiling with PPCG's default block (one thread per
  point of tS2) and every block shape of the 20 fastest tilings of each GPU and kernel.
"""
import collections
import os
import re
import sys

KERNELS = {"j2d5pt": ("laplacian2d", 10), "j2d9pt-gol": ("heat2d", 18),
           "gradient2d": ("gradient2d", 19)}
GPUS = {"p100": "p100-sxm2", "v100": "v100-sxm2"}
N, T = 16384, 1000


def main():
    src, out = sys.argv[1], sys.argv[2]
    everything = "--all" in sys.argv[3:]
    rows = []
    for g, gid in GPUS.items():
        for k, (sid, fpp) in KERNELS.items():
            path = os.path.join(src, "hybrid-params/hybrid-parameter-search-log", g, k + ".log")
            runs = []
            for line in open(path, encoding="utf-8"):
                m = re.match(r"((\d+)_(\d+)_(\d+)_(\d+)_(\d+)) ([\d.]+) GFLOPS$", line.strip())
                if not m:
                    continue  # a configuration without a result (failed)
                bt, bs1, bs2, n1, n2 = map(int, m.groups()[1:6])
                seconds = T * N * N * fpp / (float(m.group(7)) * 1e9)
                runs.append((gid, sid, bs1, bs2, 2 * bt, n1, n2, seconds, m.group(1), m.group(7), g, k))
            if not everything:
                tiles = collections.defaultdict(list)
                for r in runs:
                    tiles[(r[2], r[3], r[4])].append(r)
                fastest = sorted(tiles, key=lambda t: min(x[7] for x in tiles[t]))[:20]
                runs = [r for r in runs if (r[5] == 1 and r[6] == r[3]) or (r[2], r[3], r[4]) in fastest]
            rows += runs
    with open(out, "w", encoding="utf-8") as f:
        f.write("gpu,stencil,s1,s2,t,ts1,ts2,tt,threads,time_s,source\n")
        for (gid, sid, ts1, ts2, tt, n1, n2, seconds, cfg, gflops, g, k) in rows:
            f.write(f"{gid},{sid},{N},{N},{T},{ts1},{ts2},{tt},{n1 * n2},{seconds:.6g},"
                    f"StencilBench@3ecf4d7 {g}/{k}.log {cfg} {gflops} GFLOPS (block {n1}x{n2})\n")
    print(f"{len(rows)} runs written to {out}")


if __name__ == "__main__":
    main()
