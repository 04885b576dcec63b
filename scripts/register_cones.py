"""Which registers a mapped ecp5 netlist's logic cells serve: each LUT4 / PFUMX / L6MUX21 / CCU2C is
charged to the register groups (a flip-flop's Q net name without its bit index) whose next-value cone
(D, CE and LSR, back to flip-flops and input ports) contains it. Cells in one group's cones only are that
group's; the rest are shared. Used to attribute an HLS/RTL area gap to the logic in front of one
register (designs/ketjesrv1/docs.md, "The remaining area, attributed").

    python scripts/register_cones.py <netlist.json> <module> [--same a,b,...] [--top N]

`--same` names groups to count as one (a register the compiler split into two phis), `--top` how many
groups to list. Prints the groups by their own LUT4, then the shared cells by how many groups share them.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict

LOGIC = ("LUT4", "PFUMX", "L6MUX21", "CCU2C")
FF = "TRELLIS_FF"


def _names(module: dict) -> dict[int, str]:
    """bit -> the shortest public net name of it (with its index if the net is wider than one bit)."""
    best: dict[int, tuple[int, str]] = {}
    for name, net in module["netnames"].items():
        generated = name.startswith("$") or re.search(r"_(TRELLIS|LUT4|PFUMX|L6MUX|CCU2C)", name) is not None
        for k, bit in enumerate(net["bits"]):
            if isinstance(bit, int):
                label = f"{name}[{k}]" if len(net["bits"]) > 1 else name
                rank = (generated, len(name))
                if bit not in best or rank < best[bit][0]:
                    best[bit] = (rank, label)
    return {bit: label for bit, (rank, label) in best.items()}


def attribute(netlist: dict, module: str, same: set[str]) -> tuple[dict[str, Counter], Counter]:
    mod = netlist["modules"][module]
    cells = mod["cells"]
    driver = {bit: name for name, c in cells.items() for port, d in c["port_directions"].items()
              if d == "output" for bit in c["connections"][port] if isinstance(bit, int)}
    names = _names(mod)

    def group(bit: int) -> str:
        g = re.sub(r"\[\d+\]$", "", names.get(bit, f"?{bit}"))
        return "+".join(sorted(same)) if g in same else g

    served: dict[str, set[str]] = defaultdict(set)   # logic cell -> register groups
    for c in cells.values():
        if c["type"] != FF:
            continue
        g = group(c["connections"]["Q"][0])
        stack = [b for p in ("DI", "CE", "LSR") for b in c["connections"].get(p, []) if isinstance(b, int)]
        seen: set[int] = set()
        while stack:
            bit = stack.pop()
            if bit in seen or bit not in driver:
                continue
            seen.add(bit)
            cell = cells[driver[bit]]
            if cell["type"] not in LOGIC:
                continue   # a flip-flop, a block RAM or a port: the cone ends
            served[driver[bit]].add(g)
            stack += [b for p, d in cell["port_directions"].items() if d == "input"
                      for b in cell["connections"][p] if isinstance(b, int)]
    own: dict[str, Counter] = defaultdict(Counter)
    shared: Counter = Counter()
    for name, groups in served.items():
        kind = cells[name]["type"]
        if len(groups) == 1:
            own[next(iter(groups))][kind] += 1
        else:
            shared[(len(groups) if len(groups) < 5 else "5+", kind)] += 1
    return own, shared


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("netlist")
    ap.add_argument("module")
    ap.add_argument("--same", default="", help="register groups to count as one, comma-separated")
    ap.add_argument("--top", type=int, default=15)
    a = ap.parse_args()
    netlist = json.load(open(a.netlist))
    own, shared = attribute(netlist, a.module, {s for s in a.same.split(",") if s})
    total = Counter(c["type"] for c in netlist["modules"][a.module]["cells"].values() if c["type"] in LOGIC)
    print("all logic cells:", dict(total))
    for g, n in sorted(own.items(), key=lambda kv: -kv[1]["LUT4"])[:a.top]:
        print(f"  {g:40s} {dict(n)}")
    by_kind: Counter = Counter()
    for (k, kind), n in shared.items():
        by_kind[kind] += n
    print("shared by 2 or more groups:", dict(by_kind))
    for key in sorted(shared, key=str):
        print(f"  {key[0]} groups, {key[1]}: {shared[key]}")


if __name__ == "__main__":
    main()
