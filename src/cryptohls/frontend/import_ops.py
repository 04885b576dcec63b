"""Importer job: one LLVM instruction → HLS IR ops (arithmetic, compares, casts, select, phi, branches, switch, ret)."""

from __future__ import annotations

import re

from cryptohls.frontend.import_state import BINOPS, FLAGS, ImportState, block_name, legal
from cryptohls.frontend.llparse import Instr
from cryptohls.frontend.lltokens import phi_incoming
from cryptohls.frontend.lltypes import LLType
from cryptohls.frontend.dbginfo import real_path
from cryptohls.ir.nodes import Block, Const, Op, Operand


class OpImport(ImportState):
    def instr(self, ins: Instr) -> None:
        op = ins.opcode
        toks = ins.tokens
        res = ins.result
        if op in BINOPS:
            k = 0
            while toks[k] in FLAGS:
                k += 1
            t, a, k = self.typed_operand(toks, k)
            b = self.value(toks[k + 1], t, toks, k + 1)
            self._require_int(t)
            self.values[res] = self.emit(op, t.bits, [a, b], self._name(res))
        elif op == "icmp":
            k = 0
            while toks[k] in FLAGS:
                k += 1
            pred = toks[k]
            t, a, k2 = self.typed_operand(toks, k + 1)
            b = self.value(toks[k2 + 1], t, toks, k2 + 1)
            if t.kind == "ptr":
                self.values[res] = self._pointer_compare(pred, a, b)
            else:
                self.values[res] = self.emit("icmp", 1, [a, b], {"pred": pred})
        elif op == "select":
            _, c, k = self.typed_operand(toks, 0)
            t, a, k = self.typed_operand(toks, k + 1)
            _, b, k = self.typed_operand(toks, k + 1)
            if t.kind == "ptr":
                self.values[res] = self._pointer_select(res, c, a, b)
            elif t.kind == "struct":
                self.values[res] = [self.emit("select", x.width, [c, x, y]) for x, y in zip(a, b)]
            else:
                self.values[res] = self.emit("select", t.bits, [c, a, b], self._name(res))
        elif op in ("zext", "sext", "trunc"):
            t, v, k = self.typed_operand(toks, 0)
            assert toks[k] == "to"
            t2, _ = self.types.parse(toks, k + 1)
            self._require_int(t2)
            self.values[res] = v if t2.bits == t.bits else self.emit(op, t2.bits, [v], self._name(res))
        elif op == "ptrtoint":                # pointer differences: `p - buf` is ptrtoint, sub, sdiv exact
            _, v, k = self.typed_operand(toks, 0)
            t2, _ = self.types.parse(toks, k + 1)
            self._require_int(t2)
            self.values[res] = self.pointer_bytes(v, t2.bits)
        elif op == "freeze":
            _, v, _ = self.typed_operand(toks, 0)
            self.values[res] = v
        elif op == "phi":
            k = 0
            while toks[k] in FLAGS:
                k += 1
            t, k = self.types.parse(toks, k)
            incoming = phi_incoming(toks[k:])
            if t.kind == "ptr":
                self.values[res] = self._pointer_phi(res, incoming)
                return
            if t.kind != "int":
                raise self.error(f"phi of type {t.kind} is not supported")
            phi = self.emit("phi", t.bits, [], {"blocks": [], **self._name(res)})
            self.pending_phis.append((phi, t, incoming, ins))
            self.values[res] = phi
        elif op == "getelementptr":
            self.values[res] = self.gep(toks)
            if res in self.points_to.phi_inputs:   # a phi takes it: its index, computed here
                self.values[res] = self.settled_pointer(self.values[res])
        elif op == "load":
            t, k = self.types.parse([x for x in toks if x not in FLAGS], 0)
            toks2 = [x for x in toks if x not in FLAGS]
            _, ptr, _ = self.typed_operand(toks2, k + 1)
            if t.kind == "ptr":
                self.values[res] = self._pointer_load(res, ptr, self.operand_class(toks2, k + 1))
                return
            self.values[res] = self.load(t, ptr)
            if isinstance(self.values[res], Op) and self.values[res].opcode in ("load", "param"):
                self.values[res].attrs.update(self._name(res))
        elif op == "store":
            if self.points_to.dead_store(ins):   # a pointer nothing reads back (local_bytes.py)
                return
            toks2 = [x for x in toks if x not in FLAGS]
            t, v, k = self.typed_operand(toks2, 0)
            _, ptr, _ = self.typed_operand(toks2, k + 1)
            if t.kind == "ptr":
                self._pointer_store(v, ptr, self.operand_class(toks2, k + 1))
            else:
                self.store(t, v, ptr)
        elif op == "alloca":
            self.alloca(ins)
        elif op == "call":
            self.call(ins)
        elif op == "br":
            if toks[0] == "label":
                self.emit("br", 0, [], {"targets": [block_name(toks[1])]})
            else:
                _, c, k = self.typed_operand(toks, 0)
                t1, t2 = toks[k + 2], toks[k + 5]
                if isinstance(c, Const):
                    self.emit("br", 0, [], {"targets": [block_name(t1 if c.value else t2)]})
                    self._drop_edge(t2 if c.value else t1)
                elif t1 == t2:
                    self.emit("br", 0, [], {"targets": [block_name(t1)]})
                else:
                    self.emit("br", 0, [c], {"targets": [block_name(t1), block_name(t2)]})
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
        self.edge_rename[(self.block.name, block_name(target))] = ""

    def _mark_loop(self, ins: Instr) -> None:
        rng = self.dbg.loop_range(ins.loop_md)
        if rng:
            start = rng[0]
            key, name = self.loop_names.get((real_path(start.file), start.line, start.col),
                                            (str(start.line), f"loop_ln{start.line}"))
            self.block.ops[-1].attrs["loop_line"] = start.line
            if key != str(start.line):   # another loop starts on the same line (frontend/loop_table.py)
                self.block.ops[-1].attrs["loop_key"] = key
            self.block.ops[-1].attrs["loop_name"] = name

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
        return {"name": legal(name)}

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
            self.emit("br", 0, [], {"targets": [block_name(default)]})
            return
        index = self.fn.blocks.index(origin)
        current = origin
        for n, (target, cond) in enumerate(conds):
            last = n == len(conds) - 1
            nxt_name = block_name(default) if last else f"{origin.name}_sw{n + 1}"
            if not last:
                nb = Block(nxt_name)
                self.fn.blocks.insert(index + n + 1, nb)
            self.block = current
            self.emit("br", 0, [cond], {"targets": [block_name(target), nxt_name]})
            self.edge_rename[(origin.name, block_name(target))] = current.name
            if last:
                self.edge_rename[(origin.name, block_name(default))] = current.name
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
