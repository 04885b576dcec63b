"""A design in several translation units (`cryptohls compile/csim/cosim A.c B.c`, as Vitis's add_files):
the files are compiled one by one and linked, each file's static functions its own. multi_file/ holds a
top (top.c) calling mix() of mix.c, each with a static step() of a different body: outputs checked
against a model written here, csim = cosim with exact cycles, and the link's and a refusal's errors;
and a whole program in two files (program.c, counter.c), its final state as far as the harness reaches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "multi_file"
BUILD = HERE.parents[2] / "build" / "tests" / "cosim" / "multi_file"
MASK = 0xFFFFFFFF
CYCLES = 24   # a call: 8 iterations at II=1 after the pipeline fills (report.json's latency, 24..24)


def cli(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=600)


def expected_lines() -> list[str]:
    """What tb.c prints, from the C written again: top.c's step is x*3+1, mix.c's step a rotation."""
    def mix(x: int) -> int:
        for _ in range(3):
            x = (((x << 7) | (x >> 25)) + 0x9E3779B9) & MASK
        return x
    lines, acc = [], 0
    for t in range(3):
        ins = [(0x01234567 * (i + 1) + t) & MASK for i in range(8)]
        outs = [mix(x) ^ ((x * 3 + 1) & MASK) for x in ins]
        acc ^= sum(outs) & MASK
        lines.append(" ".join(f"{o:08x}" for o in outs))
    return lines + [f"acc {acc:08x}"]


def test_two_files_csim_and_cosim_match_the_model_with_the_top_in_either_file():
    csim = cli("csim", HERE / "mix.c", HERE / "top.c", "--tb", HERE / "tb.c", "--top", "top")
    assert csim.returncode == 0, csim.stderr
    assert csim.stdout.splitlines() == expected_lines()
    out = BUILD / "cosim"
    cosim = cli("cosim", HERE / "mix.c", HERE / "top.c", "--tb", HERE / "tb.c", "--top", "top", "-o", out)
    assert cosim.returncode == 0, cosim.stderr
    *printed, stats = cosim.stdout.splitlines()
    assert printed == expected_lines()
    assert json.loads(stats) == {"top": "top", "status": 0, "calls": 3, "cycles_min": CYCLES,
                                 "cycles_max": CYCLES, "cycles_mean": float(CYCLES)}
    report = json.loads((out / "report.json").read_text())
    assert report["latency"]["min"] == report["latency"]["max"] == CYCLES
    # the Verilog header names every file, the top's first
    assert f"cryptohls compile {HERE / 'top.c'} {HERE / 'mix.c'} --top top" in (out / "top.v").read_text()


def test_a_function_defined_in_two_files_is_located_at_the_second():
    proc = cli("compile", HERE / "top.c", HERE / "mix.c", HERE / "mix_again.c", "--top", "top", "-o", BUILD / "twice")
    assert proc.returncode == 2
    assert proc.stderr.strip() == (f"cryptohls compile: {HERE / 'mix_again.c'}:4:10: error: 'mix' is defined in more "
                                   f"than one of the source files (hint: make all but one definition static, or a "
                                   f"declaration (extern))")


def test_a_refusal_in_the_other_file_names_that_file():
    proc = cli("compile", HERE / "top.c", HERE / "mix_malloc.c", "--top", "top", "-o", BUILD / "malloc")
    assert proc.returncode == 2
    assert f"{HERE / 'mix_malloc.c'}:6:20: error: dynamic memory allocation ('malloc') is not supported" in proc.stderr


def test_top_in_none_of_the_files_is_an_error():
    proc = cli("csim", HERE / "mix.c", HERE / "mix_again.c", "--tb", HERE / "tb.c", "--top", "top")
    assert proc.returncode == 2
    assert "top function 'top' is not defined in any of the source files (mix.c, mix_again.c)" in proc.stderr
    assert "Traceback" not in proc.stderr


def program_state() -> list[str]:
    """program.c + counter.c's final state, from the C written again; counter.c's static `last` is out
    of the harness's reach, so it is not in the state."""
    total, last, out = 0, 7, []
    for i in range(4):
        x = i * 0x11 + 3
        total, last = (total + (x ^ last)) & MASK, x
        out.append(total * 3 & MASK)
    return [f"return {out[3] & 0x7f:#x}", f"global total+0[0] {total:#x}", "global rounds+0[0] 0x4",
            *(f"global out+0[{i}] {v:#x}" for i, v in enumerate(out))]


def test_whole_program_in_two_files_compares_what_the_top_file_reaches():
    expected = program_state()
    status = int(expected[0].split()[1], 16)
    csim = cli("csim", HERE / "counter.c", HERE / "program.c")
    assert csim.returncode == status, csim.stderr
    out = BUILD / "program"
    cosim = cli("cosim", HERE / "counter.c", HERE / "program.c", "--top", "main", "-o", out)
    assert cosim.returncode == status, cosim.stderr
    stats = json.loads(cosim.stdout.splitlines()[-1])
    assert stats["program"] == {"native_status": status, "globals": 3, "compared": 7, "differences": 0}
    native = (out / "cosim" / "native" / "native.state").read_text().splitlines()
    rtl = (out / "cosim" / "rtl.state").read_text().splitlines()
    assert sorted(native) == sorted(rtl) == sorted(expected)


def absorb_lines() -> list[str]:
    """absorb_tb.c's output, from the C written again: the callee takes the low 32 bits of each size_t."""
    lines = []
    for t in range(4):
        data = [(0x3D * (i + 1) + 17 * t) & 0xFF for i in range(8)]
        state = [0] * 16
        for off, length in ((3 * t, 8), (5, 3)):
            for i in range(length):
                state[(off + i) & 15] ^= data[i]
        acc = 0
        for byte in state:
            acc = (((acc << 3) | (acc >> 29)) & MASK) ^ byte
        lines.append(f"{acc:08x}")
    return lines


def test_a_call_declared_with_wider_integers_than_its_definition_passes_their_low_bits():
    """absorb_top.c declares absorb(..., size_t, size_t), absorb.c defines it with unsigned int (SUPERCOP's
    ISAP): LLVM does not inline a call whose types are not the callee's, and the call stayed, refused as
    recursion. The low 32 bits are passed, as natively, with a warning at the call."""
    out = BUILD / "absorb"
    files = [HERE / "absorb_top.c", HERE / "absorb.c"]
    cosim = cli("cosim", *files, "--tb", HERE / "absorb_tb.c", "--top", "absorb_top", "-o", out)
    assert cosim.returncode == 0, cosim.stderr
    assert cosim.stdout.splitlines()[:-1] == absorb_lines()
    warnings = json.loads((out / "report.json").read_text())["warnings"]
    assert f"{HERE / 'absorb_top.c'}:10: the call to 'absorb' passes argument 3 (64 bits, taken as 32), argument 4 " \
           f"(64 bits, taken as 32): its declaration and definition differ, and the low bits are passed, as the " \
           f"native calling convention does" in warnings


def test_a_call_declared_with_narrower_integers_than_its_definition_is_refused_located():
    proc = cli("compile", HERE / "absorb_narrow_top.c", HERE / "absorb.c", "--top", "absorb_top", "-o",
               BUILD / "absorb_narrow")
    assert proc.returncode == 2
    assert f"{HERE / 'absorb_narrow_top.c'}:9:3: error: the call to 'absorb' passes (ptr, ptr, i16, i16) and expects " \
           f"void, but the definition takes (ptr, ptr, i32, i32) and returns void" in proc.stderr
