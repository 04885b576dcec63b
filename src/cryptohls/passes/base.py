"""Pass base class: ``run()`` verifies the IR before and after, times the pass and names it in errors."""

from __future__ import annotations

import time
from pathlib import Path

from cryptohls.ir.nodes import Function
from cryptohls.ir.printer import print_function
from cryptohls.ir.verifier import IRVerifyError, verify


class Pass:
    name = "pass"
    elapsed_ms = 0.0   # time of the last run()

    def _run(self, fn: Function) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def run(self, fn: Function, dump_dir: Path | None = None, index: int = 0, verified: bool = False) -> bool:
        """``verified``: the caller knows ``fn`` passes the verifier (checked after the last pass that changed it), so
        the check before is not repeated (it was a fifth of a large Csmith program's compile)."""
        if not verified:
            try:
                verify(fn)
            except IRVerifyError as err:
                raise IRVerifyError(f"before pass {self.name}: {err}") from None
        start = time.perf_counter()
        changed = self._run(fn)
        self.elapsed_ms = (time.perf_counter() - start) * 1000
        # a pass that reports no change has left the IR it was given, which was verified before it ran;
        # so only a changed IR is checked again (half of the passes of a Csmith compile change nothing,
        # and the verifier was a fifth of its Python: issue 38; tests/compiler/test_compile_speed.py
        # holds the passes to their word)
        if changed:
            try:
                verify(fn)
            except IRVerifyError as err:
                raise IRVerifyError(f"after pass {self.name}: {err}") from None
        if dump_dir is not None:
            dump_dir.mkdir(parents=True, exist_ok=True)
            (dump_dir / f"{index:02d}_{self.name}.ir").write_text(print_function(fn))
        return changed
