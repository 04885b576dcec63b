"""Import the optimised LLVM IR of one function (the top, an INLINE-off sub-module or a DATAFLOW
process) into the HLS IR.

Pointers never become IR values: every pointer is resolved statically to (base array, byte offset as
a linear combination of indices), and each load/store turns into the access the base's interface
needs — a memory ``load``/``store``, a ``param``/``out`` on a scalar port, a slice of a reshaped
port, or a multiplexer over partitioned elements.

``Importer`` walks the blocks in reverse post-order and hands each instruction to the job that
handles it; the jobs are one module each (the state they share is import_state.py):

    import_interface  C parameters → ports / memories / streams (C4)
    import_memory     globals and allocas → memories (their directives: storage_directives.py)
    import_pools      objects one pointer may point into → one memory (a pool)
    import_held       the byte inside its element of a pointer held in memory
    import_pointers   operands and statically resolved pointers
    import_access     loads and stores → the access their base needs
    import_steer      pointers that may point into an argument and other arrays (tag + index)
    import_ops        arithmetic, compares, casts, phis, branches, switch, ret
    import_calls      intrinsics, INLINE-off calls, stream checks
    import_memops     memset/memcpy/memmove of a known length
"""

from __future__ import annotations

import re

from cryptohls.frontend.import_access import AccessImport
from cryptohls.frontend.import_calls import CallImport
from cryptohls.frontend.import_held import HeldPointerImport
from cryptohls.frontend.import_interface import InterfaceImport
from cryptohls.frontend.import_memory import MemoryImport
from cryptohls.frontend.import_memops import MemoryIntrinsicImport
from cryptohls.frontend.import_ops import OpImport
from cryptohls.frontend.import_pointers import PointerImport
from cryptohls.frontend.import_pools import PoolImport
from cryptohls.frontend.import_state import block_name, source_name
from cryptohls.frontend.import_steer import SteerImport
from cryptohls.frontend.lltypes import leaf_offsets
from cryptohls.ir.nodes import Block, Function


class Importer(InterfaceImport, MemoryImport, HeldPointerImport, PoolImport, PointerImport, AccessImport, SteerImport,
               OpImport, CallImport, MemoryIntrinsicImport):
    """The import of one function: ``Importer(...).run() -> Function``."""

    def run(self) -> Function:
        self.build_interface()
        order = self._rpo()
        blocks = {bb.name: bb for bb in self.top.blocks}
        for name in order:
            self.fn.blocks.append(Block(block_name(name)))
        entry = self.fn.blocks[0]
        self.block = entry
        self.cur = None
        self.fill_shadows()   # import_access.py
        for a in self.top.args:
            self._bind_scalar_arg(a)
            if a.type == "ptr" and a.name in self.values:   # an argument one pointer shares with other arrays
                self.values[a.name] = self.object_pointer(a.name)
        for name in order:
            self.block = self.fn.block(block_name(name))
            self.block_ended = False   # set by a call that ends the program (import_calls.py)
            for ins in blocks[name].instrs:
                if self.block_ended:
                    break
                self.cur = ins
                self.instr(ins)
        self._finish_phis()
        self.settle_constant_copies()   # import_memops.py
        self.read_ports_for_part_writes()   # import_interface.py
        self.merge_partial_writes()         # import_interface.py
        if not self.cparams:
            self._mark_program_globals()
        return self.fn

    def _mark_program_globals(self) -> None:
        """A top without arguments is a whole program: its globals are its results. Each memory holding
        (a field of) a file-scope global gets attrs["global"] = where its elements sit in C memory
        {name, offset, stride, bytes}, so passes keep its stores and cosim can compare it with the native
        run (hls/report.py "program"). Static locals (`main.x` in LLVM) cannot be named from outside."""
        memories = {m.name: m for m in self.fn.memories}
        for symbol, base in self.bases.items():
            g = self.mod.globals.get(symbol)
            c_name = source_name(symbol.strip('@"'))
            if g is None or g.constant or not re.fullmatch(r"[A-Za-z_]\w*", c_name):
                continue
            pointer_at = {off for off, lt in leaf_offsets(self.types.from_text(g.type)) if lt.kind == "ptr"}
            parts = base.fields.items() if base.fields else [(0, base)]
            for offset, part in parts:
                # left out: pointers (the hardware holds indices, the native program addresses) and
                # array members of records (two strides); pools are not in self.bases. A union of a
                # pointer that holds none is integers (import_memory.py holds_no_pointer): compared
                if offset in pointer_at and base.fields or part.member or (not base.fields and base.pointers):
                    continue
                if part.name in memories:
                    memories[part.name].attrs["global"] = {
                        "name": c_name, "offset": offset, "stride": part.elem_bytes,
                        "bytes": part.access_bytes or part.elem_bytes}

    def _rpo(self) -> list[str]:
        succ = self.llvm_successors()
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

    def _finish_phis(self) -> None:
        for phi, t, incoming, phi_instr in self.pending_phis:
            self.cur = phi_instr
            blocks, operands = [], []
            for value, btok in incoming:
                bname = block_name(btok)
                bname = self.block_tail.get(bname, bname)   # split by a loop (import_memops.py)
                key = (bname, phi.block.name)
                if key in self.edge_rename:
                    if self.edge_rename[key] == "":
                        continue
                    bname = self.edge_rename[key]
                if isinstance(t, tuple):          # ("ptr", storage, byte): a pointer phi's index
                    v = self.phi_pointer_input(value, t[1], t[2], self.fn.block(bname))
                else:
                    v = self.value(value[0], t, value, 0)
                blocks.append(bname)
                operands.append(v)
            preds = self.fn.predecessors()[phi.block.name]
            keep = [(b, v) for b, v in zip(blocks, operands) if b in preds]
            phi.attrs["blocks"] = [b for b, _ in keep]
            phi.operands = [v for _, v in keep]


__all__ = ["Importer"]
