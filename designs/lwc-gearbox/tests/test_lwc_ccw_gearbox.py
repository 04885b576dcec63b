"""The wide cores behind lwc_ccw_gearbox in the frame at W = 32 (designs/lwc-gearbox/docs.md): each
rtl-w32 full module is `verilator --lint-only -Wall` clean. Their benches are in the ciphers' test files
(the timing at W = 32 in make test, the whole bench with -m slow).

pytest designs/lwc-gearbox/tests/test_lwc_ccw_gearbox.py
"""

from __future__ import annotations

import subprocess

import pytest

from cryptohls.designs import find_variant


@pytest.mark.parametrize("name", ["tiaoxin346/rtl-w32", "morus1280128v1/rtl-w32", "norx3241v2/rtl-w32"])
def test_full_module_at_w32_lints_clean(name):
    variant = find_variant(name)
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top,
                           *map(str, variant.rtl_sources())], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
