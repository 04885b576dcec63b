"""``cryptohls designs``: list the designs and their variants."""

from __future__ import annotations

import json

from cryptohls.designs import all_variants

VERB = "designs"
HELP = "list designs and their variants"


def add_arguments(parser):
    parser.add_argument("--json", action="store_true", help="print a JSON list instead of a table")


def run(args) -> int:
    variants = all_variants()
    if args.json:
        print(json.dumps([{"variant": v.full_name, "kind": v.kind, "top": v.top,
                           "interface": v.interface, "block_bits": v.block_bits}
                          for v in variants], indent=2))
        return 0
    if not variants:
        print("no designs yet")
        return 0
    width = max(len(v.full_name) for v in variants)
    for v in variants:
        print(f"{v.full_name:<{width}}  {v.kind:<3}  top={v.top:<24} {v.description}")
    return 0
