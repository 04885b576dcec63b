"""Try cryptohls on the AMD Vitis Security Library as a Vitis user would (issue 32).

    python scripts/vitis_library.py L1 [--out DIR] [--only GLOB] [--cosim GLOB] [--timeout S] [--jobs J] [--resume]
                                  [--max-cycles N]

L1 is a checkout's `security/L1` folder (Xilinx/Vitis_Libraries; it is not part of this repository and
is never copied into it). Every `tests/**/run_hls.tcl` names the design file, the test bench, the top,
the C flags and the link flags its csim/cosim use; each such test is compiled with `cryptohls compile`
and classified by exit status (0 compiled, 2 a located refusal, 3 an internal compiler error, anything
else or a Python traceback a crash, a timeout). Tests whose folder matches a `--cosim` glob also run
csim and cosim with the library's test bench and report cosim's cycles per call (a bench that fails on
the C itself is still a check of the RTL: cosim must print what csim prints). Results go to
DIR/results.json and DIR/results.md (default build/vitis-library), rewritten after every test, so an
interrupted run keeps what it measured and `--resume` runs only the tests not in results.json yet;
progress is printed per test. `--jobs J` runs J tests at a time (one compile each).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from third_party import (COMPILER_FAULTS, compile_status, counts_line, first_error, is_cosim_summary, load_results,
                         run, run_split, save_results)

REPO = Path(__file__).resolve().parents[1]


@dataclass
class VitisTest:
    """One `run_hls.tcl`: what Vitis would be asked to do."""
    name: str                 # the test folder relative to L1/tests, e.g. "aes/aes128enc"
    folder: Path
    top: str
    design: list[str]
    testbench: list[str]
    cflags: list[str]         # -I/-D for the design and the test bench
    ldflags: list[str]        # csim_design/cosim_design -ldflags


@dataclass
class Outcome:
    name: str
    top: str
    stage: str                # the last stage run: compile, csim or cosim
    status: str               # compiled | refused | internal-error | crash | timeout | csim-failed | cosim-passed | ...
    seconds: float
    message: str = ""
    cycles: dict = field(default_factory=dict)
    loops: list = field(default_factory=list)


def _words(tcl_value: str) -> list[str]:
    return shlex.split(tcl_value.strip().strip('"'))


def parse_run_hls(tcl: Path, l1: Path) -> VitisTest | None:
    """The files, top and flags of a run_hls.tcl; None when it names no top."""
    design: list[str] = []
    testbench: list[str] = []
    cflags: list[str] = []
    ldflags: list[str] = []
    top = None
    for raw in tcl.read_text(errors="replace").splitlines():
        line = raw.strip()
        if line.startswith("#"):
            continue
        if line.startswith("set_top "):
            top = line.split()[1]
        elif line.startswith("add_files"):
            m = re.match(r'add_files\s+(-tb\s+)?("[^"]*"|\S+)(?:\s+-cflags\s+"([^"]*)")?', line)
            if not m:
                continue
            files = [f for f in _words(m.group(2)) if f.endswith((".c", ".cc", ".cpp"))]
            (testbench if m.group(1) else design).extend(files)
            for flag in _words(m.group(3) or ""):
                flag = flag.replace("${XF_PROJ_ROOT}/L1", str(l1))
                if flag not in cflags and flag.startswith(("-I", "-D")):
                    cflags.append(flag)
        elif line.startswith(("csim_design", "cosim_design")) and "-ldflags" in line:
            m = re.search(r'-ldflags\s+"([^"]*)"', line)
            if m:
                ldflags = _words(m.group(1))
    if top is None or not design:
        return None
    name = str(tcl.parent.relative_to(l1 / "tests"))
    return VitisTest(name, tcl.parent, top, design, testbench, cflags, ldflags)


def _flag_args(flags: list[str]) -> list[str]:
    out: list[str] = []
    for f in flags:
        if f.startswith("-I") and len(f) > 2:
            out += ["-I", f[2:]]
        elif f.startswith("-D") and len(f) > 2:
            out += ["-D", f[2:]]
        else:
            out.append(f)
    return out


def _loops(report: Path) -> list[dict]:
    if not report.exists():
        return []
    data = json.loads(report.read_text())
    rows = []
    for lp in data.get("loops", []):
        pipe = lp.get("pipeline") or {}
        rows.append({"name": lp.get("name"), "line": lp.get("line"), "ii": pipe.get("ii"),
                     "ii_requested": pipe.get("ii_requested"), "ii_reason": pipe.get("ii_reason", "")})
    for sub in data.get("submodules", []):   # DATAFLOW processes (and INLINE off functions)
        for pipe in sub.get("pipelined", []):
            # the requested II is in the "not met" warning; without one the request was met
            unmet = [re.search(r"PIPELINE II=(\d+) not met, II=\d+ \((.*)\)$", w) for w in sub.get("warnings", [])
                     if f"loop {pipe['name']} " in w]
            m = next((u for u in unmet if u), None)
            rows.append({"name": pipe["name"], "line": pipe.get("line"), "ii": pipe.get("ii"),
                         "ii_requested": int(m.group(1)) if m else pipe.get("ii"),
                         "ii_reason": m.group(2) if m else ""})
    return rows


# OpenSSL >= 1.1 made EVP_CIPHER_CTX opaque, so the block-mode test benches' `EVP_CIPHER_CTX ctx;` no
# longer compiles (with Vitis either, on a current OpenSSL). The bench is copied into the work folder with
# the context allocated by EVP_CIPHER_CTX_new() and bound to the same name; nothing else changes.
_STACK_CTX = re.compile(r"\bEVP_CIPHER_CTX\s+(\w+)\s*;")


def _bench_for_current_openssl(tb: str, folder: Path, work: Path) -> tuple[str, list[str], str]:
    """(the bench to use, extra flags, a note for the results) for the test bench file `tb`."""
    text = (folder / tb).read_text(errors="replace")
    if not _STACK_CTX.search(text):
        return tb, [], ""
    copy = work / f"tb_{Path(tb).name}"
    copy.write_text(_STACK_CTX.sub(r"EVP_CIPHER_CTX &\1 = *EVP_CIPHER_CTX_new();", text))
    # its own #include "..." lines are found from the test folder
    return str(copy), ["-I", str(folder / Path(tb).parent)], "bench: EVP_CIPHER_CTX from EVP_CIPHER_CTX_new()"


def run_test(t: VitisTest, out: Path, timeout: float, cosim: bool, max_cycles: int | None = None) -> Outcome:
    work = (out / t.name.replace("/", "__")).resolve()
    work.mkdir(parents=True, exist_ok=True)
    flags = _flag_args(t.cflags)
    design = t.design[0]
    compile_argv = ["cryptohls", "compile", design, "--top", t.top, "-o", str(work / "hls"), *flags]
    code, text, secs = run(compile_argv, timeout, t.folder)
    status = compile_status(code, text)
    outcome = Outcome(t.name, t.top, "compile", status, round(secs, 1),
                      "" if status == "compiled" else first_error(text) or f"exit status {code}",
                      loops=_loops(work / "hls" / "report.json"))
    if status != "compiled" or not cosim or not t.testbench:
        return outcome
    tb = [f for f in t.testbench if f != design]
    bench, bench_flags, note = _bench_for_current_openssl(tb[0], t.folder, work) if tb else (design, [], "")
    tb_args = ["--tb", bench, *bench_flags]
    ld = [f"--ldflags={' '.join(t.ldflags)}"] if t.ldflags else []
    csim_argv = ["cryptohls", "csim", design, *tb_args, "--top", t.top, *flags, *ld]
    csim_code, csim_out, csim_err, csim_secs = run_split(csim_argv, timeout, t.folder)
    outcome.seconds = round(outcome.seconds + csim_secs, 1)
    if csim_code is None or (csim_code != 0 and not csim_out.strip()):   # a timeout, or the bench did not build
        outcome.stage, outcome.status = "csim", "csim-failed" if csim_code is not None else "timeout"
        outcome.message = (first_error(csim_out + csim_err) or f"exit status {csim_code}" if csim_code is not None
                           else f"csim did not finish within {timeout:.0f} s")
        return outcome
    code, out, err, _ = run_split(["cryptohls", "cosim", design, *tb_args, "--top", t.top, "-o", str(work / "hls"),
                                   "--use-existing", *flags, *ld,
                                   *([f"--max-cycles={max_cycles}"] if max_cycles else [])], timeout, t.folder)
    outcome.stage = "cosim"
    if csim_code != 0:
        # The bench fails on the C itself: the block-mode encryption benches write OpenSSL's padding block
        # past a zero-length buffer (inlen 0), over the key on clang's stack; the decryption benches leave
        # padding on, so their golden's last block is never written and holds stack bytes. The RTL is still
        # checked: cosim must print what csim printed (the design's own prints aside), but for the lines
        # that differ between two csim runs (addresses move with ASLR), and end with the same status.
        _, again, _, _ = run_split(csim_argv, timeout, t.folder)
        same = code == csim_code and _stable(_bench_lines(out), _bench_lines(csim_out), _bench_lines(again))
        outcome.status = "cosim-same-as-failing-csim" if same else ("timeout" if code is None else "cosim-differs")
        outcome.message = "; ".join(m for m in (f"csim: {first_error(csim_out)}", note) if m)
        return outcome
    text = out + err
    # cosim's last line on stdout is its JSON summary (text is stdout then stderr)
    json_lines = [ln for ln in text.splitlines() if is_cosim_summary(ln)]
    try:
        stats = json.loads(json_lines[-1] if json_lines else "")
        outcome.cycles = {k: stats[k] for k in ("calls", "cycles_min", "cycles_max", "cycles_mean") if k in stats}
    except (ValueError, KeyError):
        pass
    outcome.status = "cosim-passed" if code == 0 else ("timeout" if code is None else "cosim-failed")
    outcome.message = note if code == 0 else "; ".join(m for m in (first_error(text) or f"exit status {code}", note) if m)
    return outcome


def _bench_lines(stdout: str) -> list[str]:
    """A run's test bench output without cosim's JSON summary line."""
    return [ln for ln in stdout.splitlines() if not is_cosim_summary(ln)]


def _stable(cosim: list[str], csim: list[str], csim_again: list[str]) -> bool:
    """cosim's lines are csim's in order, but for the lines only the C run prints (the design's own debug
    output: some library headers print from inside the design, which the RTL cannot), where a line that
    differs between two csim runs stands for any line with the part the two runs share, up to the word in
    which they part (`golden : 7ffe93f1` and `golden : 7ffc0a5b`: a third run may print `golden : 7ffd...`)."""
    unstable = ({k: re.sub(r"\w+$", "", os.path.commonprefix([a, b]))
                 for k, (a, b) in enumerate(zip(csim, csim_again)) if a != b}
                if len(csim) == len(csim_again) else {})
    k = 0
    for line in cosim:
        while k < len(csim) and csim[k] != line and not (k in unstable and line.startswith(unstable[k])):
            k += 1
        if k == len(csim):
            return False
        k += 1
    return True


def markdown(outcomes: list[Outcome]) -> str:
    rows = ["| test | top | result | cycles per call (min..max, calls) | loops: II got / asked | message |",
            "|---|---|---|---|---|---|"]
    for o in outcomes:
        cyc = (f"{o.cycles['cycles_min']}..{o.cycles['cycles_max']} ({o.cycles['calls']})"
               if o.cycles.get("calls") else "")
        loops = ", ".join(f"{lp['name']} {lp['ii']}/{lp['ii_requested']}" for lp in o.loops if lp["ii"])
        rows.append(f"| {o.name} | {o.top} | {o.status} | {cyc} | {loops} | {o.message.replace('|', '/')} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("l1", type=Path, help="the library's security/L1 folder")
    ap.add_argument("--out", type=Path, default=REPO / "build" / "vitis-library")
    ap.add_argument("--only", action="append", default=[], help="glob on the test folder (e.g. 'aes/*'; repeatable)")
    ap.add_argument("--cosim", action="append", default=[], help="glob of tests to also csim and cosim")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per tool run (default 900)")
    ap.add_argument("--jobs", type=int, default=1, help="tests run at a time (default 1)")
    ap.add_argument("--resume", action="store_true", help="keep DIR/results.json's outcomes; run the rest")
    ap.add_argument("--max-cycles", type=int, default=None,
                    help="cosim's limit of cycles per call (cosim's default otherwise; the public-key tops need more)")
    args = ap.parse_args(argv)
    l1, args.out = args.l1.resolve(), args.out.resolve()   # the tools run in each test's folder
    if not (l1 / "tests").is_dir() or not (l1 / "include").is_dir():
        print(f"vitis_library: {l1} has no tests/ and include/ (give the library's security/L1 folder)",
              file=sys.stderr)
        return 2
    tests = [t for tcl in sorted((l1 / "tests").rglob("run_hls.tcl"))
             if (t := parse_run_hls(tcl, l1)) and any(fnmatch.fnmatch(t.name, g) for g in args.only or ["*"])]
    args.out.mkdir(parents=True, exist_ok=True)
    done: dict[str, Outcome] = load_results(args.out, Outcome) if args.resume else {}
    todo = [t for t in tests if t.name not in done]
    order = {t.name: k for k, t in enumerate(tests)}
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_test, t, args.out, args.timeout,
                               any(fnmatch.fnmatch(t.name, g) for g in args.cosim), args.max_cycles): t for t in todo}
        for k, future in enumerate(as_completed(futures), 1):
            t, o = futures[future], future.result()
            done[t.name] = o
            save_results(args.out, done, order, markdown)
            print(f"[{k}/{len(todo)}] {t.name} ({t.top}): {o.status} in {o.seconds:.0f} s"
                  + (f" — {o.message}" if o.message else ""), flush=True)
    outcomes = save_results(args.out, done, order, markdown)
    print(counts_line(outcomes, args.out))
    return 1 if any(o.status in COMPILER_FAULTS for o in outcomes) else 0

if __name__ == "__main__":
    sys.exit(main())
