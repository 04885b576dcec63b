"""fuzz/native_pch.py: the reference builds read csmith.h precompiled, and build the same objects."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cryptohls.fuzz import native_pch, trial
from cryptohls.fuzz.csmith import RUNTIME_DIR
from tests.fuzz.test_fuzz_harness import PROGRAM

CLANG = shutil.which("clang-19")
pytestmark = pytest.mark.skipif(CLANG is None or not (RUNTIME_DIR / "csmith.h").is_file(),
                                reason="clang-19 and libcsmith-dev are installed by `make setup`")


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setattr(native_pch, "CACHE", tmp_path / "pch-cache")
    return tmp_path / "pch-cache"


def test_only_a_program_that_includes_csmith_h_first_gets_it(tmp_path):
    program = tmp_path / "program.c"
    program.write_text('/*\n * This is a RANDOMLY GENERATED PROGRAM.\n */\n// csmith\n\n#include "csmith.h"\nint x;\n')
    assert native_pch.includes_csmith_first(program)
    for text in ('#include <stdio.h>\n#include "csmith.h"\n', 'int x;\n#include "csmith.h"\n', "int main(void) {}\n"):
        program.write_text(text)
        assert not native_pch.includes_csmith_first(program)
        assert native_pch.pch_flags(CLANG, ["-O0", "-w", f"-I{RUNTIME_DIR}"], RUNTIME_DIR, program) == []


@pytest.mark.parametrize("level", trial.NATIVE_OPT)
def test_the_object_file_is_the_same_with_the_precompiled_header(tmp_path, level, cache):
    program = tmp_path / "program.c"
    program.write_text(PROGRAM)
    flags = [level, "-w", f"-I{RUNTIME_DIR}"]
    pch = native_pch.pch_flags(CLANG, flags, RUNTIME_DIR, program)
    assert pch[0] == "-include-pch" and Path(pch[1]).parent == cache and Path(pch[1]).is_file()
    assert native_pch.pch_flags(CLANG, flags, RUNTIME_DIR, program) == pch   # built once, then reused
    plain, pre = tmp_path / "plain.o", tmp_path / "pch.o"
    subprocess.run([CLANG, *flags, "-c", str(program), "-o", str(plain)], check=True)
    subprocess.run([CLANG, *flags, *pch, "-c", str(program), "-o", str(pre)], check=True)
    assert plain.read_bytes() == pre.read_bytes()


def test_a_build_that_fails_with_the_header_is_built_without_it(tmp_path, monkeypatch):
    program = tmp_path / "program.c"
    program.write_text(PROGRAM)
    plain, why = trial._native(program, tmp_path, trial.Limits())
    assert plain is not None and why == ""
    broken = tmp_path / "broken.pch"
    broken.write_bytes(b"not a precompiled header")
    monkeypatch.setattr(native_pch, "pch_flags", lambda *args: ["-include-pch", str(broken)])
    assert trial._native(program, tmp_path, trial.Limits()) == (plain, "")
