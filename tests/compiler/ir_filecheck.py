"""Pass tests as `.ir` files, in the manner of LLVM/CIRCT's lit tests (collected by conftest.py).

A file under tests/compiler/passes/ holds IR text (docs/compiler.md, "HLS IR"), a RUN line naming the
passes and FileCheck lines (the `filecheck` package, a Python clone of LLVM's FileCheck) matched
against what the passes print:

    # RUN: if-convert, merge-blocks --equivalent
    function f {}
      ...
    }
    # CHECK: select %2, %4, %1
    # CHECK-NOT: phi

`#` starts a comment in the IR text, so the file parses as it is. `# -----` separates functions: each
is run through the passes on its own and the outputs follow one another, separated by the same line.
The passes run as the compiler runs them (passes/pipeline.py: `run_pipeline`, so a function's
`"expression_balance":"off"` skips `balance`). The output of one function is a line per pass run,
`# pass NAME: changed` or `# pass NAME: unchanged`, then the function printed after the passes.
`--equivalent` proves each function computes the same as it did before the passes, for every input
(verify/ir_equivalence.py, `assert_equivalent`); a failure names the function's file:line.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from filecheck.finput import FInput
from filecheck.matcher import Matcher
from filecheck.options import Options
from filecheck.parser import Parser

from cryptohls.ir import parse_function, print_function
from cryptohls.passes.pipeline import PASSES, run_pipeline
from cryptohls.verify.ir_equivalence import NotEquivalent, assert_equivalent

SEPARATOR = "# -----"
_RUN_RE = re.compile(r"^#\s*RUN:\s*(.*)$")
FLAGS = ("--equivalent",)


class IRTestError(Exception):
    """A malformed test file or a failed check: the message names file:line."""


@dataclass(frozen=True)
class RunLine:
    passes: tuple[str, ...]
    equivalent: bool


def parse_run_line(path: Path, text: str) -> RunLine:
    first = text.splitlines()[0] if text.strip() else ""
    m = _RUN_RE.match(first)
    if not m:
        raise IRTestError(f"{path}:1: the file must start with '# RUN: PASS, PASS [--equivalent]'")
    words = m.group(1).replace(",", " ").split()
    flags = [w for w in words if w.startswith("--")]
    passes = tuple(w for w in words if not w.startswith("--"))
    for flag in flags:
        if flag not in FLAGS:
            raise IRTestError(f"{path}:1: unknown RUN option '{flag}' (options: {', '.join(FLAGS)})")
    for name in passes:
        if name not in PASSES:
            raise IRTestError(f"{path}:1: unknown pass '{name}' (passes: {', '.join(sorted(PASSES))})")
    if not passes:
        raise IRTestError(f"{path}:1: the RUN line names no pass")
    return RunLine(passes, "--equivalent" in flags)


def run_passes(path: Path, text: str, run: RunLine) -> str:
    """The output the checks are matched against: per function, the passes' log and the IR after them."""
    outputs = []
    line = 1
    for piece in text.split(SEPARATOR + "\n"):
        if "function " in piece:
            fn_line = line + piece[:piece.index("function ")].count("\n")
            try:
                fn = parse_function(piece)
            except Exception as err:   # the parser's message has no file: add the piece's first line
                raise IRTestError(f"{path}:{fn_line}: the IR does not parse: {err}") from None
            before = parse_function(piece) if run.equivalent else None
            log = [f"# pass {name}: {'changed' if changed else 'unchanged'}\n"
                   for name, changed, _ in run_pipeline(fn, list(run.passes))]
            if before is not None:
                try:
                    assert_equivalent(before, fn)
                except NotEquivalent as err:
                    raise IRTestError(f"{path}:{fn_line}: --equivalent: {err}") from None
            outputs.append("".join(log) + print_function(fn))
        line += piece.count("\n") + 1
    return (SEPARATOR + "\n").join(outputs)


def filecheck(path: Path, output: str, label: str) -> str | None:
    """Matches the file's CHECK lines against ``output``: None, or FileCheck's message (file:line)."""
    opts = Options(match_filename=str(path), input_file=label)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(err):
        matcher = Matcher(opts, FInput(label, FInput.canonicalize_line_ends(output)), Parser.from_opts(opts))
        status = matcher.run()
    return None if status == 0 else err.getvalue()


class IRFile(pytest.File):
    def collect(self):
        yield IRItem.from_parent(self, name=self.path.stem)


class IRItem(pytest.Item):
    def runtest(self) -> None:
        text = self.path.read_text()
        run = parse_run_line(self.path, text)
        output = run_passes(self.path, text, run)
        message = filecheck(self.path, output, f"<IR after {', '.join(run.passes)}>")
        if message is not None:
            raise IRTestError(f"{message}\n--- output of the passes ---\n{output}")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, IRTestError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"ir: {self.name}"


PASS_TESTS = Path(__file__).resolve().parent / "passes"


def collect_ir_file(file_path: Path, parent):
    if file_path.suffix == ".ir" and file_path.parent.resolve() == PASS_TESTS:
        return IRFile.from_parent(parent, path=file_path)
    return None
