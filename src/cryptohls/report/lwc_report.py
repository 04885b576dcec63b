"""Gathers the seed-002 report (:class:`cryptohls.report.lwc_page.Report`) from the results DB (read only)
and the fixed overheads Ta that ``cryptohls report --lwc`` measured into ``lwc.md``."""

from __future__ import annotations

from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.report.lwc import earlier_cycles
from cryptohls.report.critical_path import path_of
from cryptohls.report.lwc_data import Pair, load_pairs, rows_of
from cryptohls.report.lwc_page import Report
from cryptohls.sim.lwc_cycles import fit_linear


def ta_of_page(doc: Path) -> dict[str, tuple[int, int]]:
    """{variant: (Ta, Tb) of ENC} from ``doc``'s Table IV; {} without the page or its markers."""
    try:
        measured = earlier_cycles(doc) if doc.is_file() else {}
    except UserError:
        return {}
    found = {}
    for (variant, operation), points in measured.items():
        if operation == "enc":
            try:
                found[variant] = fit_linear(points)
            except ValueError:
                continue        # not Ta + n Tb: no figure rather than a wrong one
    return found


def build_report(db_path: Path, out: Path, command: str, *, mapping: str | None = None,
                 designs: dict[str, str] | None = None) -> Report:
    pairs, rows = load_pairs(db_path, mapping=mapping, designs=designs)
    newest = max((r.created_at for r in rows), default=None)
    source = (f"{len(rows)} rows" + (f", the newest of {newest}" if newest else "")
              + ("" if mapping is None else f"; only rows synthesized with LUT mapping {mapping}"))
    return Report(pairs, command, source, ta_of_page(out / "lwc.md"), critical_paths(pairs, rows, db_path.parent / "work"))


def critical_paths(pairs: list[Pair], rows, work_root: Path) -> dict:
    """(variant, target) -> the critical path of each row kept (or why there is none); the bench's work
    folders sit beside the DB (`cryptohls bench`: $CRYPTOHLS_RESULTS_DIR/work)."""
    return {(s.variant, s.target): path_of(rows_of(s, rows), work_root)
            for p in pairs for s in (p.rtl, p.hls) if s is not None}
