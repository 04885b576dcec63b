"""The progress bar of the long-running verbs (bench, fuzz), on stderr so stdout stays parseable."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def progress_bar(description_width: int = 60) -> Progress:
    return Progress(TextColumn(f"{{task.description:<{description_width}}}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True), transient=False)


class LineProgress:
    """The same interface as the bar (add_task, update), one line per step on stderr: what a log
    file or a CI console gets instead of a bar that is only drawn on a terminal."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self._tasks: dict[int, list] = {}

    def __enter__(self) -> "LineProgress":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def add_task(self, description: str, total: int = 0) -> int:
        self._tasks[len(self._tasks)] = [0, total]
        return len(self._tasks) - 1

    def update(self, task: int, advance: int = 0, description: str | None = None) -> None:
        state = self._tasks[task]
        state[0] += advance
        if description:
            print(f"{self.prefix}: [{state[0]}/{state[1]}] {description}", file=sys.stderr, flush=True)


def progress_for(prefix: str):
    """A bar on a terminal, lines otherwise."""
    return progress_bar() if sys.stderr.isatty() else LineProgress(prefix)
