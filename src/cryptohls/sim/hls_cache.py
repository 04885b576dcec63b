"""What the HLS simulation paths share: the variant's one C/C++ source, the headers it includes,
and a build directory filled once per cache key (hls/artifacts.py's build_once: an atomic rename, so
pytest-xdist workers that build the same entry at once do not see each other's half-written files)."""

from __future__ import annotations

from pathlib import Path

from cryptohls.designs import HLS_SUFFIXES, Variant
from cryptohls.errors import UserError
from cryptohls.hls.artifacts import build_once, local_headers  # noqa: F401 - re-exported for the simulators


def single_hls_source(variant: Variant) -> Path:
    sources = [s for s in variant.sources() if s.suffix in HLS_SUFFIXES]   # Verilog beside it: rtl_sources()
    if len(sources) != 1:
        raise UserError(f"variant {variant.full_name}: an HLS variant has one C/C++ source, "
                        f"not {len(sources)}", file=variant.directory / "design.toml")
    return sources[0]
