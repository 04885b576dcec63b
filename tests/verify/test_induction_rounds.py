"""The induction's rounds and its time limit (issue 35, tiaoxin346/hls with the bdi read's predicate
written with s_msg outermost): the same proof ran out of its quarter of --timeout on a loaded machine and
was reported as if the induction had failed ("proved": false at depth 1, no register dropped). It now
says when the time limit, not the invariant, ended it; and a pair that held is not checked again until a
pair its step reads is dropped, which makes the Houdini rounds cheaper."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import z3

from cryptohls.designs import repo_root
from cryptohls.hls import CompileOptions
from cryptohls.lwc.boundary import Stream
from cryptohls.verify import VerifyRequest, induction as ind, relational, verify
from cryptohls.verify.miter_pairs import MITER, cone
from cryptohls.verify.unroll import Model

# A word stream whose secret data goes through a chain of three registers before the output register,
# beside public control (a wait counter from the public length, the output's fullness and length): the
# Houdini drops one data register per round, and the control pairs hold in every round.
CHAIN_CORE = """`default_nettype none
module chain_core (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire [7:0] in_data,
    input  wire [1:0] in_len,
    input  wire       in_valid,
    output wire       in_ready,
    output wire [7:0] out_data,
    output wire [1:0] out_len,
    output wire       out_valid,
    input  wire       out_ready
);
    reg [1:0] wait_q;
    reg       full_q;
    reg [7:0] d1_q, d2_q, d3_q;
    reg [9:0] out_q;          // the output word: its length beside its data, as an HLS core's bdo register
    assign in_ready = !full_q && wait_q == 2'd0;
    assign out_valid = full_q;
    assign out_data = out_q[7:0];
    assign out_len = out_q[9:8];
    always @(posedge clk_i) begin
        d1_q <= in_data;
        d2_q <= d1_q + 8'd1;
        d3_q <= d2_q ^ 8'h3c;
        if (rst_i) begin
            wait_q <= 2'd0;
            full_q <= 1'b0;
        end else begin
            if (wait_q != 2'd0) wait_q <= wait_q - 2'd1;
            if (full_q && out_ready) full_q <= 1'b0;
            if (in_valid && in_ready) begin
                full_q <= 1'b1;
                out_q  <= {in_len, d3_q ^ 8'h5a};
                wait_q <= in_len;
            end
        end
    end
endmodule
"""
STREAMS = (Stream("in", "in", "in_valid", "in_ready", ("in_data", "in_len")),
           Stream("out", "out", "out_valid", "out_ready", ("out_data", "out_len"), public_fields=("out_len",)))


@pytest.fixture
def work(request) -> Path:
    """The test's own folder under build/ (YoWASP's tools cannot read /tmp); one folder shared by the
    tests raced under pytest-xdist: a test removed it while another's Yosys ran in it."""
    folder = repo_root() / "build" / "tests" / "verify-induction-rounds" / request.node.name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def _miter(work: Path) -> tuple[Model, str]:
    """The miter of CHAIN_CORE with in.in_data secret, as `cryptohls verify` writes it (proved)."""
    src = work / "chain_core.v"
    src.write_text(CHAIN_CORE)
    got = verify(VerifyRequest(src, "chain_core", ("in.in_data",), work / "out",
                               CompileOptions(clock_port="clk_i", reset_port="rst_i"), equivalence=False,
                               replay=False, timeout_s=60, rtl_sources=(src,), streams=STREAMS))
    assert got["secret_independent"] is True and got["miter"]["bound"].startswith("every cycle"), got
    smt = (work / "out" / "miter" / "miter.smt2").read_text()
    return Model(smt, MITER), smt


def _induction(model: Model, smt: str, seconds: float) -> ind.Induction:
    return ind.induction(model, smt, cone(model, "differ"), relational.shared_start(model, smt), seconds)


def test_an_induction_stopped_by_its_time_limit_says_so(work):
    model, smt = _miter(work)
    stopped = _induction(model, smt, 0.0)
    assert stopped.proved is False and stopped.out_of_time is True
    done = _induction(model, smt, 60.0)
    assert done.proved is True and done.out_of_time is False
    assert set(done.dropped) == {"d1_q", "d2_q", "d3_q", "out_q#0"}      # the data chain and word
    assert set(done.kept) == {"full_q", "wait_q#0", "wait_q#1", "out_q#1"}   # control, the length


def test_decide_reports_the_inductions_time_limit(monkeypatch, work):
    model, smt = _miter(work)
    monkeypatch.setattr(relational, "INDUCTION_SHARE", 0.0)
    folder = work / "decide"
    folder.mkdir()
    got = relational.decide(smt, 8, 60, folder)
    assert got.induction["out_of_time"] is True and got.induction["time_limit_s"] == 0.0
    assert got.status == "proved"       # by the bounded unrolling: 8 cycles, not every cycle


def test_a_pair_that_held_is_checked_again_only_after_a_pair_its_step_reads_is_dropped(monkeypatch, work):
    model, smt = _miter(work)
    checked: list[int] = []
    substitute = z3.substitute

    def counting(term, *pairs):     # once per step checked (and per state of the base case, the same in both runs)
        checked.append(1)
        return substitute(term, *pairs)

    def run(limit: int) -> tuple[ind.Induction, int]:
        monkeypatch.setattr(ind, "SETTLE_TERM_LIMIT", limit)
        checked.clear()
        got = _induction(model, smt, 60.0)
        return got, len(checked)

    monkeypatch.setattr(z3, "substitute", counting)

    every_round, n_every = run(0)             # nothing settled: every kept pair in every round
    settled, n_settled = run(1000)
    assert settled.proved and every_round.proved
    assert settled.kept == every_round.kept and sorted(settled.dropped) == sorted(every_round.dropped)
    assert n_settled < n_every


def test_the_command_says_when_the_induction_ran_out_of_time(monkeypatch, capsys):
    import argparse

    from cryptohls.commands import verify as command

    induction = {"proved": False, "depth": 1, "registers_equal": 49, "registers_dropped": [], "seconds": 30.1,
                 "out_of_time": True, "time_limit_s": 30.0}
    summary = {"top": "core", "secrets": ["key"], "equivalence": None, "secret_independent": None, "leaks": [],
               "miter": {"status": "unknown", "solver": "z3", "cycles": 64, "bound": "64 cycles", "seconds": 263.4,
                         "compared": ["bdo_valid"], "induction": induction}}
    monkeypatch.setattr(command, "variant_request", lambda *a, **kw: argparse.Namespace(out_dir=None))
    monkeypatch.setattr(command, "verify", lambda request: summary)
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    assert command.run(parser.parse_args(["some/variant", "--timeout", "120"])) == 3
    err = capsys.readouterr().err
    assert "the induction ran out of its 30.0 s, a quarter of --timeout, after 30.1 s (depth 1 tried last)" in err
    induction["out_of_time"] = False                  # a finished induction that did not prove: no such line
    command.run(parser.parse_args(["some/variant"]))
    assert "ran out" not in capsys.readouterr().err
