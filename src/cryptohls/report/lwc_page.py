"""The seed-002 report page (``cryptohls report --lwc-report``, ``make lwc-table``): Table IV for the
sixteen ciphers beside the seed's figures, the throughput and TP/area rankings RTL vs HLS per target
(ecp5, gw5a: Gowin's GW5AST-138), the RTL/HLS ratio charts and the rank correlations, as one HTML page with PNG plots,
from the results DB alone (:mod:`cryptohls.report.lwc_data`).

A cipher without a design, or a variant without a row on a target, is shown as missing: no figure is
typed in but the seed's, which are the paper's (seed 002, Table IV and section VI).
"""

from __future__ import annotations

import dataclasses
import html
from functools import partial
from pathlib import Path

from cryptohls.report.html_table import SCRIPT, STYLE, Cell, missing, number, table, text
from cryptohls.report.lwc import features
from cryptohls.report.lwc_data import METRICS, TARGETS, Pair, run_label
from cryptohls.report.lwc_diff import difference_plot, difference_table
from cryptohls.report.lwc_plots import BAND, ranking_plot, ratio_plot
from cryptohls.report.lwc_stats import MIN_N_SPEARMAN_P, SEED_VERDICT, STRENGTH, Correlation, correlation, ranks
from cryptohls.report.summary import Summary
from cryptohls.bench.targets import GOWIN_TARGETS
from cryptohls.report.tables import GOWIN_FMAX_NOTE

PAGE = "lwc-report.html"
PLOT_DIR = "lwc-report"
SEED = "seed 002 (HLS-based benchmarking of 16 CAESAR-era authenticated ciphers, Vivado HLS 2015.4)"
SEED_FINDINGS = [
    "Table IV: HLS/RTL cycles per block 1.00 for 6 of 16 ciphers, at most 1.20 for 15 of 16, 1.50 for NORX.",
    "Figs. 8-9 (throughput, TP/area on Virtex-6 and Virtex-7): \"a substantial percentage of relative positions "
    "remain stable\"; changes where ciphers are close in RTL (AEGIS, Tiaoxin, MORUS on Virtex-6).",
    "Figs. 10-11 (RTL/HLS on Virtex-6, desired range 0.9-1.3): throughput outliers SILC, Ketje, NORX, ACORN "
    "(HLS behind) and MORUS, AES-GCM (RTL behind); TP/area: SILC, Ascon, NORX, OCB, Tiaoxin (HLS behind), "
    "ACORN, AES-OTR, AEGIS (RTL behind).",
    f"Conclusion (section VII): \"{SEED_VERDICT}\" of the rankings by throughput and by TP/area. The paper "
    "gives no coefficient.",
]


@dataclasses.dataclass(frozen=True)
class Report:
    pairs: list[Pair]            # every seed cipher on every target
    command: str
    source: str                  # the DB rows read, in words
    simulated: dict[str, tuple[int, int]]   # variant -> (Ta, Tb) of ENC from lwc.md's simulation (may be empty)
    paths: dict = dataclasses.field(default_factory=dict)   # (variant, target) -> CriticalPath or why there is none

    def on(self, target: str) -> list[Pair]:
        return [p for p in self.pairs if p.target == target]


def _absent(pair: Pair, kind: str) -> str:
    if pair.design is None:
        return "no design"
    s = pair.rtl if kind == "rtl" else pair.hls
    if s is None:
        return "no row"
    return "does not fit" if s.status != "ok" else "no Fmax"


def _interval(pairs: list[Pair], kind: str) -> Summary | None:
    """The variant's row with a measured interval on the first target that has one."""
    for p in pairs:
        s = p.rtl if kind == "rtl" else p.hls
        if s is not None and s.interval:
            return s
    return None


def _tb(row: Summary | None, simulated: tuple[int, int] | None, why: str) -> Cell:
    """The DB's interval; where lwc.md's fit of whole messages says otherwise, both, marked."""
    if row is None:
        return missing(why)
    if simulated is not None and simulated[1] != row.interval:
        return Cell(f"{row.interval} (lwc.md: {simulated[1]})", str(row.interval), "out")
    return number(row.interval, "d")


def table_iv(report: Report) -> str:
    rows = []
    for seed_row in (p.seed for p in report.on(TARGETS[0])):
        mine = [p for p in report.pairs if p.seed == seed_row]
        design = mine[0].design
        name, primitive, rounds = features(seed_row.ours)
        rtl, hls = _interval(mine, "rtl"), _interval(mine, "hls")
        why = "no design" if design is None else "no row"
        ratio = hls.interval / rtl.interval if rtl and hls else None
        block = (rtl or hls).block_bits if (rtl or hls) else None
        sim = [report.simulated.get(f"{design}/{k}") for k in ("rtl", "hls")]
        rows.append([text(seed_row.algorithm), text(seed_row.supercop), text(design or "no design"), text(primitive),
                     number(block, "d", why), Cell(str(seed_row.block_bits), str(seed_row.block_bits)), text(rounds),
                     _tb(rtl, sim[0], why), _tb(hls, sim[1], why),
                     number(ratio, ".2f", why), *(number(t[0] if t else None, "d", "not measured") for t in sim),
                     Cell(str(seed_row.rtl), str(seed_row.rtl)), Cell(str(seed_row.hls), str(seed_row.hls)),
                     Cell(seed_row.ratio, seed_row.ratio)])
    header = [("Algorithm", True), ("SUPERCOP variant (seed)", True), ("Design", True), ("Basic primitive", True),
              ("Block bits", False), ("Seed block bits", False), ("Rounds per block", True),
              ("Tb RTL", False), ("Tb HLS", False), ("Ratio HLS/RTL", False), ("Ta RTL", False), ("Ta HLS", False),
              ("Seed Tb RTL", False), ("Seed Tb HLS", False), ("Seed ratio", False)]
    return table("table-iv", header, rows)


def ranking_table(report: Report, target: str, field: str, key: str) -> str:
    pairs = report.on(target)
    rtl_rank = ranks({p.seed.algorithm: p.value("rtl", field) for p in pairs})
    hls_rank = ranks({p.seed.algorithm: p.value("hls", field) for p in pairs})
    rows = []
    for p in pairs:
        cells = [text(p.seed.algorithm), text(p.design or "no design")]
        for kind, rank in (("rtl", rtl_rank), ("hls", hls_rank)):
            s = p.rtl if kind == "rtl" else p.hls
            why = _absent(p, kind)
            cells += [number(s.luts if s else None, ",", why), number(s.fmax_mhz if s else None, ".1f", why),
                      number(p.value(kind, field), ".4f" if key == "tp-area" else ".1f", why),
                      number(rank.get(p.seed.algorithm), "d", "-")]
        ratio = p.ratio(field)
        cells.append(number(ratio, ".2f", "-", "" if ratio is None or BAND[0] <= ratio <= BAND[1] else "out"))
        cells += [text(run_label(s)) if s else missing("-") for s in (p.rtl, p.hls)]
        rows.append(cells)
    label = dict((k, lab) for _, lab, k in METRICS)[key]
    header = [("Cipher", True), ("Design", True)]
    for kind in ("RTL", "HLS"):
        header += [(f"{kind} LUTs", False), (f"{kind} Fmax (MHz)", False), (f"{kind} {label}", False),
                   (f"{kind} rank", False)]
    header += [("RTL/HLS", False), ("RTL run", True), ("HLS run", True)]
    # shown by RTL rank (the page's script sorts; without it, the seed's order)
    return table(f"rank-{key}-{target}", header, rows, initial_sort=(5, "asc"))


def _coefficient(value: float | None, fmt: str = ".3f") -> str:
    return "-" if value is None else format(value, fmt)


def correlation_table(results: dict[tuple[str, str], Correlation]) -> str:
    rows = []
    for (target, key), c in results.items():
        label = dict((k, lab) for _, lab, k in METRICS)[key]
        rows.append([text(target), text(label), Cell(str(c.n), str(c.n)),
                     number(c.spearman, ".3f", "-"), number(c.spearman_p, ".3g", "-"),
                     number(c.kendall, ".3f", "-"), number(c.kendall_p, ".3g", "-"), text(c.verdict),
                     text(SEED_VERDICT + " (Virtex-6, Virtex-7)"), text(", ".join(c.ciphers) or "-")])
    header = [("Target", True), ("Metric", True), ("n", False), ("Spearman rho", False), ("p", False),
              ("Kendall tau-b", False), ("p", False), ("Ours, in words", True), ("Seed 002", True),
              ("Ciphers counted", True)]
    return table("correlations", header, rows)


def correlations(report: Report) -> dict[tuple[str, str], Correlation]:
    return {(target, key): correlation(report.on(target), field) for target in TARGETS for field, _, key in METRICS}


def write_plots(report: Report, out: Path) -> dict[str, str]:
    """{plot id: path relative to the page} of the plots drawn (a target without figures has none)."""
    (out / PLOT_DIR).mkdir(parents=True, exist_ok=True)
    drawn = {}
    for target in TARGETS:
        pairs = report.on(target)
        plots = {f"{kind}-{key}-{target}": partial(draw, pairs, metric, label.split(" (")[0], target)
                 for metric, label, key in METRICS for kind, draw in (("rank", ranking_plot), ("ratio", ratio_plot))}
        plots[f"diff-{target}"] = partial(difference_plot, pairs, target)
        for plot_id, draw in plots.items():
            name = f"{PLOT_DIR}/{plot_id}.png"
            if draw(out / name):
                drawn[plot_id] = name
            elif (out / name).exists():
                (out / name).unlink()       # no figures any more: no old plot beside the page
    return drawn


def render(report: Report, plots: dict[str, str], corr: dict[tuple[str, str], Correlation]) -> str:
    e = html.escape
    body = ["<h1>Seed 002 on open tools: sixteen authenticated ciphers, RTL vs HLS</h1>",
            f"<p>Generated by <code>{e(report.command)}</code> from the results database of "
            f"<code>cryptohls bench</code> alone ({e(report.source)}). Per variant and target the row kept is "
            "the best TP/area among the option sets of its newest configuration (Fmax: best over seeds; "
            "docs/bench.md, \"Which rows a report keeps\"); the Run columns name its options. Figures of the "
            "seed are the paper's: " + e(SEED) + ".</p>",
            "<h2>What the seed found</h2><ul>" + "".join(f"<li>{e(f)}</li>" for f in SEED_FINDINGS) + "</ul>",
            "<h2>Table IV: cycles per block</h2>",
            "<p>Tb = cycles per block of a long ENC message, the interval measured by the bench's simulation "
            "(the <code>interval</code> column of the DB: one row per variant, any target). Ta = fixed overhead "
            "per ENC message, from <code>cryptohls report --lwc</code>'s simulation (docs/lwc.md; \"not "
            "measured\" where that page has no figure); where that page's Tb differs from the DB's, both are "
            "shown, in red. Seed columns: seed 002, Table IV (Vivado HLS 2015.4; "
            "its Ascon is Ascon-128 v1.1, ours Ascon-AEAD128; AES-OTR v2 in its HLS, v3 in its RTL).</p>",
            table_iv(report)]
    for target in TARGETS:
        body.append(f"<h2 id=\"target-{e(target)}\">Rankings on {e(target)}</h2>")
        if target in GOWIN_TARGETS:
            body.append(f"<p class=\"note\">{e(GOWIN_FMAX_NOTE)} (docs/bench.md, \"Gowin\").</p>")
        if not any(p.rtl or p.hls for p in report.on(target)):
            body.append(f"<p class=\"note\">No row on {e(target)} in the results database yet: every cipher "
                        "is missing.</p>")
        for field, label, key in METRICS:
            body.append(f"<h3>By {e(label)}</h3>")
            body.append(ranking_table(report, target, field, key))
            for kind in ("rank", "ratio"):
                name = plots.get(f"{kind}-{key}-{target}")
                if name:
                    body.append(f'<img src="{e(name)}" alt="{e(target)}: {kind} by {e(label)}">')
        body += [f"<h3>Cipher by cipher on {e(target)}: where the HLS core loses or wins</h3>",
                 "<p>LUTs, FFs and Fmax of the rows above with their HLS/RTL ratios, and the critical path of "
                 "each side from its nextpnr report (the seed with the best Fmax): start and end register by "
                 "Verilog name and block (harness: the bench's I/O shift registers; frame: the LWC module's "
                 "Pre/PostProcessor and FIFOs; cipher core: the CipherCore), delay in cells (clock-to-Q, logic, "
                 "setup) and in routing.</p>",
                 difference_table(report.on(target), target, report.paths)]
        if f"diff-{target}" in plots:
            body.append(f'<img src="{e(plots[f"diff-{target}"])}" alt="{e(target)}: HLS/RTL per cipher">')
    band = f"{BAND[0]}-{BAND[1]}"
    body += ["<h2>Rank correlation, RTL vs HLS</h2>",
             "<p>Per target and metric, over the ciphers with both an RTL and an HLS figure there (n): "
             "Spearman's rho and Kendall's tau-b of the two rankings (scipy.stats, two-sided p; Spearman's p "
             f"only from n = {MIN_N_SPEARMAN_P}, its approximation being poor below, Kendall's exact without ties); "
             "fewer than three ciphers or a constant ranking give no coefficient. Our words for rho: "
             + e(", ".join(f">= {b}: {w}" for b, w in STRENGTH[:-1])) + ", below: weak. The RTL/HLS columns "
             f"and charts follow the seed's Figs. 10-11 (above 1: the HLS core is behind; red outside {band}).</p>",
             correlation_table(corr),
             "<p>Missing figures: \"no design\" (no library design implements the cipher), \"no row\" (the "
             "variant has no bench row on the target), \"no Fmax\" (area only or place and route not "
             "finished), \"does not fit\". None is replaced by an estimate.</p>"]
    return "\n".join(["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
                      "<title>Seed 002 on open tools: RTL vs HLS rankings</title>",
                      f"<style>{STYLE}</style></head><body>", *body, f"<script>{SCRIPT}</script>",
                      "</body></html>", ""])


def write_report(report: Report, out: Path) -> Path:
    """``out/lwc-report.html`` and ``out/lwc-report/*.png``; returns the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    plots = write_plots(report, out)
    page = out / PAGE
    page.write_text(render(report, plots, correlations(report)))
    return page
