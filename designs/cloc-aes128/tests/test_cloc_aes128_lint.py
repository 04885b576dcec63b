"""cloc-aes128/rtl: `verilator --lint-only -Wall` clean (DESIGN.md §8) for the core and the full module with
exactly the variant's sources (the frame, aes-common and aes-modes-common by reference; the shared modules
alone are linted in designs/ocb3-aes128/tests), one module per file named after it.

pytest designs/cloc-aes128/tests/test_cloc_aes128_lint.py
"""

from __future__ import annotations

import re
import subprocess

import pytest

from cryptohls.designs import find_variant


@pytest.mark.parametrize("top", ["cloc_aes128_core", "cloc_aes128_lwc"])
def test_lint_clean(top):
    files = find_variant("cloc-aes128/rtl").sources()
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


def test_sources_by_reference_one_module_per_file():
    files = find_variant("cloc-aes128/rtl").sources()
    assert {f.parent.parent.name for f in files} == {"cloc-aes128", "aes-common", "aes-modes-common",
                                                     "lwc-frame", "lwc-tops"}
    for path in files:
        if path.parent.parent.name in ("cloc-aes128", "aes-modes-common"):
            modules = re.findall(r"^module\s+(\w+)", path.read_text(), flags=re.M)
            assert modules == [path.stem], (path, modules)
