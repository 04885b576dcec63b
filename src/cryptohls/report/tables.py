"""Text renderings: the case study's comparison tables (RTL row, HLS row, Δ% row per target),
rankings, and flat CSV / JSON of the summaries."""

from __future__ import annotations

import csv
import io
import json

from cryptohls.bench.selection import mapping_of, option_set_label
from cryptohls.bench.targets import GOWIN_TARGETS
from cryptohls.report.summary import Comparison, Summary, comparisons, rankings

JSON_FIELDS = ("variant", "target", "device", "status", "area_unit", "luts", "ffs", "brams", "dsps",
               "fmax_mhz", "fmax_median_mhz", "seeds", "latency", "interval", "block_bits",
               "throughput_mbps", "throughput_median_mbps", "tp_per_lut", "source_hash",
               "tool_versions", "options", "kind", "design")


def fmt(value, digits: int = 1) -> str:
    if value is None:
        return "–"
    if isinstance(value, int):
        return str(value)
    return f"{value:.{digits}f}"


def fmt_delta(value: float | None) -> str:
    return "–" if value is None else f"{value:+.1f}%"


def _fmax_cell(s: Summary) -> str:
    if s.status != "ok":
        return "does not fit"
    if s.fmax_mhz is None:
        return "area only"
    return f"{s.fmax_mhz:.1f} ({fmt(s.fmax_median_mhz)})"


COMPARISON_HEADER = ("Imp.", "Area (LUTs)", "FFs", "Freq. best (median) MHz", "Latency",
                     "Interval", "TP (Mbit/s)", "TP/Area")


def comparison_rows(group: list[Comparison]) -> list[tuple[str, ...]]:
    """Rows of one comparison table: a target line, then RTL, HLS and Δ lines per target."""
    rows: list[tuple[str, ...]] = []
    for c in group:
        rows.append((f"**{c.target}** ({c.rtl.device}, {c.rtl.area_unit})",) + ("",) * 7)
        for label, s in (("RTL", c.rtl), ("HLS", c.hls)):
            rows.append((label, fmt(s.luts), fmt(s.ffs), _fmax_cell(s), fmt(s.latency),
                         fmt(s.interval), fmt(s.throughput_mbps, 0), fmt(s.tp_per_lut, 3)))
        interval_delta = (None if c.rtl.interval is None or c.hls.interval is None
                          else c.hls.interval - c.rtl.interval)
        latency_delta = (None if c.rtl.latency is None or c.hls.latency is None
                         else c.hls.latency - c.rtl.latency)
        rows.append(("Δ", fmt_delta(c.delta_percent("luts")), fmt_delta(c.delta_percent("ffs")),
                     fmt_delta(c.delta_percent("fmax_mhz")),
                     "–" if latency_delta is None else f"{latency_delta:+d}",
                     "–" if interval_delta is None else f"{interval_delta:+d}",
                     fmt_delta(c.delta_percent("throughput_mbps")),
                     fmt_delta(c.delta_percent("tp_per_lut"))))
    return rows


def grouped_comparisons(summaries: list[Summary]) -> dict[str, list[Comparison]]:
    """Comparison tables keyed by title ``<hls variant> vs <design>/rtl``."""
    tables: dict[str, list[Comparison]] = {}
    for c in comparisons(summaries):
        tables.setdefault(f"{c.hls_variant} vs {c.design}/rtl", []).append(c)
    return tables


def _md_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


RANKING_HEADER = ("#", "Variant", "Area (LUTs)", "FFs", "Fmax best MHz", "Interval",
                  "TP (Mbit/s)", "TP/Area")


def ranking_rows(ranked: list[Summary]) -> list[tuple[str, ...]]:
    return [(str(i), s.variant, fmt(s.luts), fmt(s.ffs), _fmax_cell(s), fmt(s.interval),
             fmt(s.throughput_mbps, 0), fmt(s.tp_per_lut, 3)) for i, s in enumerate(ranked, 1)]


# Why the Gowin MHz are not comparable with the other targets' (evidence: docs/benchmarks.md).
GOWIN_FMAX_NOTE = ("Gowin Fmax is an upper bound: nextpnr-himbaechel-gowin 0.11.1 does not time "
                   "the D input of a flip-flop fed by the LUT of its own slice position, so most "
                   "register-to-register paths are missing from its timing report "
                   "(docs/benchmarks.md, \"Gowin Fmax\"). Compare Gowin rows with each other only.")
AREA_MAPPING_NOTE = ("Rows synthesized at area (`cryptohls bench --mapping area`, or a strategy's "
                     "`abc9-area` / `area-sa` option set kept as the best): abc9 given a delay target "
                     "that no path reaches, so it recovers area on every path. The LUT counts follow "
                     "the logic rather than which path is deepest; Fmax is lower than with the "
                     "default mapping (docs/bench.md, \"LUT mapping\").")


def render_markdown(summaries: list[Summary]) -> str:
    lines = ["# cryptohls benchmark report", "",
             "Area = core only (I/O harness excluded); Fmax = best over seeds (median in "
             "brackets); TP = block bits × best Fmax / interval; TP/Area = TP per LUT.", ""]
    if any(s.target in GOWIN_TARGETS and s.fmax_mhz is not None for s in summaries):
        lines += [GOWIN_FMAX_NOTE, ""]
    if any(mapping_of(s.options) == "area" for s in summaries):
        lines += [AREA_MAPPING_NOTE, ""]
    tables = grouped_comparisons(summaries)
    if tables:
        lines += ["## HLS vs RTL", ""]
        for title, group in tables.items():
            lines += [f"### {title}", ""] + _md_table(COMPARISON_HEADER, comparison_rows(group)) + [""]
    lines += ["## Rankings by TP/Area", ""]
    for target, ranked in rankings(summaries).items():
        lines += [f"### {target}", ""] + _md_table(RANKING_HEADER, ranking_rows(ranked)) + [""]
    lines += strategy_lines(summaries)
    if not summaries:
        lines += ["No results yet: run `cryptohls bench VARIANT --targets ...` first.", ""]
    return "\n".join(lines)


def strategy_lines(summaries: list[Summary]) -> list[str]:
    """Which option set of a `cryptohls bench --strategies` run each figure above comes from."""
    rows = [(s.variant, s.target, option_set_label(s.options), str(s.option_sets))
            for s in summaries if s.option_sets > 1]
    if not rows:
        return []
    return (["## Best of strategies", "",
             "Variants run with several option sets (`cryptohls bench --strategies`): the figures above are "
             "the best TP/area among them, from this option set (docs/bench.md, \"Strategies\").", ""]
            + _md_table(("Variant", "Target", "Option set kept", "Option sets run"), rows) + [""])


def summary_records(summaries: list[Summary]) -> list[dict]:
    return [{name: getattr(s, name) for name in JSON_FIELDS} for s in summaries]


def render_json(summaries: list[Summary]) -> str:
    return json.dumps(summary_records(summaries), indent=2) + "\n"


def render_csv(summaries: list[Summary]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=JSON_FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in summary_records(summaries):
        writer.writerow({k: "" if v is None else v for k, v in record.items()})
    return out.getvalue()
