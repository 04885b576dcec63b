"""The results of ``cryptohls explore``: records, a Markdown table, CSV, JSON, and the
throughput-vs-area Pareto plot (PNG, and an HTML page with the table and the plot)."""

from __future__ import annotations

import base64
import csv
import html
import json
import shutil
import tempfile
from pathlib import Path

from cryptohls.explore.pareto import pareto_front
from cryptohls.explore.run import PointResult, TargetResult
from cryptohls.explore.space import Space

FIELDS = ("point", "status", "detail", "target", "clock_ns", "memories", "defines", "latency", "cycles",
          "cycles_min", "cycles_max", "luts", "ffs", "brams", "dsps", "fmax_mhz", "fmax_median_mhz",
          "seeds", "throughput", "tp_per_lut", "pareto")


def throughput_unit(space: Space) -> str:
    return "Mbit/s" if space.block_bits else "Mcall/s"


def records(space: Space, results: list[PointResult], area_only: bool) -> list[dict]:
    """One record per (point, target); a point that failed before the bench has one, target empty.
    Throughput = block_bits x Fmax / cycles (Mcall/s: Fmax / cycles without block_bits); with
    ``area_only`` the requested clock (1000 / clock_ns MHz) stands in for Fmax."""
    out: list[dict] = []
    for result in results:
        point = result.point
        base = {"point": point.label, "status": result.status, "detail": result.detail,
                "clock_ns": point.clock_ns, "memories": point.memories, "defines": " ".join(point.defines),
                "latency": result.latency, "cycles": result.cycles, "cycles_min": result.cycles_min,
                "cycles_max": result.cycles_max, "settings": {k: _plain(v) for k, v in point.settings}}
        targets = list(result.targets.values()) or [TargetResult("")]
        for entry in targets:
            clock = (1000.0 / point.clock_ns) if area_only else entry.fmax_mhz
            throughput = None
            if result.passed and clock and result.cycles:
                throughput = (space.block_bits or 1) * clock / result.cycles
            tp_area = throughput / entry.luts if throughput is not None and entry.luts else None
            out.append({**base, "target": entry.target, "luts": entry.luts, "ffs": entry.ffs,
                        "brams": entry.brams, "dsps": entry.dsps, "fmax_mhz": entry.fmax_mhz,
                        "fmax_median_mhz": entry.fmax_median_mhz, "seeds": entry.seeds,
                        "throughput": _round(throughput), "tp_per_lut": _round(tp_area, 4), "pareto": False})
    for target in sorted({r["target"] for r in out if r["target"]}):
        group = [r for r in out if r["target"] == target and r["throughput"] is not None and r["luts"]]
        for i in pareto_front([(r["luts"], r["throughput"]) for r in group]):
            group[i]["pareto"] = True
    return out


def _plain(value):
    return value if isinstance(value, (int, float, str, bool)) else str(value)


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def _cell(value, fmt: str = "") -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    return format(value, fmt) if fmt else str(value)


def markdown(space: Space, rows: list[dict], command: str, area_only: bool) -> str:
    unit = throughput_unit(space)
    clock = "requested clock" if area_only else "best Fmax"
    axes = list(space.axes)
    head = [*axes, "target", "status", "latency", "cycles / call", "LUT", "FF", "BRAM",
            "Fmax (MHz)" if not area_only else "clock (MHz)", f"throughput ({unit}, {clock})",
            f"TP/area ({unit} per LUT)", "Pareto"]
    lines = [f"Produced by `{command}`.", "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        fmax = 1000.0 / r["clock_ns"] if area_only else r["fmax_mhz"]
        status = r["status"] if r["status"] == "pass" else f"**{r['status']}**: {r['detail']}"
        cells = [_cell(_show(r["settings"].get(a))) for a in axes] + [
            r["target"], status.replace("|", "\\|"), _cell(r["latency"]), _cell(r["cycles"], "g"),
            _cell(r["luts"]), _cell(r["ffs"]), _cell(r["brams"]),
            _cell(fmax if r["luts"] is not None else None, ".1f"), _cell(r["throughput"], ".1f"),
            _cell(r["tp_per_lut"], ".4f"), "**front**" if r["pareto"] else ""]
        lines.append("| " + " | ".join(cells) + " |")
    if area_only:
        lines += ["", "Synthesis only (`--area-only`): no place-and-route, so the throughput is at the "
                  "requested clock, not at a measured Fmax."]
    return "\n".join(lines) + "\n"


def _show(value):
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "on" if value else "off"
    return value


def write_csv(rows: list[dict], axes: tuple[str, ...], path: Path) -> None:
    """The fields, then one column per axis (``axis:NAME``: a define may be called ``status``)."""
    names = [*FIELDS, *(f"axis:{a}" for a in axes)]
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=names, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            flat = {k: row.get(k) for k in FIELDS}
            flat.update({f"axis:{a}": row["settings"].get(a) for a in axes})
            writer.writerow({k: "" if v is None else v for k, v in flat.items()})


def plot(space: Space, rows: list[dict], path: Path, area_only: bool) -> bool:
    """Throughput against LUTs, one series per target, the Pareto front joined and marked."""
    points = [r for r in rows if r["throughput"] is not None and r["luts"]]
    if not points:
        return False
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7.5, 5.0), dpi=120)
    for target in sorted({r["target"] for r in points}):
        group = [r for r in points if r["target"] == target]
        ax.scatter([r["luts"] for r in group], [r["throughput"] for r in group], s=28, alpha=0.6,
                   label=f"{target}: points")
        front = sorted((r for r in group if r["pareto"]), key=lambda r: r["luts"])
        ax.step([r["luts"] for r in front], [r["throughput"] for r in front], where="post", linewidth=1.2)
        ax.scatter([r["luts"] for r in front], [r["throughput"] for r in front], s=80, facecolors="none",
                   edgecolors="black", linewidths=1.4, label=f"{target}: Pareto front")
        for r in front:
            ax.annotate(r["point"], (r["luts"], r["throughput"]), textcoords="offset points", xytext=(5, 4),
                        fontsize=7)
    unit = throughput_unit(space)
    ax.set_xlabel("area (LUTs, core only)")
    ax.set_ylabel(f"throughput ({unit}, {'at the requested clock' if area_only else 'best Fmax'})")
    ax.set_title(f"{space.path.name}: throughput vs area")
    ax.grid(True, linewidth=0.3)
    ax.legend(fontsize=8)
    fig.savefig(path, format="png", metadata={"Software": None}, bbox_inches="tight")
    plt.close(fig)
    return True


def html_page(space: Space, rows: list[dict], png: Path | None, command: str) -> str:
    axes = list(space.axes)
    head = [*axes, "target", "status", "cycles/call", "LUT", "FF", "BRAM", "Fmax (MHz)",
            f"throughput ({throughput_unit(space)})", "Pareto"]
    body = []
    for r in rows:
        cells = [_cell(_show(r["settings"].get(a))) for a in axes] + [
            r["target"], r["status"] + (f": {r['detail']}" if r["detail"] else ""), _cell(r["cycles"], "g"),
            _cell(r["luts"]), _cell(r["ffs"]), _cell(r["brams"]), _cell(r["fmax_mhz"], ".1f"),
            _cell(r["throughput"], ".1f"), "front" if r["pareto"] else ""]
        style = ' style="font-weight:bold"' if r["pareto"] else ""
        body.append(f"<tr{style}>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
    image = ""
    if png is not None:
        data = base64.b64encode(png.read_bytes()).decode()
        image = f'<p><img alt="throughput vs area" src="data:image/png;base64,{data}"></p>'
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>cryptohls explore: "
            f"{html.escape(space.path.name)}</title><style>table{{border-collapse:collapse}}"
            "td,th{border:1px solid #999;padding:2px 6px;font:13px sans-serif}</style></head><body>\n"
            f"<h1>cryptohls explore: {html.escape(space.path.name)}</h1>\n"
            f"<p>Produced by <code>{html.escape(command)}</code>. Pareto front (bold): no other point has "
            "fewer or equal LUTs and higher or equal throughput, one of them strictly.</p>\n" + image +
            "\n<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>\n" +
            "\n".join(body) + "\n</table></body></html>\n")


def write_outputs(space: Space, results: list[PointResult], out: Path, command: str,
                  area_only: bool) -> list[Path]:
    """explore.md, explore.csv, explore.json, pareto.png, pareto.html into ``out``: all written to a
    staging folder first and moved at the end, so a failure leaves the previous set, not half of one."""
    rows = records(space, results, area_only)
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".explore-", dir=out))
    try:
        table = markdown(space, rows, command, area_only)
        (staging / "explore.md").write_text(table)
        write_csv(rows, space.axes, staging / "explore.csv")
        (staging / "explore.json").write_text(json.dumps({"command": command, "space": str(space.path),
                                                          "area_only": area_only, "rows": rows}, indent=1) + "\n")
        png = staging / "pareto.png"
        has_plot = plot(space, rows, png, area_only)
        (staging / "pareto.html").write_text(html_page(space, rows, png if has_plot else None, command))
        written = []
        for path in sorted(staging.iterdir()):
            target = out / path.name
            path.replace(target)
            written.append(target)
        if not has_plot:
            (out / "pareto.png").unlink(missing_ok=True)
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)
