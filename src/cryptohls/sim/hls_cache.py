"""What the HLS simulation paths share: the variant's one C/C++ source, the headers it includes,
and a build directory filled once per cache key (an atomic rename, so pytest-xdist workers that
build the same entry at once do not see each other's half-written files)."""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from cryptohls.designs import Variant
from cryptohls.errors import UserError

_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def single_hls_source(variant: Variant) -> Path:
    sources = variant.sources()
    if len(sources) != 1:
        raise UserError(f"variant {variant.full_name}: an HLS variant has one C/C++ source, "
                        f"not {len(sources)}", file=variant.directory / "design.toml")
    return sources[0]


def local_headers(src: Path) -> list[Path]:
    """``#include "..."`` files found beside their includer, recursively (shared headers such as
    ../../aes128-ecb-enc/hls/aes128_hls.h are inputs of the core as much as the source is)."""
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


def build_once(cache: Path, build: Callable[[Path], None]) -> None:
    """Runs ``build(staging_dir)`` and renames the result to ``cache``; any failure leaves nothing."""
    cache.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=cache.name + ".", dir=cache.parent))
    try:
        build(staging)
        try:
            staging.rename(cache)
        except OSError:          # another worker finished the same build first
            shutil.rmtree(staging, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
