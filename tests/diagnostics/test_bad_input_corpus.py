"""Bad-input corpus (issue 17 item 4): whatever a user feeds `cryptohls compile` / `cryptohls csim`,
the answer is one located error line and exit status 2 — never a Python traceback.

Cases (all generated deterministically, seed fixed):
- every diagnostic of tests/diagnostics (compile);
- every directive of frontend/pragmas.py with each of its options malformed: a value for a bare word,
  no value, a non-integer, an integer below the minimum, an unknown choice (compile);
- truncated sources: the kernels of tests/kernels and the diagnostics cut at points inside their top
  function, so they cannot be valid C (compile and csim);
- random bytes, random printable text, an empty file, a NUL byte, invalid UTF-8 (compile and csim).

The CLI runs in this process (`cryptohls.cli.main`, stderr captured; an exception escaping it is what
would have been a traceback), which keeps the corpus at a few seconds; `test_cli_subprocess_sample`
runs a sample through `python -m cryptohls.cli` as a user would.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from cryptohls.cli import main
from cryptohls.frontend.pragmas import KNOWN_PRAGMAS, option_spec

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORK = REPO / "build" / "tests" / "bad_input"
SEED = 17

PRAGMA_KERNEL = """#include <stdint.h>

uint32_t top(const uint32_t a[8], uint32_t *o) {
  uint32_t s = 0;
  for (int i = 0; i < 8; i++) {
#pragma HLS @DIRECTIVE@
    s += a[i];
  }
  *o = s;
  return s;
}
"""
PRAGMA_LINE = 6


def malformed_options() -> list[tuple[str, str]]:
    """(case id, directive text) for every directive and every way each of its options can be wrong."""
    cases = []
    for kind, options in sorted(KNOWN_PRAGMAS.items()):
        if not options:
            cases.append((f"{kind}-extra", f"{kind} bogus"))
            continue
        for key in sorted(options):
            spec = option_spec(kind, key)
            bad = {"no-value": f"{key}="}
            if spec.kind == "flag":
                bad["with-value"] = f"{key}=3"
            elif spec.kind == "int":
                bad.update({"word": f"{key}=lots", "float": f"{key}=1.5", "below": f"{key}={spec.low - 1}",
                            "bare": key, "twice": f"{key}==4"})
            elif spec.kind == "choice":
                bad.update({"unknown": f"{key}=bogus_choice", "bare": key})
            elif spec.kind == "word":   # a bare word or a name (ALLOCATION function): only "no value" is wrong
                pass
            else:
                bad["bare"] = key
            for how, text in bad.items():
                cases.append((f"{kind}-{key}-{how}", f"{kind} {text}"))
        cases.append((f"{kind}-misspelt", f"{kind} {sorted(options)[0]}x=1"))
    cases += [("unknown-directive", "PIPELIN II=1"), ("empty", ""), ("only-equals", "= ="),
              ("tripcount-min-above-max", "LOOP_TRIPCOUNT min=9 max=2"),
              ("tripcount-avg-outside", "LOOP_TRIPCOUNT min=1 max=4 avg=9"),
              ("partition-two-types", "ARRAY_PARTITION variable=a cyclic block factor=2")]
    return cases


def _top_body_cuts(text: str, top: str, count: int, rng: random.Random) -> list[int]:
    """Offsets strictly inside the body of ``top`` (after its '{', before its last '}')."""
    m = re.search(r"\b" + re.escape(top) + r"\s*\([^;{]*\)\s*\{", text)
    if not m:
        return []
    start, end = m.end(), text.rfind("}")
    if end <= start + 1:
        return []
    return sorted(rng.sample(range(start, end), min(count, end - start)))


def truncated_sources(rng: random.Random) -> list[tuple[str, str, str, str]]:
    """(case id, file name, text, top) of sources cut inside their top function."""
    tops = {"xor4_as_written": "xor4", "recur": "prefix", "mac_sub": "mac_top"}
    sources = [p for p in sorted((REPO / "tests" / "kernels").glob("*.c")) if not p.stem.endswith("_tb")]
    sources = rng.sample(sources, min(12, len(sources))) + sorted(HERE.glob("*.c"))
    cases = []
    for src in sources:
        top = "top" if src.parent == HERE else tops.get(src.stem, src.stem)
        text = src.read_text()
        for k, cut in enumerate(_top_body_cuts(text, top, 2, rng)):
            cases.append((f"cut-{src.stem}-{k}", f"{src.stem}_cut{k}{src.suffix}", text[:cut], top))
    return cases


def garbage_files(rng: random.Random) -> list[tuple[str, str, bytes]]:
    """(case id, file name, bytes) of files that are not C at all."""
    cases = [("empty", "empty.c", b""), ("nul", "nul.c", b"\0"), ("utf8", "bad_utf8.c", b"\xff\xfe int top(\x80\x81"),
             ("pragma-only", "pragma_only.c", b"#pragma HLS PIPELINE II=2\n"),
             ("unclosed-comment", "comment.c", b"int top(int x) { /* return x;\n")]
    for k in range(6):
        cases.append((f"bytes-{k}", f"bytes{k}.c", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))))
    alphabet = "abcxyz_019 (){}[];,*+-=<>#\n\t\"'/\\"
    for k in range(6):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 300)))
        cases.append((f"text-{k}", f"text{k}.c", text.encode()))
    return cases


def run_cli(argv: list[str]) -> tuple[int, str]:
    """`cryptohls ARGV` in this process: (exit status, stderr); an escaping exception fails the test
    with its traceback, as the command line would have printed it."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(argv)
        except SystemExit as exc:    # argparse
            status = exc.code if isinstance(exc.code, int) else 1
        except Exception:            # noqa: BLE001 — exactly what must never happen
            pytest.fail(f"cryptohls {' '.join(argv)}: traceback\n{traceback.format_exc()}")
    return status, err.getvalue()


def assert_located(status: int, stderr: str, name: str, line: int | None = None, warnings: bool = False) -> None:
    """Exit 2, no traceback, one error line naming ``name``:LINE. ``warnings``: csim shows the native
    compiler's warnings (as a compiler would) before it; the error is then the one line of cryptohls."""
    assert "Traceback" not in stderr
    assert status == 2, f"exit {status}, stderr: {stderr}"
    lines = stderr.strip().splitlines()
    if warnings:
        lines = [ln for ln in lines if ln.startswith("cryptohls ")]
    where = re.search(re.escape(name) + r":(\d+):", lines[0])
    assert where, f"no {name}:LINE in: {lines[0]}"
    if line is not None:
        assert int(where.group(1)) == line, lines[0]


def _write(case_dir: Path, name: str, data: bytes) -> Path:
    case_dir.mkdir(parents=True, exist_ok=True)
    path = case_dir / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("case", malformed_options(), ids=lambda c: c[0])
def test_malformed_directive(case):
    case_id, directive = case
    src = _write(WORK / "pragmas" / case_id, "kernel.c", PRAGMA_KERNEL.replace("@DIRECTIVE@", directive).encode())
    status, stderr = run_cli(["compile", str(src), "--top", "top", "-o", str(src.parent / "out")])
    assert_located(status, stderr, "kernel.c", PRAGMA_LINE)


@pytest.mark.parametrize("case", sorted(HERE.glob("*.c")), ids=lambda p: p.stem)
def test_diagnostic_in_process(case):
    status, stderr = run_cli(["compile", str(case), "--top", "top", "-o", str(WORK / "diag" / case.stem)])
    assert_located(status, stderr, case.name)


_RNG = random.Random(SEED)
TRUNCATED = truncated_sources(_RNG)
GARBAGE = garbage_files(_RNG)
TB = "int main(void) { return 0; }\n"


def test_corpus_is_large_enough():
    assert len(malformed_options()) > 100 and len(TRUNCATED) >= 40 and len(GARBAGE) >= 15


@pytest.mark.parametrize("case", TRUNCATED, ids=lambda c: c[0])
def test_truncated_source(case):
    case_id, name, text, top = case
    src = _write(WORK / "cut" / case_id, name, text.encode())
    status, stderr = run_cli(["compile", str(src), "--top", top, "-o", str(src.parent / "out")])
    assert_located(status, stderr, name)
    tb = _write(src.parent, "tb.c", TB.encode())
    status, stderr = run_cli(["csim", str(src), "--tb", str(tb), "--top", top, "-o", str(src.parent / "csim")])
    assert_located(status, stderr, name, warnings=True)


@pytest.mark.parametrize("case", GARBAGE, ids=lambda c: c[0])
def test_garbage_file(case):
    case_id, name, data = case
    src = _write(WORK / "garbage" / case_id, name, data)
    status, stderr = run_cli(["compile", str(src), "--top", "top", "-o", str(src.parent / "out")])
    assert_located(status, stderr, name)
    tb = _write(src.parent, "tb.c", TB.encode())
    status, stderr = run_cli(["csim", str(src), "--tb", str(tb), "--top", "top", "-o", str(src.parent / "csim")])
    assert_located(status, stderr, name, warnings=True)


@pytest.mark.parametrize("verb", ["compile", "csim"])
def test_cli_subprocess_sample(verb):
    """The same through `python -m cryptohls.cli`, as a user runs it: exit 2, no traceback."""
    case_id, name, data = GARBAGE[2]   # invalid UTF-8
    src = _write(WORK / "subprocess" / verb, name, data)
    extra = ["--tb", str(_write(src.parent, "tb.c", TB.encode()))] if verb == "csim" else []
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", verb, str(src), "--top", "top", *extra,
                           "-o", str(src.parent / "out")], capture_output=True, text=True, timeout=120)
    assert_located(proc.returncode, proc.stderr, name, warnings=verb == "csim")
    src = _write(WORK / "subprocess" / f"{verb}-pragma", "kernel.c",
                 PRAGMA_KERNEL.replace("@DIRECTIVE@", "PIPELINE II=abc").encode())
    if verb == "compile":
        proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", "top",
                               "-o", str(src.parent / "out")], capture_output=True, text=True, timeout=120)
        assert_located(proc.returncode, proc.stderr, "kernel.c", PRAGMA_LINE)
