"""The typed signature of a generated top module: every port with its role, direction, width and the C
parameter (and array element) it belongs to.

Codegen builds it where it names the ports (codegen/module_ports.py, codegen/dataflow.py) and
report.json carries it as ``"signature"`` (schema in docs/compiler.md, Report); cosim, verify and the
report read port names from it instead of deriving them from the C parameter again. The names
themselves come from ir/ports.py, the one place that spells the suffixes.
"""

from __future__ import annotations

from dataclasses import dataclass

# roles of the ports that belong to no C parameter
CONTROL_ROLES = {"ap_clk": "clock", "ap_rst": "reset", "ap_start": "start", "ap_done": "done",
                 "ap_idle": "idle", "ap_ready": "ready", "ap_continue": "continue", "ap_return": "return"}


@dataclass(frozen=True)
class SignaturePort:
    """One port of the module. ``role``: clock, reset, start, done, idle, ready, return (no parameter);
    in, out, out_vld (scalars, pointers, reshaped arrays, partitioned elements); address, ce, we, d, q
    (ap_memory); data, valid, ready, field (streams; a struct stream's ``field`` ports carry ``lo``, the
    field's bit offset in the element)."""
    name: str
    direction: str               # "input" or "output"
    width: int
    role: str
    param: str | None = None     # the C parameter
    element: int | None = None   # the element of a partitioned array
    lo: int | None = None        # a struct field's offset in the stream element

    @property
    def is_input(self) -> bool:
        return self.direction == "input"

    def to_json(self) -> dict:
        out: dict = {"name": self.name, "direction": self.direction, "width": self.width, "role": self.role}
        for key in ("param", "element", "lo"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


@dataclass(frozen=True)
class ModuleSignature:
    module: str
    block_protocol: str
    ports: tuple[SignaturePort, ...]

    def to_json(self) -> dict:
        return {"module": self.module, "block_protocol": self.block_protocol,
                "ports": [p.to_json() for p in self.ports]}

    @staticmethod
    def from_json(data: dict) -> ModuleSignature:
        return ModuleSignature(data["module"], data["block_protocol"],
                               tuple(SignaturePort(**p) for p in data["ports"]))

    def of(self, param: str, element: int | None = None) -> list[SignaturePort]:
        """The ports of C parameter ``param`` (of one element of a partitioned array), in module order."""
        return [p for p in self.ports if p.param == param and p.element == element]

    def roles(self, param: str, element: int | None = None) -> dict[str, str]:
        """role -> port name of one parameter (or element); a struct stream's fields are left out."""
        return {p.role: p.name for p in self.of(param, element) if p.role != "field"}

    def control(self, role: str) -> str | None:
        """The port of a block-level role (clock, reset, start, ..., return), None when absent."""
        return next((p.name for p in self.ports if p.param is None and p.role == role), None)

    def table(self) -> dict[str, tuple[int, bool]]:
        """Port name -> (width, is_input)."""
        return {p.name: (p.width, p.is_input) for p in self.ports}

    def renamed(self, names: dict[str, str]) -> ModuleSignature:
        """The same signature with ports renamed (``--clock-port`` / ``--reset-port``)."""
        return ModuleSignature(self.module, self.block_protocol, tuple(
            SignaturePort(names.get(p.name, p.name), p.direction, p.width, p.role, p.param, p.element, p.lo)
            for p in self.ports))


__all__ = ["CONTROL_ROLES", "ModuleSignature", "SignaturePort"]
