"""The generated top of an LWC design (cryptohls/lwc/top.py, design.toml [lwc]): what a design declares
and the errors for what it gets wrong (one message naming design.toml, exit 2 on the command line)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cryptohls.designs import load_design
from cryptohls.errors import UserError

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
    text = top.read_text()
    assert ".NPUB_BYTES(12), .TAG_BYTES(TAG_BYTES)" in text and "localparam integer TAG_BYTES = 16;" in text
    assert "t_core #(.ROUNDS(2)) u_core (" in text and "HASH_EN" not in text   # no hash mode: HASH fails


def test_a_hash_mode_enables_hash_in_the_frame(tmp_path):
    (variant,) = load_design(_design(tmp_path, 'core = "t_core"\nnpub_bytes = 16\ntag_bytes = 16\nhash_bytes = 32'))
    assert ".HASH_EN(HASH_EN), .HASH_BYTES(32)" in variant.sources()[-1].read_text()


@pytest.mark.parametrize("lwc,message", [
    ('core = "t_core"\ntag_bytes = 16', "needs 'npub_bytes'"),
    ('core = "t_core"\nnpub_bytes = 10\ntag_bytes = 16', "positive multiples of 4 bytes"),
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
