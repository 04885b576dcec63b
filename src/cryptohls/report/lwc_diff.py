"""Cipher by cipher, where the HLS core loses or wins against the RTL on one target (issue 37, item 4):
LUTs, FFs and Fmax side by side with their HLS/RTL ratios, the critical path of each side named from its
nextpnr report (:mod:`cryptohls.report.critical_path`), and one figure of the ratios."""

from __future__ import annotations

from pathlib import Path

from cryptohls.bench.critical_path import CriticalPath
from cryptohls.report.html_table import Cell, missing, number, table, text
from cryptohls.report.lwc_data import Pair
from cryptohls.report.plots import _pyplot

FIELDS = (("luts", "LUTs"), ("ffs", "FFs"), ("fmax_mhz", "Fmax"))
Paths = dict[tuple[str, str], "CriticalPath | str"]


def hls_over_rtl(pair: Pair, field: str) -> float | None:
    rtl, hls = pair.value("rtl", field), pair.value("hls", field)
    return hls / rtl if rtl and hls is not None else None


def _path_cell(pair: Pair, kind: str, paths: Paths) -> Cell:
    s = pair.rtl if kind == "rtl" else pair.hls
    if s is None:
        return missing("no row")
    found = paths.get((s.variant, s.target), "not looked up")
    return text(found.describe()) if isinstance(found, CriticalPath) else missing(found)


def difference_table(pairs: list[Pair], target: str, paths: Paths) -> str:
    rows = []
    for p in pairs:
        if p.rtl is None and p.hls is None:
            continue
        cells = [text(p.seed.algorithm), text(p.design or "")]
        for field, _ in FIELDS:
            digits = ".1f" if field == "fmax_mhz" else ","
            cells += [number(p.value("rtl", field), digits, "no row" if p.rtl is None else "-"),
                      number(p.value("hls", field), digits, "no row" if p.hls is None else "-"),
                      number(hls_over_rtl(p, field), ".3f", "-")]
        cells += [_path_cell(p, "rtl", paths), _path_cell(p, "hls", paths)]
        rows.append(cells)
    header = [("Cipher", True), ("Design", True)]
    for _, label in FIELDS:
        header += [(f"{label} RTL", False), (f"{label} HLS", False), (f"{label} HLS/RTL", False)]
    header += [("RTL critical path", True), ("HLS critical path", True)]
    return table(f"diff-{target}", header, rows)


def difference_plot(pairs: list[Pair], target: str, path: Path) -> bool:
    """HLS/RTL of LUTs, FFs and Fmax per cipher with both rows; False (no file) if there is none."""
    shown = [p for p in pairs if p.rtl is not None and p.hls is not None]
    if not shown:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 0.55 * len(shown) + 1.3))
    ys = list(range(len(shown)))[::-1]
    height = 0.8 / len(FIELDS)
    for j, (field, label) in enumerate(FIELDS):
        offset = (1 - j) * height
        ax.barh([y + offset for y in ys], [hls_over_rtl(p, field) or 0.0 for p in shown], height, label=label)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(ys)
    ax.set_yticklabels([p.seed.algorithm for p in shown], fontsize=8)
    ax.set_xlabel("HLS / RTL (LUTs, FFs: below 1 the HLS core is smaller; Fmax: above 1 it is faster)")
    ax.set_title(f"{target}: the HLS core against the RTL, cipher by cipher", fontsize=9)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.savefig(path, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return True
