"""Parsing recorded tool outputs (tests/bench/data/, captured from real runs of toy64)."""

from __future__ import annotations

import pytest

from cryptohls.bench.parse import log_says_does_not_fit, parse_nextpnr_report, parse_yosys_stat
from cryptohls.bench.ports import Port, parse_portlist
from cryptohls.bench.targets import TARGETS
from cryptohls.errors import UserError

from .helpers import DATA

# target → (LUTs in its area unit, FFs, other cells), counted by hand from the recorded stat files.
EXPECTED_AREA = {
    "ecp5": (202 + 2 * 32, 134, {"CCU2C": 32, "PFUMX": 64}),
    "gowin": (3 + 63 + 136 + 67, 134, {"ALU": 67, "MUX2_LUT5": 65}),
    "ice40": (266, 134, {"SB_CARRY": 64}),
    "xc7": (64 + 62 + 3 + 68 + 2, 134, {"CARRY4": 17, "INV": 1}),
    "cyclonev": (3 + 62 + 4 + 67 + 67, 134, {}),
}


@pytest.mark.parametrize("target", sorted(EXPECTED_AREA))
def test_core_area_from_recorded_stat(target):
    cells = parse_yosys_stat((DATA / f"toy64_{target}_stat.json").read_text(), "toy64_core")
    t = TARGETS[target]
    assert (t.luts(cells), t.ffs(cells), t.other_cells(cells)) == EXPECTED_AREA[target]
    assert t.brams(cells) == 0 and t.dsps(cells) == 0


def test_harness_module_stat_drops_the_core_instance():
    cells = parse_yosys_stat((DATA / "toy64_ecp5_stat.json").read_text(), "cryptohls_harness")
    assert "toy64_core" not in cells
    assert cells["TRELLIS_FF"] == 1 + 130 + 66     # rst_q, in_q, out_q


def test_stat_unknown_module_is_a_user_error():
    with pytest.raises(UserError, match="no module 'nope'"):
        parse_yosys_stat((DATA / "toy64_ecp5_stat.json").read_text(), "nope")


def test_nextpnr_report_ecp5():
    report = parse_nextpnr_report((DATA / "toy64_ecp5_report.json").read_text())
    assert report.fmax_mhz == pytest.approx(158.02781677246094, abs=1e-9)
    assert report.constraint_mhz == 25
    assert report.utilization["TRELLIS_COMB"] == (338, 83640)
    assert report.utilization["TRELLIS_IO"] == (6, 365)
    path = report.critical_path          # recorded in the row's pnr_runs (bench/critical_path.py)
    assert (path.start, path.end, path.logic_cells) == ("key_q", "out_data_o", 62)
    assert path.delay_ns == pytest.approx(6.328, abs=1e-6)


def test_nextpnr_report_gowin():
    report = parse_nextpnr_report((DATA / "toy64_gowin_report.json").read_text())
    assert report.fmax_mhz == pytest.approx(448.43048095703125, abs=1e-9)
    assert report.utilization["IOB"] == (6, 384)


def test_nextpnr_report_takes_the_slowest_clock():
    text = ('{"fmax": {"a": {"achieved": 120.5, "constraint": 25}, '
            '"b": {"achieved": 80.25, "constraint": 50}}, "utilization": {}}')
    report = parse_nextpnr_report(text)
    assert (report.fmax_mhz, report.constraint_mhz) == (80.25, 50)
    assert report.critical_path is None          # no critical_paths: the Fmax counts, no path named


def test_does_not_fit_from_recorded_log():
    assert log_says_does_not_fit((DATA / "toy64_ice40_lp384_does_not_fit.log").read_text())
    # nextpnr-himbaechel-gowin's words for it (the AES x2 HLS core on GW2A-18, 25 Nov 2026).
    assert log_says_does_not_fit("ERROR: Unable to find legal placement for all cells, design is "
                                 "probably at utilisation limit.")
    # A real failure of another kind (seen while developing) is not "does not fit".
    assert not log_says_does_not_fit(
        "ERROR: Failed to open '--json' file 'netlist.json': No such file or directory.")


def test_portlist_from_recorded_sample():
    ports = parse_portlist((DATA / "toy64_portlist.txt").read_text(), "toy64_core")
    assert ports[:3] == [Port("clk_i", "input", 1), Port("rst_i", "input", 1),
                         Port("key_i", "input", 64)]
    assert [p.name for p in ports if p.direction == "output"] == ["in_ready_o", "out_valid_o",
                                                                   "out_data_o"]
    assert sum(p.width for p in ports) == 1 + 1 + 64 + 1 + 1 + 64 + 1 + 1 + 64
