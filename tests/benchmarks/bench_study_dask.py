# SPDX-License-Identifier: GPL-3.0-or-later
"""Benchmark (issue 60): the same studies on this machine (cx.study, 1 and 2 jobs) and on a
dask.distributed LocalCluster of two worker processes started here; the Dask path's overhead
per point is the difference per point against two local jobs. PYTHONPATH: the built module."""

import time

import codesign_explorer as cx
from distributed import Client, LocalCluster

HEAD = {"format": "codesign-explorer-study", "version": 1}

STUDIES = {
    "energy, 2,000 points": dict(HEAD, name="energy", question="energy", fixed={
        "stencil": "jacobi2d", "coefficients": "k20c-b", "space": [4096, 4096],
        "tile": "32,64", "tt": 8, "t_alg": 0.3}, axes=[{"name": "time", "range": [2, 4000, 2]}]),
    "optimize, 32 points": dict(HEAD, name="optimize", question="optimize", fixed={
        "stencil": "heat2d", "time": 1024}, axes=[
            {"name": "gpu", "values": ["gtx980", "titanx", "v100-sxm2", "p100-sxm2"]},
            {"name": "space", "values": [[2048, 2048], [4096, 4096], [8192, 8192],
                                         [16384, 16384]]},
            {"name": "k", "values": ["max", "optimize"]}]),
}


def timed(f):
    start = time.perf_counter()
    frame = f()
    return time.perf_counter() - start, frame


if __name__ == "__main__":
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        print("Study benchmark on Dask: a LocalCluster of 2 worker processes\n")
        print("%-22s %10s %10s %10s %14s" % ("study", "1 job [s]", "2 jobs [s]", "Dask [s]",
                                             "Dask - 2 jobs"))
        for name, spec in STUDIES.items():
            points = 1
            for axis in spec["axes"]:
                points *= (len(axis["values"]) if "values" in axis else
                           int((axis["range"][1] - axis["range"][0]) / axis["range"][2]) + 1)
            one, a = timed(lambda: cx.study(spec, jobs=1))
            two, b = timed(lambda: cx.study(spec, jobs=2))
            dask, c = timed(lambda: cx.study(spec, client=client))
            assert a.equals(b) and a.equals(c), name
            print("%-22s %10.2f %10.2f %10.2f %11.2f ms/point" % (
                name, one, two, dask, 1000 * (dask - two) / points))
