# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build tree into a temporary prefix and runs everything from there (issue 18).

Usage: test_install.py BUILD_DIR SOURCE_DIR. Checks that both executables answer --version and
read the shipped profiles, sessions and runs from PREFIX/share/codesign-explorer; that the
desktop file, icons, AppStream metadata, MIME type, man page and bash completion are installed
and valid; and that the installed Python module imports and reads the installed profiles.
"""

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

BUILD, SOURCE = sys.argv[1], sys.argv[2]
APP_ID = "io.github.codesignexplorer.CodesignExplorer"


def run(*args, env=None, check=True):
    done = subprocess.run(list(args), capture_output=True, text=True, env=env, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} -> {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


class Installed(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="cdx-install-")
        cls.prefix = os.path.join(cls.tmp, "prefix")
        run("cmake", "--install", BUILD, "--prefix", cls.prefix)
        cls.share = os.path.join(cls.prefix, "share")
        cls.cdx = os.path.join(cls.prefix, "bin", "cdx")
        cls.gui = os.path.join(cls.prefix, "bin", "codesign-explorer")
        # Nothing may come from the source tree or the environment.
        cls.env = {k: v for k, v in os.environ.items() if not k.startswith("CDX_")}
        cls.env["HOME"] = cls.tmp
        cls.env["XDG_CONFIG_HOME"] = os.path.join(cls.tmp, "config")
        cls.env["XDG_DATA_HOME"] = os.path.join(cls.tmp, "data")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_cdx_reads_the_installed_profiles(self):
        version = run(self.cdx, "--version", env=self.env).stdout
        self.assertRegex(version, r"^cdx \(Codesign Explorer\) \d+\.\d+\.\d+\n")
        self.assertIn("License GPL-3.0-or-later", version)
        profiles = json.loads(run(self.cdx, "profiles", "--json", env=self.env).stdout)
        paths = [p["path"] for key, kind in profiles.items() if key != "user_folders"
                 for p in kind if p["origin"] == "shipped"]
        self.assertGreater(len(paths), 10)
        for p in paths:
            self.assertTrue(p.startswith(os.path.join(self.share, "codesign-explorer")), p)
        talg = json.loads(run(self.cdx, "talg", "--gpu", "gtx980", "--stencil", "heat2d",
                              "--space", "8192,8192", "--time", "8192", "--tile", "8,256",
                              "--tt", "8", "--pitch", "paper", "--json", env=self.env).stdout)
        self.assertAlmostEqual(talg["T_alg"], 9.654275, places=6)  # spec Example A
        runs = os.path.join(self.share, "codesign-explorer", "runs",
                            "synthetic-heat2d-gtx980.csv")
        imported = json.loads(run(self.cdx, "runs", "import", "--db",
                                  os.path.join(self.tmp, "r.sqlite"), runs, "--json",
                                  env=self.env).stdout)
        self.assertGreater(imported["inserted"], 0)

    def test_gui_answers_and_draws_from_the_installation(self):
        gui_version = run(self.gui, "--version", env=self.env).stdout
        self.assertRegex(gui_version, r"^codesign-explorer \d+\.\d+\.\d+\n")
        self.assertIn("License GPL-3.0-or-later", gui_version)
        self.assertIn("--screenshots", run(self.gui, "--help", env=self.env).stdout)
        env = dict(self.env, QT_QPA_PLATFORM="offscreen")
        session = os.path.join(self.share, "codesign-explorer", "sessions",
                               "fig4-heat2d-gtx980.cdx.json")
        shots = os.path.join(self.tmp, "shots")
        run(self.gui, session, "--runs-db", os.path.join(self.tmp, "g.sqlite"), "--screenshots",
            shots, env=env)
        pngs = [f for f in os.listdir(shots) if f.endswith(".png")]
        self.assertGreater(len(pngs), 20)
        self.assertIn("start.png", pngs)

    def test_desktop_integration(self):
        desktop = os.path.join(self.share, "applications", APP_ID + ".desktop")
        metainfo = os.path.join(self.share, "metainfo", APP_ID + ".metainfo.xml")
        self.assertTrue(os.path.isfile(desktop))
        self.assertTrue(os.path.isfile(metainfo))
        self.assertTrue(os.path.isfile(os.path.join(self.share, "mime", "packages",
                                                    APP_ID + ".xml")))
        self.assertTrue(os.path.isfile(os.path.join(self.share, "icons", "hicolor", "scalable",
                                                    "apps", APP_ID + ".svg")))
        for size in (16, 24, 32, 48, 64, 128, 256, 512):
            png = os.path.join(self.share, "icons", "hicolor", f"{size}x{size}", "apps",
                               APP_ID + ".png")
            with open(png, "rb") as f:
                header = f.read(24)
            self.assertEqual(header[:8], b"\x89PNG\r\n\x1a\n", png)
            self.assertEqual(int.from_bytes(header[16:20], "big"), size, png)
        if shutil.which("desktop-file-validate"):
            run("desktop-file-validate", desktop)
        if shutil.which("appstreamcli"):
            run("appstreamcli", "validate", "--no-net", metainfo)
        with open(metainfo, encoding="utf-8") as f:
            text = f.read()
        self.assertIn("<screenshot type=\"default\">", text)
        self.assertIn("<project_license>GPL-3.0-or-later</project_license>", text)
        self.assertIn("<metadata_license>CC0-1.0</metadata_license>", text)

    def test_copyright_file(self):
        # The licence and the sources of the shipped data (issue 27), where Debian looks.
        path = os.path.join(self.share, "doc", "codesign-explorer", "copyright")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertTrue(text.startswith("Format: https://www.debian.org/doc/packaging-manuals/"
                                        "copyright-format/1.0/"))
        self.assertIn("License: GPL-3+", text)
        for folder in os.listdir(os.path.join(self.share, "codesign-explorer", "profiles")):
            self.assertIn(f"profiles/{folder}/", text)
        self.assertNotIn("@", text.replace("@users", ""))  # every CMake variable substituted

    def test_documentation_is_installed(self):
        # Help ▸ Documentation (issue 31) reads the installed pages and the view-to-section map.
        docs = os.path.join(self.share, "doc", "codesign-explorer", "docs")
        for page in ("model.md", "cli.md", "formats.md", "help-topics.json"):
            self.assertTrue(os.path.isfile(os.path.join(docs, page)), page)
        with open(os.path.join(docs, "help-topics.json"), encoding="utf-8") as f:
            topics = json.load(f)["views"]
        for page, _ in topics.values():
            self.assertTrue(os.path.isfile(os.path.join(docs, page)), page)
        self.assertFalse(os.path.exists(os.path.join(docs, "scripts")))

    def test_man_page_and_completion(self):
        man = os.path.join(self.share, "man", "man1", "cdx.1.gz")
        if shutil.which("help2man"):
            with gzip.open(man, "rt", encoding="utf-8") as f:
                page = f.read()
            for command in ("talg", "optimize", "codesign", "chain", "eatss"):
                self.assertIn(f".SS {command}", page)
            self.assertIn("--max-within", page)
            # help2man puts what --version prints after the version under COPYRIGHT.
            self.assertIn(".SH COPYRIGHT", page)
            copyright = page[page.index(".SH COPYRIGHT"):].replace("\\-", "-")  # roff's \-
            self.assertIn("GPL-3.0-or-later", copyright)
        completion = os.path.join(self.share, "bash-completion", "completions", "cdx")
        script = f"""
            _init_completion() {{ cur=${{COMP_WORDS[COMP_CWORD]}}; prev=${{COMP_WORDS[COMP_CWORD-1]}};
                                 words=("${{COMP_WORDS[@]}}"); cword=$COMP_CWORD; }}
            _filedir() {{ :; }}
            source {completion}
            complete_line() {{ COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _cdx;
                               echo "${{COMPREPLY[*]}}"; }}
            complete_line cdx opt
            complete_line cdx optimize --max-w
            complete_line cdx talg --gpu gtx
            complete_line cdx mwp --kernel example-
            complete_line cdx runs st
        """
        env = dict(self.env, PATH=os.path.join(self.prefix, "bin") + ":" + self.env["PATH"])
        lines = run("bash", "-c", script, env=env).stdout.splitlines()
        self.assertEqual(lines[0].split(), ["optimize"])
        self.assertEqual(lines[1].split(), ["--max-within"])
        self.assertIn("gtx980", lines[2].split())
        self.assertIn("example-a", lines[3].split())
        self.assertEqual(lines[4].split(), ["stats"])

    def test_python_module_reads_the_installed_profiles(self):
        site = [d for d, _, files in os.walk(self.prefix)
                if any(f.startswith("codesign_explorer") and f.endswith(".so") for f in files)]
        if not site:
            self.skipTest("the Python module was not built (pybind11-dev, python3-dev)")
        python = os.environ.get("CDX_PYTHON", sys.executable)
        env = dict(self.env, PYTHONPATH=site[0])
        out = run(python, "-c",
                  "import codesign_explorer as cx, json; print(json.dumps(cx.profiles()))",
                  env=env).stdout
        paths = [p["path"] for key, kind in json.loads(out).items() if key != "user_folders"
                 for p in kind if p["origin"] == "shipped"]
        for p in paths:
            self.assertTrue(p.startswith(os.path.join(self.share, "codesign-explorer")), p)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
