"""The ports of a generated module (contract C4) and its typed signature.

``add_ports`` names and declares every port of an FSM module in its block — block protocol, one group
per C parameter (names from ir/ports.py), ``ap_return`` — and fills the builder's role map;
``module_signature`` turns the declared ports into the ``ModuleSignature`` that report.json carries
(ir/module_signature.py), so no consumer derives a port name again.
"""

from __future__ import annotations

from cryptohls.codegen import streams
from cryptohls.codegen import vast as V
from cryptohls.codegen.block import Block
from cryptohls.codegen.builder import ModuleBuilder
from cryptohls.ir.module_signature import CONTROL_ROLES, ModuleSignature, SignaturePort
from cryptohls.ir.ports import memory_ports, scalar_ports

BLOCK_PORTS = (("ap_start", "input"), ("ap_done", "output"), ("ap_idle", "output"), ("ap_ready", "output"))

# (role, C parameter, element, field offset) of a port
Owner = tuple[str, str, int | None, int | None]


def control_ports(protocol: str) -> list[tuple[str, str, int, str]]:
    """(name, direction, width, comment) of the clock, the reset and the block protocol's ports."""
    ports = [("ap_clk", "input", 1, ""), ("ap_rst", "input", 1, "synchronous, active high")]
    if protocol == "ap_ctrl_hs":
        ports += [(n, d, 1, "") for n, d in BLOCK_PORTS]
    return ports


def add_clock_reset_control(mod: V.Module, protocol: str) -> None:
    mod.ports += [V.Port(*p) for p in control_ports(protocol)]


def add_ports(b: ModuleBuilder) -> None:
    m = b.block
    for p in control_ports(b.protocol):
        m.port(*p)
    for p in b.fn.params:
        port = p.attrs.get("port", p.name)   # INTERFACE name= (frontend/import_interface.py)
        roles = {role: m.reserve(name) for role, name in scalar_ports(port, p.direction).items()}
        if "in" in roles:
            m.port(roles["in"], "input", p.width, p.attrs.get("c_type", ""))
        if "out" in roles:
            m.port(roles["out"], "output", p.width, p.attrs.get("c_type", ""))
            m.port(roles["out_vld"], "output", 1)
        b.ports[p.name] = roles
    for mem in b.fn.memories:
        if mem.kind != "arg":
            continue
        names = memory_ports(mem.attrs.get("port", mem.name), read=bool(mem.attrs.get("read")),
                             write=bool(mem.attrs.get("write")))
        roles = {role: m.reserve(name) for role, name in names.items()}
        m.port(roles["address"], "output", mem.addr_width, mem.attrs.get("c_type", ""))
        m.port(roles["ce"], "output", 1)
        if "we" in roles:
            m.port(roles["we"], "output", 1)
            m.port(roles["d"], "output", mem.width)
        if "q" in roles:
            m.port(roles["q"], "input", mem.width)
        b.ports[mem.name] = roles
    for mem in b.fn.memories:
        if mem.kind == "stream":
            b.ports[mem.name] = streams.add_ports(b, mem)
    ret = b.fn.attrs.get("return")
    if ret:
        m.port("ap_return", "output", ret["width"], ret.get("c_type", ""))


def module_signature(b: ModuleBuilder) -> ModuleSignature:
    """The signature of the ports ``add_ports`` declared: each port's C parameter from the role map
    (a partitioned element's IR parameter names its array and index; a struct stream's field ports
    are its memory's ``fields``)."""
    owners: dict[str, Owner] = {}
    params = {p.name: p for p in b.fn.params}
    for name, roles in b.ports.items():
        p = params.get(name)
        c_param, element = (p.attrs["array"], p.attrs["index"]) if p is not None and "array" in p.attrs \
            else (name, None)
        for role, port in roles.items():
            owners[port] = (role, c_param, element, None)
    for mem in b.fn.memories:
        for field_port, lo, _ in mem.attrs.get("fields", ()) if mem.kind == "stream" else ():
            owners[field_port] = ("field", mem.name, None, lo)
    return signature_of(b.block, b.protocol, owners)


def signature_of(mod: V.Module | Block, protocol: str, owners: dict[str, Owner]) -> ModuleSignature:
    """``mod``'s ports in order, each with its owner (a port owned by no parameter is a control port)."""
    ports = []
    for p in mod.ports:
        role, param, element, lo = owners.get(p.name) or (CONTROL_ROLES[p.name], None, None, None)
        ports.append(SignaturePort(p.name, p.direction, p.width, role, param, element, lo))
    return ModuleSignature(mod.name, protocol, tuple(ports))


__all__ = ["add_clock_reset_control", "add_ports", "module_signature", "signature_of"]
