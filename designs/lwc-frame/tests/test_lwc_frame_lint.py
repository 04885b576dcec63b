"""Every module of the LWC frame, and every cipher top built on it, is `verilator --lint-only -Wall`
clean (DESIGN.md §8). Waivers in the sources wrap only the unused CipherCore inputs, each with its
reason.

pytest designs/lwc-frame/tests/test_lwc_frame_lint.py
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cryptohls.lwc.verilog_includes import include_flags

FRAME_RTL = Path(__file__).resolve().parents[1] / "rtl"
DESIGNS = FRAME_RTL.parents[1]
FRAME_MODULES = ["lwc_pre_processor", "lwc_post_processor", "lwc_header_fifo", "lwc_data_fifo"]
# RTL variants whose generated top (cryptohls/lwc/top.py) is linted with the frame and the core
CIPHER_VARIANTS = ["ascon-aead128/rtl", "ascon-aead128/rtl-u2",   # u2: the core with ROUNDS = 2
                   "ascon-aead128/rtl-w128", "aes128-gcm/rtl-w128",  # W = 128 around CCW = 32 cores
                   "toy-aead/rtl-w256"]                              # a CCW = 256 core at W = 256
# (W, CCW) of the bus-width parameters (docs.md, "Bus width W"): conversions and wide cores
WIDTHS = [(64, 32), (128, 32), (384, 128), (256, 256), (384, 384)]


def _lint(top: str, files: list[Path], parameters: dict[str, int] | None = None) -> None:
    assert shutil.which("verilator"), "verilator not on PATH (source scripts/env.sh)"
    flags = [f"-G{name}={value}" for name, value in (parameters or {}).items()] + include_flags(files)
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", *flags, "--top-module", top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("width,ccw", WIDTHS)
def test_frame_harness_lint_clean_at_every_width(width, ccw):
    _lint("lwc_frame_harness", sorted(FRAME_RTL.glob("*.v")) + [Path(__file__).parent / "lwc_frame_harness.v"],
          {"W": width, "CCW": ccw})


# (KEY_BYTES, NPUB_BYTES, TAG_BYTES) not multiples of 4 (docs.md, "Sizes"): JAMBU-SIMON's, a one-word key,
# a 33-byte key (9 words, a 4-bit key word index)
SIZES = [(12, 6, 6), (10, 7, 5), (1, 1, 1), (33, 16, 8)]


@pytest.mark.parametrize("key,npub,tag", SIZES)
def test_frame_harness_lint_clean_at_odd_sizes(key, npub, tag):
    _lint("lwc_frame_harness", sorted(FRAME_RTL.glob("*.v")) + [Path(__file__).parent / "lwc_frame_harness.v"],
          {"KEY_BYTES": key, "NPUB_BYTES": npub, "TAG_BYTES": tag})


@pytest.mark.parametrize("top", FRAME_MODULES)
def test_frame_module_lint_clean(top):
    _lint(top, sorted(FRAME_RTL.glob("*.v")))


def test_frame_harness_lint_clean():
    _lint("lwc_frame_harness", sorted(FRAME_RTL.glob("*.v")) + [Path(__file__).parent / "lwc_frame_harness.v"])


@pytest.mark.parametrize("name", CIPHER_VARIANTS)
def test_cipher_lint_clean(name):
    from cryptohls.designs import find_variant

    variant = find_variant(name)
    _lint(variant.top, variant.sources())


def test_cipher_core_lint_clean():
    _lint("ascon_aead128_core", sorted(FRAME_RTL.glob("*.v")) + [DESIGNS / "ascon-aead128" / "rtl" / "ascon_aead128_core.v"])


def test_one_module_per_file_named_after_it():
    import re

    for path in sorted(FRAME_RTL.glob("*.v")) + sorted((DESIGNS / "ascon-aead128" / "rtl").glob("*.v")):
        text = path.read_text()
        modules = re.findall(r"^module\s+(\w+)", text, flags=re.M)
        assert modules == [path.stem], (path, modules)
        assert text.startswith("`default_nettype none"), path


def test_ascon_core_rejects_an_unsupported_round_count():
    """ROUNDS = 3 (Ascon-p[8] is not a multiple of 3; no round bypass) fails elaboration, by name."""
    rtl = DESIGNS / "ascon-aead128" / "rtl"
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "-GROUNDS=3", f"-I{FRAME_RTL}",
                           "--top-module", "ascon_aead128_core",
                           str(rtl / "ascon_aead128_core.v")], capture_output=True, text=True)
    assert proc.returncode != 0 and "ascon_aead128_core_ROUNDS_must_be_1_or_2" in proc.stderr, proc.stderr
