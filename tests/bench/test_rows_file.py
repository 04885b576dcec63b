"""bench/rows_file.py and `cryptohls results export/import`: the results DB's rows through a committed text
file (what `make lwc-table` reads on a machine that did not run the bench)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cryptohls.bench.critical_path import CriticalPath
from cryptohls.bench.db import ResultsDB, read_rows
from cryptohls.bench.flow import work_dir_of
from cryptohls.bench.rows_file import dump_rows, import_rows, load_rows
from cryptohls.cli import main
from cryptohls.errors import UserError
from cryptohls.report.critical_path import path_of

from .lwc_report_rows import ROWS, make_db, row
from .test_report_critical_path import report

PATH = CriticalPath("w_q", "cipher core", "u_aes.subbed", "cipher core", 6.0, 1.0, 5.0, 1)


def test_round_trip_keeps_every_column_and_sorts(tmp_path):
    out = tmp_path / "rows.jsonl"
    dump_rows(list(reversed(ROWS)), out)
    back = load_rows(out)
    key = lambda r: (r.variant, r.target)     # noqa: E731
    assert sorted(back, key=key) == sorted(ROWS, key=key)
    assert [(r.variant, r.target) for r in back] == sorted((r.variant, r.target) for r in ROWS)
    dump_rows(back, tmp_path / "again.jsonl")
    assert (tmp_path / "again.jsonl").read_bytes() == out.read_bytes()


def test_import_adds_the_missing_and_reports_the_differing(tmp_path):
    db_path = make_db(tmp_path / "results.sqlite", ROWS[:3])
    changed = replace(ROWS[0], luts=ROWS[0].luts + 1)
    with ResultsDB(db_path) as db:
        added, same, differing = import_rows(db, [changed, ROWS[1], *ROWS[3:5]])
    assert (added, same, differing) == (2, 1, [changed])
    kept = {(r.variant, r.target): r for r in read_rows(db_path)}
    assert kept[("ascon-aead128/rtl", "ecp5")].luts == ROWS[0].luts      # the recorded row stays
    assert len(kept) == 5


@pytest.mark.parametrize("line, message", [
    ("{not json", "not JSON: Expecting property name enclosed in double quotes"),
    ("[1, 2]", "a row must be a JSON object"),
    ('{"variant": "a/rtl"}', "not a results row: missing field(s) area_unit, block_bits"),
], ids=["json", "array", "fields"])
def test_a_malformed_line_is_named(tmp_path, line, message):
    out = tmp_path / "rows.jsonl"
    dump_rows(ROWS[:2], out)
    out.write_text(out.read_text() + line + "\n")
    with pytest.raises(UserError) as err:
        load_rows(out)
    assert str(err.value).startswith(f"{out}:3")
    assert message in str(err.value)


def test_wrong_types_and_json_text_are_refused(tmp_path):
    value = json.loads((lambda p: (dump_rows(ROWS[:1], p), p.read_text())[1])(tmp_path / "one.jsonl"))
    for field, bad in (("luts", "5000"), ("seed", True), ("pnr_runs", "[{")):
        (tmp_path / "bad.jsonl").write_text(json.dumps({**value, field: bad}) + "\n")
        with pytest.raises(UserError, match=f"field '{field}'"):
            load_rows(tmp_path / "bad.jsonl")


def test_export_records_the_work_folders_path_and_import_brings_it(tmp_path, monkeypatch, capsys):
    source, target = tmp_path / "machine-a", tmp_path / "machine-b"
    placed = row("aes128-gcm/rtl", "ecp5", 1000, 44.0, 10)
    placed.pnr_runs = json.dumps([{"target_mhz": 25, "achieved_mhz": 44.0, "seconds": 1.0}])
    make_db(source / "results.sqlite", [placed])
    folder = work_dir_of(source / "work", placed.variant, "ecp5", placed.device, placed.source_hash,
                         placed.options, placed.tool_versions)
    (folder / "seed1").mkdir(parents=True)
    (folder / "seed1" / "report_s1_f25.json").write_text(json.dumps(report()))

    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(source))
    assert main(["results", "export", str(tmp_path / "rows.jsonl"), "--designs", "aes128-gcm"]) == 0
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(target))
    assert main(["results", "import", str(tmp_path / "rows.jsonl")]) == 0
    assert main(["results", "import", str(tmp_path / "rows.jsonl")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [f"results import: {tmp_path / 'rows.jsonl'}: 1 rows added, 0 already recorded",
                       f"results import: {tmp_path / 'rows.jsonl'}: 0 rows added, 1 already recorded"]
    moved = read_rows(target / "results.sqlite")
    assert path_of(moved, target / "work") == PATH          # no work folder on machine b: the row has it


def test_cli_errors_are_one_line_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(tmp_path))
    (tmp_path / "bad.jsonl").write_text("{}\n")
    assert main(["results", "import", str(tmp_path / "bad.jsonl")]) == 2
    make_db(tmp_path / "results.sqlite", ROWS[:1])
    assert main(["results", "export", str(tmp_path / "x.jsonl"), "--designs", "nope"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"cryptohls results: {tmp_path / 'bad.jsonl'}:1: error: not a results row: missing")
    assert err[1] == "cryptohls results: error: unknown design(s) nope (hint: `cryptohls designs` lists them)"
    assert len(err) == 2 and not (tmp_path / "x.jsonl").exists()
