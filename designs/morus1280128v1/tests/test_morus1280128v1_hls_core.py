"""The HLS CipherCore of morus1280128v1 (hls/morus1280128v1_hls_core.cpp) on its own and in the frame.

- its C testbench (KAT records: ENC, DEC, DEC with a flipped tag bit) gives the same output and exit
  status 0 in csim and in cosim: on the 49 edge records here, on all 1089 in the slow test;
- the compiled core (the variant's artifact, the one the design tests simulate) has exactly the frame's
  CipherCore port list plus clk_i / rst_i, its loop is one state (one cycle per iteration, as the RTL
  core's next-state logic), the compiler finds no timing that depends on the key stream, and the full
  module (frame + generated top morus1280128v1_lwc + the compiled core, no wrapper) is
  `verilator --lint-only -Wall` clean.
The cycles in the frame (Ta, Tb equal to the RTL core's) are asserted by test_morus1280128v1.py.

pytest designs/morus1280128v1/tests/test_morus1280128v1_hls_core.py
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.designs import find_variant, repo_root

HLS = Path(__file__).resolve().parents[1] / "hls"
SRC, TB = HLS / "morus1280128v1_hls_core.cpp", HLS / "tb_morus1280128v1_hls_core.cpp"
TOP = "morus1280128v1_hls_core"
VARIANT = "morus1280128v1/hls"
EDGES = {0, 1, 15, 16, 17, 31, 32}   # AD and PT lengths of the make-test KAT records (as test_morus1280128v1.py)
# designs/lwc-frame/docs.md, "CipherCore port list" at CCW = 256 ("Bus width W"): (direction seen from
# the core, width)
CIPHER_CORE_PORTS = {
    "key": ("input", 32), "key_valid": ("input", 1), "key_ready": ("output", 1), "key_update": ("input", 1),
    "bdi": ("input", 256), "bdi_valid": ("input", 1), "bdi_ready": ("output", 1), "bdi_type": ("input", 4),
    "bdi_size": ("input", 6), "bdi_valid_bytes": ("input", 32), "bdi_pad_loc": ("input", 32),
    "bdi_eot": ("input", 1), "bdi_eoi": ("input", 1), "decrypt_in": ("input", 1), "hash_in": ("input", 1),
    "bdo": ("output", 256), "bdo_valid": ("output", 1), "bdo_ready": ("input", 1), "bdo_type": ("output", 4),
    "bdo_valid_bytes": ("output", 32), "end_of_block": ("output", 1),
    "msg_auth_valid": ("output", 1), "msg_auth_ready": ("input", 1), "msg_auth": ("output", 1),
}


@pytest.fixture(scope="module")
def artifact():
    """The variant's compiled core (the artifact store: compiled once, shared with the design tests)."""
    from cryptohls.hls.artifacts import compiled

    variant = find_variant(VARIANT)
    return compiled(SRC, TOP, clock_ns=float(variant.options["clock_ns"]), secrets=variant.secrets,
                    **variant.port_names)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root())


def _edge_kat_file(path: Path) -> Path:
    """The KAT records whose AD and PT lengths are both in EDGES, in the KAT file's own format."""
    from cryptohls.golden.vectors import caesar_kat_path

    blocks = caesar_kat_path("morus1280128v1").read_text().strip().split("\n\n")
    kept = [b for b in blocks if all(len(re.search(rf"^{f} = ?(\w*)$", b, re.M).group(1)) // 2 in EDGES
                                     for f in ("AD", "PT"))]
    assert len(blocks) == 1089 and len(kept) == 49
    path.write_text("\n\n".join(kept) + "\n")
    return path


def _csim_equals_cosim(out_dir: Path, kat_file: Path | None, records: int) -> None:
    from cryptohls.hls.artifacts import compiled, copy_into

    # cosim drives the compiler's own clock and reset names (ap_clk, ap_rst): the core compiled with
    # them (another artifact of the store, compiled once)
    artifact = compiled(SRC, TOP, clock_ns=float(find_variant(VARIANT).options["clock_ns"]))

    args = ["--arg", str(kat_file)] if kat_file else []
    csim = _cli("csim", str(SRC), "--tb", str(TB), "--top", TOP, *args)
    assert csim.returncode == 0, csim.stdout[-2000:] + csim.stderr
    summary = csim.stdout.strip().splitlines()[-1]
    assert summary.startswith(f"morus1280128v1 core: {records} KATs, {records} ENC, {records} DEC, "
                              f"{records} DEC with a wrong tag"), summary
    assert summary.endswith(", 0 failures"), summary
    copy_into(artifact, out_dir)
    cosim = _cli("cosim", str(SRC), "--tb", str(TB), "--top", TOP, "--clock-ns", "20", "--use-existing",
                 "-o", str(out_dir), *args)
    assert cosim.returncode == 0, cosim.stderr
    lines = cosim.stdout.strip().splitlines()
    assert lines[:-1] == csim.stdout.strip().splitlines()
    stats = json.loads(lines[-1])
    # one call per key and per command: a key, an ENC and two DEC per record
    assert (stats["status"], stats["calls"]) == (0, 4 * records)


def test_csim_and_cosim_give_the_same_answer(tmp_path):
    _csim_equals_cosim(tmp_path / "out", _edge_kat_file(tmp_path / "kat.txt"), 49)


@pytest.mark.slow   # make test-slow: all 1089 KAT records in csim and cosim
def test_csim_and_cosim_all_kats(tmp_path):
    _csim_equals_cosim(tmp_path / "out", None, 1089)


def test_core_port_list_one_state_key_independent_and_lint(artifact):
    text = artifact.verilog.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == {**CIPHER_CORE_PORTS, "clk_i": ("input", 1), "rst_i": ("input", 1)}
    report = artifact.report
    (loop,) = report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration, as the RTL core
    # the compiler follows the whole `key` stream; the field bdi.bdi is proved by `cryptohls verify` alone
    assert (report["secrets"], report["secret_independent"], report["leaks"]) == (["key"], True, [])
    variant = find_variant(VARIANT)
    files = [*artifact.verilog_files, *variant.rtl_sources()]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", variant.top, *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
