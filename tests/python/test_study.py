# SPDX-License-Identifier: GPL-3.0-or-later
"""Studies in Python and on Dask (issue 60).

One small study run four ways must give the same table: `cx.study` serially and with two jobs,
`cx.study` on a dask.distributed LocalCluster of two worker processes started here, and
`cdx study run --dask` against the same cluster. Then the DataFrame form (frame=True) of the
commands whose answer is a table. Run by CTest with PYTHONPATH at the built module and CDX at
the built cdx.
"""

import json
import os
import subprocess
import tempfile
import unittest

import pandas

import codesign_explorer as cx

CDX = os.environ["CDX"]
EXAMPLES = os.path.join(os.environ["CDX_SOURCE_DIR"], "docs", "examples")

STUDY = {
    "format": "codesign-explorer-study", "version": 1, "name": "four ways",
    "question": "optimize", "top": 2,
    "fixed": {"stencil": "heat2d", "time": 1024},
    "axes": [
        {"name": "gpu", "values": ["gtx980", "titanx",
                                   {"id": "gtx980", "set": {"n_sm": 32}, "label": "gtx980-32"}]},
        {"name": "space", "values": [[2048, 2048], [4096, 4096]]},
        {"name": "k", "values": ["max", "optimize"]},
    ],
}


class StudyFourWays(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        from distributed import Client, LocalCluster
        cls.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        cls.client = Client(cls.cluster)
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_same_table_four_ways(self):
        serial = cx.study(STUDY, jobs=1)
        self.assertEqual(len(serial), 24)  # 12 points, the 2 best tilings each
        self.assertEqual(list(serial.columns[:7]),
                         ["point", "answer", "gpu", "space", "k", "status", "reason"])
        self.assertIn("answer_k", serial.columns)  # the axis k keeps its name
        self.assertTrue((serial["status"] == "ok").all())
        two = cx.study(STUDY, jobs=2)
        pandas.testing.assert_frame_equal(serial, two)
        on_dask = cx.study(STUDY, client=self.client)
        pandas.testing.assert_frame_equal(serial, on_dask)
        study_file = os.path.join(self.tmp.name, "four.study.json")
        with open(study_file, "w") as f:
            json.dump(STUDY, f)
        out = os.path.join(self.tmp.name, "dask.sqlite")
        done = subprocess.run([CDX, "study", "run", study_file, "--out", out, "--dask",
                               self.cluster.scheduler_address, "--json"],
                              capture_output=True, text=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(json.loads(done.stdout)["computed"], 12)
        pandas.testing.assert_frame_equal(serial, cx._read_results(out))
        # The same file continues: nothing left to compute.
        again = cx.study(study_file, client=self.client, out=out)
        pandas.testing.assert_frame_equal(serial, again)

    def test_dask_resumes_a_partial_file(self):
        out = os.path.join(self.tmp.name, "partial.sqlite")
        resolved = cx._study_resolve(json.dumps(STUDY), os.getcwd())
        cx._study_todo(resolved, out)
        cx._study_store(resolved, out, cx._study_rows(resolved, [0, 5, 11]))
        self.assertEqual(len(cx._study_todo(resolved, out)), 9)
        frame = cx.study(STUDY, client=self.client, out=out)
        pandas.testing.assert_frame_equal(frame, cx.study(STUDY, jobs=1))

    def test_threads_take_turns(self):
        # A Dask worker with several threads answers points from each: the commands take turns
        # (their stderr is the process's), and nothing crashes.
        import threading
        spec = dict(STUDY, question="codesign", fixed={"workload": "ppopp17", "n_sm": "8,16",
                                                       "n_v": "64,128", "m_sm_kb": "48,96"},
                    axes=[{"name": "node", "values": [28, 16, 7, 5]}])
        resolved = cx._study_resolve(json.dumps(spec), os.getcwd())
        alone = cx._study_rows(resolved, [0, 1, 2, 3])
        results = [None] * 4
        def work(i):
            results[i] = cx._study_rows(resolved, [0, 1, 2, 3])
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(results, [alone] * 4)

    def test_results_path_with_odd_characters(self):
        folder = os.path.join(self.tmp.name, "a#b %20c")
        os.makedirs(folder)
        out = os.path.join(folder, "r.sqlite")
        frame = cx.study(STUDY, out=out, jobs=1)
        self.assertEqual(len(frame), 24)
        self.assertEqual(len(cx._read_results(out)), 24)

    def test_bad_study_names_the_axis(self):
        bad = json.loads(json.dumps(STUDY))
        bad["axes"][1]["values"].append([64, 64, 64])
        with self.assertRaises(ValueError) as e:
            cx.study(bad, client=self.client)
        self.assertIn("axis 'space' = 64,64,64", str(e.exception))
        with self.assertRaises(ValueError):
            cx.study(bad)
        with self.assertRaises(TypeError):
            cx.study(42)

    def test_unreachable_scheduler_is_refused(self):
        study_file = os.path.join(self.tmp.name, "nowhere.study.json")
        with open(study_file, "w") as f:
            json.dump(STUDY, f)
        done = subprocess.run([CDX, "study", "run", study_file, "--out",
                               os.path.join(self.tmp.name, "nowhere.sqlite"),
                               "--dask", "tcp://127.0.0.1:9"],
                              capture_output=True, text=True, check=False, timeout=120)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("no Dask scheduler answered", done.stderr)


class Frames(unittest.TestCase):
    def test_table_commands(self):
        opt = cx.optimize(gpu="gtx980", stencil="heat2d", space=[4096, 4096], time=1024,
                          frame=True)
        plain = cx.optimize(gpu="gtx980", stencil="heat2d", space=[4096, 4096], time=1024)
        self.assertEqual(len(opt), len(plain["within"]))
        self.assertAlmostEqual(opt["T_alg"].iloc[0], plain["best"]["T_alg"])
        designs = cx.codesign(n_sm=[8, 16], n_v=[64, 128], m_sm_kb=[48, 96], all=True,
                              frame=True)
        every = cx.codesign(n_sm=[8, 16], n_v=[64, 128], m_sm_kb=[48, 96], all=True)
        self.assertEqual(len(designs), len(every["designs"]))
        self.assertEqual(list(designs["area_mm2"]), [d["area_mm2"] for d in every["designs"]])
        self.assertNotIn("optima", designs.columns)
        front = cx.codesign(n_sm=[8, 16], n_v=[64, 128], m_sm_kb=[48, 96], frame=True)
        self.assertTrue(front["pareto"].all())
        sides = cx.lineup(gpu=["gtx980", "titanx"], stencil="heat2d", space=[4096, 4096],
                          time=1024, frame=True)
        self.assertEqual(list(sides["label"]),
                         ["NVIDIA GeForce GTX 980", "NVIDIA GeForce GTX Titan X"])
        self.assertIn("quantities.T_alg", sides.columns)
        with self.assertRaises(ValueError) as e:
            cx.talg(gpu="gtx980", stencil="heat2d", space=[8192, 8192], time=8192,
                    tile=[8, 256], tt=8, frame=True)
        self.assertIn("frame=True is for", str(e.exception))

    def test_study_show_frame(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "r.sqlite")
            frame = cx.study(STUDY, out=out, jobs=2)
            shown = cx.study_show(out, frame=True)
            self.assertEqual(list(shown.columns), list(frame.columns))
            self.assertEqual(len(shown), len(frame))
            front = cx.study_show(out, pareto="T_alg_s,feasible_points,gpu")
            self.assertEqual([f["group"] for f in front["pareto"]["fronts"]],
                             ["gtx980", "titanx", "gtx980-32"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
