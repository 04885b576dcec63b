"""sim/verilator_bin.py: the direct model's Verilator run skips the Perl wrapper, and writes the same model."""

from __future__ import annotations

import resource
import shutil
import subprocess

import pytest

from cryptohls.sim import cosim
from cryptohls.sim.verilator_bin import binary_beside, direct_command
from tests.fuzz.test_verilator_malloc import _design, _emitted


def _fake_verilator(folder):
    """A ``verilator`` wrapper and a ``verilator_bin`` beside it that prints what it was given."""
    folder.mkdir()
    (folder / "verilator").write_text("#!/bin/sh\nexit 1\n")
    binary = folder / "verilator_bin"
    binary.write_text('#!/bin/sh\nfor a in "$@"; do echo "arg=$a"; done\necho "root=$VERILATOR_ROOT"\n'
                      'echo "stack=$(ulimit -s)"\necho "extra=$EXTRA"\n')
    for f in (folder / "verilator", binary):
        f.chmod(0o755)
    return folder / "verilator"


def test_the_binary_gets_the_arguments_the_root_and_an_unlimited_stack(tmp_path):
    wrapper = _fake_verilator(tmp_path / "bin")
    cmd, env = direct_command(str(wrapper), ["--cc", "a b.v", "-Wno-fatal"], tmp_path / "root", {"EXTRA": "1"})
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout.splitlines()
    assert out[:3] == ["arg=--cc", "arg=a b.v", "arg=-Wno-fatal"]
    assert out[3] == f"root={tmp_path / 'root'}" and out[5] == "extra=1"
    if resource.getrlimit(resource.RLIMIT_STACK)[1] == resource.RLIM_INFINITY:   # as the wrapper: where allowed
        assert out[4] == "stack=unlimited"


def test_no_binary_beside_the_wrapper_means_the_wrapper(tmp_path):
    (tmp_path / "verilator").write_text("#!/bin/sh\n")
    assert binary_beside(str(tmp_path / "verilator")) is None
    assert direct_command(str(tmp_path / "verilator"), ["--cc"], tmp_path, None) is None


@pytest.mark.skipif(shutil.which("verilator") is None, reason="source scripts/env.sh")
def test_the_cheap_build_runs_verilator_bin_and_writes_what_the_wrapper_writes(tmp_path, monkeypatch):
    verilog = tmp_path / "fuzz_top.v"
    verilog.write_text(_design())
    commands = []
    real_run = subprocess.run

    def run(cmd, *args, **kwargs):
        commands.append(cmd)
        return real_run(cmd, *args, **kwargs)

    monkeypatch.setattr(cosim.subprocess, "run", run)
    cosim.verilate(verilog, "fuzz_top", tmp_path / "direct", None, cheap=True)
    assert commands[0][0] == "sh" and commands[0][3].endswith("/verilator_bin")
    # the wrapper itself, with the arguments the cheap build gave verilator_bin
    args = [a.replace(str(tmp_path / "direct"), str(tmp_path / "wrapper")) for a in commands[0][4:]]
    real_run([shutil.which("verilator"), *args], capture_output=True, check=True, env=cosim.verilator_env())
    direct, wrapped = _emitted(tmp_path / "direct"), _emitted(tmp_path / "wrapper")
    assert direct.keys() == wrapped.keys() and len(direct) >= 4
    assert direct == wrapped
