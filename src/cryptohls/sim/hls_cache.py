"""What the HLS simulation paths share: the variant's one C/C++ source, the headers it includes,
and a build directory filled once per cache key (an atomic rename, so pytest-xdist workers that
build the same entry at once do not see each other's half-written files)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.hls.artifacts import local_headers  # noqa: F401 - re-exported for the simulators


def single_hls_source(variant: Variant) -> Path:
    sources = variant.sources()
    if len(sources) != 1:
        raise UserError(f"variant {variant.full_name}: an HLS variant has one C/C++ source, "
                        f"not {len(sources)}", file=variant.directory / "design.toml")
    return sources[0]


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
