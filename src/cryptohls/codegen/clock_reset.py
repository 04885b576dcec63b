"""The clock and reset port names of a generated top module (``--clock-port`` / ``--reset-port``).

Every generated module calls them ``ap_clk`` / ``ap_rst`` (contract C4). A core that drops into a
hand-written frame with another convention (the LWC frame's ``clk_i`` / ``rst_i``) is compiled with
its top's two ports renamed, so no wrapper file is needed. Only the top module is renamed: its
sub-modules and DATAFLOW processes keep ``ap_clk`` / ``ap_rst`` as port names, and the top connects
its own clock and reset to them (``.ap_clk(clk_i)``).

The rename is textual on the finished top and exact: ``ap_clk`` and ``ap_rst`` are reserved names
(the block's namer, codegen/block.py, never gives them to another signal), so every occurrence outside comments
that is not a port name of an instance (``.ap_clk(``) is the top's own clock or reset.
"""

from __future__ import annotations

import re

from cryptohls.errors import UserError
from cryptohls.ir.module_signature import ModuleSignature

DEFAULT_CLOCK, DEFAULT_RESET = "ap_clk", "ap_rst"
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _code_lines(text: str):
    """(code, comment) of each line: the part before ``//`` and the rest."""
    for line in text.split("\n"):
        code, sep, comment = line.partition("//")
        yield code, sep + comment


def check_port_name(name: str, what: str) -> None:
    if not _IDENTIFIER.match(name):
        raise UserError(f"{what} {name!r} is not a Verilog identifier")


def rename_clock_reset(text: str, top: str, clock: str = DEFAULT_CLOCK, reset: str = DEFAULT_RESET) -> str:
    """``text`` (the generated Verilog of ``top``) with its clock and reset ports called ``clock`` and
    ``reset``; the text unchanged for the default names."""
    if (clock, reset) == (DEFAULT_CLOCK, DEFAULT_RESET):
        return text
    check_port_name(clock, "clock port")
    check_port_name(reset, "reset port")
    if clock == reset:
        raise UserError(f"clock and reset ports must differ (both {clock!r})")
    renames = {DEFAULT_CLOCK: clock, DEFAULT_RESET: reset}
    for old, new in renames.items():
        # a port name of an instance (``.clk_i(`` of a DATAFLOW top's FIFOs) is no clash
        if new != old and any(re.search(rf"(?<![.\w]){new}\b", code) for code, _ in _code_lines(text)):
            raise UserError(f"{top}: port name {new!r} for {old} is already a name in the generated module",
                            hint="choose another --clock-port / --reset-port")
    pattern = re.compile(r"(?<![.\w])(ap_clk|ap_rst)\b")
    return "\n".join(pattern.sub(lambda m: renames[m.group(1)], code) + comment
                     for code, comment in _code_lines(text))


def rename_signature(signature: ModuleSignature, clock: str = DEFAULT_CLOCK,
                     reset: str = DEFAULT_RESET) -> ModuleSignature:
    """The top's signature with the names ``rename_clock_reset`` gives its clock and reset."""
    return signature.renamed({DEFAULT_CLOCK: clock, DEFAULT_RESET: reset})


__all__ = ["DEFAULT_CLOCK", "DEFAULT_RESET", "check_port_name", "rename_clock_reset", "rename_signature"]
