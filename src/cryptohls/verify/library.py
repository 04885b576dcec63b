"""``cryptohls verify VARIANT``: the request for a variant of the design library, from its design.toml
and the secrets it declares (``secret = [...]``).

- an ``hls`` variant: its source, top, clock, defines; the compiled function is verified;
- an ``interface = "lwc"`` variant, RTL or HLS: its CipherCore only (not the frame around it), the
  port roles from the one declaration of the boundary (lwc/boundary.py): the RTL core is [lwc] core
  with the variant's core_params, the HLS core its compiled ``hls_top``; behind the gearbox (W = 32 <
  CCW) either is verified with it (the generated ``<core>_w32``).
"""

from __future__ import annotations

from pathlib import Path

from cryptohls.designs import HLS_SUFFIXES, Variant, find_variant
from cryptohls.errors import UserError
from cryptohls.hls import DEFAULTS, CompileOptions
from cryptohls.lwc.boundary import CIPHER_CORE, CLOCK_RESET
from cryptohls.verify import VerifyRequest


def declared_secrets(variant: Variant) -> tuple[str, ...]:
    return variant.declared_secrets


def variant_request(full_name: str, out: Path | None, *, secrets: tuple[str, ...] = (), **kw) -> VerifyRequest:
    """``secrets`` given on the command line replace the design's."""
    variant = find_variant(full_name)
    out = out or Path("build") / "verify" / full_name.replace("/", "-")
    secrets = secrets or declared_secrets(variant)
    lwc = variant.interface == "lwc"
    if lwc and variant.kind == "hls" and variant.cipher_top.geared:
        return _rtl_core_request(variant, out, secrets, **kw)     # the compiled core with its gearbox
    if variant.kind == "rtl":
        if not lwc:
            raise UserError(f"{full_name} is an rtl variant without a declared boundary: verify checks a "
                            "hand-written core through the LWC CipherCore's (interface = \"lwc\")",
                            hint="e.g. ascon-aead128/rtl, or an hls variant such as aes128-ecb-enc/hls-v2")
        return _rtl_core_request(variant, out, secrets, **kw)
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
    return VerifyRequest(c_sources[0], variant.hls_top, secrets, out, options,
                         streams=CIPHER_CORE if lwc else None, **kw)


def _rtl_core_request(variant: Variant, out: Path, secrets: tuple[str, ...], **kw) -> VerifyRequest:
    """The hand-written CipherCore of an LWC variant: [lwc] core with its parameters, over the
    variant's Verilog (the generated top left out: the frame is not verified). A core behind the gearbox
    (W = 32 < CCW) is verified with it: the generated ``<core>_w32``, what the frame connects to; so is
    an HLS core behind it (its compiled Verilog, as ``sim`` and ``bench`` build it, is the core)."""
    spec = variant.cipher_top
    files = tuple(path for label, path in variant.labelled_sources() if path.suffix not in HLS_SUFFIXES
                  and (not label.startswith("generated:") or label == f"generated:{spec.frame_core}.v"))
    if variant.kind == "hls":
        from cryptohls.sim.hls_lwc import compiled_core_verilog
        files = (*compiled_core_verilog(variant), *files)
    core_file = next((f for f in files if f.stem == spec.frame_core), files[-1])
    options = CompileOptions(clock_port=CLOCK_RESET[0], reset_port=CLOCK_RESET[1])
    kw["equivalence"] = False          # no C to compare with
    kw["replay"] = False               # no C testbench to replay in
    parameters = {} if spec.geared else dict(spec.core_params)   # geared: set inside <core>_w32
    return VerifyRequest(core_file, spec.frame_core, secrets, out, options, rtl_sources=files,
                         parameters=parameters, streams=CIPHER_CORE, **kw)


__all__ = ["declared_secrets", "variant_request"]
