"""Importer job: calls: intrinsics lowered to logic, INLINE-off calls, stream checks, rejected calls."""

from __future__ import annotations

import re

from cryptohls.frontend.import_state import SKIP_CALLS, ImportState, Ptr
from cryptohls.frontend.interface import STREAM_CHECK
from cryptohls.frontend.library_calls import exit_status, is_program_exit
from cryptohls.frontend.llparse import Instr
from cryptohls.ir.nodes import Const, Operand


class CallImport(ImportState):
    def call(self, ins: Instr) -> None:
        toks = ins.tokens
        callee = next((t for k, t in enumerate(toks[:-1]) if toks[k + 1] == "(" and t.startswith("@")), None)
        if callee is None:
            raise self.error("call through a function pointer is not supported")
        name = callee.strip('@"')
        if name.startswith(SKIP_CALLS):
            return
        if name.startswith(("llvm.memset.", "llvm.memcpy.", "llvm.memmove.")):
            self.memory_intrinsic(name, toks)
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
        elif is_program_exit(name):
            self._program_exit(name, args)
        else:
            pretty = name if name.startswith("llvm.") else (self.dbg.subprogram_name(
                self.mod.functions[callee].dbg) if callee in self.mod.functions else None) or name
            if callee in self.mod.functions and not self.mod.functions[callee].is_declaration:
                raise self.error(f"recursion is not supported: the call to '{pretty}' remains after inlining",
                                 "rewrite the recursion as a loop")
            raise self.error(f"unsupported intrinsic or external function '{pretty}'",
                             "write the operation with integer arithmetic")

    def _program_exit(self, name: str, args: list) -> None:
        """exit(code)/abort() in main (frontend/c_subset.py allows them there only): the call ends, with
        the status as main's return value; the rest of the block (LLVM's `unreachable`) is not imported."""
        status = exit_status(name, args)
        if self.ret_ctype is None:
            self.emit("ret", 0, [])
        else:
            w = self.ret_ctype.width
            self.emit("ret", 0, [Const(w, status) if status is not None else self.resize(args[0][1], w)])
        self.block_ended = True

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
