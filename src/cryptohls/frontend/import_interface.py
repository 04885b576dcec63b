"""Importer job: the top's C parameters → ports, memories and stream memories (C4 shapes, INTERFACE/ARRAY_* pragmas, port names)."""

from __future__ import annotations

import re
from dataclasses import replace

from cryptohls.errors import UserError
from cryptohls.frontend.cfg import reachable
from cryptohls.frontend.directives import partition_type
from cryptohls.frontend.import_state import FLAGS, Base, ImportState, Ptr
from cryptohls.frontend.interface import (CParam, interface_name, stream_element, stream_fields, stream_mode,
                                          stream_of_struct, stream_ports, stream_registered)
from cryptohls.frontend.llparse import Instr
from cryptohls.frontend.lltypes import LLType, int_alloc_bytes, size_of
from cryptohls.ir.nodes import Memory, Op, Param
from cryptohls.ir.ports import OFFER_MODES


class InterfaceImport(ImportState):
    def build_interface(self) -> None:
        fn = self.fn
        fn.attrs["block_protocol"] = "ap_ctrl_hs"
        for p in self.directives.argument("return", ("INTERFACE",), self.top.name):
            mode = p.get("mode") or next((k for k in ("ap_ctrl_none", "ap_ctrl_hs", "ap_ctrl_chain", "s_axilite")
                                          if p.flag(k)), None)
            if mode not in ("ap_ctrl_hs", "ap_ctrl_none"):
                raise p.error(f"block protocol '{mode}' is not supported", "use ap_ctrl_hs or ap_ctrl_none")
            fn.attrs["block_protocol"] = mode
        usage = self._pointer_usage()
        llargs = {a.name.strip('%"'): a for a in self.top.args}
        unnamed_copies = [a for a in self.top.args if "byval" in " ".join(a.attrs) and a.name.strip('%"').isdigit()]
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
            for p in self.directives.argument(cp.name, ("INTERFACE",)):
                mode = p.get("mode") or next((k for k in ("ap_none", "ap_vld", "ap_memory", "bram", "ap_hs",
                                                          "ap_fifo", "s_axilite", "m_axi", "axis", "ap_ack",
                                                          "ap_ovld") if p.flag(k)), None)
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
                fn.params.append(Param(cp.name, "in", cp.ctype.width,
                                       {"c_type": cp.c_type, "signed": cp.ctype.signed, "mode": "ap_none"}))
                byval = next((a for a in pieces if "byval" in " ".join(a.attrs)), None)
                if byval is None and not pieces and cp.ctype.width > 128:   # C names the loaded value, not the copy
                    byval = next((a for a in unnamed_copies if a.name not in self.values), None)
                if byval is not None:
                    self._by_value_in_memory(cp, byval, usage)
                continue
            arg = llargs.get(cp.name)
            reads, writes = usage.get(cp.name, (False, False))
            cp.direction = "inout" if reads and writes else ("out" if writes else "in")
            if arg is None:
                continue
            ltype = self._pointee_type(cp.name)
            elem_bits = cp.ctype.width
            # a scalar, or a C element wider than 64 bits: the first access's width (clang moves an
            # ap_uint<128> as i64 halves; a scalar's parts are port slices); never wider than the C
            # element (`memcpy(&w, in + 4 * i, 4)` reads a byte array as a 32-bit word). An array element
            # of up to 64 bits is its C size: a narrower first access (`d[i]` with `uint8_t *d = (uint8_t
            # *)w` over `uint32_t w[4]`) is a part of one element (import_access.py); taken as the
            # element size, byte i went to word i (tests/kernels/arg_word_bytes.c)
            if elem_bits > 64 or cp.depth is None:
                elem_bytes = min(size_of(ltype), int_alloc_bytes(elem_bits)) if ltype else max(1, (elem_bits + 7) // 8)
            else:
                elem_bytes = int_alloc_bytes(elem_bits)
            part = self.directives.argument(cp.name, ("ARRAY_PARTITION",))
            resh = self.directives.argument(cp.name, ("ARRAY_RESHAPE",))
            base = Base(cp.name, "mem", elem_bits, elem_bytes, cp.depth or 1, cparam=cp)
            attrs = {"c_type": cp.c_type, "signed": cp.ctype.signed}
            if cp.depth is None:
                base.kind = "scalar"
                cp.mode = "ap_vld" if cp.direction != "in" and cp.mode == "ap_none" else cp.mode
                fn.params.append(Param(cp.name, cp.direction, elem_bits, {**attrs, "mode": cp.mode}))
                base.params = [cp.name]
            elif part or resh:
                p = (part or resh)[-1]
                kind = partition_type(p)
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
            if base.kind != "mem" and cp.direction == "inout" and self._read_after_write(cp.name):
                # ports, not a memory: a read after a write would see the input port (Base.shadow)
                base.shadow = self._unique_mem(f"{cp.name}_value")
                fn.memories.append(Memory(base.shadow, "regs", elem_bits, base.depth, {"latency": 0}))
            self.bases[cp.name] = base
            self.values[arg.name] = Ptr(base, [], 0)
        self._port_names()
        if self.ret_ctype is not None:
            fn.attrs["return"] = {"width": self.ret_ctype.width, "signed": self.ret_ctype.signed,
                                  "c_type": self.ret_ctype.text}

    def read_ports_for_part_writes(self) -> None:
        """After the import: an ap_memory argument that C only writes but whose elements the import
        reads. A store of part of an element (a byte of a `uint32_t` word; a memset or memcpy over part
        of one) merges into the element's other bytes, a read-modify-write, so the port needs its read
        side and the argument is inout (without it, codegen found no read port: an internal error,
        "KeyError: 'q'", at d0b0009 for `memset((uint8_t *)w + 1, v, 2)`)."""
        loaded = {op.attrs.get("mem") for op in self.fn.all_ops() if op.opcode == "load"}
        for mem in self.fn.memories:
            if mem.kind == "arg" and not mem.attrs.get("read") and mem.name in loaded:
                mem.attrs["read"] = True
                for cp in self.cparams:
                    if cp.name == mem.name:
                        cp.direction = "inout"

    def merge_partial_writes(self) -> None:
        """After the import: a port argument (a scalar, a reshaped array, a partitioned element) that the
        call may write only in part. Its output port carries the whole value and its valid covers all of
        it, so the bits the call did not write must be the caller's: such a parameter is marked
        ``merge`` (codegen/control.py starts its output register from the input port at each call) and
        gets an input port if C never reads it. Writes that cover every bit in one block need none of it:
        each run of the block writes all of them (clang's two i64 halves of an ap_uint<128>)."""
        writes: dict[str, list[Op]] = {}
        for op in self.fn.all_ops():
            if op.opcode == "out":
                writes.setdefault(op.attrs["param"], []).append(op)
        for p in self.fn.params:
            ops = writes.get(p.name, [])
            if all(op.attrs.get("lo", 0) == 0 and op.operands[0].width == p.width for op in ops):
                continue
            covered = 0
            for op in ops:
                covered |= ((1 << op.operands[0].width) - 1) << op.attrs.get("lo", 0)
            if len({op.block.name for op in ops}) == 1 and covered == (1 << p.width) - 1:
                continue
            p.attrs["merge"] = True
            if p.direction == "out":   # every element of a partitioned array: one C argument, one direction
                owner = p.attrs.get("array", p.name)
                for q in self.fn.params:
                    if q.attrs.get("array", q.name) == owner:
                        q.direction = "inout"
                for cp in self.cparams:
                    if cp.name == owner:
                        cp.direction = "inout"

    def _by_value_in_memory(self, cp: CParam, arg, usage: dict[str, tuple[bool, bool]]) -> None:
        """A value wider than 128 bits passed by value (``ap_uint<256> key``): the C ABI hands the function
        a pointer to a copy (``byval``); its reads are slices of the input port, as through a const reference."""
        if usage.get(arg.name.strip('%"'), (False, False))[1]:
            raise UserError(f"parameter '{cp.name}' (wider than 128 bits, passed by value) is modified in the function",
                            file=str(self.src), line=cp.line, hint="copy it into a local variable and modify that")
        base = Base(cp.name, "scalar", cp.ctype.width, int_alloc_bytes(cp.ctype.width), 1, params=[cp.name], cparam=cp)
        self.bases[cp.name] = base
        self.values[arg.name] = Ptr(base, [], 0)

    def _port_names(self) -> None:
        """INTERFACE name=: the argument's Param/Memory carry their port prefix in attrs["port"]."""
        taken: dict[str, str] = {}
        for cp in self.cparams:
            cp.port_base = interface_name(self.directives, cp.name, self.top.name)
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
        self._field_port_clashes()

    def _field_port_clashes(self) -> None:
        """A struct field's port (valid_ready streams) must not take a name another port has."""
        owner: dict[str, str] = {}
        for cp in self.cparams:
            mem = next((m for m in self.fn.memories if m.name == cp.name and m.kind == "stream"), None)
            names = [cp.port] if mem is None else list(stream_ports(cp.port, cp.mode, cp.direction).values())
            if mem is not None and mem.attrs.get("fields"):
                names = names[1:] + [f[0] for f in mem.attrs["fields"]]
            for k, name in enumerate(names):
                if name in owner or name in names[:k] or name in ("ap_clk", "ap_rst"):
                    raise UserError(f"port '{name}' of argument '{cp.name}' is also a port of "
                                    f"'{owner.get(name, cp.name if name in names[:k] else 'the block protocol')}'", file=str(self.src),
                                    line=cp.line, hint="rename the struct field or give the stream another "
                                                       "INTERFACE name=")
                owner[name] = cp.name

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
        cp.mode = stream_mode(cp, self.directives)
        cp.ctype = replace(cp.ctype, width=bits, signed=signed)
        arg = llargs.get(cp.name)
        if arg is None:
            return
        # a valid_ready stream of a struct has one port per field, named as the field (seed 002 Fig. 4)
        fields = stream_fields(self.dbg, cp, str(self.src)) if cp.mode == "valid_ready" and \
            stream_of_struct(cp.c_type) else []
        self.fn.memories.append(Memory(cp.name, "stream", bits, 1, {
            "c_type": cp.c_type, "signed": signed, "mode": cp.mode, "direction": cp.direction,
            "ports": 1, "latency": 0, "read": reads, "write": writes,
            **({"fields": [list(f) for f in fields]} if fields else {}),
            **({"register": True} if writes and cp.mode in OFFER_MODES and
               stream_registered(cp, self.directives) else {})}))
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
                    toks = [t for t in ins.tokens if t not in FLAGS]
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
        if ptr_tok.startswith("%"):            # a walking or selected pointer: the object it points into
            objects = self.points_to.objects(self.points_to.location(ptr_tok))
            if len(objects) == 1:
                return objects[0]
        return self._roots.get(ptr_tok, ptr_tok)

    def _access_roots(self, ins: Instr) -> list[str]:
        """The objects a load/store may touch: its root, or every object of the points-to class of a
        pointer chosen at run time (a steered access reads or writes each of them, import_steer.py)."""
        root = self._root_of(ins)
        if root is None or not root.startswith("%") or root in self._objects:
            return [root] if root else []
        objects = self.points_to.objects(self.points_to.location(root))
        may = self.points_to.may_point(root)
        if may is not None:                      # what this pointer itself can reach
            objects = [o for o in objects if o in may] or objects
        if ins.opcode == "store":               # never a const argument (import_steer.py: _read_only)
            const = {f"%{cp.name}" for cp in self.cparams if cp.read_only}
            objects = [o for o in objects if o not in const]
        return objects or [root]

    def _read_after_write(self, name: str) -> bool:
        """Whether a load of the argument ``name`` may run after a store to it in one call, on some path (a
        later instruction of the block, or a block reached from the store's, loops included). C reads back
        the value written, an input port holds the caller's: such an argument held in ports (a scalar, a
        partitioned or reshaped array) gets registers of its values in the call (``Base.shadow``). It takes
        a store opt could not forward to the load: the `r` of Vitis's dsa test, written by sign() and read
        by verify() after stores through other `ap_uint<160>&`s."""
        stores = [(b, k) for b, k, op in self._argument_accesses().get(name, []) if op == "store"]
        loads = [(b, k) for b, k, op in self._argument_accesses().get(name, []) if op == "load"]
        if not stores or not loads:
            return False
        succ = self.llvm_successors()
        for block in {b for b, _ in stores}:
            first = min(k for b, k in stores if b == block)
            after = {b for s in succ.get(block, []) for b in reachable(s, succ)}
            if any((lb == block and lk > first) or lb in after for lb, lk in loads):
                return True
        return False

    def _argument_accesses(self) -> dict[str, list[tuple[str, int, str]]]:
        """Argument name -> the (block, index, load/store) of each access that may touch it, found once."""
        if getattr(self, "_accesses", None) is None:
            self._accesses: dict[str, list[tuple[str, int, str]]] = {}
            for bb in self.top.blocks:
                for k, ins in enumerate(bb.instrs):
                    if ins.opcode in ("load", "store"):
                        for root in {r[1:].strip('"') for r in self._access_roots(ins) if r.startswith("%")}:
                            self._accesses.setdefault(root, []).append((bb.name, k, ins.opcode))
        return self._accesses

    def _pointer_usage(self) -> dict[str, tuple[bool, bool]]:
        self._roots: dict[str, str] = {}
        self._objects = {a.name for a in self.top.args} | {ins.result for bb in self.top.blocks for ins in bb.instrs
                                                          if ins.opcode == "alloca"}
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode == "getelementptr" and ins.result:
                    toks = ins.tokens
                    k = toks.index("ptr")
                    self._roots[ins.result] = self._roots.get(toks[k + 1], toks[k + 1])
        usage: dict[str, tuple[bool, bool]] = {}

        def note(root: str | None, read: bool, write: bool) -> None:
            if root and root.startswith("%"):
                r, w = usage.get(root[1:].strip('"'), (False, False))
                usage[root[1:].strip('"')] = (r or read, w or write)
        for bb in self.top.blocks:
            for ins in bb.instrs:
                if ins.opcode in ("load", "store"):
                    for root in self._access_roots(ins):
                        note(root, ins.opcode == "load", ins.opcode == "store")
                elif ins.opcode == "call":        # memcpy/memmove read their source, and all write the destination
                    callee = next((t for t in ins.tokens if t.startswith("@llvm.mem")), None)
                    if callee:
                        args = [next(x for x in ins.tokens[k + 1:] if x[0] in "%@") for k, t in
                                enumerate(ins.tokens) if t == "ptr"]
                        for k, tok in enumerate(args[:2]):
                            for obj in self.points_to.objects(self.points_to.location(tok)):
                                note(obj, k == 1 and not callee.startswith("@llvm.memset"), k == 0)
        return usage

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
