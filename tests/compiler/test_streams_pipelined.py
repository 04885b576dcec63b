"""PIPELINE on loops with blocking stream accesses (schedule/modulo.py, codegen/pipeline.py): the loop
runs at its II with overlapping iterations, and the whole pipeline stalls while a valid stage's
transfer cannot happen. csim = cosim on ap_fifo ports with exact cycle counts; on axis ports (Icarus,
axisbench.py) random input gaps and output back-pressure against a Python model."""

from __future__ import annotations

import random

import pytest
from axisbench import run_axis
from streamharness import KERNELS, cosim_run, lint, native_run

from cryptohls.hls import compile_file

M32 = 2**32


def _two_multiplies(x: int) -> int:
    y = x * 0x9E3779B1 % M32
    y ^= y >> 15
    return y * 0x85EBCA77 % M32


def _mix(x: int) -> int:
    y = _two_multiplies(x)
    return y ^ (y >> 13)


def test_stream_loop_is_pipelined_with_a_stall(build_dir):
    result = compile_file(KERNELS / "mix_fifo.cpp", "mix_fifo", out_dir=build_dir)
    lint(result.verilog_path)
    loop, = result.report["loops"]
    assert loop["name"] == "MIX"   # the label alone on the line before the loop names it
    assert loop["pipeline"] == {"ii": 1, "ii_requested": 1, "depth": 5, "ii_reason": ""}
    text = result.verilog_path.read_text()
    # stage 0 reads, stage 4 writes: either one waiting holds every stage
    assert ("assign for_body_stall = ((((state_q == S_FOR_BODY_0) && for_body_stage0_valid_q) && (!in_empty_n)) | "
            "(((state_q == S_FOR_BODY_0) && for_body_stage4_valid_q) && (!out_full_n)));") in text


def test_stream_loop_cosim_matches_native_with_exact_cycles(build_dir):
    src, tb = KERNELS / "mix_fifo.cpp", KERNELS / "tb_mix_fifo.cpp"
    native = native_run(src, tb, build_dir)
    assert native.splitlines()[:2] == ["call 0: n 1, left 39", f"  out {_mix(7):08x}"]
    cosim, stats = cosim_run(src, tb, "mix_fifo", build_dir)
    assert cosim == native
    # n words: entry state, then (n-1)·II + depth cycles; n = 0 returns from the entry state
    latency = [1 + (n - 1) + 5 if n else 1 for n in (1, 6, 0, 33)]
    assert (stats["calls"], stats["min"], stats["max"]) == (4, 1, 38)
    assert stats["mean"] == sum(latency) / 4


def test_two_transfers_on_one_stream_need_ii2(build_dir):
    src, tb = KERNELS / "two_writes.cpp", build_dir / "tb_two_writes.cpp"
    tb.write_text((KERNELS / "tb_mix_fifo.cpp").read_text().replace("mix_fifo", "two_writes"))
    result = compile_file(src, "two_writes", out_dir=build_dir)
    lint(result.verilog_path)
    loop, = result.report["loops"]
    assert loop["pipeline"]["ii"] == 2
    assert loop["pipeline"]["ii_reason"] == "stream 'out' (2 transfers): one transfer per cycle"
    native = native_run(src, tb, build_dir)
    assert native.splitlines()[1:3] == ["  out 00000007", f"  out {_two_multiplies(7):08x}"]
    cosim, stats = cosim_run(src, tb, "two_writes", build_dir)
    assert cosim == native
    depth = loop["pipeline"]["depth"]
    assert stats["max"] == 1 + 32 * 2 + depth


def _mix_axis_model(words: list[int]) -> list[int]:
    out = []
    for run in range(0, len(words), 8):
        total = 0
        for x in words[run:run + 8]:
            total = (total + x) % M32
            out.append(_mix(x) ^ total)
    return out


@pytest.mark.parametrize("registered", [False, True])
def test_axis_pipeline_stalls_on_gaps_and_back_pressure(build_dir, registered):
    src = KERNELS / "mix_axis.cpp"
    top = "mix_axis"
    if registered:   # the output word leaves from an output register (axis `register`)
        src = build_dir / "mix_axis_reg.cpp"
        src.write_text((KERNELS / "mix_axis.cpp").read_text().replace("mode=axis port=out", "mode=axis register port=out"))
    result = compile_file(src, top, out_dir=build_dir / "hls")
    lint(result.verilog_path)
    assert result.report["loops"][0]["pipeline"]["ii"] == 1
    rng = random.Random(6)
    words = [rng.getrandbits(32) for _ in range(64)]
    expect = _mix_axis_model(words)
    for p_valid, p_ready, seed in [(4, 4, 1), (2, 4, 2), (4, 2, 3), (1, 1, 4), (3, 3, 5)]:
        run = run_axis(result.verilog_path, top, build_dir / f"run{seed}", words, 32, None, 64,
                       p_valid, p_ready, seed, out_width=32)
        assert run.errors == [] and run.outputs == expect, (p_valid, p_ready, seed)
        if p_valid == p_ready == 4:   # no gaps: one word per cycle in and out within a run of 8
            for k in range(0, 64, 8):
                assert run.in_cycles[k + 7] - run.in_cycles[k] == 7
                assert run.out_cycles[k + 7] - run.out_cycles[k] == 7


def test_pipelined_loops_inside_dataflow_processes(build_dir):
    """PIPELINE applies inside DATAFLOW processes (it was ignored there): csim = cosim, and the 12
    words pass in three runs of `mix` (latency 9 = entry + 3 + depth 5, then its return state)."""
    src, tb = KERNELS / "df_pipe.cpp", KERNELS / "tb_df_pipe.cpp"
    native = native_run(src, tb, build_dir)
    assert len(native.splitlines()) == 12
    cosim, stats = cosim_run(src, tb, "df_pipe", build_dir)
    assert cosim == native
    assert stats["max"] == 30   # 64 with the loops not pipelined
    for module in ("mix.v", "sum.v", "df_pipe.v"):
        lint(build_dir / module)
    text = (build_dir / "report.txt").read_text()
    assert "mix_u0: mix (latency 9..9; WORDS_IN pipelined II=1 depth 5)" in text
    assert "sum_u1: sum (latency 4..4; WORDS_OUT pipelined II=1 depth 1)" in text
    # the processes' schedule warnings reach the top's report (here: two multiplies over the budget)
    assert f"  mix: {src}:12: mul path" in text   # the file named (issue 32 item 7)


def test_data_dependent_exit(build_dir):
    """A `while (!last)` packet loop at II=1: n words in 1 + (n-1) + depth cycles, csim = cosim."""
    src, tb = KERNELS / "pkt_mix.cpp", KERNELS / "tb_pkt_mix.cpp"
    result = compile_file(src, "pkt_mix", out_dir=build_dir)
    lint(result.verilog_path)
    pipe = result.report["loops"][0]["pipeline"]
    assert (pipe["ii"], pipe["depth"]) == (1, 5)
    # the multiplies are ap_uint operators inlined from ap_int.h: warnings cite the kernel's lines
    assert [w.split(": ")[0] for w in result.report["warnings"]] == [f"{src}:14", f"{src}:16"]
    native = native_run(src, tb, build_dir)
    assert [line for line in native.splitlines() if line.startswith("packet")] == [
        "packet 0: 1 words", "packet 1: 5 words", "packet 2: 2 words", "packet 3: 9 words"]
    cosim, stats = cosim_run(src, tb, "pkt_mix", build_dir, use_existing=True)
    assert cosim == native
    latency = [1 + (n - 1) + 5 for n in (1, 5, 2, 9)]
    assert (stats["min"], stats["max"], stats["mean"]) == (min(latency), max(latency), sum(latency) / 4)


def test_block_rom_reads_in_a_stalling_pipeline(build_dir):
    """Two reads of a block ROM (latency 1) per iteration at II=1 under random gaps and back-pressure:
    the ROM's output register holds while the pipeline stalls (its reads are gated like every effect)."""
    result = compile_file(KERNELS / "rom_axis.cpp", "rom_axis", out_dir=build_dir / "hls")
    lint(result.verilog_path)
    assert result.report["loops"][0]["pipeline"]["ii"] == 1
    assert {"name": "BIG", "kind": "rom", "impl": "bram"}.items() <= next(
        m for m in result.report["resources"]["memories"] if m["name"] == "BIG").items()
    big = [(i * 2654435761) % M32 for i in range(1024)]
    rng = random.Random(7)
    words = [rng.getrandbits(32) for _ in range(64)]
    expect = [big[x & 1023] ^ big[(x >> 10) & 1023] ^ x for x in words]
    for p_valid, p_ready, seed in [(4, 4, 1), (2, 4, 2), (4, 2, 3), (1, 1, 4)]:
        run = run_axis(result.verilog_path, "rom_axis", build_dir / f"run{seed}", words, 32, None, 64,
                       p_valid, p_ready, seed, out_width=32)
        assert run.errors == [] and run.outputs == expect, (p_valid, p_ready, seed)


def _end_flag_model(words: list[int], count0: int = 0) -> list[int]:
    out = []
    for count, y in enumerate(words, count0):
        for r in range(8):
            y = ((((y << 5) | (y >> 27)) % M32) + (y ^ ((count + r) % M32))) % M32
        out.append(y)
    return out


def test_end_flag_loop_reaches_ii1(build_dir):
    """Issue 32 item 12: the rotated `while (!end.read())` loop had its next flag read ordered after
    the iteration's writes to other streams, so the exit condition came last and set II = depth."""
    src, tb = KERNELS / "end_flag.cpp", KERNELS / "tb_end_flag.cpp"
    result = compile_file(src, "end_flag", out_dir=build_dir)
    lint(result.verilog_path)
    loop, = result.report["loops"]
    assert loop["pipeline"]["ii"] == 1 and loop["pipeline"]["ii_reason"] == ""
    depth = loop["pipeline"]["depth"]
    assert depth > 2   # several stages: a rotated exit test behind the writes would have forced II = depth
    native = native_run(src, tb, build_dir)
    expected = [f"call {c} out {i} {y:08x}" for c, n in enumerate((1, 5, 0))
                for i, y in enumerate(_end_flag_model([0x9E3779B9 * (i + 1 + c) % M32 for i in range(n)]))]
    assert native.splitlines() == expected
    cosim, stats = cosim_run(src, tb, "end_flag", build_dir)
    assert cosim == native
    # n words: entry state, then (n-1)·II + depth cycles; n = 0 returns from the entry state
    latency = [1 + (n - 1) + depth if n else 1 for n in (1, 5, 0)]
    assert (stats["calls"], stats["min"], stats["max"]) == (3, 1, 1 + 4 + depth)
    assert stats["mean"] == pytest.approx(sum(latency) / 3, abs=1e-6)
