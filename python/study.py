# SPDX-License-Identifier: GPL-3.0-or-later
# The Python half of codesign_explorer (issue 60): studies as pandas DataFrames, on this
# machine or on a Dask cluster, and the table commands' DataFrame form (frame=True). module.cpp
# runs this text in the module's namespace when it is imported, so these functions belong to
# the module (codesign_explorer._rows_of pickles by reference and runs on Dask workers that
# import the module). The _study_* functions it calls are the C++ ones of module.cpp.


def _rows_of(indices, spec):
    """The rows of some points of a resolved study: one JSON line per point (a worker's task)."""
    return _study_rows(spec, list(indices))


def _chunks(todo, workers):
    # Small enough to spread the points over the workers and to lose little with a worker,
    # large enough that the scheduler's cost per task stays small.
    size = max(1, min(64, len(todo) // max(1, 8 * workers)))
    return [todo[i:i + size] for i in range(0, len(todo), size)]


def _workers_of(client):
    try:
        return max(1, len(client.scheduler_info().get("workers", {})))
    except Exception:  # an old or unusual client: one chunk per point is still right
        return 1


def _resolve(spec):
    import json
    import os
    if isinstance(spec, dict):
        return _study_resolve(json.dumps(spec), os.getcwd())
    if isinstance(spec, (str, os.PathLike)):
        return _study_resolve_file(os.fspath(spec))
    raise TypeError("spec: a study as a dict or the path of a study file, not %s"
                    % type(spec).__name__)


def _read_results(path):
    import pathlib
    import sqlite3
    import pandas
    # A URI of the absolute path ("#", "%" and spaces quoted), opened read-only.
    con = sqlite3.connect(pathlib.Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return pandas.read_sql_query("SELECT * FROM results ORDER BY point, answer", con)
    finally:
        con.close()


def study(spec, client=None, out=None, jobs=None):
    """Runs a design study and returns its results as a pandas DataFrame.

    spec: the study as a dict or the path of a study file (docs/formats.md, "Study files").
    client: a dask.distributed.Client; the points then run on its cluster (each worker must
    import codesign_explorer). Without one, the points run on this machine, jobs at a time
    (default: one per core), as `cdx study run` runs them.
    out: a results file (SQLite) to write and to continue: a study stopped half-way goes on
    with the points not yet there. Without one, a temporary file is used and removed.

    One row per point and answer, in point order: the axes, status, reason, the answer's
    columns, the variant, the GPU description's hash and the tool version (as
    `cdx study show --csv`). Every point is checked before any runs; a bad value raises
    ValueError naming its axis.
    """
    import os
    import shutil
    import tempfile
    canonical = _resolve(spec)
    tmpdir = tempfile.mkdtemp(prefix="cdx-study-")
    try:
        if out is None:
            out = os.path.join(tmpdir, "results.sqlite")
        out = os.fspath(out)
        if client is None:
            spec_file = os.path.join(tmpdir, "study.json")
            with open(spec_file, "w") as f:
                f.write(canonical)
            study_run(spec_file, out=out, jobs=jobs)
        else:
            from distributed import as_completed
            todo = _study_todo(canonical, out)  # checks every point, opens or creates out
            if todo:
                futures = client.map(_rows_of, _chunks(todo, _workers_of(client)),
                                     spec=canonical, pure=False)
                for future in as_completed(futures):
                    _study_store(canonical, out, future.result())
        return _read_results(out)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def _dask_stream(address, spec_path, todo_path):
    """cdx study run --dask: the points of todo_path on the cluster at address, each point's
    rows written to stdout as one JSON line as soon as it is answered. Returns the exit code."""
    import signal
    import sys
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # cdx stops this process itself
    try:
        from distributed import Client, as_completed
    except ImportError as e:
        sys.stderr.write("cdx: --dask: the Python package distributed is missing "
                         "(Debian: python3-distributed): %s\n" % e)
        return 3
    with open(spec_path) as f:
        spec = f.read()
    with open(todo_path) as f:
        todo = [int(x) for x in f.read().split()]
    try:
        client = Client(address, timeout="10s")
    except Exception as e:  # OSError, TimeoutError: nothing listens there
        sys.stderr.write("cdx: --dask = %s: no Dask scheduler answered: %s\n" % (address, e))
        return 2
    with client:
        futures = client.map(_rows_of, _chunks(todo, _workers_of(client)), spec=spec,
                             pure=False)
        for future in as_completed(futures):
            for line in future.result():
                sys.stdout.write(line + "\n")
            sys.stdout.flush()
    return 0


# The table of each command whose answer is a table, for frame=True.
_FRAME_TABLES = {
    "optimize": "within",
    "codesign": "designs",  # with all=True every design of the grid, else the Pareto front
    "lineup": "sides",
    "runs_list": "runs",
    "reproduce": "entries",
    "energy_optimize": "within",
    "study_show": "rows",
}


def _frame(name, result):
    import pandas
    key = _FRAME_TABLES.get(name)
    if key is None:
        raise ValueError("frame=True: %s answers one value, not a table; frame=True is for %s"
                         % (name, ", ".join(sorted(_FRAME_TABLES))))
    if name == "codesign" and key not in result:
        key = "pareto"
    rows = result.get(key)
    if not isinstance(rows, list):
        raise ValueError("frame=True: %s's answer has no list '%s'" % (name, key))
    if name == "codesign":  # a design's per-problem optima are a table of their own
        rows = [{k: v for k, v in r.items() if k != "optima"} for r in rows]
    frame = pandas.json_normalize(rows) if rows else pandas.DataFrame()
    frame.attrs["command"] = name
    return frame
