"""A digest of the compiler itself, so caches of compiled output (simulation builds, benchmark rows)
are invalidated by any change to the compiler's code or data (e.g. the calibrated delay models)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from cryptohls import __version__

COMPILER_PACKAGES = ("frontend", "ir", "passes", "schedule", "bind", "codegen", "hls")
# Files of those packages that never change the Verilog: the secret taint of issue 22 and its report
# section (they only write report.json's verdict; the Verilog is byte-identical with and without
# --secret), and this file (the digests themselves). Benchmark rows are keyed without them, so a fix
# to the leak analysis does not throw away hours of place-and-route; caches of compiled output (which
# hold report.json) keep them.
NOT_HARDWARE = ("ir/taint.py", "hls/secrets.py", "hls/fingerprint.py")


def digest_files(root: Path, files: list[Path], seed: str = "") -> str:
    digest = hashlib.sha256(seed.encode())
    for path in files:
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def package_files(root: Path, packages: tuple[str, ...]) -> list[Path]:
    return [p for pkg in packages for p in sorted((root / pkg).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts]


def _digest(leave_out: tuple[str, ...] = ()) -> str:
    root = Path(__file__).resolve().parents[1]
    files = [p for p in package_files(root, COMPILER_PACKAGES) if str(p.relative_to(root)) not in leave_out]
    return digest_files(root, files, __version__)


def digest_from_blobs(files: dict[str, bytes], version: str) -> str:
    """``_digest`` of a compiler given as {path under cryptohls/: bytes} (a commit's, read from git
    by scripts/rekey_hls_rows.py), files taken in ``package_files``' order."""
    def order(rel: str) -> tuple:
        parts = tuple(rel.split("/"))
        return (COMPILER_PACKAGES.index(parts[0]), parts)
    digest = hashlib.sha256(version.encode())
    for rel in sorted(files, key=order):
        digest.update(rel.encode() + b"\0" + files[rel])
    return digest.hexdigest()


@lru_cache(maxsize=1)
def compiler_digest() -> str:
    """SHA-256 over the cryptohls version and every file of the compiler packages."""
    return _digest()


@lru_cache(maxsize=1)
def hardware_digest() -> str:
    """``compiler_digest`` without the ``NOT_HARDWARE`` files: what decides the generated Verilog."""
    return _digest(NOT_HARDWARE)
