"""designs/aes128-oop: seed 001's C++ AES classes through cryptohls, unchanged apart from directives.

1. csim: the testbench (FIPS-197 C.1 and B, encrypt and decrypt, then the 1000 golden vectors of
   designs/aes128-ecb-enc/hls/vectors.txt, each a key change, an encryption and a decryption).
2. cosim, per variant (the same source with -D selecting a directive set, docs.md): one build of the
   C/RTL co-simulation runs the 1002 vectors, then 16 calls of one operation each, whose cycles are
   pinned: (cycles of the operation, cycles of the first call, which also constructs both objects).
3. DIVIDE = 1/2/4 (ARRAY_PARTITION cyclic|block of the key schedule, seed 001 Table II): the banks and
   addRoundKey's cycles per call, from the report's loop rows (by the function they came from).
4. The zero-key constants of the testbench's one-operation modes, recomputed with pycryptodome.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
SRC = HERE / "hls" / "aes.cpp"
TB = HERE / "hls" / "tb_aes_oop.cpp"
REPO = HERE.parents[1]
BUILD = REPO / "build" / "tests" / "aes128-oop"
SEED_CLOCK_NS = 73.75   # 13.56 MHz, seed 001's clock

# variant -> (source, defines, clock, {mode: (cycles of one call, cycles of the first call)})
CYCLES = {
    # the first call also runs both constructors (each an expandKey of the all-zero key): +1334 (+1366,
    # and baseline enc 452 / dec 471, before issue 20's full-unroll of register-array loops / hoist-loads).
    # enc 560, dec 687 before the scheduler ordered accesses whose addresses differ in a known bit
    # freely (state[4c] .. state[4c + 3] of mixColumns: ir/known_bits.py)
    "baseline": (SRC, (), SEED_CLOCK_NS, {"key": (1373, 2707), "enc": (449, 1783), "dec": (468, 1802)}),
    # design.toml's hls-divide2 / hls-divide4 (aes.cpp with AES_KS_CYCLIC defined): seed 001's DIVIDE =
    # 2 / 4, whose encryption took 542 / 454 cycles where its baseline took 748
    "divide2": (HERE / "hls" / "aes_divide2.cpp", (), SEED_CLOCK_NS,
                {"key": (893, 1747), "enc": (429, 1283), "dec": (457, 1311)}),
    "divide4": (HERE / "hls" / "aes_divide4.cpp", (), SEED_CLOCK_NS,
                {"key": (230, 422), "enc": (341, 533), "dec": (369, 561)}),
    # design.toml's hls-registers (AES_REGISTERS: every member array and table ARRAY_PARTITION complete,
    # the byte loops unrolled): one round per cycle, as seed 001's 12-cycle point. Enc 14 = the FSM's
    # states from ap_start: two constructor guards (static objects: constructed on the first call),
    # the op switch, copy-in + addRoundKey(0), rounds 1-9 (one state each), round 10 + copy-out. Before
    # passes/dead_store.py the round loop took 4 (enc) / 5 (dec) cycles per iteration: each method's
    # rewrite of state was kept a cycle after the previous one. expandKey stays a loop (seed 001 Table I).
    "registers": (SRC, ("AES_REGISTERS",), SEED_CLOCK_NS,
                  {"key": (217, 401), "enc": (14, 198), "dec": (15, 199)}),
}


def cli(*args: str, timeout: int = 1800) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_csim() -> None:
    proc = cli("csim", str(SRC), "--tb", str(TB), "--top", "aes_top", "-o", str(BUILD / "csim"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "PASS: 1002 vectors, encrypt and decrypt"


def _run(exe: Path, args: list[str]) -> tuple[subprocess.CompletedProcess, dict]:
    stats = exe.parent / "stats.json"
    stats.unlink(missing_ok=True)
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=1800,
                          env={**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)})
    return proc, (json.loads(stats.read_text()) if stats.is_file() else {})


@pytest.mark.parametrize("variant", sorted(CYCLES))
def test_cosim(variant: str) -> None:
    from cryptohls.sim.cosim import build_cosim
    src, defines, clock_ns, cycles = CYCLES[variant]
    exe = build_cosim(src, TB, "aes_top", BUILD / variant, clock_ns=clock_ns, defines=defines)
    proc, stats = _run(exe, [])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "PASS: 1002 vectors, encrypt and decrypt"
    assert stats["calls"] == 3 * 1002 + 5
    for mode, (one, first) in cycles.items():
        proc, stats = _run(exe, [mode, "16"])
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.strip() == f"PASS: 16 x {mode}"
        assert (stats["calls"], stats["min"], stats["max"]) == (16, one, first), (mode, stats)


# -D -> (banks of each key schedule, their depth, addRoundKey's loop: (trips, cycles per trip, latency))
DIVIDE = {
    (): (1, 176, (16, 2, 17)),                   # pipelined automatically (II=1, depth 2): no directive on it
    ("AES_KS_CYCLIC=2",): (2, 88, (8, 2, 16)),   # seed 001 DIVIDE = 2: 16 cycles
    ("AES_KS_CYCLIC=4",): (4, 44, (4, 2, 8)),    # seed 001 DIVIDE = 4: 8 cycles
    ("AES_KS_BLOCK=2",): (2, 88, (8, 2, 16)),    # bytes 16r+i and 16r+i+1 in one bank: 2 ports serve both
    ("AES_KS_BLOCK=4",): (4, 44, (4, 3, 12)),    # 4 reads of one bank per step (bank chosen at run time)
}


@pytest.mark.parametrize("defines", sorted(DIVIDE))
def test_divide_banks_and_add_round_key_cycles_in_the_report(defines: tuple) -> None:
    """The key schedule in 1, 2 or 4 banks (passes/array_partition.py) and addRoundKey's cycles per
    call, read from report.json's loop rows by the function they came from (report.txt's table)."""
    out = BUILD / ("report-" + ("-".join(defines) or "baseline").replace("=", ""))
    args = [x for d in defines for x in ("-D", d)]
    proc = cli("compile", str(SRC), "--top", "aes_top", "--clock-ns", str(SEED_CLOCK_NS), *args, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    report = json.loads((out / "report.json").read_text())
    banks, depth, (trips, per_trip, latency) = DIVIDE[defines]
    for obj in ("cipher", "decipher"):
        mems = {m["name"]: m for m in report["resources"]["memories"] if m["name"].startswith(f"{obj}_key_schedule")}
        names = [f"{obj}_key_schedule"] if banks == 1 else [f"{obj}_key_schedule_{b}" for b in range(banks)]
        assert sorted(mems) == names
        assert all((m["kind"], m["depth"]) == ("ram", depth) for m in mems.values())
    ark = [lp for lp in report["loops"] if lp.get("function") == "aesKey::addRoundKey"]
    assert len(ark) == 6   # inlined at six call sites (encryption and decryption, before/in/after the round loop)
    assert {(lp["trip_count"], lp["iteration_latency"], lp["latency"]["max"]) for lp in ark} == \
        {(trips, per_trip, latency)}
    text = (out / "report.txt").read_text()
    assert f"| aesKey::addRoundKey        |  {ark[0]['line']} |" in text


def test_zero_key_constants_of_the_testbench() -> None:
    from Crypto.Cipher import AES
    aes = AES.new(bytes(16), AES.MODE_ECB)
    text = TB.read_text()
    for decrypt in (False, True):
        block = bytes(16)
        for n in range(1, 17):
            block = aes.decrypt(block) if decrypt else aes.encrypt(block)
            if n in (1, 16):
                assert block.hex() in text, (decrypt, n)
