"""The net under the whole compiler: an exception nobody expected (a bug in cryptohls, never in the
user's input) becomes one message, ``internal compiler error``, at the C construct being processed,
with what to put in a bug report, and exit status 3. The traceback is printed only with
``CRYPTOHLS_DEBUG=1`` in the environment or ``cryptohls --debug VERB ...``.

Where the compiler is: each stage that knows it opens ``processing(...)``: the compile its source
file, the importer a function to resolve its current LLVM instruction's debug location, the back end
a stage name. When an exception leaves such a block, the block adds what it knows and the exception
does not have yet (``exc.ice_where``): the innermost location wins. A pass (or scheduler, binder) that
fails while looking at an IR op is located by that op's source line, found in the traceback's frames
(a local named ``op``), so no pass has to keep a location itself.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cryptohls.errors import SourceLocation, UserError

EXIT_INTERNAL_ERROR = 3
DEBUG_ENV = "CRYPTOHLS_DEBUG"
REPORT_HINT = ("this is a bug in cryptohls, not in your code: please report it with the source file and the "
               "headers it includes, the exact command line, the output of `cryptohls --version` and the "
               f"traceback printed when the command is run again with {DEBUG_ENV}=1 (or `cryptohls --debug ...`)")


@contextmanager
def processing(source: str | Path | None = None, stage: str | None = None,
               locate: Callable[[], SourceLocation | None] | None = None) -> Iterator[None]:
    """Inside this block an unexpected exception is located at ``locate()`` (else at the IR op being
    handled, else at ``source``) and named with ``stage``."""
    try:
        yield
    except (UserError, KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as exc:
        where = getattr(exc, "ice_where", None) or {}
        if "location" not in where and locate is not None:
            try:
                loc = locate()
            except Exception:   # a broken location must not hide the first error
                loc = None
            if loc is not None:
                where["location"] = loc
        if "line" not in where and "location" not in where:
            op = _op_in_frames(exc)
            if op is not None:
                where["line"], where["col"] = op.source_line, (op.col if not op.call_line else None)
        if stage and "stage" not in where:
            where["stage"] = stage
        if source is not None and "source" not in where:
            where["source"] = str(source)
        try:
            exc.ice_where = where
        except AttributeError:   # an exception type without a __dict__
            pass
        raise


def _op_in_frames(exc: BaseException):
    """The innermost IR op (a local ``op`` with a source line) among the traceback's frames. Told by
    its attributes: this module, like errors.py, imports nothing of the project's layers."""
    tb, found = exc.__traceback__, None
    while tb is not None:
        op = tb.tb_frame.f_locals.get("op")
        if hasattr(op, "opcode") and isinstance(getattr(op, "source_line", None), int) and op.source_line:
            found = op
        tb = tb.tb_next
    return found


def location_of(exc: BaseException) -> SourceLocation | None:
    where = getattr(exc, "ice_where", None) or {}
    if "location" in where:
        return where["location"]
    if "source" in where:
        return SourceLocation(where["source"], where.get("line"), where.get("col"))
    return None


def debug_enabled() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def message(exc: BaseException) -> str:
    """``file:line:col: internal compiler error: Type: text (at cryptohls/x.py:N, during stage)``."""
    loc = location_of(exc)
    stage = (getattr(exc, "ice_where", None) or {}).get("stage")
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "cryptohls" in Path(f.filename).parts]
    site = ""
    if frames:
        parts = Path(frames[-1].filename).parts
        site = "/".join(parts[parts.index("cryptohls"):]) + f":{frames[-1].lineno}"
    text = f"{type(exc).__name__}: {exc}".rstrip(": ")
    context = ", ".join(x for x in (f"at {site}" if site else "", f"during {stage}" if stage else "") if x)
    head = f"{loc}: internal compiler error" if loc else "internal compiler error"
    return f"{head}: {text}" + (f" ({context})" if context else "")


def report(verb: str, exc: BaseException) -> int:
    """Prints the internal error (and the traceback in debug mode); the exit status to return."""
    if debug_enabled():
        traceback.print_exception(exc, file=sys.stderr)
    print(f"cryptohls {verb}: {message(exc)}", file=sys.stderr)
    print(f"cryptohls {verb}: note: {REPORT_HINT}", file=sys.stderr)
    return EXIT_INTERNAL_ERROR


__all__ = ["DEBUG_ENV", "EXIT_INTERNAL_ERROR", "location_of", "message", "processing", "report"]
