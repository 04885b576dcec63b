"""Where the `` `include`` files of a Verilog source list are found: the folders of the sources.

A hand-written LWC CipherCore includes the frame's port list (designs/lwc-frame/rtl/
lwc_cipher_core_ports.vh) inside its module header. Verilator and Icarus look for an include only in
their -I folders, not beside the including file, so every tool that reads a variant's Verilog gets the
folders of that source list (a variant that lists ``../lwc-frame/rtl/*.v`` thereby finds the header).
The derivation is here, once; each tool adds ``include_flags(files)`` (or the Yosys form) to its command.
The included files are inputs too: caches keyed by source content hash them (``included_files``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

_INCLUDE = re.compile(r'^\s*`include\s+"([^"]+)"', re.M)
_VERILOG = (".v", ".sv", ".vh", ".svh")


def include_dirs(sources: Iterable[Path]) -> list[Path]:
    """The folders of the Verilog files among ``sources`` (resolved, sorted, each once)."""
    return sorted({Path(s).resolve().parent for s in sources if Path(s).suffix in _VERILOG})


def include_flags(sources: Iterable[Path]) -> list[str]:
    """``-I<folder>`` for each of ``include_dirs(sources)`` (Verilator, Icarus and Yosys's read_verilog)."""
    return [f"-I{folder}" for folder in include_dirs(sources)]


def included_files(sources: Iterable[Path]) -> list[Path]:
    """The files the sources `` `include`` (transitively), found in their folders; [] when none."""
    sources = list(sources)
    folders = include_dirs(sources)
    found: list[Path] = []
    pending = [Path(s) for s in sources if Path(s).suffix in _VERILOG]
    while pending:
        for name in _INCLUDE.findall(pending.pop().read_text(errors="replace")):
            path = next((folder / name for folder in folders if (folder / name).is_file()), None)
            if path is not None and path not in found:
                found.append(path)
                pending.append(path)
    return found


__all__ = ["include_dirs", "include_flags", "included_files"]
