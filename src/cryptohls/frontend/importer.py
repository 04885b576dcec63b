"""Import the optimised LLVM IR of the top function into the HLS IR.

Pointers never become IR values: every pointer is resolved statically to (base array, byte offset as
a linear combination of indices), and each load/store turns into the access the base's interface
needs — a memory ``load``/``store``, a ``param``/``out`` on a scalar port, a slice of a reshaped
port, or a multiplexer over partitioned elements.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.dbginfo import DebugInfo
from cryptohls.frontend.interface import (STREAM_CHECK, CParam, interface_name, stream_element, stream_mode,
                                          stream_registered)
from cryptohls.frontend.llparse import Instr, LLFunction, LLModule, tokenize
from cryptohls.frontend.lltypes import (int_alloc_bytes, LLType, TypeTable, field_offset, leaf_offsets, parse_constant, record_type,
                                        size_of, uniform_leaf)
from cryptohls.ir.nodes import Block, Const, Function, Memory, Op, Operand, Param

_FLAGS = {"nuw", "nsw", "exact", "disjoint", "nneg", "inbounds", "volatile", "samesign", "nusw", "fast",
          "noundef", "zeroext", "signext", "inreg", "tail", "notail", "musttail"}
_ICMP = {"eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"}
_BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr"}
_SKIP_CALLS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
               "llvm.sideeffect", "llvm.pseudoprobe")


def _source_name(symbol: str) -> str:
    """The C++ name of a mangled static: ``_ZL8AES_SBOX`` (file static) → ``AES_SBOX``,
    ``_ZZ10aes128_ctr...E2iv`` (a function's static local) → ``iv``; other symbols unchanged."""
    m = re.fullmatch(r"_ZL(\d+)(\w+)", symbol)
    if m and len(m.group(2)) == int(m.group(1)):
        return m.group(2)
    m = re.fullmatch(r"_ZZ.*E(\d+)(\w+?)(_\d+)?", symbol)
    if m and len(m.group(2)) == int(m.group(1)):
        return m.group(2)
    return symbol


@dataclass
class Base:
    """An array or pointed-to object: where loads and stores through a pointer go."""
    name: str
    kind: str                      # mem, scalar, partitioned, reshaped
    elem_bits: int
    elem_bytes: int
    depth: int
    params: list[str] = field(default_factory=list)   # scalar/partitioned: param names; reshaped: [name]
    cparam: CParam | None = None
    fields: dict[int, "Base"] = field(default_factory=dict)   # array of records: one memory per field offset
    access_bytes: int = 0           # bytes of one element as C accesses it (0: elem_bytes)


@dataclass
class Ptr:
    base: Base
    terms: list[tuple[Operand, int]]  # (index value, bytes per unit)
    offset: int                       # constant bytes


class Importer:
    kept_calls: dict[str, str] = {}   # INLINE off functions (LLVM name -> C name): calls become 'call' ops

    def __init__(self, mod: LLModule, top: LLFunction, cparams: list[CParam], ret_ctype, src: Path,
                 variable_pragmas: list, loop_names: dict[int, str]):
        self.mod, self.top, self.src = mod, top, src
        self.src_real = os.path.realpath(str(src))
        self.dbg = DebugInfo(mod)
        self.types = TypeTable(mod)
        self.cparams = cparams
        self.ret_ctype = ret_ctype
        self.var_pragmas = variable_pragmas
        self.loop_names = loop_names
        self.fn = Function(top.name.strip('@"'))
        self.values: dict[str, object] = {}
        self.bases: dict[str, Base] = {}
        self.block: Block | None = None
        self.cur: Instr | None = None
        self.pending_phis: list[tuple[Op, LLType, list[tuple[str, str]]]] = []
        self.edge_rename: dict[tuple[str, str], str] = {}
        self.ret_param: Param | None = None

    # ---------------------------------------------------------------- errors and locations
    def error(self, message: str, hint: str | None = None, ins: Instr | None = None) -> UserError:
        ins = ins or self.cur
        loc = self.dbg.loc(ins.dbg) if ins else None
        if loc:
            return UserError(message, file=loc.file, line=loc.line, col=loc.col, hint=hint)
        return UserError(message, file=str(self.src), hint=hint)

    def emit(self, opcode: str, width: int, operands: list[Operand], attrs: dict | None = None) -> Op:
        loc = self.dbg.loc(self.cur.dbg) if self.cur else None
        op = self.fn.new_op(opcode, width, operands, attrs, loc.line if loc else 0, loc.col if loc else 0)
        if loc and not self.dbg.same_file(loc.file, self.src_real):   # inlined from a header: the call's line
            call = self.dbg.user_loc(self.cur.dbg, self.src_real)
            op.call_line = call.line if call else 0
        return self.fn.append(self.block, op)

    # ---------------------------------------------------------------- interface
    def _pragmas_for(self, var: str, kinds: tuple[str, ...]) -> list:
        return [p for p in self.var_pragmas if p.kind in kinds and p.get("variable") == var or
                p.kind in kinds and p.kind == "INTERFACE" and p.get("port") == var]

    def build_interface(self) -> None:
        fn = self.fn
        fn.attrs["block_protocol"] = "ap_ctrl_hs"
        for p in self.var_pragmas:
            if p.kind == "INTERFACE" and p.get("port") == "return" and p.options.get("_function") == self.top.name:
                mode = p.get("mode") or next((k for k in ("ap_ctrl_none", "ap_ctrl_hs", "ap_ctrl_chain", "s_axilite")
                                              if p.get(k) is True), None)
                if mode not in ("ap_ctrl_hs", "ap_ctrl_none"):
                    raise p.error(f"block protocol '{mode}' is not supported", "use ap_ctrl_hs or ap_ctrl_none")
                fn.attrs["block_protocol"] = mode
        usage = self._pointer_usage()
        llargs = {a.name.strip('%"'): a for a in self.top.args}
        if any("byval" in " ".join(a.attrs) for a in self.top.args):
            wide = next((cp for cp in self.cparams if not cp.ctype.pointer and cp.ctype.width > 128), None)
            raise UserError(f"parameter '{wide.name if wide else '?'}' is wider than 128 bits and passed by value "
                            "(the C ABI passes it in memory)", file=str(self.src), line=wide.line if wide else None,
                            hint="pass it as an array or through a pointer")
        if any("sret" in " ".join(a.attrs) for a in self.top.args):
            raise UserError("the return value is wider than 128 bits (the C ABI returns it in memory)",
                            file=str(self.src), hint="return it through an output array or pointer argument")
        for cp in self.cparams:
            if stream_element(cp) is not None:   # hls::stream<T>& -> FIFO/AXI-stream ports
                self._stream_param(cp, llargs, usage)
                continue
            if cp.ctype.pointer and cp.ctype.composite:
                raise UserError(f"parameter '{cp.name}' points to a struct, which has no port mapping",
                                file=str(self.src), line=cp.line,
                                hint="pass the fields as separate arguments or arrays")
            for p in self.var_pragmas:
                if p.kind == "INTERFACE" and p.get("port") == cp.name:
                    mode = p.get("mode") or next((k for k in ("ap_none", "ap_vld", "ap_memory", "bram", "ap_hs",
                                                              "ap_fifo", "s_axilite", "m_axi", "axis", "ap_ack",
                                                              "ap_ovld") if p.get(k) is True), None)
                    if mode not in ("ap_none", "ap_vld", "ap_memory", "bram", None):
                        raise p.error(f"interface mode '{mode}' is not supported",
                                      "supported: ap_none, ap_vld, ap_memory")
                    if mode:
                        cp.mode = mode if mode != "bram" else "ap_memory"
            if cp.ctype.width <= 0:
                raise UserError(f"unsupported type '{cp.ctype.text}' of parameter '{cp.name}'", file=str(self.src),
                                line=cp.line, hint="use integer types, ap_uint/ap_int or arrays of them")
            if not cp.ctype.pointer:
                pieces = [a for n, a in llargs.items() if n == cp.name or re.fullmatch(re.escape(cp.name) +
                                                                                        r"\.coerce\d*", n)]
                if any("byval" in " ".join(a.attrs) for a in pieces):
                    raise UserError(f"parameter '{cp.name}' is passed in memory by the C ABI (wider than 128 bits)",
                                    file=str(self.src), line=cp.line, hint="pass it as an array or by pointer")
                fn.params.append(Param(cp.name, "in", cp.ctype.width,
                                       {"c_type": cp.c_type, "signed": cp.ctype.signed, "mode": "ap_none"}))
                continue
            arg = llargs.get(cp.name)
            reads, writes = usage.get(cp.name, (False, False))
            cp.direction = "inout" if reads and writes else ("out" if writes else "in")
            if arg is None:
                continue
            ltype = self._pointee_type(cp.name)
            elem_bits = cp.ctype.width
            elem_bytes = (size_of(ltype) if ltype else max(1, (elem_bits + 7) // 8))
            part = self._pragmas_for(cp.name, ("ARRAY_PARTITION",))
            resh = self._pragmas_for(cp.name, ("ARRAY_RESHAPE",))
            base = Base(cp.name, "mem", elem_bits, elem_bytes, cp.depth or 1, cparam=cp)
            attrs = {"c_type": cp.c_type, "signed": cp.ctype.signed}
            if cp.depth is None:
                base.kind = "scalar"
                cp.mode = "ap_vld" if cp.direction != "in" and cp.mode == "ap_none" else cp.mode
                fn.params.append(Param(cp.name, cp.direction, elem_bits, {**attrs, "mode": cp.mode}))
                base.params = [cp.name]
            elif part or resh:
                p = (part or resh)[-1]
                kind = p.get("type") or next((k for k in ("complete", "cyclic", "block") if p.get(k) is True),
                                             "complete")
                if kind != "complete":
                    raise p.error(f"ARRAY_{'PARTITION' if part else 'RESHAPE'} type={kind} on an interface array "
                                  "is not supported", "use type=complete")
                if part:
                    base.kind = cp.mode = "partitioned"
                    base.params = [f"{cp.name}_{i}" for i in range(cp.depth)]
                    for i, pn in enumerate(base.params):
                        fn.params.append(Param(pn, cp.direction, elem_bits,
                                               {**attrs, "mode": "partitioned", "array": cp.name, "index": i}))
                else:
                    base.kind = cp.mode = "reshaped"
                    base.params = [cp.name]
                    fn.params.append(Param(cp.name, cp.direction, elem_bits * cp.depth,
                                           {**attrs, "mode": "reshaped", "elem_width": elem_bits}))
            else:
                cp.mode = "ap_memory"
                fn.memories.append(Memory(cp.name, "arg", elem_bits, cp.depth, {**attrs, "ports": 1,
                                                                                 "read": reads, "write": writes,
                                                                                 "latency": 1}))
            self.bases[cp.name] = base
            self.values[arg.name] = Ptr(base, [], 0)
        self._port_names()
        if self.ret_ctype is not None:
            fn.attrs["return"] = {"width": self.ret_ctype.width, "signed": self.ret_ctype.signed,
                                  "c_type": self.ret_ctype.text}

    def _port_names(self) -> None:
        """INTERFACE name=: the argument's Param/Memory carry their port prefix in attrs["port"]."""
        taken: dict[str, str] = {}
        for cp in self.cparams:
            cp.port_base = interface_name(self.var_pragmas, cp.name, self.top.name)
            other = taken.get(cp.port)
            if other is not None:
                raise UserError(f"arguments '{other}' and '{cp.name}' would both have ports named '{cp.port}_*'",
                                file=str(self.src), line=cp.line, hint="give them different INTERFACE names")
            taken[cp.port] = cp.name
            if not cp.port_base:
                continue
            for p in self.fn.params:
                if p.name == cp.name:
                    p.attrs["port"] = cp.port_base
                elif p.attrs.get("array") == cp.name:
                    p.attrs["port"] = f"{cp.port_base}_{p.attrs['index']}"
            for m in self.fn.memories:
                if m.name == cp.name and m.kind in ("arg", "stream"):
                    m.attrs["port"] = cp.port_base

    def _stream_param(self, cp: CParam, llargs: dict, usage: dict) -> None:
        """An hls::stream argument: a one-word 'stream' memory; its volatile loads/stores are the reads/writes."""
        elem, bits, signed = stream_element(cp)
        if bits <= 0 or bits > 1024:
            raise UserError(f"stream '{cp.name}' of '{elem}' is not supported", file=str(self.src), line=cp.line,
                            hint="stream elements must be integers or ap_uint/ap_int of at most 1024 bits")
        reads, writes = usage.get(cp.name, (False, False))
        if reads and writes:
            raise UserError(f"stream argument '{cp.name}' is both read and written", file=str(self.src),
                            line=cp.line, hint="a stream argument is an input or an output port")
        cp.direction = "out" if writes else "in"
        cp.mode = stream_mode(cp, self.var_pragmas)
        cp.ctype = replace(cp.ctype, width=bits, signed=signed)
        arg = llargs.get(cp.name)
        if arg is None:
            return
        self.fn.memories.append(Memory(cp.name, "stream", bits, 1, {
            "c_type": cp.c_type, "signed": signed, "mode": cp.mode, "direction": cp.direction,
            "ports": 1, "latency": 0, "read": reads, "write": writes,
            **({"register": True} if writes and cp.mode == "axis" and stream_registered(cp, self.var_pragmas) else {})}))
        # clang loads/stores the word as its storage integer: sizeof(_BitInt(N)) bytes
        size = 1 << (((bits + 7) // 8) - 1).bit_length() if bits <= 64 else 8 * ((bits + 63) // 64)
        base = Base(cp.name, "mem", bits, size, 1, cparam=cp, access_bytes=int_alloc_bytes(8 * size))
        self.bases[cp.name] = base
        self.values[arg.name] = Ptr(base, [], 0)

    def _pointee_type(self, name: str) -> LLType | None:
        """Type of the first load/store through pointer arg ``name`` (its element in memory)."""
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode in ("load", "store") and self._root_of(ins) == f"%{name}":
                    toks = [t for t in ins.tokens if t not in _FLAGS]
                    return self.types.parse(toks, 0)[0]
        return None

    def _root_of(self, ins: Instr) -> str | None:
        toks = ins.tokens
        ptr_tok = None
        for k in range(len(toks) - 1):
            if toks[k] == "ptr":
                ptr_tok = toks[k + 1]
        if ptr_tok is None:
            return None
        return self._roots.get(ptr_tok, ptr_tok)

    def _pointer_usage(self) -> dict[str, tuple[bool, bool]]:
        self._roots: dict[str, str] = {}
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode == "getelementptr" and ins.result:
                    toks = ins.tokens
                    k = toks.index("ptr")
                    self._roots[ins.result] = self._roots.get(toks[k + 1], toks[k + 1])
        usage: dict[str, tuple[bool, bool]] = {}
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode in ("load", "store"):
                    root = self._root_of(ins)
                    if root and root.startswith("%"):
                        r, w = usage.get(root[1:].strip('"'), (False, False))
                        usage[root[1:].strip('"')] = (r or ins.opcode == "load", w or ins.opcode == "store")
        return usage

    # ---------------------------------------------------------------- globals and allocas
    def _initial_values(self, g, t: LLType, source_name: str) -> list[int]:
        """A global's initializer as leaf values; one holding addresses is refused at its use
        (found by Csmith: `int *g_5 = &g_3;` ended in a traceback)."""
        try:
            return parse_constant(self.types, tokenize(g.init), 0, t)[0]
        except ValueError:
            raise self.error(f"global '{source_name}' is initialised with the address of another object, "
                             "which has no place in a hardware memory",
                             hint="initialise it with integers and set the pointer in code") from None

    def global_base(self, name: str) -> Base:
        if name in self.bases:
            return self.bases[name]
        g = self.mod.globals.get(name)
        if g is None:
            raise self.error(f"reference to unknown object {name}")
        t = self.types.from_text(g.type)
        leaf = uniform_leaf(t)
        mname = _legal(name.strip('@"').split(".")[-1] if "." in name and name.startswith("@__const") else
                       _source_name(name.strip('@"')))
        kind = "rom" if g.constant else "ram"
        if leaf is None:
            init = self._initial_values(g, t, mname) if g.init else None
            self.bases[name] = self._record_memories(mname, t, kind, init)
            return self.bases[name]
        depth = size_of(t) // size_of(leaf)
        init = self._initial_values(g, t, mname) if g.init else [0] * depth
        attrs = {"latency": 1, "ports": 2}
        for p in self.var_pragmas:
            if p.kind in ("BIND_STORAGE", "RESOURCE") and p.get("variable") in (mname, name.strip('@"')):
                impl = str(p.get("impl") or p.get("core") or "").lower()
                attrs["impl"] = "lut" if impl in ("lutram", "lut", "rom_lut", "distram", "rom_1p_lutram",
                                                  "rom_2p_lutram") or "lut" in impl else ("bram" if impl else "auto")
        fn_mem = Memory(self._unique_mem(mname), kind, leaf.bits, depth, attrs, [v & ((1 << leaf.bits) - 1)
                                                                                 for v in init])
        self.fn.memories.append(fn_mem)
        base = Base(fn_mem.name, "mem", leaf.bits, size_of(leaf), depth)
        self.bases[name] = base
        return base

    def _record_memories(self, name: str, t: LLType, kind: str, init: list[int] | None) -> Base:
        """An array of structs becomes one memory per scalar field (struct of arrays)."""
        rec, count = record_type(t)
        stride = size_of(rec)
        leaves = leaf_offsets(rec)
        if any(lt.kind != "int" for _, lt in leaves):
            raise self.error(f"'{name}' holds non-integer fields", "use integer fields")
        outer = Base(name, "mem", 0, stride, count)
        for k, (off, lt) in enumerate(leaves):
            values = None if init is None else [init[r * len(leaves) + k] & ((1 << lt.bits) - 1) for r in range(count)]
            mem = Memory(self._unique_mem(f"{name}_f{off}"), kind, lt.bits, count,
                         {"latency": 1, "ports": 2, "record": name, "field_offset": off}, values)
            self.fn.memories.append(mem)
            outer.fields[off] = Base(mem.name, "mem", lt.bits, stride, count, access_bytes=size_of(lt))
        return outer

    def _field(self, ptr: Ptr) -> Ptr:
        """Route an access into an array of records to the memory of the field it touches."""
        base = ptr.base
        if not base.fields:
            return ptr
        stride = base.elem_bytes
        if any(s % stride for _, s in ptr.terms):
            raise self.error(f"access into '{base.name}' that does not select a whole field",
                             "index the array of structs, then name the field")
        off = ptr.offset % stride
        if off not in base.fields:
            raise self.error(f"access into the middle of a field of '{base.name}'")
        return Ptr(base.fields[off], ptr.terms, ptr.offset - off)

    def _unique_mem(self, name: str) -> str:
        taken = {m.name for m in self.fn.memories} | {p.name for p in self.fn.params}
        out, k = name, 1
        while out in taken:
            k += 1
            out = f"{name}_{k}"
        return out

    def alloca(self, ins: Instr) -> None:
        t, _ = self.types.parse([x for x in ins.tokens if x not in _FLAGS], 0)
        leaf = uniform_leaf(t)
        name = _legal(ins.result.strip('%"').split(".")[0])
        if leaf is None:
            self.values[ins.result] = Ptr(self._record_memories(name, t, "ram", None), [], 0)
            return
        depth = size_of(t) // size_of(leaf)
        attrs: dict = {"latency": 1, "ports": 2}
        kind = "ram"
        for p in self.var_pragmas:
            if p.get("variable") == name and p.kind in ("ARRAY_PARTITION", "ARRAY_RESHAPE"):
                kind = "regs"
                attrs = {"latency": 0}
        mem = Memory(self._unique_mem(name), kind, leaf.bits, depth, attrs, None)
        self.fn.memories.append(mem)
        base = Base(mem.name, "mem", leaf.bits, size_of(leaf), depth)
        self.values[ins.result] = Ptr(base, [], 0)

    # ---------------------------------------------------------------- values
    def value(self, tok: str, t: LLType, toks: list[str] | None = None, i: int = 0):
        if t.kind == "ptr":
            return self.pointer(tok, toks, i)
        if t.kind == "struct":
            if tok in ("poison", "undef", "zeroinitializer"):
                return [Const(f.bits, 0) for f in t.elems]
            return self.values[tok]
        if t.kind != "int":
            raise self.error(f"values of type {t.kind} are not supported")
        if tok in ("true", "false"):
            return Const(1, 1 if tok == "true" else 0)
        if tok in ("poison", "undef", "zeroinitializer", "null"):
            return Const(t.bits, 0)
        if tok[0] == "-" or tok[0].isdigit():
            return Const(t.bits, int(tok))
        if tok not in self.values:
            raise self.error(f"internal: value {tok} used before definition")
        return self.values[tok]

    def pointer(self, tok: str, toks: list[str] | None, i: int) -> Ptr:
        if tok == "getelementptr" and toks is not None:
            j = i + 1
            while toks[j] in _FLAGS or toks[j].startswith("inrange"):
                j += 1
            assert toks[j] == "("
            depth, k = 0, j
            while True:
                if toks[k] == "(":
                    depth += 1
                elif toks[k] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            return self.gep(toks[j + 1:k])
        if tok.startswith("@"):
            return Ptr(self.global_base(tok), [], 0)
        v = self.values.get(tok)
        if isinstance(v, Ptr):
            return v
        raise self.error("pointer arithmetic the compiler cannot resolve statically (pointer selected at run "
                         "time, or a pointer to a pointer)", "index arrays directly: a[i]")

    def typed_operand(self, toks: list[str], i: int):
        """Parse 'TYPE VALUE' at toks[i]; returns (type, value, next index)."""
        while toks[i] in _FLAGS or toks[i].startswith(("align", "noundef")):
            i += 1
        t, i = self.types.parse(toks, i)
        while toks[i] in _FLAGS or toks[i] in ("noundef", "zeroext", "signext", "immarg", "nonnull"):
            i += 1
        tok = toks[i]
        v = self.value(tok, t, toks, i)
        if tok == "getelementptr":
            depth = 0
            i += 1
            while toks[i] != "(":
                i += 1
            while True:
                if toks[i] == "(":
                    depth += 1
                elif toks[i] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
        return t, v, i + 1

    def gep(self, toks: list[str]) -> Ptr:
        toks = [t for t in toks if t not in _FLAGS and not t.startswith("inrange")]
        src_t, i = self.types.parse(toks, 0)
        assert toks[i] == ","
        _, base, i = self.typed_operand(toks, i + 1)
        assert isinstance(base, Ptr)
        terms = list(base.terms)
        offset = base.offset
        cur_t = src_t
        first = True
        while i < len(toks) and toks[i] == ",":
            it, idx, i = self.typed_operand(toks, i + 1)
            if first:
                stride = size_of(cur_t)
                first = False
            elif cur_t.kind in ("arr", "vec"):
                cur_t = cur_t.elems[0]
                stride = size_of(cur_t)
            elif cur_t.kind == "struct":
                assert isinstance(idx, Const)
                offset += field_offset(cur_t, idx.value)
                cur_t = cur_t.elems[idx.value]
                continue
            else:
                raise self.error("unsupported address computation")
            if isinstance(idx, Const):
                offset += idx.signed_value() * stride
            else:
                terms.append((idx, stride))
        return Ptr(base.base, terms, offset)

    # ---------------------------------------------------------------- memory access
    def address(self, ptr: Ptr, width_hint: int) -> Operand:
        base = ptr.base
        aw = max(1, (base.depth - 1).bit_length())
        if ptr.offset % base.elem_bytes or any(s % base.elem_bytes for _, s in ptr.terms):
            raise self.error(f"access to '{base.name}' is not aligned to its elements",
                             "access arrays with their own element type")
        total: Operand = Const(aw, ptr.offset // base.elem_bytes)
        for idx, stride in ptr.terms:
            v = self.resize(idx, aw)
            factor = stride // base.elem_bytes
            if factor != 1:
                if factor & (factor - 1) == 0:
                    v = self.emit("shl", aw, [v, Const(aw, factor.bit_length() - 1)])
                else:
                    v = self.emit("mul", aw, [v, Const(aw, factor)])
            total = v if isinstance(total, Const) and total.value == 0 else self.emit("add", aw, [total, v])
        return total

    def resize(self, v: Operand, w: int) -> Operand:
        if v.width == w:
            return v
        if isinstance(v, Const):
            return Const(w, v.value)
        return self.emit("trunc" if v.width > w else "zext", w, [v])

    def load(self, t: LLType, ptr: Ptr) -> Operand:
        ptr = self._field(ptr)
        base = ptr.base
        if t.kind != "int":
            raise self.error("loads of aggregates are not supported")
        if self._is_word_slice(t, ptr):
            return self._load_word_slice(t, ptr)
        self._check_width(t, base)
        if base.kind == "mem":
            addr = self.address(ptr, 0)
            v = self.emit("load", base.elem_bits, [addr], {"mem": base.name})
            return self.resize(v, t.bits)
        if base.kind == "scalar":
            lo, w = self._scalar_slice(t, ptr)
            attrs = {"param": base.params[0], **({"lo": lo} if lo else {})}
            v = self.emit("param", w if (lo or w < base.elem_bits) else base.elem_bits, [], attrs)
            return self.resize(v, t.bits)
        addr = self.address(ptr, 0)
        if isinstance(addr, Const):
            i = addr.value if addr.value < base.depth else 0
            attrs = {"param": base.params[i]} if base.kind == "partitioned" else \
                {"param": base.params[0], "lo": i * base.elem_bits}
            return self.resize(self.emit("param", base.elem_bits, [], attrs), t.bits)
        elems = self._element_reads(base)
        result = elems[0]
        for i in range(1, len(elems)):
            hit = self.emit("icmp", 1, [addr, Const(addr.width, i)], {"pred": "eq"})
            result = self.emit("select", base.elem_bits, [hit, elems[i], result])
        return self.resize(result, t.bits)

    def _element_reads(self, base: Base) -> list[Op]:
        if base.kind == "partitioned":
            return [self.emit("param", base.elem_bits, [], {"param": pn}) for pn in base.params]
        return [self.emit("param", base.elem_bits, [], {"param": base.params[0], "lo": i * base.elem_bits})
                for i in range(base.depth)]

    def store(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        ptr = self._field(ptr)
        base = ptr.base
        if t.kind != "int":
            raise self.error("stores of aggregates are not supported")
        if self._is_word_slice(t, ptr):
            self._store_word_slice(t, value, ptr)
            return
        self._check_width(t, base)
        if base.kind == "scalar":
            # C may write a wide scalar in pieces (clang stores an ap_uint<128> as two i64 halves):
            # each piece goes to its own bit slice of the port.
            lo, w = self._scalar_slice(t, ptr)
            attrs = {"param": base.params[0], **({"lo": lo} if lo or w < base.elem_bits else {})}
            self.emit("out", 0, [self.resize(value, w if attrs.get("lo") is not None else base.elem_bits)],
                      attrs)
            return
        value = self.resize(value, base.elem_bits)
        addr = self.address(ptr, 0)
        if base.kind == "mem":
            self.emit("store", 0, [addr, value], {"mem": base.name})
            return
        if not isinstance(addr, Const):
            raise self.error(f"write to partitioned/reshaped array '{base.name}' with an index computed at run time",
                             "unroll the loop that writes it, or use the default ap_memory interface")
        if base.kind == "partitioned":
            self.emit("out", 0, [value], {"param": base.params[addr.value]})
        else:
            self.emit("out", 0, [value], {"param": base.params[0], "lo": addr.value * base.elem_bits})

    @staticmethod
    def _is_word_slice(t: LLType, ptr: Ptr) -> bool:
        """A local one-word variable (e.g. an ap_uint<96> opt could not promote) read or written in pieces
        at constant offsets, as clang does when it passes or returns it as i64 halves."""
        base = ptr.base
        return (base.kind == "mem" and base.depth == 1 and not base.fields and not ptr.terms
                and size_of(t) != (base.access_bytes or base.elem_bytes))

    def _load_word_slice(self, t: LLType, ptr: Ptr) -> Operand:
        base = ptr.base
        lo = ptr.offset * 8
        if lo >= base.elem_bits:   # only the padding after the value: its contents are undefined in C
            return Const(t.bits, 0)
        word = self.emit("load", base.elem_bits, [self.address(Ptr(base, [], 0), 0)], {"mem": base.name})
        if lo:
            word = self.emit("lshr", base.elem_bits, [word, Const(base.elem_bits, lo)])
        return self.resize(word, t.bits)

    def _store_word_slice(self, t: LLType, value: Operand, ptr: Ptr) -> None:
        base = ptr.base
        lo = ptr.offset * 8
        if lo >= base.elem_bits:   # a write to the padding only
            return
        bits = base.elem_bits
        w = min(t.bits, bits - lo)
        addr = self.address(Ptr(base, [], 0), 0)
        old = self.emit("load", bits, [addr], {"mem": base.name})
        keep = ((1 << bits) - 1) ^ (((1 << w) - 1) << lo)
        piece = self.resize(self.resize(value, w), bits)
        if lo:
            piece = self.emit("shl", bits, [piece, Const(bits, lo)])
        merged = self.emit("or", bits, [self.emit("and", bits, [old, Const(bits, keep)]), piece])
        self.emit("store", 0, [addr, merged], {"mem": base.name})

    def _scalar_slice(self, t: LLType, ptr: Ptr) -> tuple[int, int]:
        """(lowest bit, width) of the port slice a load/store through a scalar pointer touches."""
        base = ptr.base
        if ptr.terms:
            raise self.error(f"access to scalar '{base.name}' at an offset computed at run time",
                             "read and write the whole value")
        lo = ptr.offset * 8
        if lo >= base.elem_bits:
            raise self.error(f"access beyond the {base.elem_bits} bits of '{base.name}'")
        return lo, min(t.bits, base.elem_bits - lo)

    def _check_width(self, t: LLType, base: Base) -> None:
        if size_of(t) != (base.access_bytes or base.elem_bytes):
            raise self.error(f"access of {t.bits} bits to '{base.name}' whose elements have {base.elem_bits} bits",
                             "access arrays with their own element type (no type punning)")

    # ---------------------------------------------------------------- instructions
    def run(self) -> Function:
        self.build_interface()
        order = self._rpo()
        blocks = {bb.name: bb for bb in self.top.blocks}
        for name in order:
            self.fn.blocks.append(Block(_block_name(name)))
        entry = self.fn.blocks[0]
        self.block = entry
        self.cur = None
        for a in self.top.args:
            self._bind_scalar_arg(a)
        for name in order:
            self.block = self.fn.block(_block_name(name))
            for ins in blocks[name].instrs:
                self.cur = ins
                self.instr(ins)
        self._finish_phis()
        return self.fn

    def _rpo(self) -> list[str]:
        succ: dict[str, list[str]] = {}
        for bb in self.top.blocks:
            term = bb.instrs[-1]
            succ[bb.name] = [t for t in term.tokens if t.startswith("%") and
                             term.tokens[term.tokens.index(t) - 1] == "label"]
        seen, post = set(), []
        stack = [(self.top.blocks[0].name, iter(succ[self.top.blocks[0].name]))]
        seen.add(self.top.blocks[0].name)
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                post.append(node)
                stack.pop()
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(succ[nxt])))
        return post[::-1]

    def _bind_scalar_arg(self, a) -> None:
        name = a.name.strip('%"')
        m = re.fullmatch(r"(.+)\.coerce(\d*)", name)
        cname, piece = (m.group(1), int(m.group(2) or 0)) if m else (name, 0)
        if a.type == "ptr" and a.name in self.values:
            return
        try:
            p = self.fn.param(cname)
        except KeyError:
            return
        t = self.types.from_text(a.type)
        if t.kind != "int":
            raise UserError(f"parameter '{cname}' has an unsupported type", file=str(self.src))
        lo = piece * 64 if m and m.group(2) else 0
        w = min(t.bits, p.width - lo)
        v = self.emit("param", w, [], {"param": cname, "lo": lo} if lo else {"param": cname})
        self.values[a.name] = self.resize(v, t.bits) if w != t.bits else v
        if w != t.bits and p.attrs.get("signed") and not m:
            self.block.ops.pop()
            self.values[a.name] = self.emit("sext", t.bits, [v])

    def instr(self, ins: Instr) -> None:
        op = ins.opcode
        toks = ins.tokens
        res = ins.result
        if op in _BINOPS:
            k = 0
            while toks[k] in _FLAGS:
                k += 1
            t, a, k = self.typed_operand(toks, k)
            b = self.value(toks[k + 1], t)
            self._require_int(t)
            self.values[res] = self.emit(op, t.bits, [a, b], self._name(res))
        elif op == "icmp":
            k = 0
            while toks[k] in _FLAGS:
                k += 1
            pred = toks[k]
            t, a, k2 = self.typed_operand(toks, k + 1)
            if t.kind == "ptr":
                raise self.error("pointer comparison is not supported")
            b = self.value(toks[k2 + 1], t)
            self.values[res] = self.emit("icmp", 1, [a, b], {"pred": pred})
        elif op == "select":
            _, c, k = self.typed_operand(toks, 0)
            t, a, k = self.typed_operand(toks, k + 1)
            _, b, k = self.typed_operand(toks, k + 1)
            if t.kind == "ptr":
                raise self.error("a pointer chosen at run time (select) is not supported",
                                 "select the index, not the array")
            if t.kind == "struct":
                self.values[res] = [self.emit("select", x.width, [c, x, y]) for x, y in zip(a, b)]
            else:
                self.values[res] = self.emit("select", t.bits, [c, a, b], self._name(res))
        elif op in ("zext", "sext", "trunc"):
            t, v, k = self.typed_operand(toks, 0)
            assert toks[k] == "to"
            t2, _ = self.types.parse(toks, k + 1)
            self._require_int(t2)
            self.values[res] = v if t2.bits == t.bits else self.emit(op, t2.bits, [v], self._name(res))
        elif op == "freeze":
            _, v, _ = self.typed_operand(toks, 0)
            self.values[res] = v
        elif op == "phi":
            k = 0
            while toks[k] in _FLAGS:
                k += 1
            t, k = self.types.parse(toks, k)
            incoming = []
            while k < len(toks) and toks[k] == "[":
                incoming.append((toks[k + 1], toks[k + 3]))
                k += 5
                if k < len(toks) and toks[k] == ",":
                    k += 1
            if t.kind == "ptr":
                raise self.error("a pointer chosen at run time (phi) is not supported",
                                 "select the index, not the array")
            if t.kind != "int":
                raise self.error(f"phi of type {t.kind} is not supported")
            phi = self.emit("phi", t.bits, [], {"blocks": [], **self._name(res)})
            self.pending_phis.append((phi, t, incoming))
            self.values[res] = phi
        elif op == "getelementptr":
            self.values[res] = self.gep(toks)
        elif op == "load":
            t, k = self.types.parse([x for x in toks if x not in _FLAGS], 0)
            toks2 = [x for x in toks if x not in _FLAGS]
            _, ptr, _ = self.typed_operand(toks2, k + 1)
            self.values[res] = self.load(t, ptr)
            if isinstance(self.values[res], Op) and self.values[res].opcode in ("load", "param"):
                self.values[res].attrs.update(self._name(res))
        elif op == "store":
            toks2 = [x for x in toks if x not in _FLAGS]
            t, v, k = self.typed_operand(toks2, 0)
            _, ptr, _ = self.typed_operand(toks2, k + 1)
            self.store(t, v, ptr)
        elif op == "alloca":
            self.alloca(ins)
        elif op == "call":
            self.call(ins)
        elif op == "br":
            if toks[0] == "label":
                self.emit("br", 0, [], {"targets": [_block_name(toks[1])]})
            else:
                _, c, k = self.typed_operand(toks, 0)
                t1, t2 = toks[k + 2], toks[k + 5]
                if isinstance(c, Const):
                    self.emit("br", 0, [], {"targets": [_block_name(t1 if c.value else t2)]})
                    self._drop_edge(t2 if c.value else t1)
                elif t1 == t2:
                    self.emit("br", 0, [], {"targets": [_block_name(t1)]})
                else:
                    self.emit("br", 0, [c], {"targets": [_block_name(t1), _block_name(t2)]})
            if ins.loop_md:
                self._mark_loop(ins)
        elif op == "switch":
            self.switch(ins)
        elif op == "ret":
            self.ret(ins)
        elif op == "unreachable":
            self.emit("ret", 0, [])
        elif op == "insertvalue":
            t, agg, k = self.typed_operand(toks, 0)
            _, v, k = self.typed_operand(toks, k + 1)
            idx = int(toks[k + 1])
            new = list(agg)
            new[idx] = v
            self.values[res] = new
        elif op == "extractvalue":
            _, agg, k = self.typed_operand(toks, 0)
            self.values[res] = agg[int(toks[k + 1])]
        elif op in ("fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp", "fptoui", "fptosi", "uitofp",
                    "sitofp", "fpext", "fptrunc"):
            raise self.error("floating-point arithmetic is not supported", "use integer or fixed-point types")
        else:
            raise self.error(f"unsupported operation '{op}' in the optimised IR",
                             "this construct is outside the synthesizable subset (see docs/compiler.md)")

    def _drop_edge(self, target: str) -> None:
        self.edge_rename[(self.block.name, _block_name(target))] = ""

    def _mark_loop(self, ins: Instr) -> None:
        rng = self.dbg.loop_range(ins.loop_md)
        if rng:
            self.block.ops[-1].attrs["loop_line"] = rng[0].line
            self.block.ops[-1].attrs["loop_name"] = self.loop_names.get(rng[0].line, f"loop_ln{rng[0].line}")

    def _require_int(self, t: LLType) -> None:
        if t.kind != "int":
            raise self.error(f"operation on {t.kind} values (vectors/aggregates) is not supported")

    @staticmethod
    def _name(res: str | None) -> dict:
        if not res:
            return {}
        name = res.strip('%"')
        if name[:1].isdigit():
            return {}
        name = re.sub(r"(\.\d+|\d+)+$", "", name.split(".")[0]) or name.split(".")[0]
        return {"name": _legal(name)}

    def call(self, ins: Instr) -> None:
        toks = ins.tokens
        callee = next((t for k, t in enumerate(toks[:-1]) if toks[k + 1] == "(" and t.startswith("@")), None)
        if callee is None:
            raise self.error("call through a function pointer is not supported")
        name = callee.strip('@"')
        if name.startswith(_SKIP_CALLS):
            return
        k = toks.index(callee) + 2
        args = []
        while toks[k] != ")":
            t, v, k = self.typed_operand(toks, k)
            args.append((t, v))
            if toks[k] == ",":
                k += 1
        res = ins.result
        if name == STREAM_CHECK:
            self._stream_check(args, res)
            return
        if callee in self.kept_calls:
            self._kept_call(callee, args, res)
            return
        base = re.sub(r"\.(i\d+|p0)$", "", name)
        if base in ("llvm.fshl", "llvm.fshr"):
            (t, a), (_, b), (_, s) = args
            w = t.bits
            if not isinstance(s, Const):
                self.values[res] = self._funnel_variable(base, a, b, s, w, res)
                return
            amount = s.value % w
            if base == "llvm.fshr":
                amount = (w - amount) % w
            if amount == 0:
                self.values[res] = a if base == "llvm.fshl" else b
                return
            hi = self.emit("shl", w, [a, Const(w, amount)])
            lo = self.emit("lshr", w, [b, Const(w, w - amount)])
            self.values[res] = self.emit("or", w, [hi, lo], self._name(res))
        elif base in ("llvm.uadd.sat", "llvm.usub.sat", "llvm.sadd.sat", "llvm.ssub.sat"):
            (t, a), (_, b) = args
            self.values[res] = self._saturating(base, a, b, t.bits, res)
        elif base in ("llvm.ctlz", "llvm.cttz"):
            (t, a), _ = args
            w = t.bits
            result: Operand = Const(w, w)
            order = range(w) if base == "llvm.ctlz" else range(w - 1, -1, -1)
            for i in order:   # the last match wins: the highest set bit for ctlz, the lowest for cttz
                bit = self.emit("slice", 1, [a], {"lo": i}) if w > 1 else a
                result = self.emit("select", w, [bit, Const(w, w - 1 - i if base == "llvm.ctlz" else i), result])
            self.values[res] = result
        elif base in ("llvm.umin", "llvm.umax", "llvm.smin", "llvm.smax"):
            (t, a), (_, b) = args
            pred = {"llvm.umin": "ult", "llvm.umax": "ugt", "llvm.smin": "slt", "llvm.smax": "sgt"}[base]
            c = self.emit("icmp", 1, [a, b], {"pred": pred})
            self.values[res] = self.emit("select", t.bits, [c, a, b], self._name(res))
        elif base == "llvm.abs":
            (t, a), _ = args
            neg = self.emit("sub", t.bits, [Const(t.bits, 0), a])
            c = self.emit("icmp", 1, [a, Const(t.bits, 0)], {"pred": "slt"})
            self.values[res] = self.emit("select", t.bits, [c, neg, a], self._name(res))
        elif base == "llvm.bswap":
            (t, a), = args
            parts = [self.emit("slice", 8, [a], {"lo": 8 * i}) for i in range(t.bits // 8)]
            self.values[res] = self.emit("concat", t.bits, parts, self._name(res))
        elif base == "llvm.bitreverse":
            (t, a), = args
            parts = [self.emit("slice", 1, [a], {"lo": i}) for i in range(t.bits)]
            self.values[res] = self.emit("concat", t.bits, parts, self._name(res))
        elif base == "llvm.ctpop":
            (t, a), = args
            total: Operand = Const(t.bits, 0)
            for i in range(t.bits):
                bit = self.emit("zext", t.bits, [self.emit("slice", 1, [a], {"lo": i})]) if t.bits > 1 else \
                    self.emit("slice", 1, [a], {"lo": i})
                total = bit if isinstance(total, Const) else self.emit("add", t.bits, [total, bit])
            self.values[res] = total
        else:
            pretty = name if name.startswith("llvm.") else (self.dbg.subprogram_name(
                self.mod.functions[callee].dbg) if callee in self.mod.functions else name)
            if callee in self.mod.functions and not self.mod.functions[callee].is_declaration:
                raise self.error(f"recursion is not supported: the call to '{pretty}' remains after inlining",
                                 "rewrite the recursion as a loop")
            raise self.error(f"unsupported intrinsic or external function '{pretty}'",
                             "write the operation with integer arithmetic")

    def _stream_check(self, args: list, res: str | None) -> None:
        """empty()/full(): whether the stream's next transfer could happen now (a 'can_transfer' op)."""
        ptr = args[0][1] if len(args) == 1 else None
        base = self._field(ptr).base if isinstance(ptr, Ptr) else None
        if base is None or base.name not in {m.name for m in self.fn.memories if m.kind == "stream"}:
            raise self.error("empty()/full() on something that is not an hls::stream argument or channel")
        if res:
            self.values[res] = self.emit("can_transfer", 1, [], {"mem": base.name, **self._name(res)})

    def _kept_call(self, callee: str, args: list, res: str | None) -> None:
        """A call to an INLINE off function: one 'call' op (a sub-module instance, ap_ctrl_hs); each LLVM
        argument drives (port, lo) of the callee, as the callee's importer reassembles coerced pieces."""
        c_name = self.kept_calls[callee]
        targets = []
        for a, (t, v) in zip(self.mod.functions[callee].args, args):
            if t.kind != "int" or isinstance(v, Ptr):
                raise self.error(f"INLINE off function '{c_name}' takes a pointer or aggregate argument",
                                 "sub-modules take scalar arguments only (let it be inlined)")
            m = re.fullmatch(r"(.+)\.coerce(\d*)", a.name.strip('%"'))
            targets.append([m.group(1), 64 * int(m.group(2) or 0)] if m else [a.name.strip('%"'), 0])
        width = 0
        if res:
            rt = self.types.from_text(self.mod.functions[callee].ret_type)
            if rt.kind != "int":
                raise self.error(f"INLINE off function '{c_name}' returns an aggregate", "return an integer")
            width = rt.bits
        if not res:   # scalar arguments only and no result: the call has no effect
            return
        self.values[res] = self.emit("call", width, [v for _, v in args],
                                     {"callee": c_name, "args": targets, **self._name(res)})

    def _funnel_variable(self, base: str, a: Operand, b: Operand, s: Operand, w: int, res: str | None) -> Operand:
        """fshl(a, b, s) = a << s | b >> (w - s) with s mod w; a shift by w gives 0, so s = 0 works."""
        if w & (w - 1) == 0:
            amount = self.emit("and", w, [s, Const(w, w - 1)])
        else:
            amount = self.emit("urem", w, [s, Const(w, w)])
        rest = self.emit("sub", w, [Const(w, w), amount])
        left, right = (amount, rest) if base == "llvm.fshl" else (rest, amount)
        hi = self.emit("shl", w, [a, left])
        lo = self.emit("lshr", w, [b, right])
        return self.emit("or", w, [hi, lo], self._name(res))

    def _saturating(self, base: str, a: Operand, b: Operand, w: int, res: str | None) -> Operand:
        ones, smax, smin = Const(w, (1 << w) - 1), Const(w, (1 << (w - 1)) - 1), Const(w, 1 << (w - 1))
        if base == "llvm.uadd.sat":
            total = self.emit("add", w, [a, b])
            over = self.emit("icmp", 1, [total, a], {"pred": "ult"})
            return self.emit("select", w, [over, ones, total], self._name(res))
        if base == "llvm.usub.sat":
            diff = self.emit("sub", w, [a, b])
            under = self.emit("icmp", 1, [a, b], {"pred": "ult"})
            return self.emit("select", w, [under, Const(w, 0), diff], self._name(res))
        value = self.emit("add" if base == "llvm.sadd.sat" else "sub", w, [a, b])
        # overflow: the result's sign differs from a's while b's sign agrees (add) / disagrees (sub) with a's
        x1 = self.emit("xor", w, [value, a])
        x2 = self.emit("xor", w, [a, b])
        if base == "llvm.sadd.sat":
            x2 = self.emit("xor", w, [x2, ones])
        both = self.emit("and", w, [x1, x2])
        over = self.emit("icmp", 1, [both, Const(w, 0)], {"pred": "slt"})
        neg = self.emit("icmp", 1, [a, Const(w, 0)], {"pred": "slt"})
        limit = self.emit("select", w, [neg, smin, smax])
        return self.emit("select", w, [over, limit, value], self._name(res))

    def switch(self, ins: Instr) -> None:
        toks = ins.tokens
        t, v, k = self.typed_operand(toks, 0)
        default = toks[k + 2]
        k += 3
        assert toks[k] == "["
        k += 1
        cases: dict[str, list[int]] = {}
        while toks[k] != "]":
            ct, cv, k = self.typed_operand(toks, k)
            assert toks[k] == ","
            target = toks[k + 2]
            k += 3
            if target != default:
                cases.setdefault(target, []).append(cv.value)
        origin = self.block
        conds = []
        for target, values in cases.items():
            cond: Operand | None = None
            for value in values:
                eq = self.emit("icmp", 1, [v, Const(t.bits, value)], {"pred": "eq"})
                cond = eq if cond is None else self.emit("or", 1, [cond, eq])
            conds.append((target, cond))
        if not conds:
            self.emit("br", 0, [], {"targets": [_block_name(default)]})
            return
        index = self.fn.blocks.index(origin)
        current = origin
        for n, (target, cond) in enumerate(conds):
            last = n == len(conds) - 1
            nxt_name = _block_name(default) if last else f"{origin.name}_sw{n + 1}"
            if not last:
                nb = Block(nxt_name)
                self.fn.blocks.insert(index + n + 1, nb)
            self.block = current
            self.emit("br", 0, [cond], {"targets": [_block_name(target), nxt_name]})
            self.edge_rename[(origin.name, _block_name(target))] = current.name
            if last:
                self.edge_rename[(origin.name, _block_name(default))] = current.name
            else:
                current = self.fn.block(nxt_name)

    def ret(self, ins: Instr) -> None:
        toks = ins.tokens
        if toks[0] == "void":
            self.emit("ret", 0, [])
            return
        t, v, _ = self.typed_operand(toks, 0)
        if self.ret_ctype is None:
            self.emit("ret", 0, [])
            return
        w = self.ret_ctype.width
        if isinstance(v, list):   # {i64, i64}: little-endian pieces of the value
            parts = [x for x in v]
            whole = self.emit("concat", sum(p.width for p in parts), list(reversed(parts))) if len(parts) > 1 \
                else parts[0]
            v = whole
        self.emit("ret", 0, [self.resize(v, w)])

    def _finish_phis(self) -> None:
        for phi, t, incoming in self.pending_phis:
            self.cur = None
            blocks, operands = [], []
            for vtok, btok in incoming:
                bname = _block_name(btok)
                key = (bname, phi.block.name)
                if key in self.edge_rename:
                    if self.edge_rename[key] == "":
                        continue
                    bname = self.edge_rename[key]
                v = self.value(vtok, t)
                blocks.append(bname)
                operands.append(v)
            preds = self.fn.predecessors()[phi.block.name]
            keep = [(b, v) for b, v in zip(blocks, operands) if b in preds]
            phi.attrs["blocks"] = [b for b, _ in keep]
            phi.operands = [v for _, v in keep]


def _block_name(tok: str) -> str:
    return _legal(tok.strip('%"'))


def _legal(name: str) -> str:
    out = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return out if out and not out[0].isdigit() else f"v{out}"
