"""scripts/fuzz_campaign.py's table on a hand-made campaign folder: a chunk run again on a newer compiler
gets a row per run, its outcomes counted once (on the newer run) in the totals, and a run that reused
outcomes of the same compiler adds no row."""

from __future__ import annotations

import argparse
import importlib.util
import json

from cryptohls.designs import repo_root


def _script():
    spec = importlib.util.spec_from_file_location("fuzz_campaign", repo_root() / "scripts" / "fuzz_campaign.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outcome(seed: int, status: str, compiler: str) -> dict:
    return {"seed": seed, "status": status, "key": {"compiler": compiler}}


def test_rows_per_run_and_totals_on_the_newest(tmp_path, capsys):
    (tmp_path / "1").mkdir()
    (tmp_path / "4").mkdir()
    chunk1 = [_outcome(1, "matched", "old"), _outcome(2, "mismatched", "old"), _outcome(3, "skipped", "old"),
              _outcome(1, "matched", "new"), _outcome(2, "matched", "new"), _outcome(3, "skipped", "new")]
    chunk4 = [_outcome(4, "refused", "new"), _outcome(5, "matched", "new"), _outcome(6, "timed_out", "new")]
    for folder, lines in (("1", chunk1), ("4", chunk4)):
        (tmp_path / folder / "outcomes.jsonl").write_text("".join(json.dumps(o) + "\n" for o in lines))
    runs = [{"seed": 1, "count": 3, "commit": "aaa", "status": 1, "cpu_s": 6.0, "wall_s": 70, "compiler": "old"},
            {"seed": 1, "count": 3, "commit": "bbb", "status": 0, "cpu_s": 3.0, "wall_s": 40, "compiler": "new"},
            {"seed": 1, "count": 3, "commit": "ccc", "status": 0, "cpu_s": 0.5, "wall_s": 2, "compiler": "new"},
            {"seed": 4, "count": 3, "commit": "bbb", "status": 1, "cpu_s": 9.0, "wall_s": 90, "compiler": "new"}]
    (tmp_path / "runs.jsonl").write_text("".join(json.dumps(r) + "\n" for r in runs))

    assert _script().table(argparse.Namespace(out=tmp_path)) == 0
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in capsys.readouterr().out.splitlines()[2:]]
    assert [(r[0], r[1]) for r in rows] == [("1–3", "aaa"), ("1–3", "bbb"), ("4–6", "bbb"),
                                           ("**all** (each program on its newest run)", "")]
    assert rows[0][8] == "1 (2)" and rows[1][8] == "0"                     # the mismatch on the old compiler only
    assert rows[2][5] == "1 (4)" and rows[2][6] == "2 (66.7 %)"            # refused 4; compiled 5 and 6 of 3 tested
    total = rows[3]
    assert total[2:12] == ["6", "1", "5", "1", "4 (80.0 %)", "3", "0", "0", "1", "0"]
    assert total[12] == "12 (2.00)"                                       # 3.0 + 9.0 s over 6 programs


def test_a_program_recorded_again_on_the_same_compiler_counts_once_on_its_last_record(tmp_path, capsys):
    """3277's case: timed out in its chunk, then skipped by a newer harness (fuzz/cycle_bound.py) run on
    that program alone with the same compiler: not tested, not compiled, no longer timed out."""
    (tmp_path / "1").mkdir()
    lines = [_outcome(1, "matched", "c"), _outcome(2, "timed_out", "c"), _outcome(3, "matched", "c"),
             _outcome(2, "skipped", "c")]
    (tmp_path / "1" / "outcomes.jsonl").write_text("".join(json.dumps(o) + "\n" for o in lines))
    (tmp_path / "runs.jsonl").write_text(json.dumps({"seed": 1, "count": 3, "commit": "aaa", "status": 1,
                                                     "cpu_s": 3.0, "wall_s": 30, "compiler": "c"}) + "\n")

    assert _script().table(argparse.Namespace(out=tmp_path)) == 0
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in capsys.readouterr().out.splitlines()[2:]]
    # programs, compiler, generated, skipped, tested, refused, compiled, matched, mismatched, crashed, timed out
    assert rows[0][:11] == ["1–3", "aaa", "3", "1", "2", "0", "2 (100.0 %)", "2", "0", "0", "0"]
    assert rows[1][2:11] == ["3", "1", "2", "0", "2 (100.0 %)", "2", "0", "0", "0"]
