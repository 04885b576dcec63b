"""The LWC registry (cryptohls.sim.lwc_registry): every design with interface = "lwc" is known from its
design.toml and the golden models alone, for `cryptohls sim` and `cryptohls report --lwc`. No simulation."""

from __future__ import annotations

import textwrap

import pytest

from cryptohls.designs import all_variants, find_variant
from cryptohls.errors import UserError
from cryptohls.lwc.generate import CAESAR_AEADS, CIPHER_MODELS
from cryptohls.sim.lwc_registry import TEST_CIPHERS, lwc_design_of, lwc_designs, tag_bytes
from cryptohls.report.lwc import SEED_TABLE_IV, Row, lwc_rows, render_lwc_markdown
from cryptohls.sim.lwc_driver import block_interval, simulate_lwc


def test_every_lwc_design_has_a_golden_model_matching_its_lwc_table():
    lwc = {v.design for v in all_variants() if v.interface == "lwc"}
    entries = {e.design: e for e in lwc_designs()}
    assert set(entries) == lwc
    problems = []
    for name, entry in entries.items():
        if name in TEST_CIPHERS:
            continue
        try:     # UserError (design.toml named) if no golden = ..., an unknown one, or sizes that differ
            assert entry.model().block_bytes == entry.block_bytes and entry.golden in CIPHER_MODELS
        except UserError as err:
            problems.append(str(err))
    assert not problems, "\n".join(problems)
    assert entries["acorn128v2"].block_bytes == entries["ketjesrv1"].block_bytes == 4
    assert entries["aes128-gcm"].block_bytes == entries["ascon-aead128"].block_bytes == 16


def write_design(root, name: str, golden: str | None, npub: int = 16, tag: int = 16) -> None:
    """A design folder with only a design.toml, as a helper's new cipher arrives."""
    line = f'golden = "{golden}"' if golden else ""
    (root / name).mkdir()
    (root / name / "design.toml").write_text(textwrap.dedent(f"""\
        [design]
        name = "{name}"
        block_bits = 128
        [lwc]
        core = "x_core"
        npub_bytes = {npub}
        tag_bytes = {tag}
        [variants.rtl]
        kind = "rtl"
        top = "x_lwc"
        sources = ["rtl/x_core.v"]
        interface = "lwc"
        {line}
        [variants.hls]
        kind = "hls"
        top = "x_lwc"
        hls_top = "x_hls_core"
        sources = ["hls/x_hls_core.cpp"]
        interface = "lwc"
        {line}
        """))


def test_a_new_design_is_picked_up_from_its_design_toml_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(tmp_path))
    write_design(tmp_path, "aegis-x", "aegis128l")
    write_design(tmp_path, "norx-x", "norx3241v2", npub=8)
    (entry_a, entry_n) = lwc_designs()
    assert (entry_a.golden, entry_a.block_bytes, entry_n.block_bytes) == ("aegis128l", 32, 48)
    plans = lwc_rows()
    assert [(p.design, p.algorithm, p.suffix, p.block_bytes, {k: v.full_name for k, v in p.variants.items()})
            for p in plans] == [
        ("aegis-x", "aegis128l", "", 32, {"rtl": "aegis-x/rtl", "hls": "aegis-x/hls"}),
        ("norx-x", "norx3241v2", "", 48, {"rtl": "norx-x/rtl", "hls": "norx-x/hls"})]


@pytest.mark.parametrize("golden, npub, message", [
    (None, 16, "no golden model"),
    ("no-such-cipher", 16, "unknown golden model 'no-such-cipher'"),
    ("aegis128l", 12, r"\[lwc\] npub_bytes = 12 but golden model aegis128l has 16"),
])
def test_a_design_without_a_usable_golden_model_is_a_located_error(tmp_path, monkeypatch, golden, npub, message):
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(tmp_path))
    write_design(tmp_path, "new-cipher", golden, npub=npub)
    (entry,) = lwc_designs()
    with pytest.raises(UserError, match=message) as err:
        entry.model()
    assert "new-cipher/design.toml" in str(err.value)
    with pytest.raises(UserError, match=message):       # cryptohls sim says so before building anything
        simulate_lwc(find_variant("new-cipher/rtl"), seed=1, blocks=2, build_dir=tmp_path / "build")
    if golden is None:     # report --lwc keeps the design, as a row saying why it has no figures
        (plan,) = lwc_rows()
        assert (plan.design, plan.algorithm) == ("new-cipher", None)


def test_a_key_size_other_than_the_models_is_a_located_error(tmp_path, monkeypatch):
    """[lwc] key_bytes defaults to 16 (the generated top's); JAMBU-SIMON's model has a 12-byte key."""
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(tmp_path))
    write_design(tmp_path, "jambu-x", "simonjambu96v2", npub=6, tag=6)
    (entry,) = lwc_designs()
    with pytest.raises(UserError, match=r"\[lwc\] key_bytes = 16 but golden model simonjambu96v2 has 12"):
        entry.model()


def test_test_ciphers_have_no_golden_and_no_report_row():
    assert "toy-aead" in TEST_CIPHERS
    with pytest.raises(UserError, match="toy-aead: no golden model"):
        simulate_lwc(find_variant("toy-aead/rtl"), seed=1, blocks=2, build_dir=None)
    assert lwc_rows(["toy-aead"]) == []


def test_a_port_adapted_variant_gets_its_golden_model_too():
    """aes128-ctr-io/hls (interface lwc_axis) runs on the LWC driver through cryptohls.sim.stream_core."""
    entry = lwc_design_of(find_variant("aes128-ctr-io/hls"))
    assert (entry.golden, entry.block_bytes, list(entry.variants)) == ("aes128-ctr", 16, ["hls"])


def test_tag_bytes_of_the_models():
    assert tag_bytes("aes128-gcm") == tag_bytes("acorn128v2") == 16
    assert tag_bytes("aes128n12t8clocv2") == 8 and tag_bytes("simonjambu96v2") == 6
    assert tag_bytes("aes128-ctr") == 0


def test_report_rows_of_the_new_designs_and_all_sixteen_seed_ciphers():
    plans = {(p.design, p.suffix): p for p in lwc_rows()}
    for design in ("acorn128v2", "ketjesrv1"):
        plan = plans[(design, "")]
        assert (plan.algorithm, plan.operation, plan.block_bytes) == (design, "enc", 4)
        assert {k: v.full_name for k, v in plan.variants.items()} == {"rtl": f"{design}/rtl", "hls": f"{design}/hls"}
    # every modelled CAESAR cipher has a seed row to stand beside
    assert set(CAESAR_AEADS) <= {s.ours for s in SEED_TABLE_IV} and len(SEED_TABLE_IV) == 16
    rows = [Row("acorn128v2", "acorn128v2", "enc", {"rtl": {1: 103, 2: 104}, "hls": {1: 103, 2: 104}}, block_bytes=4)]
    lines = render_lwc_markdown(rows, "cryptohls report --lwc").splitlines()
    assert "| ACORN | acorn128v2 | ENC | LFSR | 32 | 1 | 1 | 1 | 1.00 | 102 | 102 | 1 | 1 | 1.00 |" in lines
    assert "| NORX (norx3241v2) | no design | ENC | LRX | 384 | 4 |  |  |  |  |  | 4 | 6 | 1.50 |" in lines
    assert sum("| no design |" in line for line in lines) == 15
    some = render_lwc_markdown(rows, "cryptohls report --lwc --variants acorn128v2", seed_rows=False)
    assert "| no design |" not in some


@pytest.mark.parametrize("block_bytes, word_bytes, cycles_per_block", [
    (16, 4, 12),     # Ascon at W = 32: 4 words a block
    (4, 4, 1),       # ACORN / Ketje Sr: a word a block
    (6, 4, 54),      # JAMBU-SIMON: 3 words per 2 blocks
    (48, 4, 4),      # NORX: 12 words a block
    (16, 32, 10),    # AES at W = 256: 2 blocks a word
])
def test_block_interval_whatever_block_and_word(block_bytes, word_bytes, cycles_per_block):
    blocks = 20
    # the data words' cycles on do: the word holding byte b goes out when its block is done
    data_bytes = blocks * block_bytes
    cycles = [100 + (((w + 1) * word_bytes - 1) // block_bytes) * cycles_per_block
              for w in range(data_bytes // word_bytes)]
    assert block_interval(cycles, blocks, block_bytes, word_bytes) == cycles_per_block


def test_block_interval_ignores_a_mode_s_last_blocks():
    # AES-OTR's cycles on do (ecp5 bench, 20 blocks): every block 11 cycles after the one before,
    # except its last pair (22, then 5): the steady state is 11
    cycles = [100 + 11 * b for b in range(18)] + [100 + 11 * 17 + 22, 100 + 11 * 17 + 27]
    assert block_interval(cycles, 20, 16, 16) == 11


def test_block_interval_refuses_a_varying_body():
    cycles = [100 + 11 * b + (b % 2) * 3 for b in range(20)]
    with pytest.raises(AssertionError, match="not constant"):
        block_interval(cycles, 20, 16, 16)
