"""PIPELINE II=N (schedule/modulo.py, codegen/pipeline.py): kernels over ap_memory arrays compiled,
linted, simulated with Icarus (simharness) and compared with the same C compiled natively by clang;
exact cycle counts. A pipelined loop of N iterations, II and depth D takes (N-1)·II + D cycles; the
call adds the entry state (cycle 0, ap_start) and the return state after the loop:
latency = 1 + (N-1)·II + D (ap_start cycle → ap_done cycle)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from cryptohls.hls import compile_file
from simharness import lint, run_call

KERNELS = Path(__file__).resolve().parent / "pipeline"


def native(build: Path, src: Path, decls: str, call: str, show: str) -> list[int]:
    """Runs the kernel compiled by clang for the host; returns the printed values."""
    main = build / "native_main.c"
    main.write_text(f'#include <stdio.h>\n#include <stdint.h>\n#include "{src}"\n'
                    f"int main(void) {{\n{decls}\n{call};\n{show}\nreturn 0;\n}}\n")
    exe = build / "native"
    subprocess.run(["clang-19", "-O1", "-w", "-o", str(exe), str(main)], check=True, capture_output=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def c_array(name: str, ctype: str, values: list[int]) -> str:
    return f"{ctype} {name}[{len(values)}] = {{{', '.join(str(v) for v in values)}}};"


def show(name: str, n: int, fmt: str = "%lld", cast: str = "(long long)") -> str:
    return f'for (int k = 0; k < {n}; k++) printf("{fmt}\\n", {cast}{name}[k]);'


def test_vadd_ii1(build_dir):
    """64 iterations at II=1, depth 2 (read a and b, add and write c): 63 + 2 = 65 loop cycles, 66 in all
    (was 129 = 1 + 64·2 without pipelining)."""
    result = compile_file(KERNELS / "vadd.c", "vadd", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop, = rep["loops"]
    assert loop["pipeline"] == {"ii": 1, "ii_requested": 1, "depth": 2, "ii_reason": ""}
    assert loop["latency"] == {"min": 65, "max": 65}
    assert rep["latency"] == {"min": 66, "max": 66}
    a = [(i * 2654435761) % 2**32 for i in range(64)]
    b = [(i * 40503 + 7) % 2**32 for i in range(64)]
    sim = run_call(result.verilog_path, rep, {}, memories={"a": a, "b": b, "c": [0] * 64}, calls=2)
    assert sim["latency"] == [66, 66]
    expect = native(build_dir, KERNELS / "vadd.c", c_array("a", "uint32_t", a) + c_array("b", "uint32_t", b) +
                    "uint32_t c[64];", "vadd(a, b, c)", show("c", 64))
    assert sim["mem"]["c"][:64] == expect


def test_fir_shift_register_ii1(build_dir):
    """8-tap FIR, shift register in registers, 32 outputs at II=1: 31 + depth cycles."""
    result = compile_file(KERNELS / "fir.c", "fir", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop = next(lp for lp in rep["loops"] if "pipeline" in lp)
    depth = loop["pipeline"]["depth"]
    assert loop["pipeline"]["ii"] == 1 and depth >= 3   # x read, multiply-add tree, y write (5 at ecp5 10 ns)
    assert loop["latency"] == {"min": 31 + depth, "max": 31 + depth}
    x = [((i * 7919) % 65536) - 32768 for i in range(32)]
    sim = run_call(result.verilog_path, rep, {}, memories={"x": [v % 65536 for v in x], "y": [0] * 32})
    assert sim["latency"] == [rep["latency"]["max"]]
    assert rep["latency"]["max"] == 1 + 31 + depth   # cycles 1..31+D: the loop; then the return state
    expect = native(build_dir, KERNELS / "fir.c", c_array("x", "int16_t", x) + "int32_t y[32];", "fir(x, y)",
                    show("y", 32))
    assert [v - 2**32 if v >= 2**31 else v for v in sim["mem"]["y"][:32]] == expect


def test_memory_recurrence_forces_larger_ii(build_dir):
    """h[i] = h[i] + 3·h[i-1] on one single-port array: three accesses per iteration need II ≥ 3, and the
    store must precede the next iteration's reads; the report says why II=1 was not met."""
    result = compile_file(KERNELS / "recur.c", "prefix", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop, = rep["loops"]
    pl = loop["pipeline"]
    assert pl["ii"] == 4 and pl["ii_requested"] == 1 and pl["depth"] == 4
    assert pl["ii_reason"] == "memory ports of 'h' (1 per cycle)"
    assert any("PIPELINE II=1 not met, II=4" in w for w in rep["warnings"])
    h = [(i * 977 + 13) % 2**32 for i in range(32)]
    sim = run_call(result.verilog_path, rep, {}, memories={"h": h})
    # depth = II: the iterations do not overlap, so the loop is a plain FSM loop and its exit state
    # (the return) is fused into the last iteration's last state: one cycle less than 1 + 30·II + D
    assert sim["latency"] == [1 + 30 * 4 + 4 - 1]
    expect = native(build_dir, KERNELS / "recur.c", c_array("h", "uint32_t", h), "prefix(h)", show("h", 32))
    assert sim["mem"]["h"][:32] == expect


def test_scalar_recurrence_forces_larger_ii(build_dir):
    """s = s·a[i] + i: the multiply-add does not fit one cycle (estimated) and its result must be in s's
    register before the next iteration starts, so II = the cycles of that chain + 1 (3 at ecp5 10 ns);
    16 iterations take 15·II + D cycles."""
    result = compile_file(KERNELS / "mulrec.c", "mulrec", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop, = rep["loops"]
    pl = loop["pipeline"]
    assert pl["ii"] > 1 and pl["ii_reason"] == "recurrence through 's' (line 8)"
    assert loop["latency"]["max"] == 15 * pl["ii"] + pl["depth"]
    a = [(i * 2246822519 + 3) % 2**32 for i in range(16)]
    sim = run_call(result.verilog_path, rep, {}, memories={"a": a})
    # depth = II (a plain FSM loop): the return state is fused into the last iteration's last state,
    # so the call takes the entry state + the loop's cycles, i.e. latency = the loop's latency
    assert sim["latency"] == [rep["latency"]["max"]] and rep["latency"]["max"] == loop["latency"]["max"]
    expect = native(build_dir, KERNELS / "mulrec.c", c_array("a", "uint32_t", a),
                    "uint32_t r = mulrec(a)", 'printf("%u\\n", r);')
    assert sim["ret"] == expect


def test_loops_inside_a_pipelined_loop_are_unrolled(build_dir):
    """Vitis semantics: PIPELINE unrolls every loop nested in the loop, including a helper's loop (no
    UNROLL pragmas in nested.c); the body is then one block and II=1 is met."""
    result = compile_file(KERNELS / "nested.c", "nested", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop, = rep["loops"]
    assert loop["pipeline"]["ii"] == 1 and not [w for w in rep["warnings"] if "PIPELINE" in w]
    a = [(i * 2654435761 + 7) % 2**32 for i in range(16)]
    sim = run_call(result.verilog_path, rep, {}, memories={"a": a, "y": [0] * 16})
    assert sim["latency"] == [rep["latency"]["max"]]
    expect = native(build_dir, KERNELS / "nested.c", c_array("a", "uint32_t", a) + "uint32_t y[16];",
                    "nested(a, y)", show("y", 16))
    assert sim["mem"]["y"][:16] == expect


def test_rom_reads_of_overlapping_stages_take_different_ports(build_dir):
    """y[i] = T[T[x[i]] ^ 0x5a] at II=1 on a dual-port block ROM: the first read (stage 0) of iteration
    i+1 and the second (stage 1) of iteration i share a clock, so they must use ports 0 and 1 (ports are
    bound per cycle modulo II; binding per cycle gave both port 0 and the second read got the first's
    address). Found in designs/misty1-sbox Type 1 (the key schedule loop)."""
    result = compile_file(KERNELS / "rom_chain.c", "rom_chain", clock_ns=10.0, out_dir=build_dir)
    rep = result.report
    assert lint(result.verilog_path) == ""
    loop, = rep["loops"]
    assert loop["pipeline"]["ii"] == 1 and loop["pipeline"]["depth"] >= 3
    x = [(i * 73 + 5) % 256 for i in range(32)]
    sim = run_call(result.verilog_path, rep, {}, memories={"x": x, "y": [0] * 32}, calls=1)
    expect = native(build_dir, KERNELS / "rom_chain.c", c_array("x", "uint8_t", x) + "uint8_t y[32];",
                    "rom_chain(x, y)", show("y", 32))
    assert sim["mem"]["y"][:32] == expect


def test_ii_below_the_recurrence_bound_runs_no_lp(build_dir, monkeypatch):
    """Issue 38 item 1: an II that a recurrence rules out (its chain cannot finish within II cycles even
    at the earliest cycles, sdc.earliest_cycles) costs no LP: the modulo LPs start at the bound. The
    report's reason for the larger II stays the recurrence's."""
    from cryptohls.schedule import sdc
    solves: list[bool] = []
    plain = sdc.schedule_block

    def counted(fn, b, model, clock_ns, upper=None, extra=None, stream_order=True, **cache):
        solves.append(upper is not None)
        return plain(fn, b, model, clock_ns, upper, extra, stream_order, **cache)

    monkeypatch.setattr(sdc, "schedule_block", counted)
    result = compile_file(KERNELS / "mulrec.c", "mulrec", clock_ns=10.0, out_dir=build_dir)
    pl = result.report["loops"][0]["pipeline"]
    assert pl["ii"] > 1 and pl["ii_reason"] == "recurrence through 's' (line 8)"
    assert solves.count(True) == 1   # only the chosen II's LP


def test_earliest_cycles_bound_every_schedule():
    from cryptohls.ir import parse_function
    from cryptohls.schedule.delay import delay_model
    from cryptohls.schedule.sdc import earliest_cycles, schedule_block
    model = delay_model("ecp5")
    fn = parse_function("\n".join([
        'function f {}', '  memory g {"kind":"ram","width":32,"depth":4,"ports":1,"latency":1} init [0, 0, 0, 0]',
        '  block entry',
        '    %1:i32 = load 0:i2 {"mem":"g"} @1:1', '    %2:i32 = mul %1, %1 @1:2', '    %3:i32 = mul %2, %2 @1:3',
        '    %4:i32 = load 1:i2 {"mem":"g"} @1:4', '    %5:i32 = add %3, %4 @1:5',
        '    store 2:i2, %5 {"mem":"g"} @1:6', '    ret @1:7', '}']) + "\n")
    block = fn.blocks[0]
    for clock in (3.0, 10.0, 40.0):
        earliest, cycles = earliest_cycles(fn, block, model, clock), schedule_block(fn, block, model, clock)
        assert all(earliest[k] <= cycles[k] for k in cycles)
        # the LP minimises the block length first: the earliest end is reached
        assert earliest[block.terminator.id] == cycles[block.terminator.id]
