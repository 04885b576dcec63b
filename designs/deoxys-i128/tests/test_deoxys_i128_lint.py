"""deoxys-i128/rtl: `verilator --lint-only -Wall` clean (DESIGN.md §8) for the full module (the frame,
the core, its Deoxys-BC-256 unit, the AES rounds) with exactly the variant's sources (the shared frame,
aes-common rounds and the aes-modes-common output buffer by reference), one module per file.

pytest designs/deoxys-i128/tests/test_deoxys_i128_lint.py
"""

from __future__ import annotations

import re
import shutil
import subprocess

from cryptohls.designs import find_variant


def test_lint_clean():
    assert shutil.which("verilator"), "verilator not on PATH (source scripts/env.sh)"
    files = find_variant("deoxys-i128/rtl").sources()
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "deoxys_i128_lwc", *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


def test_sources_by_reference_one_module_per_file():
    files = find_variant("deoxys-i128/rtl").sources()
    own = [f for f in files if f.parent.parent.name == "deoxys-i128"]
    assert sorted(f.name for f in own) == ["deoxys_bc256_iter.v", "deoxys_i128_core.v"]
    assert {f.parent.parent.name for f in files} == {"deoxys-i128", "aes-common", "aes-modes-common", "lwc-frame",
                                                     "lwc-tops"}
    assert files[-1].name == "deoxys_i128_lwc.v"
    for path in own:
        modules = re.findall(r"^module\s+(\w+)", path.read_text(), flags=re.M)
        assert modules == [path.stem], (path, modules)
