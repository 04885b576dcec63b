"""A digest of the compiler itself, so caches of compiled output (simulation builds, benchmark rows)
are invalidated by any change to the compiler's code or data (e.g. the calibrated delay models)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from cryptohls import __version__

COMPILER_PACKAGES = ("frontend", "ir", "passes", "schedule", "bind", "codegen", "hls")


def digest_files(root: Path, files: list[Path], seed: str = "") -> str:
    digest = hashlib.sha256(seed.encode())
    for path in files:
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def package_files(root: Path, packages: tuple[str, ...]) -> list[Path]:
    return [p for pkg in packages for p in sorted((root / pkg).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts]


@lru_cache(maxsize=1)
def compiler_digest() -> str:
    """SHA-256 over the cryptohls version and every file of the compiler packages."""
    root = Path(__file__).resolve().parents[1]
    return digest_files(root, package_files(root, COMPILER_PACKAGES), __version__)
