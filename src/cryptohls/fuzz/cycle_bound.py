"""A lower bound of the cycles a program's hardware needs, from how often its loops run natively.

Asked only after cosim gave no ap_done within the cycle limit (trial.py): a program whose correct
hardware provably needs more cycles than the limit is skipped, not reported as a hang.

How: the LLVM IR cryptohls imports (``cosim/ir/<top>.opt.ll``, the output of the frontend's opt pipeline,
so LLVM's own transformations are already in it) gets a counter at the start of every block; it is built
natively with a ``main`` that calls the top once and prints the counters. For each natural loop of that IR
(header h dominates a predecessor), H = executions of h and E = the executions of h's predecessors outside
the loop (an upper bound of the loop's entries). The bound is the largest H - MAX_TRIPS * E.

Why it is sound (a correct hardware of this IR cannot take fewer cycles; docs/fuzzing.md, "The cycle limit"):
- the IR is counted after opt, so LLVM's own unrolling is in the counts: its loop-unroll<O2> does unroll
  loops without ``llvm.loop.unroll.disable`` (goto loops, loops of an #included file) by a divisor of
  their trip count, -unroll-threshold=0 notwithstanding; node splitting came before opt;
- every traversal of a back edge that is still a back edge in the final IR costs at least one cycle: the FSM
  cannot go round a loop without a state transition, and a pipelined loop starts its iterations II >= 1
  cycles apart; one loop's traversals never share a cycle (one FSM: no DATAFLOW processes or INLINE-off
  modules in a program without pragmas, which the caller requires);
- passes/full_unroll.py removes a loop whose trip count (header executions an entry) is a constant
  <= MAX_TRIPS: at most MAX_TRIPS - 1 traversals an entry; passes/loop_fusion.py runs two loops together
  and the longer one's rest in a remainder loop: one traversal an entry (into the remainder). No other
  pass takes traversals away: loop_flatten.py makes an N x M nest one pipelined loop of N*M iterations
  (one for each inner and each outer traversal); if_convert.py and merge_blocks.py join blocks inside an
  iteration; dce.py never drops a branch; schedule/fuse.py does a loop exit's first state, or an enclosing
  loop's head, in the loop's last cycle, never a whole iteration in none.
So at least (H - E) - (MAX_TRIPS - 1) * E >= H - MAX_TRIPS * E traversals of the loop's back edges remain,
each in a cycle of its own.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cryptohls.frontend.cfg import dominates, dominators, predecessors
from cryptohls.passes.full_unroll import MAX_TRIPS

COUNTERS = "__cryptohls_block_counts"
_LABEL = re.compile(r'^("(?:[^"\\]|\\.)*"|[-\w.$]+):')
_TARGET = re.compile(r'label %("(?:[^"\\]|\\.)*"|[-\w.$]+)')
_PHI = re.compile(r"^\s+%\S+ = phi\b")

DRIVER = """\
#include <stdint.h>
#include <stdio.h>
extern unsigned long long {counters}[];
uint32_t {top}(void);
int main(void) {{
    {top}();
    for (int i = 0; i < {n}; i++)
        printf("%llu\\n", {counters}[i]);
    return 0;
}}
"""


@dataclass
class Block:
    function: str
    name: str
    successors: list[str]
    index: int                  # its counter


@dataclass
class LoopBound:
    cycles: int                 # the hardware needs at least this many
    function: str
    header: str
    executions: int             # H
    entries: int                # E (an upper bound)

    def describe(self) -> str:
        return (f"loop {self.header} of {self.function} (LLVM IR after opt) runs its header {self.executions} "
                f"times natively, entered at most {self.entries} times: at least {self.executions} - "
                f"{MAX_TRIPS} x {self.entries} = {self.cycles} back edges, a cycle each")


def instrument(ll_text: str) -> tuple[str, list[Block]]:
    """``ll_text`` with a counter increment at the start of every block of every defined function (after
    its phis), and the blocks (their counters numbered in order)."""
    out: list[str] = []
    blocks: list[Block] = []
    function: str | None = None
    pending: int | None = None     # the block whose counter is not written yet (its phis come first)
    empty = False                  # nothing of the current block written yet
    for line in ll_text.splitlines():
        if function is None:
            out.append(line)
            if line.startswith("define ") and line.rstrip().endswith("{"):
                function = re.search(r'@([-\w.$]+|"[^"]*")\(', line).group(1)
                blocks.append(Block(function, "<entry>", [], len(blocks)))   # unless it has a label
                pending, empty = blocks[-1].index, True
            continue
        if line == "}":
            pending = _flush(out, pending)
            out.append(line)
            function = None
            continue
        label = _LABEL.match(line)
        if label and empty:            # the entry block's own label
            blocks[-1].name = label.group(1)
        elif label:
            pending = _flush(out, pending)
            blocks.append(Block(function, label.group(1), [], len(blocks)))
            pending, empty = blocks[-1].index, True
        elif line.strip() and not line.lstrip().startswith(";"):
            if not _PHI.match(line):
                pending = _flush(out, pending)
            empty = False
            blocks[-1].successors += _TARGET.findall(line)
        out.append(line)
    out.append(f"@{COUNTERS} = global [N x i64] zeroinitializer, align 8")
    return "\n".join(out).replace("[N x i64]", f"[{len(blocks)} x i64]") + "\n", blocks


def _flush(out: list[str], index: int | None) -> None:
    """Appends the increment of counter ``index`` (if any)."""
    if index is not None:
        slot = f"getelementptr inbounds ([N x i64], ptr @{COUNTERS}, i64 0, i64 {index})"
        out += [f"  %__cryptohls_c{index} = load i64, ptr {slot}, align 8",
                f"  %__cryptohls_d{index} = add i64 %__cryptohls_c{index}, 1",
                f"  store i64 %__cryptohls_d{index}, ptr {slot}, align 8"]
    return None


def loop_bounds(blocks: list[Block], counts: list[int]) -> list[LoopBound]:
    """H - MAX_TRIPS * E of every natural loop, largest first."""
    found = []
    for function in dict.fromkeys(b.function for b in blocks):
        mine = {b.name: b for b in blocks if b.function == function}
        succ = {n: [s for s in b.successors if s in mine] for n, b in mine.items()}
        idom = dominators(next(iter(mine)), succ)
        preds = predecessors(list(idom), succ)
        latches: dict[str, list[str]] = {}
        for n in idom:
            for s in succ[n]:
                if s in idom and dominates(idom, s, n):
                    latches.setdefault(s, []).append(n)
        for header, ends in latches.items():
            body = _natural_loop(header, ends, preds)
            entries = sum(counts[mine[p].index] for p in preds[header] if p not in body)
            executions = counts[mine[header].index]
            found.append(LoopBound(executions - MAX_TRIPS * entries, function, header, executions, entries))
    return sorted(found, key=lambda lb: -lb.cycles)


def _natural_loop(header: str, latches: list[str], preds: dict[str, list[str]]) -> set[str]:
    body, stack = {header}, [l for l in latches if l != header]
    body.update(stack)
    while stack:
        for p in preds[stack.pop()]:
            if p not in body:
                body.add(p)
                stack.append(p)
    return body


def hardware_cycle_bound(ll_path: Path, top: str, directory: Path,
                         limited: Callable[[Path], list[str]], wall_s: float) -> LoopBound | None:
    """The best bound of the IR ``ll_path`` run once through ``top``, or None when it cannot be measured
    (no IR, a build that fails, a run that does not finish within ``limited``'s CPU limit or ``wall_s``).
    The counted program is built with -O1: an optimiser must keep the counters' final values."""
    cc = shutil.which("clang-19")
    if cc is None or not ll_path.is_file():
        return None
    text, blocks = instrument(ll_path.read_text())
    directory = directory.resolve()   # the run's command names the program by its path
    counted_ll, driver, exe = directory / "counted.ll", directory / "counted_main.c", directory / "counted"
    counted_ll.write_text(text)
    driver.write_text(DRIVER.format(counters=COUNTERS, top=top, n=len(blocks)))
    build = subprocess.run([cc, "-O1", "-w", str(counted_ll), str(driver), "-o", str(exe)], capture_output=True, text=True)
    if build.returncode != 0:
        return None
    try:
        run = subprocess.run(limited(exe), capture_output=True, text=True, timeout=wall_s)
    except subprocess.TimeoutExpired:
        return None
    lines = run.stdout.split()
    if run.returncode != 0 or len(lines) != len(blocks):
        return None
    bounds = loop_bounds(blocks, [int(x) for x in lines])
    return bounds[0] if bounds and bounds[0].cycles > 0 else None
