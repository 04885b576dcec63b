"""The one exception type for problems in the user's input.

Anything the user can fix (unsupported C, a malformed vector file, an unknown variant, a missing
tool) is raised as :class:`UserError`; the command line prints it as one line and exits with
status 2. ``assert`` is kept for internal invariants only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SourceLocation:
    file: str
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        text = str(self.file)
        if self.line is not None:
            text += f":{self.line}"
            if self.col is not None:
                text += f":{self.col}"
        return text


class UserError(Exception):
    """An error in the user's input, reported as ``file:line:col: error: message (hint: ...)``."""

    def __init__(self, message: str, *, file: str | Path | None = None, line: int | None = None,
                 col: int | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = SourceLocation(str(file), line, col) if file is not None else None
        self.hint = hint

    def __str__(self) -> str:
        text = f"{self.location}: error: {self.message}" if self.location else f"error: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text
