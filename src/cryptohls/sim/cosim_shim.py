"""Generates the two C/C++ files that put a Verilated HLS design behind the top function's C signature.

- The *wrapper* (C for a C source, C++ for a C++ source) ``#include``s the user's source with the top
  function renamed, so every type and helper the testbench sees is the same as in csim, and defines
  the top function with its exact parameter list. Each call drives the ports from the arguments as
  the report.json "interface" (contract C4) describes, pulses ap_start, clocks until ap_done while
  serving ap_memory arrays from the caller's C arrays (read latency 1) and capturing outputs when
  their ap_vld is high, and returns ap_return.
- The *runtime* (C++) owns the Verilated model and offers the wrapper a few ``extern "C"`` calls
  (set/get a port by number, eval, clock edge); it records the cycles of every call and writes
  their statistics to ``$CRYPTOHLS_COSIM_STATS`` at exit.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.signature import (Param, Signature, signature_from_ast,  # noqa: F401 (the one
                                          split_return_type)                 # signature reader)
from cryptohls.ir.module_signature import ModuleSignature
from cryptohls.ir.ports import STREAM_MODES, scalar_ports, stream_of_struct
from cryptohls.sim.verilator_names import verilator_name

DEFAULT_MAX_CYCLES = 10_000_000
CYCLE_LIMIT_STATUS = 124   # the exit status of a run stopped at the cycle limit (timeout(1)'s)
# ap_ctrl_none with streams: a call ends once every input stream is empty and no word has moved on any
# stream for this many cycles (plus the reported latency; a free-running loop has none, so the window
# must cover the longest input-to-output time of the design)
STREAM_QUIET_CYCLES = 1000
# Every name the wrapper declares (locals, runtime calls, macros) begins with this prefix (CHLS_ for
# macros), so a top's arguments may be named anything else: `w`, `i`, `done`, `cycles`, `a_ce`...
RESERVED_PREFIX = "chls_"


@dataclass
class Port:
    """One RTL port; ``index`` is its number in the runtime's port table."""
    name: str
    width: int
    is_input: bool
    index: int = 0


@dataclass
class ShimPlan:
    top: str
    block_protocol: str
    ports: list[Port] = field(default_factory=list)
    wrapper_lines: list[str] = field(default_factory=list)
    program: bool = False    # a whole program (sim/program.py): the call ends with chls_program_end()

    def port(self, name: str, is_input: bool, known: dict[str, tuple[int, bool]]) -> Port:
        """The port called `name`, checked against the Verilog (its width comes from there)."""
        if name not in known:
            raise UserError(f"interface names port {name!r}, which the Verilog module {self.top} does not have")
        actual_width, actual_input = known[name]
        if actual_input != is_input:
            raise UserError(f"port {name!r} is an {'input' if actual_input else 'output'} in the Verilog, "
                            f"the interface says otherwise")
        for port in self.ports:
            if port.name == name:
                return port
        port = Port(name, actual_width, is_input, len(self.ports))
        self.ports.append(port)
        return port


# ----------------------------------------------------------------------------------------------
# Inputs: the C signature (from clang's AST) and the Verilog port list.

_PORT_DECL_RE = re.compile(
    r"\b(input|output)\s+(?:wire\s+|reg\s+)?(?:signed\s+)?(?:\[\s*(\d+)\s*:\s*(\d+)\s*\]\s*)?([A-Za-z_]\w*)")


def verilog_ports(verilog: str) -> dict[str, tuple[int, bool]]:
    """Port name -> (width, is_input) from ANSI or non-ANSI Verilog-2005 declarations."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", verilog, flags=re.S)
    ports: dict[str, tuple[int, bool]] = {}
    for match in _PORT_DECL_RE.finditer(text):
        direction, msb, lsb, name = match.groups()
        width = abs(int(msb) - int(lsb)) + 1 if msb is not None else 1
        ports[name] = (width, direction == "input")
    return ports


# ----------------------------------------------------------------------------------------------
# The wrapper: C (or C++) code that moves values between the arguments and the ports.

def _words(width: int) -> int:
    return (width + 31) // 32


def _pack(expr: str, width: int, buf: str = "chls_w") -> list[str]:
    """Statements that store the low `width` bits of C expression `expr` into chls_u32 buf[] (32-bit words)."""
    lines = [f"{buf}[0] = (chls_u32)({expr});"]
    for i in range(1, _words(width)):
        lines.append(f"{buf}[{i}] = (chls_u32)(({expr}) >> {32 * i});")
    return lines


def _unpack(lvalue: str, width: int, buf: str = "chls_w") -> list[str]:
    """Statements that assign the `width`-bit value in buf[] to `lvalue` (wrapping to its C type)."""
    bits = 32 * _words(width)
    acc = " | ".join(f"((unsigned _BitInt({bits})){buf}[{i}] << {32 * i})" for i in range(_words(width)))
    return [f"{lvalue} = (__typeof__({lvalue}))({acc});"]


def _element_ref(param: Param, index: str) -> str:
    """The C lvalue of flat element `index` of an array parameter of any rank."""
    zeros = "[0]" * param.dims
    return f"((__typeof__({param.name}{zeros}) *)({param.name}))[{index}]"


def _arg_table(interface: dict) -> dict[str, dict]:
    return {arg["name"]: arg for arg in interface.get("args", [])}


class WrapperWriter:
    """Builds the per-call code of the wrapper: before start, every cycle, after each edge, at done."""

    def __init__(self, plan: ShimPlan, known: dict[str, tuple[int, bool]], module: ModuleSignature | None = None):
        self.plan = plan
        self.known = known
        self.module = module           # the compiled top's signature (report.json), when there is one
        self.setup: list[str] = []     # before the first cycle
        self.observe: list[str] = []   # each cycle, after eval, before the rising edge
        self.respond: list[str] = []   # each cycle, after the rising edge
        self.at_done: list[str] = []   # in the cycle ap_done is high (before its edge)
        self.statics: list[str] = []
        self.stream_inputs: list[str] = []   # names of input stream arguments (ap_ctrl_none drain rule)
        self.memories: list[str] = []        # ap_memory arguments, in order (their locals: chls_mem<i>_*)

    def _in(self, name: str) -> int:
        return self.plan.port(name, True, self.known).index

    def _out(self, name: str) -> int:
        return self.plan.port(name, False, self.known).index

    def drive(self, port_name: str, expr: str, width: int) -> None:
        idx = self._in(port_name)
        self.setup += ["{", *(f"  {s}" for s in _pack(expr, width)), f"  chls_set({idx}, chls_w);", "}"]

    def drive_const(self, port_name: str, value: int) -> None:
        self.setup.append(f"chls_set_u64({self._in(port_name)}, {value}u);")

    def capture(self, port_name: str, lvalue: str, width: int, valid: str | None) -> None:
        idx = self._out(port_name)
        body = [f"chls_get({idx}, chls_w);", *_unpack(lvalue, width)]
        if valid is None:
            self.at_done += ["{", *(f"  {s}" for s in body), "}"]
        else:
            vidx = self._out(valid)
            self.observe += [f"if (chls_get_u64({vidx})) {{", *(f"  {s}" for s in body), "}"]

    def scalar_arg(self, param: Param, arg: dict) -> None:
        ports, width = arg.get("ports", {}), int(arg["width"])
        pointer = param.dims > 0
        reference = param.c_type.rstrip().endswith("&")   # `T& out`, Vitis's usual output argument
        value = f"(*{param.name})" if pointer else param.name
        direction = arg.get("direction", "in")
        if direction in ("in", "inout"):
            self.drive(ports["in"], value, width)
            if "in_vld" in ports:
                self.drive_const(ports["in_vld"], 1)
        if direction in ("out", "inout"):
            if not (pointer or reference):
                raise UserError(f"argument {param.name!r} is passed by value but the interface makes it an output")
            if "out_ack" in ports:
                self.drive_const(ports["out_ack"], 1)
            self.capture(ports["out"], value, width, ports.get("out_vld"))

    def partitioned_arg(self, param: Param, arg: dict) -> None:
        width, direction = int(arg["width"]), arg.get("direction", "in")
        for i, element in enumerate(arg["ports"]["elements"]):
            ref = _element_ref(param, str(i))
            roles = element if isinstance(element, dict) else \
                self.module.roles(arg["name"], i) if self.module is not None else scalar_ports(element, direction)
            if direction in ("in", "inout"):
                self.drive(roles["in"], ref, width)
            if direction in ("out", "inout"):
                self.capture(roles["out"], ref, width, roles.get("out_vld"))

    def reshaped_arg(self, param: Param, arg: dict) -> None:
        width, depth, direction = int(arg["width"]), int(arg["depth"]), arg.get("direction", "in")
        ports, total = arg["ports"], int(arg["width"]) * int(arg["depth"])
        bits = 32 * _words(total)
        if direction in ("in", "inout"):
            idx = self._in(ports["in"])
            self.setup += ["{", f"  unsigned _BitInt({bits}) chls_acc = 0;",
                           f"  for (int chls_i = 0; chls_i < {depth}; chls_i++)",
                           f"    chls_acc |= (unsigned _BitInt({bits}))(unsigned _BitInt({width}))"
                           f"({_element_ref(param, 'chls_i')}) << ({width} * chls_i);",
                           *(f"  {s}" for s in _pack("chls_acc", total)), f"  chls_set({idx}, chls_w);", "}"]
        if direction in ("out", "inout"):
            idx = self._out(ports["out"])
            body = [f"chls_get({idx}, chls_w);", f"unsigned _BitInt({bits}) chls_acc = 0;"]
            body += [f"chls_acc |= (unsigned _BitInt({bits}))chls_w[{i}] << {32 * i};" for i in range(_words(total))]
            body += [f"for (int chls_i = 0; chls_i < {depth}; chls_i++)",
                     f"  {_element_ref(param, 'chls_i')} = (__typeof__({_element_ref(param, 'chls_i')}))"
                     f"(unsigned _BitInt({width}))(chls_acc >> ({width} * chls_i));"]
            if "out_vld" in ports:
                self.observe += [f"if (chls_get_u64({self._out(ports['out_vld'])})) {{",
                                 *(f"  {s}" for s in body), "}"]
            else:
                self.at_done += ["{", *(f"  {s}" for s in body), "}"]

    def stream_arg(self, param: Param, arg: dict) -> None:
        """hls::stream (ap_fifo/axis): an input shows the caller's oldest word (valid = not empty) and takes
        it on an edge where the design's ready is high; an output is always ready and every word the design
        marks valid is appended to the caller's stream. A word moves when valid and ready are both high."""
        ports, width, name = arg["ports"], int(arg["width"]), param.name
        struct = stream_of_struct(str(arg.get("c_type", "")))   # moved as its bytes (hls_stream.h)
        n = _words(width)
        if not self.statics:
            self.setup.insert(0, "int chls_moved = 0; (void)chls_moved;")
            self.statics.append("streams")
        fields = arg.get("fields") or []   # valid_ready struct: a port per field, its bits of the word
        if arg.get("direction", "in") == "in":
            valid, ready = self._in(ports["valid"]), self._out(ports["ready"])
            data = None if fields else self._in(ports["data"])
            sets = [_field_copy(f, self._in(f["port"]), True) for f in fields]
            pack = [f"chls_u32 chls_sw[{n}] = {{0}};", f"__builtin_memcpy(chls_sw, &{name}.cosim_front(), "
                    f"sizeof({name}.cosim_front()));", *(x for lines in sets for x in lines),
                    *([f"chls_set({data}, chls_sw);"] if data is not None else [])] if struct else \
                [*_pack(f"{name}.cosim_front()", width), f"chls_set({data}, chls_w);"]
            present = [f"chls_set_u64({valid}, {name}.empty() ? 0u : 1u);",
                       f"if (!{name}.empty()) {{", *(f"  {s}" for s in pack), "}"]
            self.setup += ["{", *(f"  {s}" for s in present), "}"]
            self.observe += [f"if (chls_get_u64({ready}) && !{name}.empty()) {{",
                             f"  (void){name}.read();", "  chls_moved = 1;", "}"]
            self.respond += ["{", *(f"  {s}" for s in present), "}"]
            self.stream_inputs.append(name)
        else:
            valid, ready = self._out(ports["valid"]), self._in(ports["ready"])
            data = None if fields else self._out(ports["data"])
            self.setup.append(f"chls_set_u64({ready}, 1u);")
            gets = [_field_copy(f, self._out(f["port"]), False) for f in fields]
            unpack = [f"chls_u32 chls_sw[{n}] = {{0}};", *(x for lines in gets for x in lines),
                      *([f"chls_get({data}, chls_sw);"] if data is not None else []),
                      "__builtin_memcpy(&chls_word, chls_sw, sizeof(chls_word));"] if struct else \
                [f"chls_get({data}, chls_w);", *_unpack("chls_word", width)]
            self.observe += [f"if (chls_get_u64({valid})) {{", f"  __typeof__({name}.read()) chls_word;",
                             *(f"  {s}" for s in unpack),
                             f"  {name}.write(chls_word);", "  chls_moved = 1;", "}"]

    def memory_arg(self, param: Param, arg: dict) -> None:
        """ap_memory: one port, read latency 1 (q valid the cycle after ce with that address)."""
        width, depth, ports = int(arg["width"]), int(arg["depth"]), arg["ports"]
        key = f"chls_mem{len(self.memories)}"   # not the argument's name: `a` and `a_ce` would collide
        self.memories.append(param.name)
        ce, addr = self._out(ports["ce"]), self._out(ports["address"])
        we = self._out(ports["we"]) if "we" in ports else None
        d = self._out(ports["d"]) if "d" in ports else None
        q = self._in(ports["q"]) if "q" in ports else None
        self.setup += [f"int {key}_ce = 0, {key}_we = 0; chls_u64 {key}_addr = 0; chls_u32 {key}_d[{_words(width)}];"]
        self.observe += [f"{key}_ce = (int)chls_get_u64({ce});",
                         f"{key}_addr = chls_get_u64({addr});",
                         f"{key}_we = {f'(int)chls_get_u64({we})' if we is not None else '0'};"]
        if d is not None:
            self.observe.append(f"if ({key}_ce && {key}_we) chls_get({d}, {key}_d);")
        respond = [f"if ({key}_ce) {{",
                   f"  if ({key}_addr >= {depth}u) chls_fail(\"{param.name}\", {key}_addr);"]
        if q is not None:  # read-first: q shows the element before this cycle's write
            respond += ["  {", *(f"    {s}" for s in _pack(_element_ref(param, f"{key}_addr"), width)),
                        f"    chls_set({q}, chls_w);", "  }"]
        if d is not None:
            respond += [f"  if ({key}_we) {{",
                        *(f"    {s}" for s in _unpack(_element_ref(param, f"{key}_addr"), width, f"{key}_d")),
                        "  }"]
        respond.append("}")
        self.respond += respond


def _field_copy(field: dict, port: int, to_port: bool) -> list[str]:
    """C lines moving a struct field between the word ``sw`` (the struct's bytes as 32-bit words) and its
    port: bits [lo, lo + width) of the word are bits [0, width) of the port."""
    lo, width = int(field["lo"]), int(field["width"])
    move = (f"chls_fw[chls_i / 32] |= ((chls_sw[({lo} + chls_i) / 32] >> (({lo} + chls_i) % 32)) & 1u)"
            f" << (chls_i % 32);" if to_port else
            f"chls_sw[({lo} + chls_i) / 32] |= ((chls_fw[chls_i / 32] >> (chls_i % 32)) & 1u)"
            f" << (({lo} + chls_i) % 32);")
    return ["{", "  chls_u32 chls_fw[CHLS_MAX_WORDS] = {0};",
            *([] if to_port else [f"  chls_get({port}, chls_fw);"]),
            f"  for (int chls_i = 0; chls_i < {width}; chls_i++) {move}",
            *([f"  chls_set({port}, chls_fw);"] if to_port else []), "}"]


def plan_shim(signature: Signature, interface: dict, verilog: str, *, latency_hint: int = 0,
              program: bool = False, module: ModuleSignature | None = None) -> ShimPlan:
    """Checks the interface against the C signature and the module's ports, and builds the wrapper body.
    ``module``: the top's signature from report.json (its port table); without it (a report written by
    hand) the ports are read from the Verilog header."""
    known = module.table() if module is not None else verilog_ports(verilog)
    protocol = interface.get("block_protocol", "ap_ctrl_hs")
    if protocol not in ("ap_ctrl_hs", "ap_ctrl_none"):
        raise UserError(f"cosim does not support block protocol {protocol!r}")
    plan = ShimPlan(signature.name, protocol, program=program)
    writer = WrapperWriter(plan, known, module)
    # Fixed ports first, so the runtime knows them by number: 0 clk, 1 rst, then 2..5 control.
    plan.port("ap_clk", True, known)
    plan.port("ap_rst", True, known)
    if protocol == "ap_ctrl_hs":
        for name, is_input in (("ap_start", True), ("ap_done", False), ("ap_idle", False), ("ap_ready", False)):
            plan.port(name, is_input, known)
    args = _arg_table(interface)
    for param in signature.params:
        if param.name.lower().startswith(RESERVED_PREFIX):
            raise UserError(f"argument {param.name!r} of {signature.name}: names beginning with "
                            f"'{RESERVED_PREFIX}' are the cosim wrapper's own; rename the argument")
        if param.name not in args:
            raise UserError(f"argument {param.name!r} of {signature.name} is missing from the interface")
        arg = args[param.name]
        mode = arg.get("mode", "ap_none")
        if mode in ("ap_none", "ap_vld", "ap_hs"):
            writer.scalar_arg(param, arg)
        elif mode == "ap_memory":
            writer.memory_arg(param, arg)
        elif mode == "partitioned":
            writer.partitioned_arg(param, arg)
        elif mode == "reshaped":
            writer.reshaped_arg(param, arg)
        elif mode in STREAM_MODES:
            writer.stream_arg(param, arg)
        else:
            raise UserError(f"argument {param.name!r}: cosim does not support interface mode {mode!r}")
    ret = interface.get("return")
    returns_value = signature.return_type != "void"
    if returns_value and not ret:
        raise UserError(f"{signature.name} returns {signature.return_type} but the interface has no return port")
    if returns_value:
        writer.capture(ret.get("port", "ap_return"), "chls_ret", int(ret["width"]), None)
    plan.wrapper_lines = _wrapper_body(signature, writer, protocol, latency_hint, program)
    return plan


def _indent(lines: list[str], n: int) -> list[str]:
    return [" " * n + line for line in lines]


def _wrapper_body(sig: Signature, w: WrapperWriter, protocol: str, latency_hint: int,
                  program: bool = False) -> list[str]:
    params = ", ".join(f"__typeof__({p.c_type}) {p.name}" for p in sig.params) or "void"
    ret_decl = [f"__typeof__({sig.return_type}) chls_ret;"] if sig.return_type != "void" else []
    ret_stmt = ["return chls_ret;"] if sig.return_type != "void" else []
    lines = [f"{sig.return_type} {sig.name}({params}) {{", "  chls_u32 chls_w[CHLS_MAX_WORDS];", "  long chls_cycles = 0;"]
    lines += _indent(ret_decl, 2)
    lines += ["  chls_begin_call();"]
    lines += _indent(w.setup, 2)
    if protocol == "ap_ctrl_hs":
        # Back-to-back mode ($CRYPTOHLS_COSIM_BACK_TO_BACK, used by `cryptohls sim` to measure the interval):
        # ap_start stays high across calls and a call returns in its ap_done cycle without clocking it, so
        # the next call's inputs are on the ports at that edge (Vitis: a held ap_start starts the next call
        # at the ap_ready pulse). The next call "resumes" in that cycle: its done/outputs are the previous
        # call's, and its cycle count is the spacing of the two ap_done pulses. A design that raises
        # ap_ready twice before ap_done would need inputs the C caller has not given yet: chls_overrun().
        # Without the variable: the single-call loop as before (resumed and b2b stay 0).
        lines += ["  chls_set_u64(CHLS_AP_START, 1u);",
                  "  const int chls_b2b = chls_back_to_back();",
                  "  int chls_resumed = chls_resume(), chls_early_ready = 0;",
                  "  for (;;) {",
                  "    chls_eval();",
                  "    int chls_done = (int)chls_get_u64(CHLS_AP_DONE);",
                  "    int chls_ready = (int)chls_get_u64(CHLS_AP_READY);",
                  "    if (!chls_resumed) {"]
        lines += _indent(w.observe, 6)
        lines += ["      if (chls_done) {"] + _indent(w.at_done, 8) + ["      }",
                  "    }",
                  "    if (chls_b2b && !chls_resumed) {",
                  "      if (chls_done) {"]
        lines += _indent(w.respond, 8)
        lines += ["        chls_suspend();",
                  "        break;",
                  "      }",
                  "      if (chls_ready && chls_early_ready++) chls_overrun();",
                  "    }",
                  "    chls_tick();"]
        lines += _indent(w.respond, 4)
        lines += ["    if (chls_ready && !chls_b2b) chls_set_u64(CHLS_AP_START, 0u);",
                  "    if (chls_done && !chls_resumed) break;",
                  "    chls_resumed = 0;",
                  "    chls_cycles++;",
                  "    chls_check_cycles(chls_cycles);",
                  "  }"]
    elif w.statics:  # ap_ctrl_none with streams: run until the inputs are drained and the streams are quiet
        drained = " && ".join(f"{n}.empty()" for n in w.stream_inputs) or "1"
        quiet = STREAM_QUIET_CYCLES + max(latency_hint, 0)
        lines += ["  long chls_quiet = 0, chls_last = 0;", "  for (;; chls_cycles++) {", "    chls_eval();", "    chls_moved = 0;"]
        lines += _indent(w.observe, 4)
        lines += ["    chls_tick();"]
        lines += _indent(w.respond, 4)
        lines += ["    if (chls_moved) { chls_quiet = 0; chls_last = chls_cycles + 1; } else chls_quiet++;",
                  f"    if (({drained}) && chls_quiet > {quiet}) break;",
                  "    chls_check_cycles(chls_cycles);", "  }", "  chls_cycles = chls_last;"]
    else:  # ap_ctrl_none: the result is read after the latency the report states
        lines += [f"  for (; chls_cycles <= {latency_hint}; chls_cycles++) {{", "    chls_eval();"]
        lines += _indent(w.observe, 4)
        lines += [f"    if (chls_cycles == {latency_hint}) {{"] + _indent(w.at_done, 6) + ["    }",
                  "    chls_tick();"]
        lines += _indent(w.respond, 4) + ["  }", "  chls_cycles--;"]
    lines += ["  chls_end_call(chls_cycles);"]
    if program:   # the final state of a whole program (sim/program.py)
        lines += [f"  chls_program_end({'(chls_u64)chls_ret' if sig.return_type != 'void' else '0'});"]
    lines += _indent(ret_stmt, 2)
    lines.append("}")
    return lines


def wrapper_source(plan: ShimPlan, signature: Signature, src: Path, *, cxx: bool, hide_main: bool = False) -> str:
    """``hide_main``: SRC's own main is the testbench's (built apart, sim/tb_in_source.py), not the wrapper's."""
    renamed = f"cryptohls_cosim_replaced_{signature.name}"
    max_words = max([_words(p.width) for p in plan.ports] + [1])
    linkage = 'extern "C" ' if cxx else ""
    other_main = (plan.program or hide_main) and signature.name != "main"
    ctrl = {"ap_start": "CHLS_AP_START", "ap_done": "CHLS_AP_DONE", "ap_ready": "CHLS_AP_READY"}
    defines = [f"#define {macro} {p.index}" for p in plan.ports for name, macro in ctrl.items() if p.name == name]
    header = [
        f"/* cosim wrapper for {signature.name}: generated by cryptohls (src/cryptohls/sim/cosim_shim.py). */",
        # not <stdint.h>: the program's own typedef of uint32_t may differ from the C library's (code for
        # 32-bit machines: `unsigned long`); the wrapper's words are the compiler's own 32- and 64-bit types
        "typedef __UINT32_TYPE__ chls_u32;",
        "typedef __UINT64_TYPE__ chls_u64;",
        f"#define {signature.name} {renamed}",
        *(["#define main cryptohls_program_unused_main"] if other_main else []),   # the driver's main calls the top
        f"#include {json.dumps(str(src))}",
        *(["#undef main"] if other_main else []),
        f"#undef {signature.name}",
        f"#define CHLS_MAX_WORDS {max_words}",
        *defines,
        f"{linkage}{{" if cxx else "",
        "void chls_begin_call(void);",
        "void chls_end_call(long cycles);",
        "void chls_eval(void);",
        "void chls_tick(void);",
        "void chls_set(int port, const chls_u32 *words);",
        "void chls_set_u64(int port, chls_u64 value);",
        "void chls_get(int port, chls_u32 *words);",
        "chls_u64 chls_get_u64(int port);",
        "void chls_check_cycles(long cycles);",
        "void chls_fail(const char *array, chls_u64 address);",
        "int chls_back_to_back(void);",
        "int chls_resume(void);",
        "void chls_suspend(void);",
        "void chls_overrun(void);",
        *(["void chls_program_end(chls_u64 ret);"] if plan.program else []),
        "}" if cxx else "",
        "",
    ]
    return "\n".join(header + plan.wrapper_lines) + "\n"


RUNTIME_DIR = Path(__file__).with_name("runtime")   # package data: the static C++ of a cosim build
STATIC_RUNTIME = RUNTIME_DIR / "cosim_runtime.cpp"  # compiled once (sim/cosim.py runtime_objects)


def port_table_source(plan: ShimPlan, *, clock_ns: float, wave: Path | None,
                      max_cycles: int = DEFAULT_MAX_CYCLES) -> str:
    """The C++ of one design: its Verilated model, its ports by number and the chls_model_* hooks that
    the static runtime (runtime/cosim_runtime.cpp) drives the clock, reset and trace through."""
    model = f"V{plan.top}"
    set_cases, get_cases = [], []
    for port in plan.ports:
        member = f"g_model->{verilator_name(port.name)}"
        if port.is_input:
            set_cases.append(f"    case {port.index}: chls_put({member}, w, {port.width}); break;")
        else:
            get_cases.append(f"    case {port.index}: chls_take({member}, w, {port.width}); break;")
    half_ps = max(1, int(round(clock_ns * 1000 / 2)))
    wave_kind = None if wave is None else ("fst" if wave.suffix == ".fst" else "vcd")
    trace_class = {"vcd": "VerilatedVcdC", "fst": "VerilatedFstC"}.get(wave_kind, "")
    trace = [f'#include "verilated_{wave_kind}_c.h"', f"static {trace_class}* g_trace = nullptr;"] if wave_kind else []
    lines = [f"// cosim port table for {plan.top}: generated by cryptohls (src/cryptohls/sim/cosim_shim.py).",
             "#include <stdint.h>", "#include <stdio.h>", "#include <stdlib.h>", '#include "verilated.h"',
             f'#include "{model}.h"',
             f"#include {json.dumps(str(RUNTIME_DIR / 'cosim_ports.h'))}", *trace, "",
             "static VerilatedContext* g_ctx = nullptr;", f"static {model}* g_model = nullptr;", "",
             'extern "C" {', "",
             f"extern const char* const chls_top_name = {json.dumps(plan.top)};",
             f"extern const long chls_max_cycles = {max_cycles};",
             f"extern const int chls_max_words = {max([_words(p.width) for p in plan.ports] + [2])};", "",
             "void chls_model_open(void) {", "  g_ctx = new VerilatedContext;",
             *(["  g_ctx->traceEverOn(true);"] if wave_kind else []),
             f"  g_model = new {model}{{g_ctx}};",
             *([f"  g_trace = new {trace_class}; g_model->trace(g_trace, 99); g_trace->open({json.dumps(str(wave))});"]
               if wave_kind else []),
             "  g_model->ap_clk = 0;", "  g_model->ap_rst = 1;",
             *(["  g_model->ap_start = 0;"] if plan.block_protocol == "ap_ctrl_hs" else []), "}", "",
             "void chls_model_release_reset(void) {", "  g_model->ap_rst = 0;", "  g_model->eval();", "}", "",
             "void chls_model_eval(void) { g_model->eval(); }",
             f"void chls_model_dump(void) {{{' g_trace->dump(g_ctx->time()); ' if wave_kind else ''}}}",
             f"void chls_model_half_period(void) {{ g_ctx->timeInc({half_ps}); }}",
             "void chls_model_clock(int level) { g_model->ap_clk = level; }", "",
             "void chls_model_close(void) {", "  g_model->final();", *(["  g_trace->close();"] if wave_kind else []),
             "}", "",
             "void chls_set(int port, const uint32_t* w) {", "  switch (port) {", *set_cases, "    default: break;",
             "  }", "}", "",
             "void chls_get(int port, uint32_t* w) {", "  switch (port) {", *get_cases, "    default: break;",
             "  }", "}", "", '}  // extern "C"', ""]
    return "\n".join(lines)
