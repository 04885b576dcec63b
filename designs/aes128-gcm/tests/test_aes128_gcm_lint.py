"""aes128-gcm/rtl: `verilator --lint-only -Wall` clean (DESIGN.md §8) for the core and the full
module with exactly the variant's sources (the shared frame and aes-common modules by reference),
one module per file named after it, and `cryptohls designs` lists the variant.

pytest designs/aes128-gcm/tests/test_aes128_gcm_lint.py
"""

from __future__ import annotations

import re
import subprocess

import pytest

from cryptohls.designs import find_variant
from cryptohls.sim.rtl_lint_tests import lint_errors


@pytest.mark.parametrize("top", ["aes128_gcm_core", "aes128_gcm_lwc"])
def test_lint_clean(top):
    errors = lint_errors("aes128-gcm/rtl", top)
    assert not errors, errors


def test_sources_by_reference_one_module_per_file():
    files = find_variant("aes128-gcm/rtl").sources()
    own = [f for f in files if f.parent.parent.name == "aes128-gcm"]
    assert sorted(f.name for f in own) == ["aes128_gcm_core.v"]
    # and the top, generated from design.toml [lwc] (cryptohls/lwc/top.py)
    assert {f.parent.parent.name for f in files} == {"aes128-gcm", "aes-common", "lwc-frame", "lwc-tops"}
    assert files[-1].name == "aes128_gcm_lwc.v"
    for path in own:
        modules = re.findall(r"^module\s+(\w+)", path.read_text(), flags=re.M)
        assert modules == [path.stem], (path, modules)


def test_listed_by_cryptohls_designs():
    proc = subprocess.run(["cryptohls", "designs"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert re.search(r"^aes128-gcm/rtl\s+rtl\s+top=aes128_gcm_lwc", proc.stdout, flags=re.M), proc.stdout
    assert re.search(r"^aes128-gcm/hls\s+hls\s+top=aes128_gcm_lwc", proc.stdout, flags=re.M), proc.stdout


def test_hls_variant_sources():
    """The hls variant: the same frame, no wrapper, the C++ core and the generated top, which takes the
    compiled core by its function name; its full-module lint is in test_aes128_gcm_hls_core.py (it
    needs the compiled core)."""
    files = find_variant("aes128-gcm/hls").sources()
    own = sorted(f.relative_to(f.parent.parent).as_posix() for f in files if f.parent.parent.name == "aes128-gcm")
    assert own == ["hls/aes128_gcm_hls_core.cpp"]
    top = files[-1].read_text()
    assert re.findall(r"^module\s+(\w+)", top, flags=re.M) == ["aes128_gcm_lwc"]
    assert re.search(r"^    aes128_gcm_hls_core u_core \(\n        \.clk_i\(clk_i\), \.rst_i\(rst_i\),", top, flags=re.M)
