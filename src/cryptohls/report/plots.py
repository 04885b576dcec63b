"""Plots (matplotlib, Agg backend, SVG written reproducibly): throughput vs area, HLS/RTL ratios."""

from __future__ import annotations

from pathlib import Path

from cryptohls.report.summary import Summary, comparisons

RATIO_FIELDS = (("luts", "area"), ("fmax_mhz", "Fmax"), ("throughput_mbps", "throughput"),
                ("tp_per_lut", "TP/area"))


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "cryptohls"      # stable element ids
    matplotlib.rcParams["svg.fonttype"] = "none"           # text as text, no font glyph paths
    import matplotlib.pyplot as plt
    return plt


def _save(fig, path: Path) -> None:
    fig.savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")


def throughput_area_scatter(summaries: list[Summary], path: Path) -> bool:
    """One point per (variant, target) with both figures; False if there is nothing to plot."""
    points = [s for s in summaries if s.throughput_mbps is not None and s.luts]
    if not points:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    markers = "osD^v<>p*"
    for i, target in enumerate(sorted({s.target for s in points})):
        group = [s for s in points if s.target == target]
        ax.scatter([s.luts for s in group], [s.throughput_mbps for s in group],
                   marker=markers[i % len(markers)], label=target)
        for s in group:
            ax.annotate(s.variant, (s.luts, s.throughput_mbps), fontsize=7,
                        xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("area (LUTs, core only)")
    ax.set_ylabel("throughput (Mbit/s)")
    ax.set_title("Throughput vs area")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    _save(fig, path)
    plt.close(fig)
    return True


def ratio_bars(summaries: list[Summary], path: Path) -> bool:
    """HLS/RTL ratios (1.0 = parity) of area, Fmax, throughput and TP/area per comparison."""
    pairs = comparisons(summaries)
    if not pairs:
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(pairs)), 4))
    width = 0.8 / len(RATIO_FIELDS)
    for j, (field, label) in enumerate(RATIO_FIELDS):
        xs = [i + (j - (len(RATIO_FIELDS) - 1) / 2) * width for i in range(len(pairs))]
        ax.bar(xs, [c.ratio(field) or 0.0 for c in pairs], width, label=label)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(pairs)))
    ax.set_xticklabels([f"{c.hls_variant}\n{c.target}" for c in pairs], fontsize=7)
    ax.set_ylabel("HLS / RTL")
    ax.set_title("HLS relative to hand-written RTL")
    ax.legend(fontsize=8)
    _save(fig, path)
    plt.close(fig)
    return True
