"""``cryptohls tv``: files written, one-line summary, and bad arguments as one-line errors with exit 2."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.lwc.generate import generate
from cryptohls.lwc.parser import parse_vector_dir


def run_tv(*args: str) -> subprocess.CompletedProcess:
    """The installed `cryptohls` entry point when on PATH, else the same main() through -m."""
    executable = shutil.which("cryptohls", path=str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    command = [executable] if executable else [sys.executable, "-m", "cryptohls.cli"]
    return subprocess.run([*command, "tv", *args], capture_output=True, text=True, timeout=120)


def test_tv_writes_the_three_files_and_prints_one_line(tmp_path):
    out = tmp_path / "ctr"
    result = run_tv("--cipher", "aes128-ctr", "--out", str(out), "--seed", "5", "--count", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    expected = generate("aes128-ctr", seed=5, count=2)
    assert lines[0].startswith("aes128-ctr: 16 messages (")  # 14 coverage + 2 random
    assert lines[0] == f"{expected.summary()} -> {out / 'pdi.txt'}, {out / 'sdi.txt'}, {out / 'do.txt'}"
    assert "0 expect FAILURE" in lines[0] and "seed 5" in lines[0]
    assert sorted(p.name for p in out.iterdir()) == ["do.txt", "pdi.txt", "sdi.txt"]
    assert parse_vector_dir(out) == expected.vectors


def test_tv_width_128_parses_back_to_the_same_vectors(tmp_path):
    out = tmp_path / "w128"
    assert run_tv("--cipher", "ascon-aead128", "--out", str(out), "--count", "1", "--width", "128").returncode == 0
    assert parse_vector_dir(out, width=128) == generate("ascon-aead128", seed=1, count=1).vectors
    assert "INS = 70000000" + "0" * 24 in (out / "pdi.txt").read_text()


def test_tv_same_seed_same_bytes(tmp_path):
    for name in ("a", "b"):
        assert run_tv("--cipher", "aes128-ctr", "--out", str(tmp_path / name), "--count", "1").returncode == 0
    for file in ("pdi.txt", "sdi.txt", "do.txt"):
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--cipher", "aes128-ctr", "--out", "{tmp}", "--width", "16"], "bus width 16 is not supported"),
    (["--cipher", "aes128-ctr", "--out", "{tmp}", "--width", "8"], "bus width 8 is not supported"),
    (["--cipher", "aes128-ctr", "--out", "{tmp}", "--width", "48"], "bus width 48 is not supported"),
    (["--cipher", "aes128-ctr", "--out", "{tmp}", "--count", "-1"], "--count must be >= 0"),
    (["--cipher", "des", "--out", "{tmp}"], "invalid choice: 'des'"),
    (["--cipher", "aes128-gcm"], "the following arguments are required: --out"),
    (["--cipher", "aes128-ctr", "--out", "{tmp}", "--seed", "x"], "invalid int value: 'x'"),
    (["--cipher", "aes128-ctr", "--out", "{file}"], "output path exists and is not a directory"),
])
def test_tv_bad_arguments_exit_2_without_traceback(tmp_path, args, message):
    a_file = tmp_path / "plain-file"
    a_file.write_text("x")
    out = tmp_path / "out"
    result = run_tv(*(arg.format(tmp=out, file=a_file) for arg in args))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert message in result.stderr
    assert not out.exists()  # nothing written
