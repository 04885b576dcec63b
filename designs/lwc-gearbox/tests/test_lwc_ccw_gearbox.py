"""The wide cores behind lwc_ccw_gearbox in the frame at W = 32 (designs/lwc-gearbox/docs.md): each
rtl-w32 full module, and (slow: the HLS compilation) each hls-w32 one, is `verilator --lint-only -Wall`
clean. Their benches are in the ciphers' test files (the timing at W = 32 in make test, the whole bench
with -m slow).

pytest designs/lwc-gearbox/tests/test_lwc_ccw_gearbox.py
"""

from __future__ import annotations

import subprocess

import pytest

from cryptohls.designs import find_variant
from cryptohls.lwc.verilog_includes import include_flags


DESIGNS = ["tiaoxin346", "morus1280128v1", "norx3241v2"]


def _lint(variant, sources) -> None:
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", *include_flags(sources), "--top-module", variant.top,
                           *map(str, sources)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("name", [f"{design}/rtl-w32" for design in DESIGNS])
def test_full_module_at_w32_lints_clean(name):
    variant = find_variant(name)
    _lint(variant, variant.rtl_sources())


@pytest.mark.slow   # make test-slow: compiles the HLS core (its own lint runs in its hls_core tests)
@pytest.mark.parametrize("name", [f"{design}/hls-w32" for design in DESIGNS])
def test_hls_full_module_at_w32_lints_clean(name):
    from cryptohls.sim.hls_lwc import hls_variant_verilog

    variant = find_variant(name)
    _lint(variant, hls_variant_verilog(variant))
