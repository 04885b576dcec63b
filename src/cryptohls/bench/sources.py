"""What the flow synthesizes for a variant: its Verilog files and top module, and the content
hash that decides whether a stored result still applies."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from cryptohls import __version__
from cryptohls.bench.db import canonical_json
from cryptohls.bench.tools import check_reachable
from cryptohls.designs import HLS_SUFFIXES, Variant
from cryptohls.errors import UserError
from cryptohls.hls import DEFAULTS
from cryptohls.hls.artifacts import Artifact, compiled, local_headers
from cryptohls.hls.fingerprint import hardware_digest
from cryptohls.schedule.delay import MODELS
from cryptohls.lwc.verilog_includes import included_files



def source_hash(variant: Variant, target: str) -> str:
    """SHA-256 over what decides a variant's hardware on ``target``: its declaration and the bytes of
    its Verilog sources; for an HLS variant, the Verilog the compiler generates from its C for that
    target's delay model, not the C and the compiler themselves (docs/bench.md, "Jobs, caching and
    resuming"): a compiler commit or a comment in the C that leaves the Verilog byte-identical keeps
    the variant's place-and-route rows, as it keeps the netlist they measured."""
    if variant.kind != "hls":
        return _declaration_digest(variant).hexdigest()
    try:
        artifact = compile_for(variant, target)
    except Exception:   # noqa: BLE001 - a core that does not compile is keyed by its C and the compiler
        # (the synthesis job compiles it again and reports the error where it reports every other)
        return c_source_hash(variant, hardware_digest())
    return generated_hash(variant, artifact.verilog_files)


def generated_hash(variant: Variant, verilog_files: list[Path]) -> str:
    """An HLS variant's key given the Verilog compiled from its C (`source_hash`)."""
    digest = _declaration_digest(variant)
    for path in verilog_files:
        digest.update(b"\0generated\0" + path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def c_source_hash(variant: Variant, compiler: str) -> str:
    """An HLS variant's key by its C, the files it #includes (hls-u2 includes the hls core's .cpp) and
    `compiler` (a ``hardware_digest``): today's key of a core that does not compile, and every HLS
    row's key before 30 Nov 2026 (scripts/rekey_hls_rows.py moves those rows to `generated_hash`)."""
    digest = _declaration_digest(variant, with_c=True)
    listed = {path.resolve() for _, path in variant.labelled_sources()}
    for source in variant.sources():
        if source.suffix in HLS_SUFFIXES:
            for header in local_headers(source):
                if header not in listed:
                    digest.update(b"\0include\0" + header.name.encode() + b"\0" + header.read_bytes())
    digest.update(f"\0cryptohls {__version__} {compiler}".encode())
    return digest.hexdigest()


def _declaration_digest(variant: Variant, *, with_c: bool = False):
    """The hash's common part: the declaration and the variant's listed files (an HLS variant's frame;
    `with_c`: its C too, in the order listed), with the Verilog files they `include."""
    digest = hashlib.sha256()
    declaration = {"design": variant.design, "name": variant.name, "kind": variant.kind,
                   "top": variant.top, "interface": variant.interface,
                   "block_bits": variant.block_bits, "sources": variant.source_declarations(),
                   # the secrets `cryptohls verify` proves about do not change the hardware
                   "options": {k: v for k, v in variant.options.items() if k != "secret"}}
    digest.update(canonical_json(declaration).encode())
    for label, path in variant.labelled_sources():   # package files by package:path, not install place
        if with_c or path.suffix not in HLS_SUFFIXES:
            digest.update(b"\0" + label.encode() + b"\0")
            digest.update(path.read_bytes())
    for header in included_files(variant.sources()):   # a `include'd Verilog port list (none: hash as before)
        digest.update(b"\0include\0" + header.name.encode() + b"\0" + header.read_bytes())
    return digest


_compile_lock = threading.Lock()

# Targets without a delay model in the HLS scheduler are compiled with this one's (docs/bench.md).
DEFAULT_HLS_TARGET = DEFAULTS.target


def _compiler_targets() -> set[str]:
    return set(MODELS)


def hls_inputs(variant: Variant) -> dict:
    """-I and -D of an HLS variant (``include_dirs``/``defines`` in its options: the points of
    ``cryptohls explore``); none for a library variant, whose artifact key is then as before."""
    extra = {}
    if variant.options.get("include_dirs"):
        extra["include_dirs"] = tuple(Path(d) for d in variant.options["include_dirs"])
    if variant.options.get("defines"):
        extra["defines"] = tuple(str(d) for d in variant.options["defines"])
    extra.update(variant.port_names)   # clock_port / reset_port (an HLS core in a hand-written frame)
    return extra


def compile_for(variant: Variant, target: str) -> Artifact:
    """The variant's C compiled for ``target``'s delay model (hls/artifacts.py: once per model, then
    read from the store; shared with `cryptohls sim`, so cycles and area are of one Verilog)."""
    c_sources = [s for s in variant.sources() if s.suffix in HLS_SUFFIXES]
    if len(c_sources) != 1:
        raise UserError(f"HLS variant {variant.full_name} must list exactly one C/C++ source "
                        f"(found {len(c_sources)})", file=variant.directory / "design.toml")
    hls_target = target if target in _compiler_targets() else DEFAULT_HLS_TARGET
    with _compile_lock:    # one compile at a time: the compiler is not known to be thread-safe
        return compiled(c_sources[0], variant.hls_top,
                        clock_ns=float(variant.options.get("clock_ns", DEFAULTS.clock_ns)),
                        target=hls_target, label=variant.full_name, secrets=variant.secrets,
                        **hls_inputs(variant))


def verilog_sources(variant: Variant, target: str, build_dir: Path) -> tuple[list[Path], str]:
    """(Verilog files, top module) — HLS variants from the artifact store (hls/artifacts.py: one
    compile per delay model, shared with `cryptohls sim`, so cycles and area are of one Verilog)."""
    if variant.kind == "rtl":
        sources = variant.sources()
        for source in sources:
            check_reachable(source)
        return sources, variant.top
    artifact = compile_for(variant, target)
    # Verilog listed beside the C source (a frame around the compiled core) is synthesized with it
    files = [*artifact.verilog_files, *variant.rtl_sources()]
    for path in files:
        check_reachable(path)
    return files, variant.top
