# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module against `cdx --json` on the same inputs (issue 18).

Run by CTest with PYTHONPATH at the built module and CDX at the built cdx. Every function
must return exactly the JSON that cdx prints, and raise ValueError with the message cdx
prints after "cdx: ".
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import codesign_explorer as cx

CDX = os.environ["CDX"]
RUNS = os.path.join(os.environ["CDX_SOURCE_DIR"], "resources", "runs")


def cdx(*args):
    done = subprocess.run([CDX, *args, "--json"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"cdx {' '.join(args)} failed: {done.stderr}")
    return json.loads(done.stdout)


# Wall-clock measurements a command reports (they differ between any two runs).
TIMINGS = {"seconds"}


def without(value, keys):
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def cdx_error(*args):
    done = subprocess.run([CDX, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 2, done
    line = done.stderr.strip()
    assert line.startswith("cdx: "), line
    return line[len("cdx: "):]


# (function, its keyword arguments, the same call on the command line)
CASES = [
    ("talg",
     dict(gpu="gtx980", stencil="heat2d", space=[8192, 8192], time=8192, tile=[8, 256], tt=8,
          pitch="paper"),
     ["talg", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "8192,8192", "--time",
      "8192", "--tile", "8,256", "--tt", "8", "--pitch", "paper"]),
    ("talg",
     dict(gpu="gtx980", stencil="heat2d", space=(4096, 4096), time=512, tile=[16, 64], tt=4,
          set={"n_sm": 24, "c_iter_s": 4e-08}),
     ["talg", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "4096,4096", "--time",
      "512", "--tile", "16,64", "--tt", "4", "--set", "n_sm=24", "--set", "c_iter_s=4e-08"]),
    ("optimize",
     dict(gpu="gtx980", stencil="heat2d", space=[8192, 8192], time=8192, within=0.05,
          max_within=50),
     ["optimize", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "8192,8192", "--time",
      "8192", "--within", "0.05", "--max-within", "50"]),
    ("area", dict(gpu="gtx980"), ["area", "--gpu", "gtx980"]),
    ("area", dict(n_sm=16, n_v=128, m_sm_kb=96, cache_less=True),
     ["area", "--n-sm", "16", "--n-v", "128", "--m-sm-kb", "96", "--cache-less"]),
    ("codesign", dict(workload="thesis", area="425:450", n_sm=[8, 16], n_v=[128, 256], top=3),
     ["codesign", "--workload", "thesis", "--area", "425:450", "--n-sm", "8,16", "--n-v",
      "128,256", "--top", "3"]),
    # Issue 59: the chip power, the whole die and the codesign's chip model.
    ("chip_power", dict(gpu="h100-sxm5", clock_mhz=1500), ["chip-power", "--gpu", "h100-sxm5",
                                                           "--clock-mhz", "1500"]),
    ("chip_power", dict(checks=True), ["chip-power", "--checks"]),
    ("area", dict(gpu="rtx4090", whole_die=True), ["area", "--gpu", "rtx4090", "--whole-die"]),
    ("codesign",
     dict(gpu="h100-sxm5", stencils="heat2d", node="N3", whole_die=True, n_sm=[128, 160],
          n_v=[128], m_sm_kb=[228], clock_mhz="1400:2000:600", memory="hbm3e:5:6",
          power_cap=700, top=2),
     ["codesign", "--gpu", "h100-sxm5", "--stencils", "heat2d", "--node", "N3", "--whole-die",
      "--n-sm", "128,160", "--n-v", "128", "--m-sm-kb", "228", "--clock-mhz", "1400:2000:600",
      "--memory", "hbm3e:5:6", "--power-cap", "700", "--top", "2"]),
    ("mwp", dict(gpu="fx5600", kernel="example-a"), ["mwp", "--gpu", "fx5600", "--kernel",
                                                     "example-a"]),
    ("power", dict(gpu="gtx280", kernel="example-i"), ["power", "--gpu", "gtx280", "--kernel",
                                                       "example-i"]),
    ("energy",
     dict(stencil="jacobi2d", coefficients="k20c-a", space=[4096, 4096], time=1024,
          tile=[16, 64], tt=8, t_alg=0.5),
     ["energy", "--stencil", "jacobi2d", "--coefficients", "k20c-a", "--space", "4096,4096",
      "--time", "1024", "--tile", "16,64", "--tt", "8", "--t-alg", "0.5"]),
    ("eatss", dict(program="gemm", gpu="a100"), ["eatss", "--program", "gemm", "--gpu", "a100"]),
    ("chain", dict(dims=[10, 20, 30, 40, 30], memory_words=65536),
     ["chain", "--dims", "10,20,30,40,30", "--memory-words", "65536"]),
    ("profiles", {}, ["profiles"]),
]


class ModuleEqualsCdx(unittest.TestCase):
    def test_every_case_equals_cdx(self):
        checked = 0
        for name, kwargs, argv in CASES:
            with self.subTest(name=name, kwargs=kwargs):
                got = getattr(cx, name)(**kwargs)
                self.assertIsInstance(got, dict)
                self.assertEqual(without(got, TIMINGS), without(cdx(*argv), TIMINGS))
                checked += 1
        self.assertEqual(checked, len(CASES))

    def test_every_command_has_a_function(self):
        help_text = subprocess.run([CDX, "--help"], capture_output=True, text=True).stdout
        commands = []
        inside = False
        for line in help_text.splitlines():
            if line == "commands:":
                inside = True
            elif inside and not line.strip():
                break
            elif inside:
                commands.append(line.split()[0])
        self.assertGreaterEqual(len(commands), 12)
        for c in commands:
            names = ([f"runs_{a}" for a in ("import", "list", "stats", "calibrate")]
                     if c == "runs" else [c.replace("-", "_")])
            for n in names:
                self.assertTrue(callable(getattr(cx, n, None)), n)

    def test_compare_equals_cdx(self):
        sessions = os.path.join(os.environ["CDX_SOURCE_DIR"], "resources", "sessions")
        a = os.path.join(sessions, "fig4-heat2d-gtx980.cdx.json")
        b = os.path.join(sessions, "table4-optimum-heat2d-gtx980.cdx.json")
        got = cx.compare(a, b, family="talg")
        self.assertEqual(got, cdx("compare", a, b, "--family", "talg"))
        t_alg = got["families"]["talg"]["quantities"]["T_alg"]
        self.assertEqual(t_alg["delta"], t_alg["b"] - t_alg["a"])
        self.assertEqual(set(t_alg), {"a", "b", "delta", "delta_pct"})

    def test_occupancy_equals_cdx(self):
        got = cx.occupancy(cc="8.0", threads_per_block=256, registers_per_thread=32,
                           shared_bytes=0)
        self.assertEqual(got, cdx("occupancy", "--cc", "8.0", "--threads-per-block", "256",
                                  "--registers-per-thread", "32", "--shared-bytes", "0"))
        self.assertEqual(got["occupancy"], 1.0)
        self.assertEqual(got["blocks_per_sm"], 8)
        # Issue 30: a GPU profile's compute capability (the A100's 8.0).
        a100 = cx.occupancy(gpu="a100-sxm4", threads_per_block=256, registers_per_thread=32,
                            shared_bytes=0)
        self.assertEqual(a100["compute_capability"], "8.0")
        self.assertEqual(a100["gpu"], "a100-sxm4")
        self.assertEqual(a100["blocks_per_sm"], got["blocks_per_sm"])

    def test_glossary_equals_cdx(self):
        got = cx.glossary("T_unit")
        self.assertEqual(got, cdx("glossary", "T_unit"))
        self.assertEqual(got["entries"][0]["unit"], "s")
        self.assertIn("T_alg", got["entries"][0]["see_also"])

    def test_runs_import_and_stats(self):
        csv = os.path.join(RUNS, "synthetic-heat2d-gtx980.csv")
        with tempfile.TemporaryDirectory() as tmp:
            a, b = os.path.join(tmp, "a.sqlite"), os.path.join(tmp, "b.sqlite")
            # The same file into two databases: everything but the database's path agrees.
            imported = cx.runs_import(csv, db=a)
            self.assertEqual(without(imported, {"db"}),
                             without(cdx("runs", "import", "--db", b, csv), {"db"}))
            self.assertGreater(imported["inserted"], 0)
            # The import time is the clock's: two imports may straddle a second.
            listed = cx.runs_list(db=a)
            self.assertRegex(listed["runs"][0]["imported_at"],
                             r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
            self.assertEqual(without(listed, {"db", "imported_at"}),
                             without(cdx("runs", "list", "--db", b), {"db", "imported_at"}))
            stats = cx.runs_stats(db=a, within=0.3)
            self.assertEqual(without(stats, {"db"}),
                             without(cdx("runs", "stats", "--db", b, "--within", "0.3"), {"db"}))

    def test_todays_silicon_from_python(self):
        # Issue 57 from Python: the block's threads and the extensions reach the model, the
        # proposal and the ranking report are cdx's.
        args = dict(gpu="v100-sxm2", stencil="laplacian2d", space="16384,16384", time=1000,
                    tile="6,256", tt=16, smem="ppcg", hiding="occupancy", bw="shared")
        r = cx.talg(threads_per_block=128, **args)
        self.assertEqual(r["tiles"]["threads_per_block"], 128)
        self.assertEqual(r, cdx("talg", "--gpu", "v100-sxm2", "--stencil", "laplacian2d",
                                "--space", "16384,16384", "--time", "1000", "--tile", "6,256",
                                "--tt", "16", "--smem", "ppcg", "--hiding", "occupancy",
                                "--bw", "shared", "--threads-per-block", "128"))
        self.assertGreater(cx.talg(threads_per_block=32, **args)["T_alg"], r["T_alg"])
        p = cx.propose(gpu="gtx980", stencil="heat2d", space="8192,8192", time=8192, count=4)
        self.assertEqual(len(p["tilings"]), 4)
        csv = os.path.join(RUNS, "stencilbench-p100-v100.csv")
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "sb.sqlite")
            cx.runs_import(csv, db=db)
            stats = cx.runs_stats(db=db, gpu="v100-sxm2")
            self.assertEqual(len(stats["ranking"]), 3)  # three stencils, one problem each
            for rank in stats["ranking"]:
                self.assertGreater(rank["n"], 400)
                self.assertGreaterEqual(rank["choice_regret"], 0)

    def test_lineup_equals_cdx(self):
        # Issue 46: the line-up of GPUs, each at its own optimum, and of sessions.
        got = cx.lineup(gpu=["gtx980", "a100-sxm4", "h100-sxm5"], stencil="heat2d",
                        space=[8192, 8192], time=8192)
        self.assertEqual(got, cdx("lineup", "--gpu", "gtx980,a100-sxm4,h100-sxm5", "--stencil",
                                  "heat2d", "--space", "8192,8192", "--time", "8192"))
        self.assertEqual([s["label"] for s in got["sides"]],
                         ["NVIDIA GeForce GTX 980", "NVIDIA A100 SXM4 80 GB",
                          "NVIDIA H100 SXM5 80 GB"])
        best = cx.optimize(gpu="a100-sxm4", stencil="heat2d", space=[8192, 8192],
                           time=8192)["best"]
        self.assertEqual(got["sides"][1]["headline"], best["T_alg"])
        sessions = [os.path.join(os.environ["CDX_SOURCE_DIR"], "resources", "sessions", name)
                    for name in ["fig4-heat2d-gtx980.cdx.json",
                                 "table4-optimum-heat2d-gtx980.cdx.json"]]
        self.assertEqual(cx.lineup(*sessions, family="area"),
                         cdx("lineup", *sessions, "--family", "area"))

    def test_bad_input_raises_the_same_message(self):
        bad = [
            ("talg", dict(gpu="gtx9999", stencil="heat2d", space=[64, 64], time=8, tile=[8, 32],
                          tt=8),
             ["talg", "--gpu", "gtx9999", "--stencil", "heat2d", "--space", "64,64", "--time",
              "8", "--tile", "8,32", "--tt", "8"]),
            ("talg", dict(gpu="gtx980", stencil="heat2d", space=[64, 64], time=8, tile=[8, 32],
                          tt=7),
             ["talg", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "64,64", "--time",
              "8", "--tile", "8,32", "--tt", "7"]),
            ("optimize", dict(gpu="gtx980", stencil="heat2d", space=[64, 64], time=8,
                              within=-1),
             ["optimize", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "64,64",
              "--time", "8", "--within", "-1"]),
            ("area", dict(n_sm=0, n_v=128, m_sm_kb=96),
             ["area", "--n-sm", "0", "--n-v", "128", "--m-sm-kb", "96"]),
            ("mwp", dict(gpu="fx5600", kernel="example-a", set={"blocks": 0}),
             ["mwp", "--gpu", "fx5600", "--kernel", "example-a", "--set", "blocks=0"]),
            ("chain", dict(dims=[10], memory_words=100),
             ["chain", "--dims", "10", "--memory-words", "100"]),
            ("runs_import", dict(db=os.path.join(tempfile.gettempdir(), "cdx-py-invalid.sqlite")),
             None),
            ("talg", dict(gpu="gtx980", bogus_flag=3),
             ["talg", "--gpu", "gtx980", "--bogus-flag", "3"]),
        ]
        invalid = os.path.join(os.environ["CDX_SOURCE_DIR"], "tests", "docs",
                               "one-invalid-row.csv")
        for name, kwargs, argv in bad:
            with self.subTest(name=name, kwargs=kwargs):
                with self.assertRaises(ValueError) as caught:
                    if argv is None:  # a refusal cdx reports after its JSON (exit 2)
                        getattr(cx, name)(invalid, **kwargs)
                    else:
                        getattr(cx, name)(**kwargs)
                if argv is None:
                    argv = ["runs", "import", "--db", kwargs["db"], invalid]
                self.assertEqual(str(caught.exception), cdx_error(*argv))

    def test_version_and_help(self):
        version = subprocess.run([CDX, "--version"], capture_output=True, text=True).stdout
        self.assertEqual(version.splitlines()[0], f"cdx (Codesign Explorer) {cx.__version__}")
        self.assertEqual(cx.__license__, "GPL-3.0-or-later")
        self.assertIn(f"License {cx.__license__}", version)
        self.assertIn("--tile", cx.talg.__doc__)


class ProfileLookup(unittest.TestCase):
    """The module reads the profiles of where it is, never those of the interpreter's prefix
    (issue 26): an installed share/codesign-explorer beside the interpreter (what the Debian
    package leaves in /usr) is not read by the build tree's module."""

    SOURCE_PROFILES = os.path.join(os.path.realpath(os.environ["CDX_SOURCE_DIR"]), "profiles")

    def paths(self, profiles):
        # Every kind's list; "user_folders" names where the user's own would be read.
        return [p["path"] for key, kind in profiles.items() if key != "user_folders"
                for p in kind if p["origin"] == "shipped"]

    def test_build_tree_module_reads_the_source_profiles(self):
        paths = self.paths(cx.profiles())
        self.assertGreater(len(paths), 10)
        for p in paths:
            self.assertTrue(os.path.realpath(p).startswith(self.SOURCE_PROFILES), p)

    def test_an_installed_copy_beside_the_interpreter_is_not_read(self):
        with tempfile.TemporaryDirectory() as decoy:
            # A prefix with the interpreter in bin/ and a share/codesign-explorer whose GTX 980
            # has 99 SMs: what a module that trusts the interpreter's location would read.
            os.makedirs(os.path.join(decoy, "bin"))
            python = os.path.join(decoy, "bin", "python3")
            shutil.copy2(os.path.realpath(sys.executable), python)
            gpus = os.path.join(decoy, "share", "codesign-explorer", "profiles", "gpus")
            os.makedirs(gpus)
            with open(os.path.join(self.SOURCE_PROFILES, "gpus", "gtx980.json")) as f:
                gpu = json.load(f)
            gpu["facts"]["n_sm"]["value"] = 99
            with open(os.path.join(gpus, "gtx980.json"), "w") as f:
                json.dump(gpu, f)
            env = {k: v for k, v in os.environ.items() if k != "CDX_PROFILES_DIR"}
            env["PYTHONHOME"] = sys.base_prefix  # the copied interpreter's own library
            script = ("import codesign_explorer as cx, json, sys; "
                      "print(json.dumps([sys.executable, cx.profiles(), "
                      "cx.talg(gpu='gtx980', stencil='heat2d', space=[8192, 8192], time=8192, "
                      "tile=[8, 256], tt=8, pitch='paper')['T_alg']]))")
            done = subprocess.run([python, "-c", script], capture_output=True, text=True,
                                  env=env, check=False)
            self.assertEqual(done.returncode, 0, done.stderr)
            executable, profiles, t_alg = json.loads(done.stdout)
            self.assertTrue(os.path.realpath(executable).startswith(os.path.realpath(decoy)))
            for p in self.paths(profiles):
                self.assertTrue(os.path.realpath(p).startswith(self.SOURCE_PROFILES), p)
            self.assertAlmostEqual(t_alg, 9.654275, places=6)  # spec Example A, 16 SMs

    def test_cdx_profiles_dir_still_comes_first(self):
        with tempfile.TemporaryDirectory() as mine:
            shutil.copytree(os.path.join(self.SOURCE_PROFILES, "gpus"),
                            os.path.join(mine, "gpus"))
            env = dict(os.environ, CDX_PROFILES_DIR=mine)
            done = subprocess.run(
                [sys.executable, "-c",
                 "import codesign_explorer as cx, json; print(json.dumps(cx.profiles()))"],
                capture_output=True, text=True, env=env, check=False)
            self.assertEqual(done.returncode, 0, done.stderr)
            # The shipped ones (a GPU of the test user's own, derived by another test, is listed
            # after them from the user's folder).
            gpus = [g for g in json.loads(done.stdout)["gpus"] if g.get("origin") != "yours"]
            self.assertGreater(len(gpus), 1)
            for p in gpus:
                self.assertTrue(os.path.realpath(p["path"]).startswith(os.path.realpath(mine)))


if __name__ == "__main__":
    unittest.main()
