"""Compiled HLS cores, stored once by the hash of everything that decides them.

An artifact is the folder ``compile_file`` writes (``<top>.v``, the modules of a DATAFLOW top,
``report.json``, ``report.txt``, ``ir/``) for one (source, top, clock, delay model, include dirs,
defines, compiler). Its key is a SHA-256 over those inputs: the source and every local header it
includes (recursively), the compiler's own headers (cryptohls/include) and the compiler's own digest. The
benchmark flow and the simulations both take their Verilog from here, so the cycles of a row are
measured on the very Verilog that was synthesized, and a core benchmarked on ecp5, gowin and
cyclonev (one delay model) is compiled once.

The store is ``$CRYPTOHLS_HLS_STORE`` (default ``<repo>/build/hls-artifacts``); entries are written
to a staging folder and renamed into place, so concurrent processes never see half an entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cryptohls.frontend.driver import REPO_INCLUDE
from cryptohls.hls import DEFAULTS, CompileOptions, compile_file
from cryptohls.hls.fingerprint import compiler_digest
_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
_REPO = Path(__file__).resolve().parents[3]


@dataclass(frozen=True)
class Artifact:
    directory: Path
    top: str
    key: str

    @property
    def verilog(self) -> Path:
        return self.directory / f"{self.top}.v"

    @property
    def verilog_files(self) -> list[Path]:
        """The top and, for a DATAFLOW top, one file per process and FIFO (written beside it)."""
        return sorted(self.directory.glob("*.v"))

    @property
    def report(self) -> dict:
        return json.loads((self.directory / "report.json").read_text())


def default_store() -> Path:
    return Path(os.environ.get("CRYPTOHLS_HLS_STORE") or _REPO / "build" / "hls-artifacts")


def local_headers(src: Path) -> list[Path]:
    """``#include "..."`` files found beside their includer, recursively (a shared header such as
    ../../aes128-ecb-enc/hls/aes128_hls.h is as much an input of the core as the source)."""
    seen: dict[Path, None] = {}
    todo = [src]
    while todo:
        current = todo.pop()
        for name in _INCLUDE.findall(current.read_text(errors="replace")):
            path = (current.parent / name).resolve()
            if path.is_file() and path not in seen:
                seen[path] = None
                todo.append(path)
    return sorted(seen)


def artifact_key(src: Path, top: str, *, clock_ns: float, target: str,
                 include_dirs: tuple[Path, ...] = (), defines: tuple[str, ...] = (),
                 secrets: tuple[str, ...] = (), clock_port: str = DEFAULTS.clock_port,
                 reset_port: str = DEFAULTS.reset_port) -> str:
    src = Path(src).resolve()
    # the secrets change report.json only (the taint analysis), not the Verilog; an entry without
    # secrets keeps the key it had before they were an input
    inputs = [top, float(clock_ns), target, [str(d) for d in include_dirs], list(defines), compiler_digest()]
    if secrets:
        inputs.append(["secrets", *secrets])
    if (clock_port, reset_port) != (DEFAULTS.clock_port, DEFAULTS.reset_port):   # likewise for the port names
        inputs.append(["ports", clock_port, reset_port])
    digest = hashlib.sha256(json.dumps(inputs).encode())
    repo_headers = sorted(p for p in REPO_INCLUDE.rglob("*") if p.is_file())
    for path in [src, *local_headers(src), *repo_headers]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _command(src: Path, top: str, clock_ns: float, target: str, include_dirs, defines, ports: CompileOptions) -> str:
    """The header's command line: no output folder (the staging name is random, and the same
    Verilog serves every user of the artifact), the source relative to the repository."""
    path = Path(src).resolve()
    shown = path.relative_to(_REPO) if _REPO in path.parents else path
    extra = "".join(f" -I {d}" for d in include_dirs) + "".join(f" -D {d}" for d in defines)
    extra += ports.port_flags()
    return f"cryptohls compile {shown} --top {top} --clock-ns {clock_ns:g} --target {target}{extra}"


def compiled(src: Path, top: str, *, clock_ns: float, target: str = DEFAULTS.target,
             include_dirs: tuple[Path, ...] = (), defines: tuple[str, ...] = (),
             store: Path | None = None, label: str | None = None, secrets: tuple[str, ...] = (),
             clock_port: str = DEFAULTS.clock_port, reset_port: str = DEFAULTS.reset_port) -> Artifact:
    """The artifact for these inputs, compiled now if the store does not have it yet. ``secrets``: the
    variant's declared secret arguments; its report.json then has the compiler's verdict
    (``secret_independent``, ``leaks``) for them. ``clock_port``, ``reset_port``: the top's port names."""
    ports = CompileOptions(clock_port=clock_port, reset_port=reset_port)
    key = artifact_key(src, top, clock_ns=clock_ns, target=target, include_dirs=include_dirs,
                       defines=defines, secrets=tuple(secrets), clock_port=clock_port, reset_port=reset_port)
    store = Path(store) if store is not None else default_store()
    directory = store / f"{top}-{target}-{key[:20]}"
    artifact = Artifact(directory, top, key)
    if (directory / "report.json").is_file():
        return artifact
    print(f"{label or top}: compiling {Path(src).name} (top {top}, {clock_ns:g} ns, {target} delays)",
          file=sys.stderr)
    build_once(directory, lambda staging: compile_file(
        src, top, clock_ns=clock_ns, target=target, out_dir=staging, include_dirs=tuple(include_dirs),
        defines=tuple(defines), secrets=tuple(secrets), clock_port=clock_port, reset_port=reset_port,
        # without --secret: the Verilog's header is the same with or without secrets
        command=_command(src, top, clock_ns, target, include_dirs, defines, ports)))
    return artifact


def build_once(cache: Path, build: Callable[[Path], object]) -> None:
    """Runs ``build(staging_dir)`` and renames the result to ``cache``; any failure leaves nothing,
    and parallel builders of the same entry never see each other's half-written files."""
    cache.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=cache.name + ".", dir=cache.parent))
    try:
        build(staging)
        try:
            staging.rename(cache)
        except OSError:          # another process finished the same entry first
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def copy_into(artifact: Artifact, out_dir: Path) -> None:
    """The artifact's Verilog and reports into ``out_dir`` (what ``compile_file`` would write)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for path in artifact.directory.iterdir():
        if path.is_file():
            shutil.copyfile(path, out_dir / path.name)
