"""The progress bar of the long-running verbs (bench, fuzz), on stderr so stdout stays parseable."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def progress_bar(description_width: int = 60) -> Progress:
    return Progress(TextColumn(f"{{task.description:<{description_width}}}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True), transient=False)
