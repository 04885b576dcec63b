"""Structural checks of the HLS IR; passes call :func:`verify` before and after they run."""

from __future__ import annotations

from cryptohls.ir.analysis import dominators
from cryptohls.ir.nodes import (ALL_OPS, BINARY_OPS, CAST_OPS, ICMP_PREDICATES, TERMINATORS, VOID_OPS, Const,
                                Function, Memory, Op)


class IRVerifyError(AssertionError):
    pass


# the opcode groups as sets: every op is looked up in several of them
_ALL_OPS, _BINARY_OPS, _CAST_OPS = frozenset(ALL_OPS), frozenset(BINARY_OPS), frozenset(CAST_OPS)
_VOID_OPS, _TERMINATORS = frozenset(VOID_OPS), frozenset(TERMINATORS)


def _width(v) -> int:
    return v.width


def _check_op(fn: Function, op: Op, mems: dict[str, Memory], params: set[str],
              preds: dict[str, list[str]]) -> str | None:
    operands, opcode, width = op.operands, op.opcode, op.width   # read once: this runs for every op
    n = len(operands)
    if opcode not in _ALL_OPS:
        return "unknown opcode"
    if (width == 0) != (opcode in _VOID_OPS):
        return "result width does not match opcode"
    if opcode in _BINARY_OPS:
        if n != 2 or operands[0].width != width or operands[1].width != width:
            return "binary op needs two operands of the result width"
    elif opcode in _CAST_OPS:
        if n != 1:
            return "cast needs one operand"
        w = operands[0].width
        if (opcode == "trunc" and w <= width) or (opcode != "trunc" and w >= width):
            return "cast width does not fit"
    elif opcode in ("load", "store"):   # before the rarer ops (the branches test distinct opcodes)
        mem = op.attrs.get("mem")
        if mem not in mems:
            return f"unknown memory {mem!r}"
        m = mems[mem]
        # one more operand: an i1 guard (memories: steered accesses, frontend/import_steer.py) or
        # predicate (streams: passes/if_convert.py); the access happens only when it is 1
        plain = 1 if op.opcode == "load" else 2
        if n not in (plain, plain + 1):
            return "memory op operand count"
        if n == plain + 1 and _width(op.operands[-1]) != 1:   # a guard: the access happens only when it is 1
            return "memory op guard is not an i1"
        if op.opcode == "load" and op.width != m.width:
            return "load width differs from the memory's"
        if op.opcode == "store" and _width(op.operands[1]) != m.width:
            return "store width differs from the memory's"
    elif op.opcode == "icmp":
        if op.width != 1 or n != 2 or _width(op.operands[0]) != _width(op.operands[1]):
            return "icmp needs two operands of equal width and an i1 result"
        if op.attrs.get("pred") not in ICMP_PREDICATES:
            return "icmp predicate"
    elif op.opcode == "select":
        if n != 3 or _width(op.operands[0]) != 1 or _width(op.operands[1]) != op.width \
                or _width(op.operands[2]) != op.width:
            return "select needs (i1, T, T)"
    elif op.opcode == "concat":
        if n < 1 or sum(_width(v) for v in op.operands) != op.width:
            return "concat width is not the sum of its operands"
    elif op.opcode == "slice":
        if n != 1 or op.attrs.get("lo", -1) < 0 or op.attrs["lo"] + op.width > _width(op.operands[0]):
            return "slice out of range"
    elif op.opcode == "phi":
        blocks = op.attrs.get("blocks", [])
        if len(blocks) != n or any(_width(v) != op.width for v in op.operands):
            return "phi operands and blocks do not match"
        block_preds = preds[op.block.name]
        if sorted(set(blocks)) != sorted(block_preds):
            return f"phi blocks {blocks} are not the predecessors {block_preds}"
    elif op.opcode == "can_transfer":
        mem = op.attrs.get("mem")
        if mem not in mems or mems[mem].kind != "stream":
            return f"can_transfer needs a stream, not {mem!r}"
        if n != 0 or op.width != 1:
            return "can_transfer is an i1 without operands"
    elif op.opcode in ("param", "out"):
        if op.attrs.get("param") not in params:
            return f"unknown param {op.attrs.get('param')!r}"
        p = fn.param(op.attrs["param"])
        w = op.width if op.opcode == "param" else (_width(op.operands[0]) if n == 1 else -1)
        if w < 1 or op.attrs.get("lo", 0) + w > p.width:
            return "port slice out of range"
    elif op.opcode == "br":
        targets = op.attrs.get("targets", [])
        if len(targets) != (2 if n == 1 else 1) or (n == 1 and _width(op.operands[0]) != 1):
            return "br needs one target, or an i1 condition and two targets"
    elif op.opcode == "ret":
        if n > 1:
            return "ret takes at most one value"
    return None


def verify(fn: Function) -> None:
    """Raise :class:`IRVerifyError` on the first structural problem."""
    if not fn.blocks:
        raise IRVerifyError(f"{fn.name}: no blocks")
    mems: dict[str, Memory] = {}
    for m in fn.memories:
        mems.setdefault(m.name, m)   # the first of a name, as fn.memory() finds it
    params = {p.name for p in fn.params}
    names = {b.name for b in fn.blocks}
    if len(names) != len(fn.blocks):
        raise IRVerifyError(f"{fn.name}: duplicate block names")
    defined: dict[int, Op] = {}
    index: dict[int, int] = {}   # op id -> its index in its block (op.block, checked here), for the dominance check
    for b in fn.blocks:
        ops = b.ops
        if not ops or ops[-1].opcode not in _TERMINATORS:
            raise IRVerifyError(f"block {b.name}: does not end in a terminator")
        last = ops[-1]
        seen_non_phi = False
        for i, op in enumerate(ops):
            if op.block is not b:
                raise IRVerifyError(f"{op!r}: parent block link is stale")
            opcode = op.opcode
            if opcode == "phi":   # not a terminator
                if seen_non_phi:
                    raise IRVerifyError(f"{op!r}: phi after a non-phi op")
            else:
                if opcode in _TERMINATORS and op is not last:
                    raise IRVerifyError(f"{op!r}: terminator in the middle of block {b.name}")
                seen_non_phi = True
            if op.id in defined:
                raise IRVerifyError(f"{op!r}: id used twice")
            defined[op.id] = op
            index[op.id] = i
            if opcode == "br":
                for t in op.attrs.get("targets", []):
                    if t not in names:
                        raise IRVerifyError(f"{op!r}: unknown target {t}")
    # the operands, each op's own rules and dominance in one walk; a dominance problem is raised only
    # once every op has passed its own checks, as when they were two walks (the first problem reported
    # stays the same)
    try:
        dom = dominators(fn)
    except KeyError:   # a br without targets (the CFG cannot be read): its own check below reports it
        dom = {}
    preds: dict[str, list[str]] = {}   # computed at the first phi, once (it was per phi)
    late: str | None = None            # the first dominance problem
    get_defined = defined.get
    for b in fn.blocks:
        own_dom = dom.get(b.name)   # None: a block the entry never reaches (its uses are not checked)
        for i, op in enumerate(b.ops):
            is_phi = op.opcode == "phi"
            # an operand's block is the one the walk above found it in (it checked every op's link)
            check_order = late is None and not is_phi   # same-block uses follow their definition, others are dominated
            for v in op.operands:
                if isinstance(v, Op):
                    if get_defined(v.id) is not v:
                        raise IRVerifyError(f"{op!r}: operand %{v.id} is not in the function")
                    if check_order:
                        vb = v.block
                        if vb is b:
                            if index[v.id] >= i:
                                late = f"{op!r}: uses %{v.id} before its definition"
                                check_order = False
                        elif own_dom is not None and vb.name not in own_dom:
                            late = f"{op!r}: %{v.id} does not dominate its use"
                            check_order = False
                elif isinstance(v, Const) and v.width < 1:
                    raise IRVerifyError(f"{op!r}: zero-width constant")
            if is_phi and not preds:
                preds = fn.predecessors()
            problem = _check_op(fn, op, mems, params, preds)
            if problem:
                raise IRVerifyError(f"{op!r} ({op.opcode}) line {op.line}: {problem}")
            if is_phi and late is None and dom:
                late = _phi_dominance(op, dom)
    if late is not None:
        raise IRVerifyError(late)


def _phi_dominance(op: Op, dom: dict[str, set[str]]) -> str | None:
    """A phi's incoming value must dominate the edge it comes along (after _check_op: one block per operand)."""
    blocks = op.attrs.get("blocks", [])
    for k, v in enumerate(op.operands):
        if not isinstance(v, Op):
            continue
        vb = v.block.name   # in the function (verify checked it and its block link)
        use_block = blocks[k]
        # an edge from a block the entry never reaches is never taken (Csmith seed 693: a loop the
        # frontend left behind a branch it resolved), like any use inside one
        if use_block in dom and vb not in dom[use_block]:
            return f"{op!r}: incoming %{v.id} does not dominate edge from {use_block}"
    return None
