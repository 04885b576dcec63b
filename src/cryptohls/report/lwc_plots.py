"""The PNG plots of the seed-002 report: rankings (seed 002, Figs 8-9: RTL and HLS bars per cipher, best
RTL first, "(RTL rank, HLS rank)" in the labels) and RTL/HLS ratios (Figs 10-11, the 0.9-1.3 band)."""

from __future__ import annotations

from pathlib import Path

from cryptohls.report.lwc_data import Pair
from cryptohls.report.lwc_stats import ranks
from cryptohls.report.plots import _pyplot

BAND = (0.9, 1.3)      # the seed's "desired range" of RTL/HLS (Figs 10-11, in green)
RTL_COLOUR, HLS_COLOUR = "tab:blue", "tab:orange"


def _save(fig, plt, path: Path) -> None:
    fig.savefig(path, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)


def ranking_plot(pairs: list[Pair], field: str, label: str, target: str, path: Path) -> bool:
    """Grouped horizontal bars; False (no file) if no cipher has the figure on the target."""
    shown = [p for p in pairs if p.value("rtl", field) is not None or p.value("hls", field) is not None]
    if not shown:
        return False
    rtl_rank = ranks({p.seed.algorithm: p.value("rtl", field) for p in shown})
    hls_rank = ranks({p.seed.algorithm: p.value("hls", field) for p in shown})
    shown.sort(key=lambda p: (-(p.value("rtl", field) or -1.0), -(p.value("hls", field) or -1.0),
                              p.seed.algorithm))
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 0.42 * len(shown) + 1.3))
    ys = list(range(len(shown)))[::-1]
    height = 0.38
    ax.barh([y + height / 2 for y in ys], [p.value("rtl", field) or 0.0 for p in shown], height,
            color=RTL_COLOUR, label="RTL")
    ax.barh([y - height / 2 for y in ys], [p.value("hls", field) or 0.0 for p in shown], height,
            color=HLS_COLOUR, label="HLS")
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{p.seed.algorithm} ({rtl_rank.get(p.seed.algorithm, '-')}, "
                        f"{hls_rank.get(p.seed.algorithm, '-')})" for p in shown], fontsize=8)
    ax.set_xlabel(label)
    ax.set_title(f"{target}: ranking by {label}\n(RTL rank, HLS rank); a missing bar is a missing row", fontsize=9)
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    _save(fig, plt, path)
    return True


def ratio_plot(pairs: list[Pair], field: str, label: str, target: str, path: Path) -> bool:
    """RTL/HLS per cipher with both figures, the band shaded; False (no file) if there is none."""
    shown = [p for p in pairs if p.ratio(field) is not None]
    if not shown:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.5, 0.55 * len(shown) + 1.5), 3.6))
    ax.axhspan(*BAND, color="tab:green", alpha=0.18, label=f"{BAND[0]}-{BAND[1]} (seed's desired range)")
    ax.axhline(1.0, color="black", linewidth=0.8)
    values = [p.ratio(field) for p in shown]
    colours = ["tab:green" if BAND[0] <= v <= BAND[1] else "tab:red" for v in values]
    ax.bar(range(len(shown)), values, color=colours)
    ax.set_xticks(range(len(shown)))
    ax.set_xticklabels([p.seed.algorithm for p in shown], rotation=60, ha="right", fontsize=8)
    ax.set_ylabel(f"RTL / HLS {label}")
    ax.set_ylim(0, max(1.5, max(values) * 1.1))
    ax.set_title(f"{target}: RTL to HLS ratio of {label}", fontsize=9)
    ax.legend(fontsize=7, loc="upper right")
    _save(fig, plt, path)
    return True
