"""Which rows of the results DB stand for a (variant, target): the one policy of the bench's table,
`cryptohls report`, `--lwc-rankings` and `--lwc-report` (docs/bench.md, "Which rows a report keeps").

A row's options name two things:

- its *configuration*, what was measured: the variant's sources (source hash), the tools' versions, the
  device, and every option that changes what the design may use or what the flow counts (the memory
  budget `allow_bram` / `memories`, the flow's version, any option not named below);
- its *option set*, how the tools were driven on that configuration (TOOL_OPTIONS): a strategy's option
  set, the LUT mapping, the router, the Fmax search, synthesis only.

Per (variant, target) the newest configuration stands (the one holding the newest row: older sources or
tools are superseded, and a run with another memory budget measures another thing, so TP/area is not
compared across it). Every option set of that configuration is a candidate, its seeds folded; the best
by strategies.goodness is the variant's figure. Runs of one configuration with other tool switches are
alternatives of one measurement, so keeping the best of them is fair (issue 37's best of strategies).
"""

from __future__ import annotations

import json

from cryptohls.bench.db import ResultRow, canonical_json

# The options that say how the tools were driven, not what was measured.
TOOL_OPTIONS = ("strategy", "mapping", "router", "fmax_search", "pnr")


def configuration(row: ResultRow) -> tuple[str, ...]:
    """What a row measured: (variant, target, device, sources, tools, options less TOOL_OPTIONS)."""
    measured = {k: v for k, v in json.loads(row.options or "{}").items() if k not in TOOL_OPTIONS}
    return (row.variant, row.target, row.device, row.source_hash, row.tool_versions, canonical_json(measured))


def mapping_of(options_json: str) -> str:
    """The LUT mapping goal a row was synthesized with: the run's (`cryptohls bench --mapping`) or its
    strategy option set's (`abc9-area`, `area-sa`)."""
    options = json.loads(options_json or "{}")
    return options.get("mapping") or options.get("strategy", {}).get("mapping") or "delay"


def option_set_label(options_json: str) -> str:
    """A row's option set in words: its strategy option set's name ("default" without one), then the
    run's own tool options that are not the default (``abc9-area``, ``default, mapping=area``,
    ``default, pnr=off``); the Fmax search is left out (every row names one)."""
    options = json.loads(options_json or "{}")
    parts = [options.get("strategy", {}).get("name", "default")]
    parts += [f"{k}={'off' if v is False else v}" for k, v in sorted(options.items()) if k in ("mapping", "router", "pnr")]
    return ", ".join(parts)


def chosen_rows(rows: list[ResultRow], mapping: str | None = None) -> dict[tuple[str, str], list[list[ResultRow]]]:
    """{(variant, target): the rows of its newest configuration, one list per option set (by seed)}.
    `mapping`: only rows synthesized with that LUT mapping (`cryptohls report --mapping`), as if the
    DB held no others; None: every row."""
    configs: dict[tuple[str, ...], dict[str, list[ResultRow]]] = {}
    for row in rows:
        if mapping is None or mapping_of(row.options) == mapping:
            configs.setdefault(configuration(row), {}).setdefault(row.options, []).append(row)
    newest: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    for config, option_sets in configs.items():
        stamp = (max(r.created_at for group in option_sets.values() for r in group), config)
        newest[config[:2]] = max(newest.get(config[:2], stamp), stamp)
    return {pair: [sorted(group, key=lambda r: r.seed) for _, group in sorted(configs[config].items())]
            for pair, (_, config) in sorted(newest.items())}
