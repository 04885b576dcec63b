"""Seed 004's HW/SW co-design experiment (designs/aes-codesign, issue 19), run by `cryptohls codesign`.

1. compiles the accelerators (sub_bytes, shift_rows, mix_columns, aes128_cipher_hw) from sw/aes.c
   through the HLS artifact store, as the design's variants declare them (design.toml: the same
   Verilog `cryptohls bench aes-codesign/<accelerator>` synthesizes), and writes the C driver header
   accel.h from their report.json;
2. writes vectors.h (FIPS-197 Appendix C.1 from shared/vectors/aes-vectors.json, found as
   cryptohls.golden.vectors finds it) and builds one firmware per configuration with
   riscv64-unknown-elf-gcc;
3. builds the system (rtl/*.v, the accelerators, PicoRV32 from the pythondata-cpu-picorv32 package
   as the aes-codesign/cpu variant names it) once with Verilator and runs every configuration;
4. gives Table II of seed 004 (cycles per block, speed-up, the seed's figures beside ours) and, with
   ``area``, Table I: each module's ecp5 LUT4/FF/Fmax through the benchmark flow (results database).

Bad input (an unknown configuration, a missing cross compiler; the verb checks a doc's markers) is a
UserError; a step that fails (tool, ciphertext, error flag) raises CodesignError.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptohls.bench.db import ResultsDB, default_db_path, results_dir
from cryptohls.bench.flow import BenchOptions, describe, run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.designs import HLS_SUFFIXES, Variant, designs_dir, find_variant
from cryptohls.errors import UserError
from cryptohls.golden.vectors import AES_VECTORS_FILE, load_aes_vectors
from cryptohls.hls import DEFAULTS
from cryptohls.hls.artifacts import compiled, copy_into

DESIGN = "aes-codesign"

# accelerator index (MMIO block 0x1000_0100 + 0x10*k) and C function, in codesign_soc's order
ACCELERATORS = ["sub_bytes", "shift_rows", "mix_columns", "aes128_cipher_hw"]
MMIO_BASE = 0x1000_0000
ACC_BLOCK = 0x100
CFLAGS = ["-march=rv32im", "-mabi=ilp32", "-O2", "-ffreestanding", "-nostdlib", "-fno-builtin",
          "-fno-tree-loop-distribute-patterns", "-Wall", "-Wextra", "-Werror"]
RISCV_GCC = "riscv64-unknown-elf-gcc"
RAM_BYTES = 16 * 1024


def design_dir() -> Path:
    return designs_dir() / DESIGN


@dataclass(frozen=True)
class Config:
    name: str
    label: str
    defines: tuple[str, ...]
    seed_cycles: int | None      # seed 004 Table II (MIPS R3000-compatible CPU)


# seed 004 Table II, in its order, then the whole-AES accelerator (not in the seed)
CONFIGS = [
    Config("sw", "CPU only (AES software)", (), 26794),
    Config("shift_rows", "+ ShiftRows accelerator", ("AES_SHIFT_ROWS=hw_shift_rows",), 24964),
    Config("sub_bytes", "+ SubBytes accelerator", ("AES_SUB_BYTES=hw_sub_bytes",), 21964),
    Config("mix_columns", "+ MixColumns accelerator", ("AES_MIX_COLUMNS=hw_mix_columns",), 12047),
    Config("all3", "+ ShiftRows, SubBytes, MixColumns accelerators",
           ("AES_SHIFT_ROWS=hw_shift_rows", "AES_SUB_BYTES=hw_sub_bytes", "AES_MIX_COLUMNS=hw_mix_columns"), 5387),
    Config("whole", "+ whole-cipher accelerator (aes128_cipher_hw)", ("CODESIGN_WHOLE_AES",), None),
]


@dataclass(frozen=True)
class Module:
    variant: str                 # aes-codesign/<variant>
    label: str
    seed_slices: int | None      # seed 004 Table I (Xilinx Virtex slices, maximum delay in ns)
    seed_delay_ns: float | None


# seed 004 Table I, in its order, then what our system has beside it
MODULES = [
    Module("cpu", "CPU: PicoRV32 RV32IM (seed: R3000-compatible)", 2825, 12.4),
    Module("arbiter", "arbiter (codesign_arbiter)", 528, 5.71),
    Module("shift_rows", "accelerator ShiftRows", 210, 1.95),
    Module("sub_bytes", "accelerator SubBytes", 470, 1.97),
    Module("mix_columns", "accelerator MixColumns", 367, 2.01),
    Module("aes128_cipher_hw", "accelerator whole cipher (aes128_cipher_hw)", None, None),
    Module("mmio", "MMIO registers + start queue (codesign_mmio)", None, None),
    Module("port", "one port adapter (codesign_acc_port, 5 in the system)", None, None),
]
SEED_SHARE = "59 %"            # seed 004's text: arbiter + the three accelerators / processor
PORTS_IN_SYSTEM = 5


class CodesignError(Exception):
    """A step failed; the message says which and why."""


@dataclass
class Run:
    config: Config
    end_code: int
    error: int
    cycles_total: int        # whole simulation, reset to END
    cycles_block: int        # key expansion + cipher (RESULT0)
    cycles_cipher: int       # cipher only (RESULT1)
    ct_head: str             # first 8 bytes of the ciphertext the software computed


def select_configs(names: str) -> list[Config]:
    """``--configs``: comma-separated configuration names, in the given order."""
    known = {c.name: c for c in CONFIGS}
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if not chosen:
        raise UserError("--configs names no configuration", hint=f"known: {', '.join(known)}")
    for name in chosen:
        if name not in known:
            raise UserError(f"unknown configuration {name!r}", hint=f"known: {', '.join(known)}")
    return [known[n] for n in dict.fromkeys(chosen)]


def check_tools() -> None:
    """The tools the system needs, before anything is built."""
    for tool, package in ((RISCV_GCC, "gcc-riscv64-unknown-elf"),
                          (RISCV_GCC.replace("gcc", "objcopy"), "binutils-riscv64-unknown-elf")):
        if shutil.which(tool) is None:
            raise UserError(f"{tool} not found on PATH (needed to build the firmware)",
                            hint=f"install the Debian package {package} (scripts/setup.sh lists it)")
    if shutil.which("verilator") is None:
        raise UserError("verilator not found on PATH", hint="source scripts/env.sh")


def _run(cmd: list[str], what: str, **kw) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    except subprocess.TimeoutExpired:
        raise CodesignError(f"{what} did not finish in {kw.get('timeout')} s: {' '.join(map(str, cmd))}") from None
    if proc.returncode != 0:
        raise CodesignError(f"{what} failed (exit {proc.returncode}): {' '.join(map(str, cmd))}\n"
                            f"{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return proc


def variant(name: str) -> Variant:
    return find_variant(f"{DESIGN}/{name}")


def cpu_sources() -> list[Path]:
    """codesign_cpu.v and picorv32.v (from the installed package, unmodified), as aes-codesign/cpu
    declares them."""
    return variant("cpu").sources()


def picorv32_source() -> Path:
    """picorv32.v from the installed pythondata-cpu-picorv32 package (used unmodified)."""
    return next(p for p in cpu_sources() if p.name == "picorv32.v")


# ---------------------------------------------------------------------------------- accelerators

def compile_accelerators(build: Path) -> dict[str, dict]:
    """Each accelerator variant's artifact (the Verilog the bench synthesizes) copied into
    BUILD/acc/<top>; returns the report.json of each."""
    reports = {}
    for top in ACCELERATORS:
        v = variant(top)
        c_sources = [s for s in v.sources() if s.suffix in HLS_SUFFIXES]
        artifact = compiled(c_sources[0], v.hls_top, clock_ns=float(v.options.get("clock_ns", DEFAULTS.clock_ns)),
                            target=DEFAULTS.target, label=v.full_name)
        copy_into(artifact, build / "acc" / top)
        reports[top] = artifact.report
    return reports


def driver_header(reports: dict[str, dict]) -> str:
    """accel.h: register map and a blocking driver hw_<top>(args) per accelerator."""
    lines = ["/* Generated by `cryptohls codesign` (cryptohls/experiments/codesign.py) from the accelerators' report.json: "
             "do not edit.",
             " * Register map of codesign_mmio (rtl/codesign_mmio.v): accelerator k at 0x1000_0100 + 0x10*k,",
             " * CTRL (+0: write 1 = start, read bit 0 = busy), BASE0 (+4), BASE1 (+8): byte addresses of the",
             " * array arguments in main memory. A driver writes the bases, starts the accelerator and polls",
             " * CTRL until it is idle; the accelerator reads and writes the arrays in main memory itself. */",
             "#ifndef AES_CODESIGN_ACCEL_H", "#define AES_CODESIGN_ACCEL_H", "#include <stdint.h>", ""]
    for k, top in enumerate(ACCELERATORS):
        rep = reports[top]
        args = rep["interface"]["args"]
        if rep["interface"]["block_protocol"] != "ap_ctrl_hs":
            raise CodesignError(f"{top}: block protocol {rep['interface']['block_protocol']}, expected ap_ctrl_hs")
        if len(args) > 2 or any(a["mode"] != "ap_memory" for a in args):
            raise CodesignError(f"{top}: the adapter takes up to two ap_memory array arguments, "
                                f"got {[(a['name'], a['mode']) for a in args]}")
        base = MMIO_BASE + ACC_BLOCK + 0x10 * k
        up = top.upper()
        lines.append(f"/* accelerator {k}: {top}, latency {rep['latency']} cycles (cryptohls report) */")
        lines.append(f"#define ACC_{up}_CTRL (*(volatile uint32_t *)0x{base:08x}u)")
        for j, a in enumerate(args):
            lines.append(f"#define ACC_{up}_BASE_{a['name'].upper()} (*(volatile uint32_t *)0x{base + 4 + 4 * j:08x}u)")
        params = ", ".join(("const " if a["direction"] == "in" else "") +
                           re.sub(r"\[(\d+)\]$", "", a["c_type"]) + f" {a['name']}[{a['depth']}]" for a in args)
        lines.append(f"static inline void hw_{top}({params}) {{")
        for a in args:
            lines.append(f"  ACC_{up}_BASE_{a['name'].upper()} = (uint32_t)(uintptr_t){a['name']};")
        lines += ["  __asm__ volatile(\"\" ::: \"memory\");   /* the CPU's stores are done before the start */",
                  f"  ACC_{up}_CTRL = 1u;",
                  f"  while (ACC_{up}_CTRL & 1u) {{ }}",
                  "  __asm__ volatile(\"\" ::: \"memory\");   /* reload what the accelerator wrote */",
                  "}", ""]
    lines += ["#endif", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------- firmware

def fips197_c1() -> tuple[bytes, bytes, bytes]:
    """Key, plaintext, ciphertext of FIPS-197 Appendix C.1 from the shared vector file."""
    v = next((x for x in load_aes_vectors()["fips197_appendix_c"] if "C.1" in x["name"]), None)
    if v is None:
        raise UserError("no FIPS-197 Appendix C.1 entry", file=AES_VECTORS_FILE)
    return bytes.fromhex(v["key"]), bytes.fromhex(v["plaintext"]), bytes.fromhex(v["ciphertext"])


def vectors_header(ciphertext: bytes | None = None) -> str:
    """vectors.h: FIPS-197 C.1 for the firmware (``ciphertext`` replaces the expected one: tests)."""
    key, pt, ct = fips197_c1()
    ct = ciphertext if ciphertext is not None else ct

    def arr(b: bytes) -> str:
        return "{" + ", ".join(f"0x{x:02x}" for x in b) + "}"
    return ("/* Generated by `cryptohls codesign` from FIPS-197 Appendix C.1 "
            "(shared/vectors/aes-vectors.json): do not edit. */\n"
            f"#define FIPS197_KEY {arr(key)}\n#define FIPS197_PT {arr(pt)}\n#define FIPS197_CT {arr(ct)}\n")


def build_firmware(build: Path, cfg: Config, include: Path | None = None, name: str | None = None) -> Path:
    """ELF -> flat binary -> $readmemh file of little-endian 32-bit words. ``include``: the folder with
    accel.h and vectors.h (default BUILD/include); ``name``: the output folder (default the config's)."""
    include = include or build / "include"
    sw = design_dir() / "sw"
    check_tools()
    out = build / "fw" / (name or cfg.name)
    out.mkdir(parents=True, exist_ok=True)
    elf = out / "firmware.elf"
    start = out / "start.o"
    _run([RISCV_GCC, *CFLAGS, "-c", "-o", str(start), str(sw / "start.S")], f"firmware {cfg.name} (start.S)")
    # the drivers (accel.h) are visible in aes.c, whose AES_* macros the configuration points at them
    cmd = [RISCV_GCC, *CFLAGS, "-I", str(include), "-I", str(sw), "-include", str(include / "accel.h"),
           *[f"-D{d}" for d in cfg.defines], "-T", str(sw / "link.ld"), "-Wl,--gc-sections", "-ffunction-sections",
           "-o", str(elf), str(start), str(sw / "main.c"), str(sw / "aes.c"), "-lgcc"]
    _run(cmd, f"firmware {cfg.name}")
    binary = out / "firmware.bin"
    _run([RISCV_GCC.replace("gcc", "objcopy"), "-O", "binary", str(elf), str(binary)], "objcopy")
    data = binary.read_bytes()
    data += b"\0" * (-len(data) % 4)
    if len(data) > RAM_BYTES:
        raise CodesignError(f"firmware {cfg.name} is {len(data)} bytes, the RAM has {RAM_BYTES // 1024} KiB")
    words = [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]
    hexfile = out / "firmware.hex"
    hexfile.write_text("".join(f"{w:08x}\n" for w in words))
    return hexfile


# ---------------------------------------------------------------------------------- system

def system_sources(build: Path) -> list[Path]:
    """The hand-written RTL, the accelerators' Verilog in BUILD/acc, picorv32.v."""
    sources = sorted((design_dir() / "rtl").glob("*.v"))
    for top in ACCELERATORS:
        sources += sorted((build / "acc" / top).glob("*.v"))
    return sources + [p for p in cpu_sources() if p not in sources]


def build_sim(build: Path) -> Path:
    obj = build / "obj_dir"
    # Every generated .cpp #includes its __pch.h, so the precompiled header is only a speed-up. The PyPI
    # wheel's verilated.mk names it on the command line with an empty CFG_CXXFLAGS_PCH_I (an input file
    # that does not exist), and with CFG_CXXFLAGS_PCH_I=-include one CI machine's gcc found the .gch
    # "invalid" and stopped; emptying the include arguments compiles the header as plain source.
    cmd = ["verilator", "--binary", "--timing", "-CFLAGS", "-std=gnu++20",
           "-MAKEFLAGS", "VK_PCH_I_FAST=", "-MAKEFLAGS", "VK_PCH_I_SLOW=",
           "--top-module", "codesign_tb", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir", str(obj),
           "-o", "Vcodesign_tb", *map(str, system_sources(build))]
    _run(cmd, "verilator build")
    return obj / "Vcodesign_tb"


LINE = re.compile(r"CODESIGN end=(\d+) error=(\d+) cycles=(\d+) r0=([0-9a-f]{8}) r1=([0-9a-f]{8}) "
                  r"r2=([0-9a-f]{8}) r3=([0-9a-f]{8})")


def run_config(sim: Path, hexfile: Path, cfg: Config, max_cycles: int = 2_000_000) -> Run:
    proc = _run([str(sim), f"+mem={hexfile}", f"+max_cycles={max_cycles}"], f"simulation {cfg.name}", timeout=600)
    m = LINE.search(proc.stdout)
    if not m:
        raise CodesignError(f"simulation {cfg.name}: no CODESIGN line in its output:\n{proc.stdout[-2000:]}")
    return Run(cfg, int(m[1]), int(m[2]), int(m[3]), int(m[4], 16), int(m[5], 16), m[6] + m[7])


def check(run: Run) -> None:
    _, _, ct = fips197_c1()
    if run.error:
        raise CodesignError(f"{run.config.name}: the system raised error_o (trap, bad address or port conflict)")
    if run.end_code != 1 or run.ct_head != ct[:8].hex():
        raise CodesignError(f"{run.config.name}: ciphertext {run.ct_head}… (end code {run.end_code}), "
                            f"FIPS-197 C.1 expects {ct[:8].hex()}…")


def prepare(build: Path) -> Path:
    """Accelerators, accel.h, vectors.h and the simulator of the system; returns the simulator."""
    check_tools()
    build.mkdir(parents=True, exist_ok=True)
    reports = compile_accelerators(build)
    inc = build / "include"
    inc.mkdir(exist_ok=True)
    (inc / "accel.h").write_text(driver_header(reports))
    (inc / "vectors.h").write_text(vectors_header())
    return build_sim(build)


def run_configs(build: Path, configs: list[Config], log=None) -> list[Run]:
    """Builds everything, runs each configuration and checks its ciphertext."""
    sim = prepare(build)
    hexes = {c.name: build_firmware(build, c) for c in configs}
    runs = []
    for c in configs:
        run = run_config(sim, hexes[c.name], c)
        check(run)
        if log:
            log(f"{c.name}: {run.cycles_block} cycles per block ({run.cycles_cipher} cipher only), ciphertext ok")
        runs.append(run)
    return runs


def cycles_table(runs: list[Run]) -> str:
    base = next((r for r in runs if r.config.name == "sw"), None)
    seed_base = CONFIGS[0].seed_cycles
    rows = ["| configuration | cycles/block (ours) | speed-up (ours) | cipher-only cycles | "
            "cycles/block (seed 004) | speed-up (seed 004) |",
            "|---|---:|---:|---:|---:|---:|"]
    for r in runs:
        up = f"{base.cycles_block / r.cycles_block:.2f}" if base else "-"
        seed = f"{r.config.seed_cycles}" if r.config.seed_cycles else "-"
        sup = f"{seed_base / r.config.seed_cycles:.2f}" if r.config.seed_cycles else "-"
        rows.append(f"| {r.config.label} | {r.cycles_block} | {up} | {r.cycles_cipher} | {seed} | {sup} |")
    return "\n".join(rows)


CYCLES_NOTE = ("cycles/block: PicoRV32 cycles from before the key expansion to after the cipher, read by the "
               "software from the system's cycle counter (cipher-only: after the key expansion); every "
               "configuration produced the FIPS-197 C.1 ciphertext, checked by the software and by "
               "`cryptohls codesign`. Seed 004: a MIPS R3000-compatible CPU, its Table II.")


# ---------------------------------------------------------------------------------- area (Table I)

@dataclass
class Area:
    lines: dict[str, dict]       # module variant name -> the bench's summary line (bench.flow.describe)
    notes: list[str]
    computed: int                # rows this run synthesized / placed
    reused: int                  # rows taken from the results database (inputs unchanged)


def measure_area(*, jobs: int = 1, area_only: bool = False, progress=None) -> Area:
    """Every module of MODULES through the benchmark flow on ecp5, one seed (rows of the results
    database are reused when their inputs are unchanged)."""
    variants = [variant(m.variant) for m in MODULES]
    options = BenchOptions((TARGETS["ecp5"],), seeds=1, jobs=jobs, scheduler="threads", area_only=area_only)
    with ResultsDB(default_db_path()) as db:
        summary = run_bench(variants, options, db, results_dir() / "work", progress=progress)
    lines = {line["variant"].split("/", 1)[1]: line for line in describe(summary.rows)}
    return Area(lines, summary.notes, summary.computed, summary.reused)


def _pct(part: float, whole: float | None) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"


def area_table(lines: dict[str, dict]) -> str:
    rows = ["| module | LUT4 (ours) | FF (ours) | Fmax MHz (ours) | slices (seed 004) | max. delay ns (seed 004) |",
            "|---|---:|---:|---:|---:|---:|"]
    for m in MODULES:
        line = lines.get(m.variant)
        if line is None or line["status"] != "ok":
            ours = ["not measured"] * 3
        else:
            fmax = line["fmax_mhz"]
            ours = [str(line["luts"]), str(line["ffs"]), f"{fmax:.1f}" if fmax is not None else "-"]
        seed = [str(m.seed_slices) if m.seed_slices else "-", f"{m.seed_delay_ns}" if m.seed_delay_ns else "-"]
        rows.append(f"| {m.label} | " + " | ".join(ours + seed) + " |")
    rows += ["", *share_lines(lines)]
    return "\n".join(rows)


def share_lines(lines: dict[str, dict]) -> list[str]:
    """The accelerators' and arbiter's area as a share of the CPU's (seed 004: 59 %)."""
    def total(names: list[tuple[str, int]], key: str) -> int | None:
        if any(n not in lines or lines[n]["status"] != "ok" for n, _ in names):
            return None
        return sum(count * lines[n][key] for n, count in names)

    cpu = lines.get("cpu")
    if cpu is None or cpu["status"] != "ok":
        return ["Shares of the CPU's area: not measured (no CPU row)."]
    seed_sum = sum(m.seed_slices for m in MODULES[1:5])
    groups = [
        ("arbiter + ShiftRows + SubBytes + MixColumns accelerators (seed 004's sum)",
         [("arbiter", 1), ("shift_rows", 1), ("sub_bytes", 1), ("mix_columns", 1)],
         f"seed 004: {SEED_SHARE} in its text; {seed_sum} / {MODULES[0].seed_slices} slices = "
         f"{_pct(seed_sum, MODULES[0].seed_slices)} from its Table I"),
        ("the same + MMIO + 3 port adapters (everything the three step accelerators add to our CPU)",
         [("arbiter", 1), ("shift_rows", 1), ("sub_bytes", 1), ("mix_columns", 1), ("mmio", 1), ("port", 3)], ""),
        ("arbiter + MMIO + whole-cipher accelerator + its 2 port adapters",
         [("arbiter", 1), ("aes128_cipher_hw", 1), ("mmio", 1), ("port", 2)], ""),
    ]
    out = []
    for label, names, seed in groups:
        luts, ffs = total(names, "luts"), total(names, "ffs")
        if luts is None:
            out.append(f"- {label}: not measured")
            continue
        out.append(f"- {label}: {luts} LUT4 = {_pct(luts, cpu['luts'])} of the CPU's {cpu['luts']} LUT4 "
                   f"({ffs} FF = {_pct(ffs, cpu['ffs'])} of its {cpu['ffs']} FF)" + (f"; {seed}" if seed else ""))
    return out


AREA_NOTE = ("ecp5 (LFE5U-85F), `cryptohls bench` defaults (no block RAM, LUT RAM or DSP; abc9 delay mapping; "
             "Fmax of nextpnr seed 1): LUT4 counts CCU2C carry cells as 2 LUT4, FF every flip-flop of the "
             "module alone behind the I/O harness (harness excluded). The accelerators are the Verilog "
             "`cryptohls codesign` builds the system from (one HLS artifact). Seed 004: Xilinx Virtex slices "
             "(2 LUT4 + 2 FF each) and maximum delay from ISE; compare the shares, not the units.")


# ---------------------------------------------------------------------------------- docs

CYCLES_TABLE = "codesign-table"     # the doc-table names (cryptohls.report.doc_table) of Table II and Table I
AREA_TABLE = "codesign-area"
