# SPDX-License-Identifier: GPL-3.0-or-later
"""Docs that stay true (issue 18): every example command of docs/cli.md and the README runs, and
what the docs show is what the tool prints.

- A "$ cdx ..." line in a fenced block of docs/cli.md is run; the lines shown under it (up to the
  next command; "..." marks omitted lines) must appear in its output in that order, spaces
  collapsed.
- The numbers in a command's trailing "# comment" (README tour, docs/cli.md; after its first
  colon when it has one: "# spec 3.3: E_alg = 67.26 J"; "~" marks a timing), and those after
  "gives" for an inline `cdx ...` example, must be in the output: as printed, or as the printed
  value rounded to the digits the docs show.
- Each command section's JSON key list (`JSON keys ...` or "`--json` prints ...") names only keys
  (or string values) that the section's commands produce with --json.

Commands with "..." in their arguments are not runnable and are skipped (counted). Run by CTest
with CDX (the built cdx) and CDX_SOURCE_DIR. CDX_DOCS_SHARD=K/N (1-based) runs every N-th
section of docs/cli.md from the K-th (the README tour is the last section): CTest runs the
shards at once (issue 26); every shard still checks the counts of the whole document.
"""

import json
import os
import re
import shlex
import subprocess
import tempfile
import unittest

CDX = os.environ["CDX"]
SOURCE = os.environ["CDX_SOURCE_DIR"]
SHARD, SHARDS = (int(x) for x in os.environ.get("CDX_DOCS_SHARD", "1/1").split("/"))
README = "README"  # the section name of the README tour

NUMBER = re.compile(r"(?<![\w.~])[-+]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.]*\w)")

# Keys a section's list names that its examples do not produce, with the commands that do
# (by section; ("setup", args) runs first and its output is not counted).
EXTRA = {
    "energy calibrate": [("setup", ["runs", "import", "--db", "energy.sqlite",
                                    "resources/runs/synthetic-energy-k20c.csv"]),
                         ["energy", "calibrate", "--db", "energy.sqlite"]],
    "energy-optimize": [["energy-optimize", "--stencil", "jacobi2d", "--coefficients", "k20c-a",
                         "--space", "1024,1024", "--time", "256", "--gpu", "gtx980", "--set",
                         "c_iter_s=3e-8", "--objective", "weighted", "--weight", "0.5"]],
    # An estimated C_iter: the optimum again at half and twice it (issue 57).
    "optimize": [["optimize", "--gpu", "v100-sxm2", "--stencil", "heat2d", "--space",
                  "2048,2048", "--time", "256"]],
    "talg": [["talg", "--gpu", "gtx980", "--stencil", "heat3d", "--space", "512,512,512",
              "--time", "512", "--tile", "4,4,64", "--tt", "4"],
             ["talg", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "8192,8192",
              "--time", "8192", "--tile", "8,512", "--tt", "8"],
             ["talg", "--gpu", "gtx980", "--stencil", "heat2d", "--space", "8192,8192",
              "--time", "8192", "--tile", "8,256", "--tt", "8", "--r-tile", "70000"],
             # Issue 57's extensions: the occupancy and shared-bandwidth keys.
             ["talg", "--gpu", "v100-sxm2", "--stencil", "laplacian2d", "--space",
              "16384,16384", "--time", "1000", "--tile", "6,256", "--tt", "16", "--smem", "ppcg",
              "--hiding", "occupancy", "--bw", "shared", "--registers-per-thread", "32"]],
    "compare": [["compare", "resources/sessions/hong-example-i.cdx.json",
                 "resources/sessions/hong-example-a.cdx.json", "--family", "mwp"]],  # words
    "reproduce": [["reproduce", "--family", "talg"]],  # the time model's domain (min/max, one_of, unedited)
    "eatss": [["eatss", "--program", "gemm", "--gpu", "a100", "--solver", "z3"],
              ["eatss", "--program", "gemm", "--gpu", "a100", "--tiles", "4096,4096,4096"]],
    "codesign": [["codesign", "--workload", "thesis", "--stencils", "heat2d", "--n-sm", "16",
                  "--n-v", "128,256", "--all"]],
    "mwp": [["mwp", "--gpu", "fx5600", "--kernel", "example-a", "--sweep-warps", "4"],
            ["mwp", "--gpu", "fx5600", "--kernel", "mb1"]],  # a warning
    "power": [["power", "--gpu", "gtx580", "--kernel", "example-i"]],  # linear scaling
    "runs": [["runs", "list", "--db", "lab.sqlite"],
             ["runs", "import", "--db", "other.sqlite", "--skip-invalid",
              os.path.join(SOURCE, "tests", "docs", "one-invalid-row.csv")]],
    "energy": [["energy", "--stencil", "jacobi2d", "--coefficients", "k20c-a", "--space",
                "4096,4096", "--time", "1024", "--tile", "16,64", "--tt", "8", "--gpu",
                "gtx980", "--set", "c_iter_s=3e-8"]],
}


def fenced_blocks(text):
    """(section, [lines]) of every ``` block, the section being the last '## ' heading."""
    section, out, block = "", [], None
    for line in text.splitlines():
        if line.startswith("## ") and block is None:
            section = line[3:].strip().strip("`")
            section = section[4:] if section.startswith("cdx ") else section
        if line.startswith("```"):
            if block is None:
                block = []
            else:
                out.append((section, block))
                block = None
            continue
        if block is not None:
            block.append(line)
    return out


def sections(text):
    """{'talg': section text, ...} for the '## `cdx X`' sections."""
    out = {}
    for m in re.finditer(r"^## `cdx ([a-z -]+)`\n(.*?)(?=^## |\Z)", text, re.S | re.M):
        out[m.group(1)] = m.group(2)
    return out


def split_comment(line):
    """The command and its trailing '# comment' ('' when none)."""
    m = re.search(r"\s#\s", line)
    return (line[:m.start()], line[m.end():]) if m else (line, "")


def numbers_in(text):
    return [n for n in NUMBER.findall(text)]


def value(n):
    return float(n.replace(",", ""))


def shown_in(number, output):
    """The docs' number is in the output as printed, or as a value that rounds to it."""
    plain = number.replace(",", "")
    if number in output or re.search(r"(?<![\d.])" + re.escape(plain) + r"(?![\d])", output):
        return True
    digits = len(plain.split(".")[1].split("e")[0]) if "." in plain else 0
    if "e" in plain:
        return any(abs(value(m) - value(plain)) <= 0.5 * 10 ** -digits * abs(value(plain)) * 10
                   for m in NUMBER.findall(output) if "e" in m)
    want = value(plain)
    for m in NUMBER.findall(output):
        got = value(m)
        if round(got, digits) == want or abs(got - want) <= 0.5 * 10 ** -digits + 1e-12:
            return True
    return False


def normalise(line):
    return " ".join(line.split())


class Docs(unittest.TestCase):
    def setUp(self):
        # Each test in a fresh folder: the examples create files (a runs database).
        self.tmp = tempfile.TemporaryDirectory()
        for name in ("resources", "profiles"):
            os.symlink(os.path.join(SOURCE, name), os.path.join(self.tmp.name, name))
        self.outputs = {}  # section -> [json outputs of its commands]

    def tearDown(self):
        self.tmp.cleanup()

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(SOURCE, "docs", "cli.md"), encoding="utf-8") as f:
            cls.cli = f.read()
        with open(os.path.join(SOURCE, "README.md"), encoding="utf-8") as f:
            cls.readme = f.read()

    def run_cdx(self, args):
        done = subprocess.run([CDX, *args], capture_output=True, text=True, check=False,
                              cwd=self.tmp.name)
        self.last_stdout = done.stdout
        return done.returncode, done.stdout + done.stderr

    def commands(self, block, dollar):
        """(command line, comment, shown output lines) of a block."""
        out, current = [], None
        lines = iter(block)
        for line in lines:
            starts = line.startswith("$ cdx ") if dollar else line.startswith("cdx ")
            if starts:
                text = line[2:] if dollar else line
                while text.rstrip().endswith("\\"):
                    text = text.rstrip()[:-1] + " " + next(lines).strip()
                command, comment = split_comment(text)
                current = [command.strip(), comment, []]
                out.append(current)
            elif current is not None and dollar:
                if line.startswith("$ "):
                    current = None
                else:
                    current[2].append(line)
        return out

    def check_command(self, section, command, comment, shown):
        args = shlex.split(command)[1:]
        if "..." in args or any("…" in a for a in args):
            return "skipped"
        rc, output = self.run_cdx(args)
        self.assertIn(rc, (0, 2), f"cdx {command}: exit {rc}\n{output}")
        lines = [normalise(l) for l in output.splitlines()]
        at = 0
        for want in shown:
            if not want.strip() or want.strip() == "...":
                continue
            w = normalise(split_comment(want)[0])
            found = next((i for i in range(at, len(lines)) if w == lines[i]), None)
            self.assertIsNotNone(found, f"{section}: `{command}` does not print\n  {w}\n"
                                        f"(after line {at}); it prints:\n{output}")
            at = found + 1
        # "source: values": the numbers after the first colon are the claims; the part before
        # names where they come from ("spec 3.3", "Table C.2").
        claims = comment.split(":", 1)[1] if ":" in comment else comment
        for n in numbers_in(claims):
            self.assertTrue(shown_in(n, output),
                            f"{section}: `{command}` comment says {n}; output:\n{output}")
        if rc == 0 and "--json" not in args and "--help" not in args:
            jrc, _ = self.run_cdx(args + ["--json"])
            if jrc == 0:
                self.outputs.setdefault(section, []).append(json.loads(self.last_stdout))
        return "run"

    def examples(self):
        """{section: [(command, comment, shown)]} in the order of the docs: docs/cli.md's fenced
        "$ cdx" lines, then its inline "`cdx ...` gives" examples, then the README tour."""
        out = {}
        for section, block in fenced_blocks(self.cli):
            out.setdefault(section, []).extend(self.commands(block, dollar=True))
        # Inline examples: `cdx ...` gives NUMBERS (up to the end of the clause).
        for m in re.finditer(r"`(cdx [^`]+)`\s+gives\s+(.*?)(?:;|\.\s|\.$)", self.cli, re.S):
            command = " ".join(m.group(1).split())
            heads = re.findall(r"^## `cdx ([a-z -]+)`", self.cli[:m.start()], re.M)
            out.setdefault(heads[-1] if heads else "inline", []).append([command, m.group(2), []])
        tour = self.readme[self.readme.index("## A short tour of `cdx`"):]
        tour = tour[:tour.index("\n## ", 5)]
        out[README] = [c for _, block in fenced_blocks("## tour\n" + tour)
                       for c in self.commands(block, dollar=False)]
        return out

    def mine(self, examples):
        return [s for i, s in enumerate(examples) if i % SHARDS == SHARD - 1]

    def test_examples_and_json_keys(self):
        examples = self.examples()
        # The whole document's counts, whichever shard this is.
        cli_total = sum(len(v) for k, v in examples.items() if k != README)
        self.assertGreaterEqual(cli_total, 14)
        self.assertGreaterEqual(len(examples[README]), 10)
        key_lists = [n for n, t in sections(self.cli).items()
                     if re.search(r"(JSON keys|`--json` prints)", t)]
        self.assertGreaterEqual(len(key_lists), 7)
        counts = {"run": 0, "skipped": 0}
        readme = {"run": 0, "skipped": 0}
        keys_checked, mine = 0, self.mine(examples)
        self.assertGreater(len(mine), 0, f"shard {SHARD}/{SHARDS} has no section")
        for section in mine:
            for command, comment, shown in examples[section]:
                label = "README" if section == README else section
                result = self.check_command(label, command, comment, shown)
                (readme if section == README else counts)[result] += 1
            if section in key_lists:
                keys_checked += self.check_json_keys(section)
        runnable = sum(1 for s in mine if s != README for c in examples[s]
                       if "..." not in shlex.split(c[0]) and "…" not in c[0])
        self.assertEqual(counts["run"], runnable, counts)
        # A section whose key list has extra commands always produces output to check.
        self.assertGreaterEqual(keys_checked,
                                sum(1 for s in mine if s in key_lists and s in EXTRA))
        if README in mine:
            self.assertGreaterEqual(readme["run"], 10, readme)
            self.assertLessEqual(readme["skipped"], 4, readme)
        print(f"docs shard {SHARD}/{SHARDS}: {len(mine)} sections, {counts['run']} cli.md "
              f"examples run, {readme['run']} README tour commands, {keys_checked} JSON key "
              "lists checked")

    def test_readme_glossary_count(self):
        """The README's count of glossary entries is the glossary's (issue 55: it said 565 for
        614)."""
        if SHARD != 1:
            return
        entries = json.loads(subprocess.run([CDX, "glossary", "--json"], capture_output=True,
                                            text=True, check=True).stdout)["entries"]
        m = re.search(r"\(([\d,]+) entries:", self.readme)
        self.assertIsNotNone(m, "the README names the glossary's size")
        self.assertEqual(int(m.group(1).replace(",", "")), len(entries))

    def check_json_keys(self, name):
        """The section's JSON key list names only keys its --json outputs have; 1 if checked."""
        text = sections(self.cli)[name]
        m = re.search(r"(JSON keys|`--json` prints)", text)
        chunk = text[m.start():]
        para = chunk.split("\n\n")[0]
        if para.rstrip().endswith(":") and "```" in chunk:
            start = chunk.index("```")
            para += chunk[start:chunk.index("```", start + 3)]
        # All-capital names are placeholders ("LOOP": size), not keys.
        keys = {k for k in re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"', para) if not k.isupper()}
        produced = list(self.outputs.get(name, []))
        for extra in EXTRA.get(name, []):
            setup = isinstance(extra, tuple)
            args = extra[1] if setup else extra
            rc, out = self.run_cdx(args + ["--json"])
            self.assertEqual(rc, 0, out)
            if not setup:
                produced.append(json.loads(self.last_stdout))
        if not produced:  # no runnable example: the section's usage has the flags
            return 0
        seen = set()

        def walk(v):
            if isinstance(v, dict):
                for k, x in v.items():
                    seen.add(k)
                    walk(x)
            elif isinstance(v, list):
                for x in v:
                    walk(x)
            elif isinstance(v, str):
                seen.add(v)

        for p in produced:
            walk(p)
        missing = sorted(keys - seen)
        self.assertEqual(missing, [], f"cdx {name}: the JSON key list names {missing}, "
                                      "which its --json output does not have")
        return 1

if __name__ == "__main__":
    unittest.main()
