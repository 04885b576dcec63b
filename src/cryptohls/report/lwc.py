"""Seed 002's Table IV for the LWC designs: cycles per block RTL / HLS / ratio and the fixed overhead,
measured in simulation (``cryptohls report --lwc``; :mod:`cryptohls.sim.lwc_cycles`), beside the seed's
own figures (:data:`SEED_TABLE_IV`).

Rows: every design of the LWC registry (:mod:`cryptohls.sim.lwc_registry`: ``interface = "lwc"`` and a
golden model named in design.toml; operation ENC, blocks of the model's block bytes), plus a row per
hash mode that a variant declares (``hash = "<name>"`` in its design.toml table; operation HASH), then
a row per seed cipher that no design implements yet ("no design"). A design without a golden model
gets a row saying so (a test cipher such as toy-aead excepted). Columns RTL and HLS are the design's
``rtl`` and ``hls`` variants; a variant that does not exist, or does not have the hash mode, is shown
as "not built" / "no hash mode", never as a number. Variants named ``rtl<suffix>`` / ``hls<suffix>``
(e.g. ``rtl-u2`` / ``hls-u2``, an architecture with 2 rounds per cycle) give rows of their own, after
the design's ``rtl`` / ``hls`` rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.designs import Variant, all_variants
from cryptohls.errors import UserError
from cryptohls.lwc.generate import HASH_MODELS
from cryptohls.report.doc_table import check_markers, markers, write_table
from cryptohls.sim.lwc_registry import TEST_CIPHERS, lwc_designs
from cryptohls.sim.lwc_cycles import COUNTS, fit_linear, measure_message_cycles


@dataclass(frozen=True)
class SeedRow:
    """A row of seed 002's Table IV (/work/shared/seeds/002: "Features of the implemented variants of
    authenticated ciphers and their hardware designs"), typed from the paper: the algorithm, its
    SUPERCOP variant, basic primitive, block size (bits), rounds per block, cycles per block RTL / HLS
    (Vivado HLS 2015.4). ``ours``: the golden model name of the library that the row compares to."""
    algorithm: str
    supercop: str
    primitive: str
    block_bits: int
    rounds: int
    rtl: int
    hls: int
    ours: str

    @property
    def ratio(self) -> str:
        return f"{self.hls / self.rtl:.2f}"


# Seed 002, Table IV, in the paper's order. AES[1]: one AES round; ascon128v11 (Ascon-128 v1.1) is not
# NIST's Ascon-AEAD128 that the library models; AES-OTR: v3 in the seed's RTL, v2 in its HLS.
SEED_TABLE_IV = (
    SeedRow("AES-GCM", "aes128gcmv1", "AES", 128, 10, 11, 12, "aes128-gcm"),
    SeedRow("AEGIS", "aegis128l", "AES[1]", 256, 1, 1, 1, "aegis128l"),
    SeedRow("AES-OTR", "aes128otrpv3", "AES", 128, 10, 12, 12, "aes128otrpv3"),
    SeedRow("CLOC-AES", "aes128n12t8clocv2", "AES", 128, 10, 11, 12, "aes128n12t8clocv2"),
    SeedRow("COLM", "colm0v1", "AES", 128, 10, 11, 12, "colm0v1"),
    SeedRow("Deoxys", "deoxysneq128128v13", "Deoxys-BC", 128, 14, 15, 16, "deoxysneq128128v13"),
    SeedRow("JAMBU-AES", "aesjambuv2", "AES", 128, 10, 10, 12, "aesjambuv2"),
    SeedRow("JAMBU-SIMON", "simonjambu96v2", "SIMON", 48, 52, 54, 55, "simonjambu96v2"),
    SeedRow("OCB", "aeadaes128ocbtaglen128v1", "AES", 128, 10, 12, 12, "aeadaes128ocbtaglen128v1"),
    SeedRow("SILC-AES", "aes128n12t8silcv2", "AES", 128, 10, 10, 12, "aes128n12t8silcv2"),
    SeedRow("Tiaoxin", "tiaoxinv2", "AES[1]", 128, 1, 1, 1, "tiaoxinv2"),
    SeedRow("ACORN", "acorn128v2", "LFSR", 32, 1, 1, 1, "acorn128v2"),
    SeedRow("MORUS", "morus1280128v1", "LRX", 256, 1, 1, 1, "morus1280128v1"),
    SeedRow("Ascon", "ascon128v11", "SPN", 128, 8, 9, 10, "ascon-aead128"),
    SeedRow("Ketje", "ketjesrv1", "Keccak-f", 32, 1, 1, 1, "ketjesrv1"),
    SeedRow("NORX", "norx3241v2", "LRX", 384, 4, 4, 6, "norx3241v2"),
)
SEED_ROW = {row.ours: row for row in SEED_TABLE_IV}

# Our names and features where the seed has no row or says it differently: (algorithm, basic primitive,
# rounds of the primitive per block). The block size is always the one measured (the model's block).
FEATURES = {
    "ascon-aead128": ("Ascon-AEAD128", "Ascon-p (SPN)", "8 (p^b)"),
    "ascon-hash256": ("Ascon-Hash256", "Ascon-p (SPN)", "12"),
    "aes128-gcm": ("AES-128-GCM", "AES (1 round/cycle) + GHASH", "10"),
    "aes128-ctr": ("AES-128-CTR", "AES (1 round/cycle)", "10"),
}
NOT_BUILT = "not built"
NO_HASH = "no hash mode"
NO_GOLDEN = "no golden model"
NO_DESIGN = "no design"
# the markers of the generated part of docs/lwc.md (report/doc_table.py): the sections after it are
# hand-written and kept
LWC_TABLE = "lwc-table-iv"


def features(algorithm: str) -> tuple[str, str, str]:
    """(algorithm name, basic primitive, rounds per block) of a row: ours, else the seed's."""
    if algorithm in FEATURES:
        return FEATURES[algorithm]
    seed = SEED_ROW.get(algorithm)
    return (seed.algorithm, seed.primitive, str(seed.rounds)) if seed else (algorithm, "", "")


@dataclass
class Row:
    design: str
    algorithm: str          # golden name: ascon-aead128, ascon-hash256, aes128-gcm, acorn128v2 ...
    operation: str          # "enc" | "hash"
    cycles: dict[str, dict[int, int] | str] = field(default_factory=dict)   # "rtl"/"hls" -> {n: cycles} or a note
    suffix: str = ""        # the variant pair is rtl<suffix> / hls<suffix> ("" or e.g. "-u2")
    block_bytes: int = 16   # of the measurement: the model's block (ENC), the hash's rate (HASH)

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


@dataclass(frozen=True)
class RowPlan:
    """A row to measure: design, algorithm (golden name; None: the design names none), operation,
    suffix, {"rtl": variant rtl<suffix> or None, "hls": ...}, block bytes of the measurement."""
    design: str
    algorithm: str | None
    operation: str
    suffix: str
    variants: dict[str, Variant | None]
    block_bytes: int


def lwc_rows(designs: list[str] | None = None) -> list[RowPlan]:
    """The rows of every registry design (or those named), in design order."""
    rows = []
    for entry in lwc_designs(designs):
        if entry.design in TEST_CIPHERS:
            continue
        variants = entry.variants
        if entry.golden is None:
            rows.append(RowPlan(entry.design, None, "enc", "", {"rtl": None, "hls": None}, 0))
            continue
        block = entry.block_bytes     # checks the model against the [lwc] table
        hashes = sorted({v.options["hash"] for v in variants.values() if v.options.get("hash")})
        for suffix in _suffixes(variants):
            rows.append(RowPlan(entry.design, entry.golden, "enc", suffix,
                                {k: variants.get(k + suffix) for k in ("rtl", "hls")}, block))
            for name in hashes:
                pair = {k: variants.get(k + suffix) for k in ("rtl", "hls")}
                rows.append(RowPlan(entry.design, name, "hash", suffix,
                                    {k: (v if v is not None and v.options.get("hash") == name else None)
                                     for k, v in pair.items()}, HASH_MODELS.get(name, (None, 0))[1]))
    return rows


def measure_rows(designs: list[str] | None, build_dir: Path, *, counts: tuple[int, ...] = COUNTS,
                 log: Callable[[str], None] = print, earlier: dict | None = None) -> list[Row]:
    """The rows of `designs` (all: None), measured. With `earlier` ({(variant, operation): {n: cycles}},
    :func:`measured_in_page`), the rows of every design: the others' cycles are the earlier ones."""
    rows = []
    for plan in lwc_rows(None if earlier is not None else designs):
        if earlier is not None and designs is not None and plan.design not in designs:
            rows.append(_earlier_row(plan, earlier))
            continue
        design, algorithm, operation, suffix, variants = (plan.design, plan.algorithm, plan.operation, plan.suffix,
                                                          plan.variants)
        row = Row(design, algorithm or "", operation, suffix=suffix, block_bytes=plan.block_bytes)
        if algorithm is None:
            row.cycles = {"rtl": NO_GOLDEN, "hls": NO_GOLDEN}
            rows.append(row)
            continue
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


def _earlier_row(plan: RowPlan, earlier: dict) -> Row:
    """A row not measured in this run: its cycles from the page (a variant without figures there keeps
    its note: "not built" ...)."""
    row = Row(plan.design, plan.algorithm or "", plan.operation, suffix=plan.suffix, block_bytes=plan.block_bytes)
    for name, variant in plan.variants.items():
        figures = earlier.get((f"{plan.design}/{name}{plan.suffix}", plan.operation))
        if figures is None and variant is not None:
            raise UserError(f"no measured cycles of {variant.full_name} {plan.operation} on the page to keep",
                            hint="measure every design: `cryptohls report --lwc --out DIR` without --variants")
        row.cycles[name] = figures if figures is not None else (NO_GOLDEN if plan.algorithm is None else NOT_BUILT)
    return row


def measured_in_page(text: str) -> dict[tuple[str, str], dict[int, int]]:
    """{(variant, operation): {n: cycles}} of the "Measured cycles per message" list of a page written by
    :func:`render_lwc_markdown` (lines ``- design/variant ENC: 1: 51, 2: 63``)."""
    found = {}
    for match in re.finditer(r"^- (\S+/\S+) (ENC|HASH): (.+)$", text, re.MULTILINE):
        points = (p.split(": ") for p in match.group(3).split(", "))
        found[(match.group(1), match.group(2).lower())] = {int(n): int(c) for n, c in points}
    return found


def _cell(value) -> str:
    return str(value) if value is not None else ""


def _seed_cells(algorithm: str) -> str:
    seed = SEED_ROW.get(algorithm)
    return f"{seed.rtl} | {seed.hls} | {seed.ratio}" if seed else " |  | "


def render_lwc_markdown(rows: list[Row], command: str, *, seed_rows: bool = True, kept: bool = False) -> str:
    """The page; `seed_rows`: add a "no design" row per seed cipher that no row implements (the whole
    library's report, not one of some designs); `kept`: the rows of the designs `command` does not name
    are the page's earlier figures."""
    generated = f"Generated by `{command}`" + (" (the other designs' rows kept from the earlier run)" if kept else "")
    lines = [
        "# LWC designs: cycles per block, RTL vs HLS (seed 002, Table IV layout)",
        "",
        f"{generated}: every figure below is measured in simulation (Verilator, cocotb),",
        "not typed in. For each variant one command per message length n, with pdi/sdi always valid and",
        "do always ready, counted from the clock edge that accepts the instruction on pdi to the edge",
        "that accepts the status word on do; every do word is checked against the golden model. The",
        "cycles are exactly Ta + n * Tb for every n measured (else the report fails): **Tb = cycles per",
        "block** for long messages, **Ta = fixed overhead** per message.",
        "",
        "- ENC rows: one ENC with an empty AD and n full PT blocks of the cipher's block (its golden",
        "  model's data per step: 16 bytes for AES and Ascon, 4 for ACORN and Ketje Sr, 32 for AEGIS-128L",
        "  ...; the Block column) after a key load and a first ENC that are not counted, as the designs'",
        "  own timing tests do;",
        "- HASH rows: one HASH of n full rate blocks (8 bytes for Ascon-Hash256);",
        "- a design with variants rtl-<x> / hls-<x> (e.g. rtl-u2 / hls-u2: 2 rounds per cycle) has rows",
        "  of their own, the pair named in the Design column;",
        "- Seed columns: seed 002's Table IV (Vivado HLS 2015.4, cycles per block RTL / HLS / ratio) for",
        "  the same algorithm; its Ascon row is ascon128v11 (Ascon-128 v1.1), not Ascon-AEAD128.",
        "",
        "| Algorithm | Design | Operation | Basic primitive | Block size (bits) | Rounds per block | "
        "Cycles per block RTL | Cycles per block HLS | Ratio HLS/RTL | Fixed overhead Ta RTL | Ta HLS | "
        "Seed RTL | Seed HLS | Seed ratio |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        name, primitive, rounds = features(row.algorithm)
        rtl, hls = row.fit("rtl"), row.fit("hls")
        ratio = f"{hls[1] / rtl[1]:.2f}" if rtl and hls else ""
        tb_rtl = _cell(rtl[1]) if rtl else row.cycles.get("rtl", NOT_BUILT)
        tb_hls = _cell(hls[1]) if hls else row.cycles.get("hls", NOT_BUILT)
        ta_rtl = _cell(rtl[0]) if rtl else ""
        ta_hls = _cell(hls[0]) if hls else ""
        block_bits = row.block_bytes * 8 if row.block_bytes else ""
        seed = _seed_cells(row.algorithm) if row.operation == "enc" else " |  | "
        lines.append(f"| {name} | {row.design_cell()} | {row.operation.upper()} | {primitive} | {block_bits} | "
                     f"{rounds} | {tb_rtl} | {tb_hls} | {ratio} | {ta_rtl} | {ta_hls} | {seed} |")
    built = {row.algorithm for row in rows}
    for seed in SEED_TABLE_IV:      # the seed's ciphers that no design implements yet
        if seed_rows and seed.ours not in built:
            lines.append(f"| {seed.algorithm} ({seed.supercop}) | {NO_DESIGN} | ENC | {seed.primitive} | "
                         f"{seed.block_bits} | {seed.rounds} |  |  |  |  |  | {_seed_cells(seed.ours)} |")
    lines += ["", "Measured cycles per message (n blocks: cycles):", ""]
    for row in rows:
        for name in ("rtl", "hls"):
            value = row.cycles.get(name)
            if isinstance(value, dict):
                points = ", ".join(f"{n}: {c}" for n, c in sorted(value.items()))
                lines.append(f"- {row.design}/{row.variant_name(name)} {row.operation.upper()}: {points}")
    lines += ["", "A column \"not built\" is a variant the design does not have (yet); \"no hash mode\" a variant",
              "without the hash; \"no golden model\" a design whose design.toml names none (`golden = ...`);",
              "\"no design\": a cipher of the seed's sixteen not in the library yet (its block size and rounds",
              "are the seed's).", ""]
    return "\n".join(lines)


def check_lwc_page(doc: Path) -> None:
    """Before the measurements (minutes): ``doc`` must have the Table IV markers (else UserError)."""
    check_markers(doc, LWC_TABLE)


def earlier_cycles(doc: Path) -> dict[tuple[str, str], dict[int, int]]:
    """The cycles measured on ``doc``'s Table IV (between its markers)."""
    check_lwc_page(doc)
    begin, end = markers(LWC_TABLE)
    return measured_in_page(doc.read_text().partition(begin)[2].partition(end)[0])


def write_lwc_page(doc: Path, text: str) -> None:
    """``text`` (render_lwc_markdown's) between ``doc``'s Table IV markers; the rest of ``doc`` kept."""
    write_table(doc, LWC_TABLE, text)
