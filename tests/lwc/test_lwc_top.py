"""The generated top of an LWC design (cryptohls/lwc/top.py, design.toml [lwc]): what a design declares
and the errors for what it gets wrong (one message naming design.toml, exit 2 on the command line)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cryptohls.designs import load_design
from cryptohls.errors import UserError

# Every design here is named "toy", each in its own tmp_path: its generated top goes under that folder
# (designs.py). Until 30 Nov 2026 all went to the repository's build/lwc-tops/toy-<variant>/, and two
# xdist workers read each other's top (CI: a W = 384 test read a W = 32 top).

DESIGN = """[design]
name = "{name}"
block_bits = 128

[lwc]
{lwc}

[variants.rtl]
kind = "rtl"
top = "t_lwc"
sources = ["core.v"]
interface = "lwc"
{extra}
"""


def _design(tmp_path, lwc: str, extra: str = "", name: str = "toy"):
    folder = tmp_path / name
    folder.mkdir()
    (folder / "core.v").write_text("module t_core; endmodule\n")
    (folder / "design.toml").write_text(DESIGN.format(name=name, lwc=lwc, extra=extra))
    return folder


def test_the_top_is_listed_after_the_sources_with_the_declared_sizes(tmp_path):
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 12\ntag_bytes = 16',
                                     'lwc = {core_params = {ROUNDS = 2}}'))
    label, top = variant.labelled_sources()[-1]
    assert label == "generated:t_lwc.v" and top.name == "t_lwc.v"
    assert top.is_relative_to(tmp_path)   # the design's own folder: no other "toy" writes it
    text = top.read_text()
    assert ".NPUB_BYTES(12), .TAG_BYTES(TAG_BYTES)" in text and "localparam integer TAG_BYTES = 16;" in text
    assert "t_core #(.ROUNDS(2)) u_core (" in text and "HASH_EN" not in text   # no hash mode: HASH fails


def test_a_hash_mode_enables_hash_in_the_frame(tmp_path):
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nhash_bytes = 32'))
    assert ".HASH_EN(HASH_EN), .HASH_BYTES(32)" in variant.sources()[-1].read_text()


def test_sizes_of_any_byte_count_reach_the_frame(tmp_path):
    """JAMBU-SIMON's sizes: a 12-byte key (KEY_BYTES of the PreProcessor), 6-byte nonce and tag."""
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 6\ntag_bytes = 6\nkey_bytes = 12'))
    text = variant.sources()[-1].read_text()
    assert ".KEY_BYTES(12), .NPUB_BYTES(6), .TAG_BYTES(TAG_BYTES)" in text
    assert "localparam integer TAG_BYTES = 6;" in text and "// 6 bytes, tag 6 bytes, key 12 bytes, no hash mode." in text


def test_a_16_byte_key_is_the_frame_default_and_not_written(tmp_path):
    """key_bytes = 16 gives the text of a top without key_bytes (the tops written before it existed)."""
    (plain,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16', name="a"))
    (keyed,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nkey_bytes = 16',
                                   name="b"))
    from cryptohls.lwc.top import render
    assert render(plain.cipher_top) == render(keyed.cipher_top) and "KEY_BYTES" not in render(plain.cipher_top)


def test_a_width_gives_the_buses_and_frame_parameters(tmp_path):
    """W = 128 around a CCW = 32 core: wide pdi / do, 32-bit sdi and core buses, the frame converts;
    the decryption buffer keeps 2048 bytes (2**7 words of 16 bytes)."""
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nwidth = 128'))
    text = variant.sources()[-1].read_text()
    assert "input  wire [127:0] pdi_data," in text and "output wire [127:0] do_data," in text
    assert "input  wire [31:0] sdi_data," in text and "wire [31:0] bdi;" in text and "wire [2:0] bdi_size;" in text
    assert ".W(128), .CCW(32)" in text and ".DEC_MAX_BYTES(16 << DEC_BUF_WORDS_LOG2)" in text
    assert "DEC_BUF_WORDS_LOG2 = 7," not in text and "DEC_BUF_WORDS_LOG2 = 7   //" in text


def test_a_wide_core_gets_wide_core_buses(tmp_path):
    """CCW = 384 (48 byte lanes, bdi_size 0..48 in 6 bits) on W = 384."""
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\n'
                                               'width = 384\nccw = 384'))
    text = variant.sources()[-1].read_text()
    assert "wire [383:0] bdi;" in text and "wire [47:0] bdi_pad_loc, bdi_valid_bytes;" in text
    assert "wire [5:0] bdi_size;" in text and "wire [47:0] bdo_valid_bytes;" in text


def test_a_core_wider_than_a_32_bit_bus_is_put_behind_the_gearbox(tmp_path):
    """W = 32 with CCW = 256: the frame sees the generated <core>_w32 (lwc_ccw_gearbox + the core, the
    CipherCore port list at CCW = 32), listed before the top; core_params go to the inner core."""
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nwidth = 32\n'
                                               'ccw = 256', 'lwc = {core_params = {ROUNDS = 2}}'))
    (geared_label, geared), (top_label, top) = variant.labelled_sources()[-2:]
    assert (geared_label, top_label) == ("generated:t_core_w32.v", "generated:t_lwc.v")
    text, inner = top.read_text(), geared.read_text()
    assert "t_core_w32 u_core (" in text and "wire [31:0] bdi;" in text and ".CCW(" not in text
    assert "module t_core_w32 (" in inner and "lwc_ccw_gearbox #(.WIDE(256)) u_gearbox (" in inner
    assert "t_core #(.ROUNDS(2)) u_core (" in inner and "wire [5:0] w_bdi_size;" in inner
    assert variant.cipher_top.frame_core == "t_core_w32"


@pytest.mark.parametrize("lwc,message", [
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nwidth = 100', "multiples of 32"),
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nwidth = 128\nccw = 96', "ccw must divide width"),
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nwidth = 64\nccw = 256', "or width = 32"),
    ('core = "t_core"\ntag_bytes = 16', "needs 'npub_bytes'"),
    ('core = "t_core"\nnpub_bytes = 0\ntag_bytes = 16', "sizes must be 1 .. 65535 bytes"),
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nkey_bytes = 0', "sizes must be 1 .. 65535 bytes"),
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 65536', "sizes must be 1 .. 65535 bytes"),
    ('core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nrounds = 2', "unknown [lwc] key 'rounds'"),
    ('core = 3\nnpub_bytes = 16\ntag_bytes = 16', "[lwc] core must be a str"),
])
def test_a_wrong_lwc_table_is_one_error_naming_design_toml(tmp_path, lwc, message):
    (variant,) = load_design(_design(tmp_path, lwc))
    with pytest.raises(UserError, match=message.replace("[", r"\[").replace("]", r"\]")) as err:
        variant.sources()
    assert str(err.value).startswith(str(tmp_path / "toy" / "design.toml"))


def test_sim_of_an_lwc_variant_without_golden_model_exits_2(tmp_path):
    _design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16')
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "sim", "toy/rtl"], capture_output=True,
                          text=True, env={**os.environ, "CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert proc.returncode == 2, proc.stderr
    assert "no golden model" in proc.stderr and "Traceback" not in proc.stderr
