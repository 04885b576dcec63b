"""``CompileOptions``: everything a compile takes besides the source and the top, and the only place
the compiler's defaults live (callers that need a default read it from here)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(frozen=True)
class CompileOptions:
    clock_ns: float = 10.0              # target clock period
    target: str = "ecp5"                # delay model (schedule/data/<target>.json)
    include_dirs: tuple[str, ...] = ()  # -I for clang (the package's include/, ap_int.h etc., is always added)
    defines: tuple[str, ...] = ()       # -D for clang
    more_sources: tuple[str, ...] = ()  # the program's other translation units (linked with the source)
    skip_passes: tuple[str, ...] = ()   # --skip-pass (debugging)
    dump_ir_dir: Path | None = None     # --dump-ir-dir: the IR after every pass
    secrets: tuple[str, ...] = ()       # --secret: arguments whose values must not steer the timing
    clock_port: str = "ap_clk"          # --clock-port: the top module's clock port (codegen/clock_reset.py)
    reset_port: str = "ap_rst"          # --reset-port: its synchronous, active-high reset port
    command: str | None = field(default=None, compare=False)   # the command line in the Verilog header

    def command_line(self, src: Path, top: str, out_dir: Path) -> str:
        """The header's command line: the caller's, or the equivalent `cryptohls compile`."""
        files = " ".join(map(str, (src, *self.more_sources)))
        return self.command or (f"cryptohls compile {files} --top {top} --clock-ns {self.clock_ns:g} "
                                f"--target {self.target}{self.port_flags()} -o {out_dir}")

    def port_flags(self) -> str:
        """`` --clock-port X --reset-port Y`` for names other than the defaults, else ``""``."""
        return "".join(f" --{flag} {name}" for flag, name, default in
                       (("clock-port", self.clock_port, "ap_clk"), ("reset-port", self.reset_port, "ap_rst"))
                       if name != default)

    def with_dump_subdir(self, name: str) -> "CompileOptions":
        """The options for a sub-module: its per-pass IR dumps go to a folder of its own."""
        return replace(self, dump_ir_dir=self.dump_ir_dir / name if self.dump_ir_dir else None)


DEFAULTS = CompileOptions()

__all__ = ["CompileOptions", "DEFAULTS"]
