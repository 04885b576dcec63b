"""``cryptohls sim`` for free-running HLS stream cores (``ap_ctrl_none_stream``, ``lwc_axis``).

The variant's C/C++ source is compiled with the HLS compiler (contract C4), a wires-only port adapter
(cryptohls.sim.stream_adapter) gives the core the port names of the hand-written RTL, and the RTL's
own simulation runs on it unchanged: ``block_valid_ready`` (published vectors, back-to-back timing,
random back-pressure; cryptohls.sim.variant) for ``ap_ctrl_none_stream``, the LWC run
(cryptohls.sim.lwc_driver) for ``lwc_axis``. So HLS and RTL latency/interval come from the same
testbench code with the same definitions (C2, C3); nothing is taken from the compiler's report.

The compiled Verilog and the adapter are cached under ``<build>/hls-stream-cache/`` by the hash of
the source and every local header it includes (recursively), the compiler's own headers (cryptohls/include),
top, clock, the compiler's own files and this module's and the adapter generator's sources.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.frontend.driver import REPO_INCLUDE
from cryptohls.hls import DEFAULTS
from cryptohls.hls.artifacts import compiled, copy_into
from cryptohls.hls.fingerprint import compiler_digest
from cryptohls.sim.block_model import simulate_block_model
from cryptohls.sim.hls_cache import build_once, local_headers, single_hls_source
from cryptohls.sim.lwc_driver import simulate_lwc
from cryptohls.sim.result import SimResult, golden_kind
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS
from cryptohls.sim.stream_adapter import write_adapter

HLS_TARGET = DEFAULTS.target   # the scheduler's delay model; the clock comes from design.toml
# golden kind -> adapter shape of an ap_ctrl_none_stream core
BLOCK_SHAPES = {"aes128-encrypt": "block", "aes128-ctr": "ctr", "misty1-encrypt": "block64",
                "misty1-decrypt": "block64"}
_OWN_SOURCES = ("stream_core.py", "stream_adapter.py", "hls_cache.py")


@dataclass(frozen=True)
class CompiledCore:
    """The compiler's Verilog files, the adapter around them and report.json."""
    sources: list[Path]          # core files first, the adapter last
    top: str                     # the adapter module
    report: dict


def cache_key(src: Path, top: str, clock_ns: float, shape: str, secrets: tuple[str, ...] = ()) -> str:
    here = Path(__file__).resolve().parent
    inputs = [top, clock_ns, shape, HLS_TARGET, compiler_digest()] + ([["secrets", *secrets]] if secrets else [])
    digest = hashlib.sha256(json.dumps(inputs).encode())
    repo_headers = sorted(p for p in REPO_INCLUDE.rglob("*") if p.is_file())
    for path in [src, *local_headers(src), *repo_headers, *(here / name for name in _OWN_SOURCES)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def _listing(directory: Path) -> list[Path]:
    return sorted(p for p in directory.glob("*.v"))


def compile_stream_core(src: Path, top: str, *, clock_ns: float, shape: str, build_dir: Path,
                        label: str, secrets: tuple[str, ...] = ()) -> CompiledCore:
    """Compile ``top`` (cached) and write its ``shape`` adapter; ``label`` names the cache entry;
    ``secrets``: the variant's declared secrets (their verdict lands in report.json)."""
    cache = build_dir / "hls-stream-cache" / f"{label}-{cache_key(src, top, clock_ns, shape, secrets)}"
    if not (cache / "report.json").is_file():
        print(f"{label}: compiling {src.name} (top {top}, {clock_ns:g} ns)", file=sys.stderr)

        def build(staging: Path) -> None:
            # The core is the stored artifact that `cryptohls bench` synthesizes (hls/artifacts.py).
            artifact = compiled(src, top, clock_ns=clock_ns, target=HLS_TARGET, label=label, secrets=secrets)
            copy_into(artifact, staging / "core")
            report = artifact.report
            write_adapter(staging / "core" / f"{top}.v", report["interface"], top, shape, staging / "adapter")
            (staging / "report.json").write_text(json.dumps(report))

        build_once(cache, build)
    else:
        print(f"{label}: cached compile {cache}", file=sys.stderr)
    # the compiler writes the top and, for DATAFLOW tops, one file per process and the FIFO
    core_files = _listing(cache / "core")
    (adapter,) = _listing(cache / "adapter")
    return CompiledCore([*core_files, adapter], adapter.stem, json.loads((cache / "report.json").read_text()))


def compile_variant(variant: Variant, shape: str, build_dir: Path) -> CompiledCore:
    clock_ns = float(variant.options.get("clock_ns", DEFAULTS.clock_ns))
    return compile_stream_core(single_hls_source(variant), variant.hls_top, clock_ns=clock_ns, shape=shape,
                               build_dir=build_dir, label=variant.full_name.replace("/", "-"), secrets=variant.secrets)


def simulate_stream_block(variant: Variant, *, seed: int, blocks: int, build_dir: Path) -> SimResult:
    """Contract C3 for ``ap_ctrl_none_stream`` variants: the block_valid_ready run on the adapter."""
    kind = golden_kind(variant)
    if kind not in BLOCK_SHAPES:
        raise UserError(f"variant {variant.full_name}: no stream adapter for golden kind {kind!r}",
                        file=variant.directory / "design.toml", hint=f"supported: {', '.join(BLOCK_SHAPES)}")
    core = compile_variant(variant, BLOCK_SHAPES[kind], build_dir)
    return simulate_block_model(variant, core.sources, core.top, seed=seed, blocks=blocks,
                                build_dir=build_dir, build_args=SPLIT_MODEL_BUILD_ARGS)


def simulate_stream_lwc(variant: Variant, *, seed: int, blocks: int, build_dir: Path) -> SimResult:
    """Contract C3 for ``lwc_axis`` variants: the LWC run (lwc_driver) on the adapter."""
    core = compile_variant(variant, "lwc", build_dir)
    return simulate_lwc(variant, seed=seed, blocks=blocks, build_dir=build_dir,
                        model=(core.sources, core.top), build_args=SPLIT_MODEL_BUILD_ARGS)
