"""ocb3-aes128/rtl: `verilator --lint-only -Wall` clean (DESIGN.md §8) for the core, the modes' shared
modules and the full module with exactly the variant's sources (the frame, aes-common and aes-modes-common
by reference), one module per file named after it.

pytest designs/ocb3-aes128/tests/test_ocb3_aes128_lint.py
"""

from __future__ import annotations

import re
import subprocess

import pytest

from cryptohls.designs import find_variant


@pytest.mark.parametrize("top", ["ocb3_aes128_core", "ocb3_aes128_lwc", "aes128_iter_unit", "gf128_mul2pow",
                                 "block_out_buffer"])
def test_lint_clean(top):
    files = find_variant("ocb3-aes128/rtl").sources()
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


def test_sources_by_reference_one_module_per_file():
    files = find_variant("ocb3-aes128/rtl").sources()
    assert {f.parent.parent.name for f in files} == {"ocb3-aes128", "aes-common", "aes-modes-common",
                                                     "lwc-frame", "lwc-tops"}
    for path in files:
        if path.parent.parent.name in ("ocb3-aes128", "aes-modes-common"):
            modules = re.findall(r"^module\s+(\w+)", path.read_text(), flags=re.M)
            assert modules == [path.stem], (path, modules)
