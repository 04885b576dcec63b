"""The lint tests of a hand-written RTL variant, shared by the design test modules (the AES-mode and JAMBU
cores): `verilator --lint-only -Wall` clean (DESIGN.md §8) for each named top with exactly the variant's
sources, and the sources taken by reference (the frame, the generated top and the family's shared folders,
never a copy), one module per file named after it in the design's own and shared folders.

A design's lint test module is a docstring and a call::

    globals().update(rtl_lint_tests("ocb3-aes128/rtl", tops=["ocb3_aes128_core", "ocb3_aes128_lwc"],
                                    shared={"aes-common", "aes-modes-common"}))
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

# folders every LWC cipher's variant takes its sources from: the frame and the generated top
FRAME_FOLDERS = {"lwc-frame", "lwc-tops"}


def lint_errors(variant: str, top: str) -> str:
    """Verilator's complaints (empty when clean) about module `top` with the sources of `variant`."""
    from cryptohls.designs import find_variant

    assert shutil.which("verilator"), "verilator not on PATH (source scripts/env.sh)"
    from cryptohls.lwc.verilog_includes import include_flags

    files = find_variant(variant).sources()
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", *include_flags(files), "--top-module", top,
                           *map(str, files)],
                          capture_output=True, text=True)
    return "" if proc.returncode == 0 and "%Warning" not in proc.stderr else proc.stderr or "verilator failed"


def rtl_lint_tests(variant: str, *, tops: list[str], shared: set[str],
                   one_module_in: set[str] | None = None) -> dict[str, object]:
    """The pytest functions ``test_lint_clean`` (one per top of `tops`) and
    ``test_sources_by_reference_one_module_per_file`` of `variant` ("design/name"): its sources come from
    the folders `shared` and the frame's (and the design's own, if it has files), and the files of the design's folder and of
    `one_module_in` (default: the shared folders other than aes-common, whose files the parity designs
    read) each hold one module named after the file."""
    design = variant.split("/")[0]
    checked = {design} | (one_module_in if one_module_in is not None else shared - {"aes-common"})

    @pytest.mark.parametrize("top", tops)
    def test_lint_clean(top):
        errors = lint_errors(variant, top)
        assert not errors, errors

    def test_sources_by_reference_one_module_per_file():
        from cryptohls.designs import find_variant

        files = find_variant(variant).sources()
        folders = {f.parent.parent.name for f in files}
        # the design's own folder may hold nothing (CLOC, SILC: the shared core with core_params)
        assert shared | FRAME_FOLDERS <= folders <= {design} | shared | FRAME_FOLDERS, folders
        for path in files:
            if path.parent.parent.name in checked:
                modules = re.findall(r"^module\s+(\w+)", path.read_text(), flags=re.M)
                assert modules == [path.stem], (path, modules)

    return {"test_lint_clean": test_lint_clean,
            "test_sources_by_reference_one_module_per_file": test_sources_by_reference_one_module_per_file}
