"""report/critical_path.py: the critical path of a bench row from a hand-made nextpnr report (the layout of
nextpnr 0.11's ``--report`` JSON: ``critical_paths`` of segments clk-to-q / routing / logic / setup), found
in the row's work folder, and the page's cipher-by-cipher table naming it."""

from __future__ import annotations

import json

from cryptohls.bench.flow import work_dir_of
from cryptohls.bench.critical_path import CriticalPath, block_of, critical_path, register_name
from cryptohls.report.critical_path import path_of
from cryptohls.report.lwc_data import best_of, candidates, cipher_pairs
from cryptohls.report.lwc_diff import difference_table

from .lwc_report_rows import row

CLOCK = "posedge $glbnet$clk_i$TRELLIS_IO_IN"


def segment(kind, delay, source, sink):
    return {"type": kind, "delay": delay, "from": {"cell": source, "port": "Q"}, "to": {"cell": sink, "port": "D"}}


def report(longest_start="u_core.u_core.w_q_TRELLIS_FF_Q_3"):
    core = [segment("clk-to-q", 0.5, longest_start, longest_start),
            segment("routing", 2.0, longest_start, "u_core.u_core.x_LUT4_Z"),
            segment("logic", 0.25, "u_core.u_core.x_LUT4_Z", "u_core.u_core.x_LUT4_Z"),
            segment("routing", 3.0, "u_core.u_core.x_LUT4_Z", "u_core.u_core.u_aes.subbed_TRELLIS_FF_Q_108"),
            segment("setup", 0.25, "u_core.u_core.u_aes.subbed_TRELLIS_FF_Q_108",
                    "u_core.u_core.u_aes.subbed_TRELLIS_FF_Q_108")]
    shorter = [segment("clk-to-q", 0.5, "in_q_TRELLIS_FF_Q_13", "in_q_TRELLIS_FF_Q_13"),
               segment("routing", 1.0, "in_q_TRELLIS_FF_Q_13", "u_core.u_hdr_fifo.mem_q_TRELLIS_FF_Q_83")]
    io = [segment("routing", 50.0, "shift_i$tr_io", "in_q_TRELLIS_FF_Q_40")]     # longer, but not clock to clock
    return {"fmax": {}, "critical_paths": [{"from": CLOCK, "to": CLOCK, "path": shorter},
                                           {"from": "<async>", "to": CLOCK, "path": io},
                                           {"from": CLOCK, "to": CLOCK, "path": core}]}


def test_names_and_blocks():
    assert register_name("u_core.u_post.st_q_TRELLIS_FF_Q_9") == "u_core.u_post.st_q"
    assert register_name("u_core.u_core.ks_ok_q_DFFRE_Q") == "u_core.u_core.ks_ok_q"
    assert block_of("in_q") == ("harness", "in_q")
    assert block_of("u_core.u_core.u_cfb.busy_q") == ("cipher core", "u_cfb.busy_q")
    assert block_of("u_core.u_post.u_buf.rd_ptr_q") == ("frame (u_post)", "u_buf.rd_ptr_q")


def test_longest_clock_to_clock_path():
    found = critical_path(report())
    assert found == CriticalPath("w_q", "cipher core", "u_aes.subbed", "cipher core", 6.0, 1.0, 5.0, 1)
    assert found.describe() == ("cipher core w_q -> cipher core u_aes.subbed: 6.00 ns = 1.00 in cells (1 logic) "
                                "+ 5.00 routing")
    assert critical_path({"critical_paths": [report()["critical_paths"][1]]}) is None


def test_a_recorded_path_reads_as_the_report_it_came_from():
    """A row carries its path to the picosecond (to_json); printed to 10 ps, 16.2351 ns from the report and
    16.235 from the row had read 16.24 and 16.23 (float formatting of 16.235), so the page regenerated from
    docs/lwc-report/rows.jsonl differed from the one made from the work folder (AEGIS-128L's HLS path). Both
    now print the picosecond value rounded half up."""
    found = CriticalPath("in_q", "harness", "mask", "cipher core", 16.2351, 2.9651, 13.2649, 10)
    recorded = CriticalPath.from_json(found.to_json())
    assert recorded.delay_ns == 16.235
    assert recorded.describe() == found.describe() == ("harness in_q -> cipher core mask: 16.24 ns = 2.97 in cells "
                                                       "(10 logic) + 13.27 routing")


def placed(variant, fmax, seed, runs):
    r = row(variant, "ecp5", 1000, fmax, 10, seed=seed)
    r.pnr_runs = json.dumps([{"target_mhz": t, "achieved_mhz": a, "seconds": 1.0} for t, a in runs])
    return r


def test_path_of_reads_the_best_seed_and_run(tmp_path):
    rows = [placed("aes128-gcm/rtl", 40.0, 1, [(25, 40.0)]),
            placed("aes128-gcm/rtl", 44.0, 2, [(25, 41.0), (41, 44.0)])]     # the best: seed 2's second run
    first = rows[0]
    folder = work_dir_of(tmp_path, first.variant, "ecp5", first.device, first.source_hash, first.options,
                         first.tool_versions)
    assert path_of(rows, tmp_path) == "no nextpnr report in the work folder"
    (folder / "seed2").mkdir(parents=True)
    (folder / "seed2" / "report_s2_f41.json").write_text(json.dumps(report("u_core.u_core.best_q_TRELLIS_FF_Q")))
    (folder / "seed2" / "report_s2_f25.json").write_text(json.dumps(report()))
    assert path_of(rows, tmp_path).start == "best_q"
    rows[1].fmax_mhz = None
    rows[0].fmax_mhz = None
    assert path_of(rows, tmp_path) == "not placed and routed"


def test_difference_table_shows_ratios_and_paths():
    rows = [row("aes128-gcm/rtl", "ecp5", 10000, 50.0, 10), row("aes128-gcm/hls", "ecp5", 12000, 60.0, 10)]
    best = {key: best_of(options) for key, options in candidates(rows).items()}
    pairs = [p for p in cipher_pairs(best, {"aes128-gcm": "aes128-gcm", "ascon-aead128": "ascon-aead128"})
             if p.target == "ecp5"]
    paths = {("aes128-gcm/rtl", "ecp5"): critical_path(report()), ("aes128-gcm/hls", "ecp5"): "no nextpnr report"}
    page = difference_table(pairs, "ecp5", paths)
    assert '<td data-sort="1.2">1.200</td>' in page          # LUTs and Fmax HLS/RTL
    assert "cipher core w_q -&gt; cipher core u_aes.subbed: 6.00 ns" in page
    assert '<td data-sort="" class="missing">no nextpnr report</td>' in page
    assert "Ascon" not in page          # a cipher without any row on the target is left out of this table
