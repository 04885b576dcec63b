"""The Csmith harness itself: the wrapper, the classification of outcomes, the campaign's records.

Programs here are written like Csmith's (csmith.h, globals hashed by transparent_crc), so the real
builds run; where an outcome cannot be produced honestly (a miscompile, a crash, a hang of the
compiler), the cosim process is replaced by its recorded kind of output.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest

from cryptohls.fuzz import trial
from cryptohls.fuzz.campaign import Campaign, Summary, run_campaign
from cryptohls.fuzz.csmith import parse_checksum
from cryptohls.fuzz.trial import Limits, Outcome, check_program, refusal_reason

pytestmark = pytest.mark.skipif(not Path("/usr/include/csmith/csmith.h").is_file(),
                                reason="libcsmith-dev is installed by `make setup`")

# A program in Csmith's shape: globals, a function that updates them, main hashing them.
PROGRAM = textwrap.dedent("""\
    #include "csmith.h"
    static uint32_t g_1 = 7;
    static int16_t g_2[4] = {1, -2, 3, -4};
    static void func_1(void) {
        int i;
        for (i = 0; i < 4; i++) { g_1 = g_1 * 33 + (uint32_t)g_2[i]; g_2[i] = (int16_t)(g_1 >> 3); }
    }
    int main (int argc, char* argv[])
    {
        int i;
        int print_hash_value = 0;
        if (argc == 2 && strcmp(argv[1], "1") == 0) print_hash_value = 1;
        platform_main_begin();
        crc32_gentab();
        func_1();
        transparent_crc(g_1, "g_1", print_hash_value);
        for (i = 0; i < 4; i++) transparent_crc(g_2[i], "g_2[i]", print_hash_value);
        platform_main_end(crc32_context ^ 0xFFFFFFFFUL, print_hash_value);
        return 0;
    }
    """)


def _program(directory: Path, text: str = PROGRAM) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "program.c").write_text(text)
    return directory


def _record_verbs(monkeypatch) -> list[str]:
    verbs = []
    real = trial._cli

    def cli(args, timeout_s, cwd):
        verbs.append(args[0])
        return real(args, timeout_s, cwd)
    monkeypatch.setattr(trial, "_cli", cli)
    return verbs


@pytest.fixture
def cosim_only(monkeypatch):
    """Every program goes to cosim, as before the quick runs (Icarus, the direct Verilator model)."""
    monkeypatch.setattr(trial, "_quick_runs", lambda out_dir, limits, start: ())


def test_a_program_matches_natively_and_in_cosim_without_csim(tmp_path, monkeypatch, cosim_only):
    """A cosim that prints the native checksum ran the wrapper right: csim is not run (issue 38
    item 3, fuzz throughput)."""
    verbs = _record_verbs(monkeypatch)
    outcome = check_program(_program(tmp_path / "p"), Outcome(1, "test", "skipped"), Limits())
    assert outcome.status == "matched", outcome
    assert outcome.native == outcome.cosim and outcome.native not in (None, "0")
    assert outcome.cycles > 256              # crc32_gentab computes its 256-entry table in hardware
    assert verbs == ["compile", "cosim"] and outcome.csim is None
    # the reference's -O1 build is made only where -O0's checksum would make a finding
    assert (tmp_path / "p" / "native-O0").is_file() and not (tmp_path / "p" / "native-O1").exists()


def test_the_quick_runs_match_with_cosims_checksum_and_cycles(tmp_path, monkeypatch):
    """Icarus Verilog (a small design) and the Verilator model without cosim's shim give the verdict
    of a match with the same checksum and cycle count as cosim, without running it (issue 38 item 3)."""
    verbs = _record_verbs(monkeypatch)
    by_icarus = check_program(_program(tmp_path / "icarus"), Outcome(1, "test", "skipped"), Limits())
    assert verbs == ["compile"] and (tmp_path / "icarus" / "cosim" / "icarus" / "sim.vvp").is_file()
    monkeypatch.setattr(trial.icarus, "worth_trying", lambda out_dir: False)
    by_model = check_program(_program(tmp_path / "model"), Outcome(1, "test", "skipped"), Limits())
    assert verbs == ["compile"] * 2 and (tmp_path / "model" / "cosim" / "direct" / "model").is_file()
    monkeypatch.setattr(trial, "_quick_runs", lambda out_dir, limits, start: ())
    by_cosim = check_program(_program(tmp_path / "cosim"), Outcome(1, "test", "skipped"), Limits())
    assert verbs == ["compile"] * 3 + ["cosim"]
    assert by_cosim.status == "matched" and by_cosim.cosim == by_cosim.native
    for quick in (by_icarus, by_model):
        assert (quick.status, quick.cosim, quick.cycles) == (by_cosim.status, by_cosim.cosim, by_cosim.cycles)


def test_a_quick_run_without_the_native_checksum_goes_to_cosim(tmp_path, monkeypatch):
    """Another checksum (or X bits, or no ap_done) in a quick run is no verdict: cosim decides, here a
    match, with its own cycles."""
    other = trial.icarus.HardwareRun("1234", 5)
    monkeypatch.setattr(trial.icarus, "run_icarus", lambda out_dir, max_cycles: other)
    monkeypatch.setattr(trial.direct_model, "run_direct_model", lambda *args: other)
    verbs = _record_verbs(monkeypatch)
    outcome = check_program(_program(tmp_path / "p"), Outcome(1, "test", "skipped"), Limits())
    assert verbs == ["compile", "cosim"]
    assert outcome.status == "matched" and outcome.cosim == outcome.native and outcome.cycles > 256


def test_csim_checks_the_wrapper_when_cosim_does_not_match(tmp_path, monkeypatch, cosim_only):
    _fake_cosim(monkeypatch, 0, "checksum = 1234\n")
    verbs = _record_verbs(monkeypatch)
    outcome = check_program(_program(tmp_path / "p"), Outcome(6, "test", "skipped"), Limits())
    assert verbs == ["compile", "cosim", "csim"]
    assert outcome.status == "mismatched" and outcome.csim == outcome.native


def test_a_wrapper_that_csim_gets_wrong_is_a_harness_finding(tmp_path, monkeypatch, cosim_only):
    """csim disagreeing with native says the wrapper is wrong: a harness finding, whatever cosim said."""
    real = trial._cli

    def cli(args, timeout_s, cwd):
        if args[0] == "csim":
            return subprocess.CompletedProcess(args, 0, "checksum = 99\n", "")
        return subprocess.CompletedProcess(args, 0, "checksum = 1234\n", "") if args[0] == "cosim" \
            else real(args, timeout_s, cwd)
    monkeypatch.setattr(trial, "_cli", cli)
    outcome = check_program(_program(tmp_path / "p"), Outcome(7, "test", "skipped"), Limits())
    assert (outcome.status, outcome.reason) == ("harness", "csim checksum differs from native")
    assert outcome.csim == "99" and outcome.cosim is None


def test_a_refusal_is_recorded_with_its_reason(tmp_path):
    text = PROGRAM.replace("static void func_1(void) {",
                           "static uint32_t r(uint32_t n) { return n ? r(n - 1) + 1 : 0; }\n"
                           "static void func_1(void) {\n    g_1 += r(g_1 & 3);")
    outcome = check_program(_program(tmp_path / "p", text), Outcome(2, "test", "skipped"), Limits())
    assert outcome.status == "refused"
    assert "program.c:" in outcome.detail and "recursion" in outcome.reason.lower()
    assert "program.c" not in outcome.reason          # grouped without location


def test_a_program_that_does_not_finish_natively_is_skipped(tmp_path):
    text = PROGRAM.replace("i < 4; i++) { g_1", "i < 4; i = (i + 1) % 4) { g_1")   # endless, in bounds
    outcome = check_program(_program(tmp_path / "p", text), Outcome(3, "test", "skipped"),
                            Limits(native_cpu_s=1))
    assert (outcome.status, outcome.reason) == ("skipped", "runs longer than 1 s of CPU natively at -O0")


# Subset seed 77's shape: a loop that never ends (g_1 wraps to 65535 and counts down again), which
# clang -O1 deletes because C11 6.8.5p6 lets it assume such a loop terminates; the -O1 build prints a
# checksum the program never reaches, and the hardware, like the -O0 build, runs forever.
ENDLESS = PROGRAM.replace("static void func_1(void) {", """\
static int64_t g_3 = 5;
static int32_t g_4 = 1;
static void func_1(void) {
    if (g_4 + (g_1 >> 1) == 4)
        for (g_3 = 0; (g_3 >= (-28)); g_3 = safe_sub_func_uint16_t_u_u(g_3, 1))
            for (g_4 = 8; (g_4 == (-13)); g_4 = safe_sub_func_uint64_t_u_u(g_4, 9)) { }""")


def test_a_program_that_only_an_optimising_build_finishes_is_skipped(tmp_path):
    directory = _program(tmp_path / "p", ENDLESS)
    o1 = subprocess.run(["clang-19", "-O1", "-w", f"-I{trial.RUNTIME_DIR}", "program.c", "-o", "o1"], cwd=directory)
    assert o1.returncode == 0
    assert parse_checksum(subprocess.run(["./o1"], cwd=directory, capture_output=True, text=True,
                                         timeout=10).stdout) is not None   # what the reference used to be
    outcome = check_program(directory, Outcome(77, "test", "skipped"), Limits(native_cpu_s=1))
    assert (outcome.status, outcome.reason) == ("skipped", "runs longer than 1 s of CPU natively at -O0")


def test_a_mismatch_whose_optimising_build_disagrees_is_skipped(tmp_path, monkeypatch, cosim_only):
    """A program whose -O0 and -O1 builds print different checksums depends on undefined behaviour:
    where the hardware printed neither, its mismatch is no finding. (Both builds are real; the -O1
    run's checksum is replaced, as no program of the campaigns had the two disagree.)"""
    _fake_cosim(monkeypatch, returncode=0, stdout="checksum = 1234\n{\"cycles_max\": 9}\n")
    real = trial._native_run

    def native_run(program, directory, limits, level):
        checksum, why = real(program, directory, limits, level)
        return ("89ABCDEF" if level == "-O1" else checksum), why
    monkeypatch.setattr(trial, "_native_run", native_run)
    outcome = check_program(_program(tmp_path / "p"), Outcome(5, "test", "skipped"), Limits())
    assert (outcome.status, outcome.reason) == ("skipped", "checksums differ natively between -O0 and -O1")
    assert outcome.detail == f"-O0 {outcome.native}, -O1 89ABCDEF" and outcome.cosim is None


def test_hardware_past_the_cycle_limit_is_a_hang(tmp_path):
    """The real cosim, stopped by --max-cycles: crc32_gentab alone takes more than 256 cycles. The
    loop counts prove only 256 - 100 (fuzz/cycle_bound.py: 100 trips may be unrolled), below the limit,
    so the timeout stays a finding."""
    outcome = check_program(_program(tmp_path / "p"), Outcome(5, "test", "skipped"), Limits(max_cycles=200))
    assert (outcome.status, outcome.reason) == ("timed_out", "no ap_done within 200 cycles")
    assert outcome.detail.startswith("cosim: fuzz_top did not assert ap_done within 200 cycles (its loops "
                                     "need at least 156 cycles: loop ")


# A goto loop of 50,000 trips (subset seed 3277's shape: a local counted down to 0): natively a
# fraction of a millisecond, in hardware more than 1,000 cycles. opt's loop-unroll<O2> unrolls it by 5
# (a goto loop has no !llvm.loop, so no llvm.loop.unroll.disable: frontend/loop_table.py), so the IR's
# loop runs 10,000 times, a cycle each at least: 10,000 - 100 (fuzz/cycle_bound.py) = 9,900.
LONG = PROGRAM.replace("static void func_1(void) {", """\
static void func_1(void) {
    uint16_t l_5 = 50000U;
lbl_6:
    g_1 = g_1 * 5U + 3U;
    if (--l_5)
        goto lbl_6;""")


def test_hardware_that_provably_needs_more_cycles_than_the_limit_is_skipped(tmp_path):
    outcome = check_program(_program(tmp_path / "p", LONG), Outcome(8, "test", "skipped"), Limits(max_cycles=1000))
    assert (outcome.status, outcome.reason) == ("skipped", "needs at least 9900 cycles in hardware, over the "
                                                           "limit of 1000")
    assert "runs its header 10000 times natively, entered at most 1 times" in outcome.detail
    assert outcome.csim is None and "bound" in outcome.cpu


def _fake_cosim(monkeypatch, returncode: int, stdout: str = "", stderr: str = "", hang: bool = False,
                verb: str = "cosim"):
    """``cryptohls VERB`` replaced by its recorded kind of output."""
    real = trial._cli

    def cli(args, timeout_s, cwd):
        if args[0] != verb:
            return real(args, timeout_s, cwd)
        if hang:
            return None
        return subprocess.CompletedProcess(args, returncode, stdout, stderr)
    monkeypatch.setattr(trial, "_cli", cli)


@pytest.mark.parametrize("fake, status, reason", [
    ({"returncode": 0, "stdout": "checksum = 1234\n{\"cycles_max\": 9}\n"}, "mismatched", ""),
    ({"returncode": 1, "stderr": "Traceback (most recent call last):\n  ...\nKeyError: 'phi'\n"},
     "crashed", "KeyError"),
    ({"returncode": -11, "stderr": ""}, "crashed", "exit status -11"),
    ({"returncode": 3, "stderr": "cryptohls cosim: fuzz.c:9:3: internal compiler error: KeyError: 'phi' (at "
                                 "cryptohls/passes/cse.py:40, during the IR passes of 'fuzz_top')\n"
                                 "cryptohls cosim: note: this is a bug in cryptohls ...\n"},
     "crashed", "internal compiler error: KeyError at cryptohls/passes/cse.py:40"),
    ({"returncode": 0, "hang": True}, "timed_out", "cosim did not finish in 300 s"),
    # Verilator refusing the compiler's Verilog (exit 2, as a refusal of bad input) is the compiler's bug
    ({"returncode": 2, "stderr": "cryptohls cosim: /x/p/cosim/fuzz_top.v: error: Verilator rejected the RTL: "
                                 "%Error: /x/p/cosim/fuzz_top.v:5305:27: Illegal bit or array select\n"},
     "crashed", "Verilator rejected the RTL: %Error: /x/p/cosim/fuzz_top.v:N:N: Illegal bit or array select"),
    # the same failures of the compile step, which cosim no longer repeats
    ({"verb": "compile", "returncode": 1, "stderr": "Traceback (most recent call last):\n  ...\nKeyError: 'phi'\n"},
     "crashed", "KeyError"),
    ({"verb": "compile", "returncode": 3,
      "stderr": "cryptohls compile: fuzz.c:9:3: internal compiler error: KeyError: 'phi' (at "
                "cryptohls/passes/cse.py:40, during the IR passes of 'fuzz_top')\n"},
     "crashed", "internal compiler error: KeyError at cryptohls/passes/cse.py:40"),
    ({"verb": "compile", "returncode": 0, "hang": True}, "timed_out", "cosim did not finish in 300 s"),
], ids=["mismatch", "traceback", "signal", "internal-error", "hang", "rejected-rtl",
        "compile-traceback", "compile-internal-error", "compile-hang"])
def test_findings_are_classified(tmp_path, monkeypatch, cosim_only, fake, status, reason):
    _fake_cosim(monkeypatch, **fake)
    outcome = check_program(_program(tmp_path / "p"), Outcome(4, "test", "skipped"), Limits())
    assert (outcome.status, outcome.reason) == (status, reason)
    if status == "mismatched":
        assert outcome.detail == f"native {outcome.native}, cosim 1234"


def test_the_campaign_records_resumes_and_keeps_findings(tmp_path, monkeypatch):
    """Seeds 5..8 with a stand-in generator: 6 is a mismatch (kept under findings/), the others'
    folders are removed; a second run reuses all four records and runs nothing."""
    from cryptohls.fuzz import campaign as campaign_mod
    ran = []

    def fake_trial(seed, profile, directory, limits):
        ran.append(seed)
        _program(directory)
        status = "mismatched" if seed == 6 else "matched"
        return Outcome(seed, profile, status, detail="native 1, cosim 2" if seed == 6 else "")
    monkeypatch.setattr(campaign_mod, "run_trial", fake_trial)
    campaign = Campaign(5, 4, "basic", tmp_path / "out", jobs=2)
    summary = run_campaign(campaign)
    assert sorted(ran) == [5, 6, 7, 8] and summary.reused == 0
    assert summary.table()["matched"] == 3 and [o.seed for o in summary.findings] == [6]
    finding = tmp_path / "out" / "findings" / "mismatched-6"
    assert (finding / "program.c").is_file()
    assert json.loads((finding / "outcome.json").read_text())["status"] == "mismatched"
    assert not (tmp_path / "out" / "programs" / "5").exists()
    lines = (tmp_path / "out" / "outcomes.jsonl").read_text().splitlines()
    assert len(lines) == 4 and all("compiler" in json.loads(line)["key"] for line in lines)

    ran.clear()
    again = run_campaign(campaign)
    assert ran == [] and again.reused == 4 and again.table()["generated"] == 4


def test_summary_rates():
    outcomes = [Outcome(1, "p", "matched"), Outcome(2, "p", "refused", reason="x"),
                Outcome(3, "p", "skipped", reason="y"), Outcome(4, "p", "matched")]
    table = Summary(outcomes).table()
    assert (table["tested"], table["compiled"], table["acceptance"], table["match_rate"]) == (3, 2, 0.6667, 1.0)
    assert table["refusals"] == {"x": 1} and table["skips"] == {"y": 1}


def test_stage_cpu_counts_the_tools_a_stage_waits_for(tmp_path):
    """Outcome.cpu: a stage's CPU includes its child processes (the compilers and simulators), not
    only the harness's own Python."""
    outcome = Outcome(1, "p", "skipped")
    burn = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\n"
    with trial.stage_cpu(outcome, "native"):
        subprocess.run(["python3", "-c", burn], check=True)
    with trial.stage_cpu(outcome, "csim"):
        pass
    assert 0.3 <= outcome.cpu["native"] < 2.0 and outcome.cpu["csim"] < 0.1
    with trial.stage_cpu(outcome, "native"):   # a stage run twice adds up
        subprocess.run(["python3", "-c", burn], check=True)
    assert outcome.cpu["native"] >= 0.6
    second = Outcome(2, "p", "matched", cpu={"native": 0.4, "compile": 1.0})
    cpu = Summary([outcome, second]).table()["cpu_s"]
    assert cpu["compile"] == 1.0 and cpu["total"] == pytest.approx(sum(outcome.cpu.values()) + 1.4, abs=0.02)
    assert cpu["per_program"] == round(cpu["total"] / 2, 3)


def test_refusal_reason_drops_location_hint_and_names():
    message = ("cryptohls cosim: /w/p/program.c:127:13: error: call to undefined function 'exit' "
               "(hint: define it in the file)")
    assert refusal_reason(message) == "call to undefined function '…'"


def test_checksum_parsing():
    assert parse_checksum("x\nchecksum = 00ab12\n") == "AB12"
    assert parse_checksum("checksum = 0\n") == "0" and parse_checksum("nothing") is None


def test_the_reduction_keeps_only_the_same_failure(tmp_path, monkeypatch):
    """C-Vise's interestingness check: the reduced program must still build and run natively, and
    cosim must fail the same way (same exception, same signal, or still a different checksum)."""
    from cryptohls.fuzz import reduce
    directory = _program(tmp_path / "p")

    def fake(returncode, stdout="", stderr=""):
        monkeypatch.setattr(reduce, "_cli", lambda args, timeout_s, cwd:
                            subprocess.CompletedProcess(args, returncode, stdout, stderr))
    fake(1, stderr="Traceback (most recent call last):\nKeyError: 'x'\n")
    assert reduce.still_fails(directory, "crashed", "KeyError", Limits())
    assert not reduce.still_fails(directory, "crashed", "ValueError", Limits())
    fake(3, stderr="f.c:2:1: internal compiler error: KeyError: 'y' (at cryptohls/a.py:3)\nnote: report it\n")
    assert reduce.still_fails(directory, "crashed", "internal compiler error: KeyError at cryptohls/a.py:3", Limits())
    assert not reduce.still_fails(directory, "crashed", "internal compiler error: KeyError at cryptohls/b.py:3",
                                  Limits())
    fake(-11)
    assert reduce.still_fails(directory, "crashed", "exit status -11", Limits())
    assert not reduce.still_fails(directory, "crashed", "exit status -6", Limits())
    fake(0, stdout="checksum = 1\n")
    assert reduce.still_fails(directory, "mismatched", "", Limits())
    (directory / "program.c").write_text("int main(void) { for (;;); }\n")    # no longer a valid test
    assert not reduce.still_fails(directory, "mismatched", "", Limits(native_cpu_s=1))


def test_zero_tails_profile_zeroes_the_tail_of_literal_lists():
    """The zero-tails profile (issue 32 item 1: Csmith never writes a table ending in zeros, the shape
    clang lays out as a packed struct of two parts) rewrites literal lists of more than 8 elements."""
    from cryptohls.fuzz.csmith import PROFILES, zero_tails
    assert PROFILES["zero-tails"][:2] == ("--max-array-len-per-dim", "16")
    lists = [", ".join(f"0x{k + 1:X}L" for k in range(n)) for n in (16, 12, 8)]
    text = ("static int8_t g_1[2][16] = {{" + lists[0] + "},{" + lists[0] + "}};\n"
            "static uint32_t g_2[12] = {" + lists[1] + "};\nstatic int16_t g_3[8] = {" + lists[2] + "};\n"
            "static int32_t *g_4[9] = {&g_5,&g_5,&g_5,&g_5,&g_5,&g_5,&g_5,&g_5,&g_5};\n"
            "static void f(void) { g_6 = (-1L); }\n")
    changed = 0
    for seed in range(20):
        out = zero_tails(text, seed)
        assert out == zero_tails(text, seed)                  # the seed decides
        lines, before = out.splitlines(), text.splitlines()
        assert lines[2:] == before[2:]                        # 8 elements, pointers, code: as written
        for line in lines[:2]:
            for group in line.split("{")[1:]:
                items = [x.strip() for x in group.split("}")[0].split(",") if x.strip()]
                if not items:
                    continue
                zeros = len(items) - next(k for k in range(len(items), 0, -1) if items[k - 1] != "0")
                assert items[0] != "0" and zeros in (0, *range(8, len(items)))
                changed += zeros > 0
    assert changed > 0
