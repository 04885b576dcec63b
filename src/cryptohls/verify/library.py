"""``cryptohls verify VARIANT``: the request for an HLS variant of the design library, from its
design.toml (source, top, clock, defines) and the secrets it declares (``secret = [...]``)."""

from __future__ import annotations

from pathlib import Path

from cryptohls.designs import HLS_SUFFIXES, Variant, find_variant
from cryptohls.errors import UserError
from cryptohls.hls import DEFAULTS, CompileOptions
from cryptohls.verify import VerifyRequest


def declared_secrets(variant: Variant) -> tuple[str, ...]:
    return variant.secrets


def variant_request(full_name: str, out: Path | None, *, secrets: tuple[str, ...] = (), **kw) -> VerifyRequest:
    """``secrets`` given on the command line replace the design's."""
    variant = find_variant(full_name)
    if variant.kind != "hls":
        raise UserError(f"{full_name} is a {variant.kind} variant: verify checks the compiler's output "
                        "(an hls variant)", hint="e.g. aes128-ecb-enc/hls-v2")
    c_sources = [s for s in variant.sources() if s.suffix in HLS_SUFFIXES]
    if len(c_sources) != 1:
        raise UserError(f"HLS variant {full_name} must list exactly one C/C++ source (found {len(c_sources)})",
                        file=str(variant.directory / "design.toml"))
    # the variant's -D and -I too (aes128-oop/hls-block2 is aes.cpp with -D AES_KS_BLOCK=2): the Verilog
    # verified is the one `cryptohls sim` and `bench` build
    options = CompileOptions(clock_ns=float(variant.options.get("clock_ns", DEFAULTS.clock_ns)),
                             defines=tuple(str(d) for d in variant.options.get("defines", ())),
                             include_dirs=tuple(str(d) for d in variant.options.get("include_dirs", ())),
                             **variant.port_names)   # clk_i / rst_i of an LWC CipherCore, as sim and bench
    out = out or Path("build") / "verify" / full_name.replace("/", "-")
    return VerifyRequest(c_sources[0], variant.hls_top, secrets or declared_secrets(variant), out, options, **kw)


__all__ = ["declared_secrets", "variant_request"]
