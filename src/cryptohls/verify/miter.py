"""Self-composition miter of a compiled core (issue 22 item 3): two copies of the Verilog, every public
input shared, every secret input free in each copy; the control outputs must agree in every cycle.

The wrapper is generated from the core's port list and report.json's ``interface``:

- shared between the copies: the block protocol inputs (``ap_start``, ``ap_continue``), every input
  of a public argument, and the handshake inputs of every stream (the environment's timing is public);
- one per copy: the data inputs of a secret argument (scalar, partitioned elements, stream data or
  fields);
- compared in every cycle: ``ap_done``/``ap_idle``/``ap_ready``, every stream's valid or ready output,
  every ``_ap_vld``, every memory port's ``ce``/``we`` — the outputs whose timing an observer sees.
  Data outputs (and memory addresses) are not compared: they may carry secret-derived values.
- an ``ap_memory`` argument gets a memory model per copy (read latency 1, as the core expects),
  filled at reset from a wrapper input that is shared for a public argument and one per copy for a
  secret one, so the contents are arbitrary but fixed for the run.

Yosys proves it with its SAT solver (``sat -seq N``) from a reset in the first cycle; N covers the
transactions asked for. A model found is a counterexample: the secret values of both copies and the
first cycle at which a control output differs.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from cryptohls.errors import UserError
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.ports import scalar_ports
from cryptohls.ir.taint import parse_secret
from cryptohls.lwc.boundary import Stream
from cryptohls.verify.secrets import FieldSecret, split_secrets

BLOCK_INPUTS = ("ap_start", "ap_continue")
BLOCK_OUTPUTS = ("ap_done", "ap_idle", "ap_ready")


@dataclass(frozen=True)
class Port:
    name: str
    direction: str
    width: int


@dataclass(frozen=True)
class MemoryModel:
    arg: str
    width: int
    depth: int
    secret: bool
    ports: dict
    elements: tuple[int, int] | None = None   # secret in these elements only (``in[1..16]``); else all

    def secret_element(self, i: int) -> bool:
        return self.secret and (self.elements is None or self.elements[0] <= i <= self.elements[1])


def ports_of(signature: ModuleSignature) -> list[Port]:
    """The ports of a compiled core, from its signature (report.json)."""
    return [Port(p.name, p.direction, p.width) for p in signature.ports]


@dataclass(frozen=True)
class Plan:
    """How each port of the core is connected in the miter."""
    shared: list[Port]          # inputs driven by one wrapper input
    secret: list[Port]          # inputs driven by one wrapper input per copy
    compared: list[Port]        # control outputs
    memories: list[MemoryModel]
    clock_reset: tuple[str, str] = ("ap_clk", "ap_rst")   # the core's clock and reset ports (--clock-port)
    compared_while_valid: list[tuple[Port, Port]] = field(default_factory=list)   # (valid, public output field)
    parameters: dict = field(default_factory=dict)         # of the core's instances (a hand-written core)

    def compared_names(self) -> list[str]:
        return [p.name for p in self.compared] + [f"{f.name} (while {v.name})" for v, f in self.compared_while_valid]


def streams_of(interface: dict) -> list[Stream]:
    """The compiled core's streams (valid_ready and axis arguments) as the boundary's ``Stream``s."""
    streams = []
    for arg in interface["args"]:
        roles = arg["ports"]
        if "valid" in roles and arg["mode"] != "ap_memory":
            fields = (roles["data"],) if "data" in roles else tuple(roles.get("fields", []))
            streams.append(Stream(arg["name"], arg["direction"], roles["valid"], roles["ready"], fields))
    return streams


def field_stream(secret: FieldSecret, streams: list[Stream]) -> Stream:
    """The input stream that has the field secret ``STREAM.FIELD``, or a clear error."""
    stream = next((s for s in streams if s.name == secret.stream), None)
    if stream is None:
        close = difflib.get_close_matches(secret.stream, [s.name for s in streams], n=1)
        raise UserError(f"secret '{secret}': the core has no stream '{secret.stream}'",
                        hint=f"did you mean '{close[0]}.{secret.field}'?" if close else
                        f"the streams are: {', '.join(s.name for s in streams) or '(none)'}")
    if stream.direction != "in":
        raise UserError(f"secret '{secret}': '{stream.name}' is an output stream; secrets are inputs")
    if secret.field not in stream.fields:
        close = difflib.get_close_matches(secret.field, list(stream.fields), n=1)
        raise UserError(f"secret '{secret}': stream '{stream.name}' has no field '{secret.field}'",
                        hint=f"did you mean '{stream.name}.{close[0]}'?" if close else
                        f"its fields are: {', '.join(stream.fields) or '(none: not a struct stream)'}")
    return stream


def _field_port(secret: FieldSecret, streams: list[Stream], by_name: dict) -> str:
    """The port of a field secret (the field's name), which the core must have."""
    field_stream(secret, streams)
    if secret.field not in by_name:
        raise UserError(f"secret '{secret}': the core has no port '{secret.field}'")
    return secret.field


def plan(ports: list[Port], interface: dict | None, secrets: set[str],
         clock_reset: tuple[str, str] = ("ap_clk", "ap_rst"), streams: list[Stream] | None = None,
         parameters: dict | None = None, signature: ModuleSignature | None = None) -> Plan:
    """``interface``: the compiled core's report.json interface, None for a hand-written core;
    ``signature``: the compiled core's report.json signature (the ports of each partitioned element);
    ``streams``: the core's streams when a boundary declares them (the LWC CipherCore), else the
    interface's."""
    whole, field_secrets = split_secrets(tuple(secrets))
    ranges = dict(parse_secret(s) for s in whole)
    secrets = set(ranges)
    by_name = {p.name: p for p in ports}
    declared = streams is not None
    streams = list(streams) if declared else streams_of(interface or {"args": []})
    memory_ports: set[str] = set()
    secret_inputs: set[str] = {_field_port(f, streams, by_name) for f in field_secrets}
    control: set[str] = {n for n in BLOCK_OUTPUTS if n in by_name}
    while_valid: list[tuple[str, str]] = []
    memories: list[MemoryModel] = []
    for stream in streams:                                 # handshakes shared, data per copy
        for handshake in (stream.valid, stream.ready):
            if handshake not in by_name:
                raise UserError(f"the core has no port '{handshake}' (stream '{stream.name}' of its boundary)")
        control.add(stream.ready if stream.direction == "in" else stream.valid)
        if stream.name in secrets and stream.direction == "in":
            secret_inputs |= {f for f in stream.fields if f in by_name}
        while_valid += [(stream.valid, f) for f in stream.public_fields if f in by_name]
    stream_names = {s.name for s in streams}
    for arg in (interface or {"args": []})["args"]:
        roles, is_secret = arg["ports"], arg["name"] in secrets
        if arg["mode"] == "ap_memory":
            memories.append(MemoryModel(arg["name"], arg["width"], arg["depth"] or 1, is_secret, dict(roles),
                                        ranges.get(arg["name"])))
            memory_ports |= {v for v in roles.values() if isinstance(v, str)}
            control |= {roles[k] for k in ("ce", "we") if k in roles}
            continue
        if "valid" in roles or arg["name"] in stream_names:     # a stream: planned above
            continue
        for key, value in roles.items():
            names = value if isinstance(value, list) else [value]
            if key == "out_vld":
                control |= set(names)
            elif key == "elements":                        # partitioned: a_0 (in), a_0_i / a_0_o (inout)
                elements = ranges.get(arg["name"])         # ``in[1..16]``: the other elements are shared
                for i, n in enumerate(names):
                    secret_here = is_secret and (elements is None or elements[0] <= i <= elements[1])
                    element = signature.roles(arg["name"], i) if signature is not None else \
                        scalar_ports(n, arg["direction"])  # an interface written by hand (tests)
                    if element.get("in") in by_name and secret_here:
                        secret_inputs.add(element["in"])
                    if element.get("out_vld") in by_name:
                        control.add(element["out_vld"])
            elif key == "in" and is_secret:
                secret_inputs |= set(names)
    if interface is None:                                  # a hand-written core: a secret that is no stream is a port
        for name in sorted(secrets - stream_names):
            if name not in by_name or by_name[name].direction != "input":
                close = difflib.get_close_matches(name, [p.name for p in ports if p.direction == "input"], n=1)
                raise UserError(f"secret '{name}' is neither a stream nor an input port of the core",
                                hint=f"did you mean '{close[0]}'?" if close else
                                f"the streams are: {', '.join(sorted(stream_names)) or '(none)'}")
            secret_inputs.add(name)
    shared = [p for p in ports if p.direction == "input" and p.name not in clock_reset
              and p.name not in memory_ports and p.name not in secret_inputs]
    return Plan(shared, [by_name[n] for n in sorted(secret_inputs) if n in by_name],
                [by_name[n] for n in sorted(control) if n in by_name], memories, tuple(clock_reset),
                [(by_name[v], by_name[f]) for v, f in while_valid], dict(parameters or {}))


def _range(width: int) -> str:
    return f"[{width - 1}:0] " if width > 1 else ""


def miter_verilog(top: str, ports: list[Port], p: Plan) -> str:
    """The wrapper module ``cryptohls_miter`` with one output, ``differ``: 1 in a cycle where a
    compared output of the two copies differs."""
    decl = ["  input wire clk,", "  input wire rst,"]
    for port in p.shared:
        decl.append(f"  input wire {_range(port.width)}pub_{port.name},")
    for port in p.secret:
        decl.append(f"  input wire {_range(port.width)}sec_x_{port.name},")
        decl.append(f"  input wire {_range(port.width)}sec_y_{port.name},")
    body: list[str] = []
    for mem in p.memories:
        bits = mem.width * mem.depth
        copies = ("x", "y")
        if mem.secret:
            decl += [f"  input wire [{bits - 1}:0] sec_x_{mem.arg}_contents,",
                     f"  input wire [{bits - 1}:0] sec_y_{mem.arg}_contents,"]
        if not mem.secret or mem.elements is not None:
            decl.append(f"  input wire [{bits - 1}:0] pub_{mem.arg}_contents,")
        for c in copies:
            r = mem.ports
            body += [f"  reg [{mem.width - 1}:0] {c}_{mem.arg}_mem [0:{mem.depth - 1}];",
                     f"  reg [{mem.width - 1}:0] {c}_{mem.arg}_q;"]
            for role in ("address", "ce", "we", "d"):
                if role in r:
                    port = next(pp for pp in ports if pp.name == r[role])
                    body.append(f"  wire {_range(port.width)}{c}_{r[role]};")
            body.append("  always @(posedge clk) begin")
            body.append(f"    if (rst) begin : load_{c}_{mem.arg}")
            if mem.elements is None:
                src = f"sec_{c}_{mem.arg}_contents" if mem.secret else f"pub_{mem.arg}_contents"
                body.append("      integer i;")
                body.append(f"      for (i = 0; i < {mem.depth}; i = i + 1) "
                            f"{c}_{mem.arg}_mem[i] <= {src}[{mem.width}*i +: {mem.width}];")
            else:                               # the secret elements per copy, the others shared
                for i in range(mem.depth):
                    src = f"sec_{c}_{mem.arg}_contents" if mem.secret_element(i) else f"pub_{mem.arg}_contents"
                    body.append(f"      {c}_{mem.arg}_mem[{i}] <= {src}[{mem.width * i + mem.width - 1}:{mem.width * i}];")
            body.append("    end else begin")
            if "we" in r:
                body.append(f"      if ({c}_{r['ce']} && {c}_{r['we']}) {c}_{mem.arg}_mem[{c}_{r['address']}] <= "
                            f"{c}_{r['d']};")
            body.append(f"      if ({c}_{r['ce']}) {c}_{mem.arg}_q <= {c}_{mem.arg}_mem[{c}_{r['address']}];")
            body.append("    end")
            body.append("  end")
    outputs = [pp for pp in ports if pp.direction == "output"]
    for c in ("x", "y"):
        for port in outputs:
            if not any(port.name in (m.ports.get("address"), m.ports.get("ce"), m.ports.get("we"), m.ports.get("d"))
                       for m in p.memories):
                body.append(f"  wire {_range(port.width)}{c}_{port.name};")
    for c in ("x", "y"):
        conns = [f".{p.clock_reset[0]}(clk)", f".{p.clock_reset[1]}(rst)"]
        for port in ports:
            if port.name in p.clock_reset:
                continue
            if port.direction == "output":
                conns.append(f".{port.name}({c}_{port.name})")
            elif port in p.shared:
                conns.append(f".{port.name}(pub_{port.name})")
            elif port in p.secret:
                conns.append(f".{port.name}(sec_{c}_{port.name})")
            else:
                mem = next(m for m in p.memories if m.ports.get("q") == port.name)
                conns.append(f".{port.name}({c}_{mem.arg}_q)")
        params = ("#(" + ", ".join(f".{k}({v})" for k, v in p.parameters.items()) + ") ") if p.parameters else ""
        body.append(f"  {top} {params}copy_{c} (\n    " + ",\n    ".join(conns) + "\n  );")
    # a public output field (the LWC bdo's type and valid bytes) is compared while its stream is valid:
    # in other cycles it is a don't-care and may hold anything
    compare = " ||\n    ".join([f"(x_{port.name} != y_{port.name})" for port in p.compared] +
                               [f"(x_{v.name} && (x_{f.name} != y_{f.name}))" for v, f in p.compared_while_valid]) \
        or "1'b0"
    body.append(f"  assign differ =\n    {compare};")
    return ("// cryptohls verify: self-composition miter (generated; src/cryptohls/verify/miter.py)\n"
            "module cryptohls_miter (\n" + "\n".join(decl) + "\n  output wire differ\n);\n" +
            "\n".join(body) + "\nendmodule\n")


__all__ = ["MemoryModel", "Plan", "Port", "miter_verilog", "field_stream", "plan", "ports_of", "streams_of"]
