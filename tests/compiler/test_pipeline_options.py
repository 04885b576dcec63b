"""--dump-ir-dir writes the IR after each pass; --skip-pass leaves one out; report files are written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cryptohls.cli import main
from cryptohls.ir import parse_function, verify

KERNELS = Path(__file__).resolve().parent / "kernels"


def test_dump_and_skip(build_dir, capsys):
    dump = build_dir / "dump"
    shutil.rmtree(dump, ignore_errors=True)   # build dirs persist between runs
    code = main(["compile", str(KERNELS / "mac.c"), "--top", "mac", "-o", str(build_dir / "out"),
                 "--dump-ir-dir", str(dump), "--skip-pass", "cse"])
    assert code == 0
    names = sorted(p.name for p in dump.glob("*.ir"))
    assert names[0] == "00_const-fold.ir" and not any("cse" in n for n in names)
    verify(parse_function((dump / names[-1]).read_text()))
    report = json.loads((build_dir / "out" / "report.json").read_text())
    assert report["top"] == "mac" and report["clock_ns"] == 10.0
    assert "Synthesis Summary Report of 'mac'" in (build_dir / "out" / "report.txt").read_text()
    assert main(["compile", str(KERNELS / "mac.c"), "--top", "mac", "-o", str(build_dir / "x"),
                 "--skip-pass", "nosuch"]) == 2
    assert "unknown pass 'nosuch'" in capsys.readouterr().err
