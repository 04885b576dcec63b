"""The hand-written AES and MISTY1 block cores are `verilator --lint-only -Wall` clean (DESIGN.md §8)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from cryptohls.designs import find_variant

VARIANTS = ["aes128-ecb-enc/rtl", "aes128-ecb-enc-x2/rtl", "aes128-ctr/rtl", "aes128-ecb-dec/rtl",
            "misty1-enc/rtl", "misty1-dec/rtl"]


@pytest.mark.parametrize("name", VARIANTS)
def test_lint_clean(name):
    assert shutil.which("verilator"), "verilator not on PATH (source scripts/env.sh)"
    variant = find_variant(name)
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
