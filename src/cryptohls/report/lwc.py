"""Seed 002's Table IV for the LWC designs: cycles per block RTL / HLS / ratio and the fixed overhead,
measured in simulation (``cryptohls report --lwc``; :mod:`cryptohls.sim.lwc_cycles`).

Rows: every design with ``interface = "lwc"`` and an AEAD golden model (operation ENC), plus a row per
hash mode that a variant declares (``hash = "<name>"`` in its design.toml table; operation HASH).
Columns RTL and HLS are the design's ``rtl`` and ``hls`` variants; a variant that does not exist, or
does not have the hash mode, is shown as "not built" / "no hash mode", never as a number. Variants
named ``rtl<suffix>`` / ``hls<suffix>`` (e.g. ``rtl-u2`` / ``hls-u2``, an architecture with 2 rounds per
cycle) give rows of their own, after the design's ``rtl`` / ``hls`` rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.designs import Variant, all_variants
from cryptohls.errors import UserError
from cryptohls.sim.lwc_cycles import COUNTS, fit_linear, measure_message_cycles

# What the paper's Table IV lists beside the cycles, per algorithm: (basic primitive, block size in
# bits, rounds of the primitive per block).
FEATURES = {
    "ascon-aead128": ("Ascon-p (SPN)", 128, "8 (p^b)"),
    "ascon-hash256": ("Ascon-p (SPN)", 64, "12"),
    "aes128-gcm": ("AES (1 round/cycle) + GHASH", 128, "10"),
    "aes128-ctr": ("AES (1 round/cycle)", 128, "10"),
}
ALGORITHM = {"ascon-aead128": "Ascon-AEAD128", "ascon-hash256": "Ascon-Hash256", "aes128-gcm": "AES-128-GCM",
             "aes128-ctr": "AES-128-CTR"}
NOT_BUILT = "not built"
NO_HASH = "no hash mode"


@dataclass
class Row:
    design: str
    algorithm: str          # golden name: ascon-aead128, ascon-hash256, aes128-gcm ...
    operation: str          # "enc" | "hash"
    cycles: dict[str, dict[int, int] | str] = field(default_factory=dict)   # "rtl"/"hls" -> {n: cycles} or a note
    suffix: str = ""        # the variant pair is rtl<suffix> / hls<suffix> ("" or e.g. "-u2")

    def variant_name(self, kind: str) -> str:
        return f"{kind}{self.suffix}"

    def design_cell(self) -> str:
        return self.design if not self.suffix else f"{self.design} ({self.variant_name('rtl')} / {self.variant_name('hls')})"

    def fit(self, variant: str) -> tuple[int, int] | None:
        value = self.cycles.get(variant)
        if not isinstance(value, dict):
            return None
        try:
            return fit_linear(value)
        except ValueError as err:
            raise UserError(f"{self.design}/{self.variant_name(variant)} {self.operation}: {err}",
                            hint="the cycles per message must be exactly Ta + n * Tb") from None


def _suffixes(variants: dict[str, Variant]) -> list[str]:
    """"" and every suffix s of a variant named rtl<s> or hls<s> ("-u2" ...), "" first."""
    found = {name[3:] for name in variants if name.startswith(("rtl-", "hls-"))}
    return ["", *sorted(found)]


def lwc_rows(designs: list[str] | None = None) -> list[tuple[str, str, str, str, dict[str, Variant | None]]]:
    """(design, algorithm, operation, suffix, {"rtl": variant rtl<suffix> or None, "hls": ...}) per row."""
    by_design: dict[str, dict[str, Variant]] = {}
    for variant in all_variants():
        if variant.interface == "lwc" and (designs is None or variant.design in designs):
            by_design.setdefault(variant.design, {})[variant.name] = variant
    rows = []
    for design, variants in sorted(by_design.items()):
        golden = next((v.options.get("golden") for v in variants.values() if v.options.get("golden")), None)
        hashes = sorted({v.options["hash"] for v in variants.values() if v.options.get("hash")})
        for suffix in _suffixes(variants):
            if golden in ("aes128-gcm", "ascon-aead128"):
                rows.append((design, golden, "enc", suffix, {k: variants.get(k + suffix) for k in ("rtl", "hls")}))
            for name in hashes:
                pair = {k: variants.get(k + suffix) for k in ("rtl", "hls")}
                rows.append((design, name, "hash", suffix,
                             {k: (v if v is not None and v.options.get("hash") == name else None)
                              for k, v in pair.items()}))
    return rows


def measure_rows(designs: list[str] | None, build_dir: Path, *, counts: tuple[int, ...] = COUNTS,
                 log: Callable[[str], None] = print) -> list[Row]:
    rows = []
    for design, algorithm, operation, suffix, variants in lwc_rows(designs):
        row = Row(design, algorithm, operation, suffix=suffix)
        for name in ("rtl", "hls"):
            variant = variants[name]
            if variant is None:
                exists = any(v.design == design and v.name == name + suffix for v in all_variants())
                row.cycles[name] = NO_HASH if operation == "hash" and exists else NOT_BUILT
                continue
            log(f"measuring {variant.full_name} {operation} at n = {', '.join(map(str, counts))} blocks")
            row.cycles[name] = measure_message_cycles(variant, operation, build_dir=build_dir, counts=counts,
                                                      cipher=algorithm)
        rows.append(row)
    return rows


def _cell(value) -> str:
    return str(value) if value is not None else ""


def render_lwc_markdown(rows: list[Row], command: str) -> str:
    lines = [
        "# LWC designs: cycles per block, RTL vs HLS (seed 002, Table IV layout)",
        "",
        f"Generated by `{command}`: every figure below is measured in simulation (Verilator, cocotb),",
        "not typed in. For each variant one command per message length n, with pdi/sdi always valid and",
        "do always ready, counted from the clock edge that accepts the instruction on pdi to the edge",
        "that accepts the status word on do; every do word is checked against the golden model. The",
        "cycles are exactly Ta + n * Tb for every n measured (else the report fails): **Tb = cycles per",
        "block** for long messages, **Ta = fixed overhead** per message.",
        "",
        "- ENC rows: one ENC with an empty AD and n full 16-byte PT blocks (after a key load and a first",
        "  ENC that are not counted, as the designs' own timing tests do);",
        "- HASH rows: one HASH of n full rate blocks (8 bytes for Ascon-Hash256);",
        "- a design with variants rtl-<x> / hls-<x> (e.g. rtl-u2 / hls-u2: 2 rounds per cycle) has rows",
        "  of their own, the pair named in the Design column.",
        "",
        "| Algorithm | Design | Operation | Basic primitive | Block size (bits) | Rounds per block | "
        "Cycles per block RTL | Cycles per block HLS | Ratio HLS/RTL | Fixed overhead Ta RTL | Ta HLS |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        primitive, block_bits, rounds = FEATURES.get(row.algorithm, ("", "", ""))
        rtl, hls = row.fit("rtl"), row.fit("hls")
        ratio = f"{hls[1] / rtl[1]:.2f}" if rtl and hls else ""
        tb_rtl = _cell(rtl[1]) if rtl else row.cycles.get("rtl", NOT_BUILT)
        tb_hls = _cell(hls[1]) if hls else row.cycles.get("hls", NOT_BUILT)
        ta_rtl = _cell(rtl[0]) if rtl else ""
        ta_hls = _cell(hls[0]) if hls else ""
        lines.append(f"| {ALGORITHM.get(row.algorithm, row.algorithm)} | {row.design_cell()} | {row.operation.upper()} | "
                     f"{primitive} | {block_bits} | {rounds} | {tb_rtl} | {tb_hls} | {ratio} | {ta_rtl} | {ta_hls} |")
    lines += ["", "Measured cycles per message (n blocks: cycles):", ""]
    for row in rows:
        for name in ("rtl", "hls"):
            value = row.cycles.get(name)
            if isinstance(value, dict):
                points = ", ".join(f"{n}: {c}" for n, c in sorted(value.items()))
                lines.append(f"- {row.design}/{row.variant_name(name)} {row.operation.upper()}: {points}")
    lines += ["", "A column \"not built\" is a variant the design does not have (yet); \"no hash mode\" a variant",
              "without the hash. Seed 002 (Vivado HLS 2015.4) reported HLS/RTL cycle ratios of 1.09 for AES-GCM",
              "and 1.11 for Ascon (ascon128v11).", ""]
    return "\n".join(lines)
