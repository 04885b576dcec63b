"""scripts/rekey_hls_rows.py: HLS rows recorded under the old key (the C and the compiler's digest) move to
today's (the generated Verilog) only when their sources are today's and their Verilog is on disk."""

from __future__ import annotations

import importlib.util

import pytest

from cryptohls.bench.db import ResultRow, ResultsDB
from cryptohls.bench.flow import work_dir_of
from cryptohls.bench.sources import c_source_hash, compile_for, source_hash
from cryptohls.designs import find_variant, repo_root
from cryptohls.hls.fingerprint import (COMPILER_PACKAGES, NOT_HARDWARE, digest_from_blobs, hardware_digest,
                                       package_files)

OPTIONS = '{"allow_bram":false,"flow":1,"fmax_search":"single"}'
AREA = '{"allow_bram":false,"flow":1,"fmax_search":"single","strategy":{"mapping":"area","name":"abc9-area"}}'


@pytest.fixture
def script():
    spec = importlib.util.spec_from_file_location("rekey_hls_rows", repo_root() / "scripts" / "rekey_hls_rows.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def store(monkeypatch, build_dir):
    monkeypatch.setenv("CRYPTOHLS_HLS_STORE", str(build_dir / "hls-store"))


def _row(source: str, options: str = OPTIONS, seed: int = 1) -> ResultRow:
    return ResultRow(variant="add8/hls", design="add8", kind="hls", block_bits=8, source_hash=source,
                     target="ecp5", device="LFE5U-85F-CABGA381", seed=seed, options=options,
                     tool_versions="{}", status="ok", area_unit="LUT4", luts=10, fmax_mhz=100.0)


def _synthesized(work, row: ResultRow, options: str, verilog: list) -> None:
    """The folder a synthesis of `row` would have left, its synth.ys naming `verilog`."""
    folder = work_dir_of(work, row.variant, row.target, row.device, row.source_hash, options, row.tool_versions)
    folder.mkdir(parents=True)
    (folder / "synth.ys").write_text("read_verilog -defer " + " ".join(str(p) for p in verilog) + "\n")


def test_the_digest_of_a_commit_is_computed_as_the_compilers_own(script):
    root = repo_root() / "src" / "cryptohls"
    files = {str(p.relative_to(root)): p.read_bytes() for p in package_files(root, COMPILER_PACKAGES)
             if str(p.relative_to(root)) not in NOT_HARDWARE}
    from cryptohls import __version__
    assert digest_from_blobs(files, __version__) == hardware_digest()


def test_an_old_row_moves_to_the_key_of_its_verilog_with_its_folders(script, toy_designs, build_dir, store):
    variant = find_variant("add8/hls")
    old = c_source_hash(variant, "a compiler of last week")
    work = build_dir / "work"
    default, area = _row(old), _row(old, AREA)
    artifact = compile_for(variant, "ecp5")
    _synthesized(work, default, OPTIONS, artifact.verilog_files)          # the default's synthesis
    _synthesized(work, area, script.synthesis_options(AREA), artifact.verilog_files)
    with ResultsDB(build_dir / "r.sqlite") as db:
        db.insert(default)
        db.insert(area)
        db.insert(_row("the key of other sources", seed=2))
    outcome = script.rekey(build_dir / "r.sqlite", work, {"a compiler of last week"}, say=lambda line: None)
    assert outcome == {"moved": 2, "not an old key of today's sources": 1}
    new = source_hash(variant, "ecp5")
    with ResultsDB(build_dir / "r.sqlite") as db:
        assert sorted(r.source_hash for r in db.rows()) == sorted([new, new, "the key of other sources"])
    for options in (OPTIONS, script.synthesis_options(AREA)):
        assert (work_dir_of(work, "add8/hls", "ecp5", default.device, new, options, "{}") / "synth.ys").is_file()
        assert not work_dir_of(work, "add8/hls", "ecp5", default.device, old, options, "{}").exists()


def test_a_row_whose_verilog_is_gone_or_whose_new_key_is_taken_stays(script, toy_designs, build_dir, store):
    variant = find_variant("add8/hls")
    work = build_dir / "work"
    gone, twice = _row(c_source_hash(variant, "compiler A")), _row(c_source_hash(variant, "compiler B"), seed=2)
    _synthesized(work, gone, OPTIONS, [build_dir / "hls-artifacts" / "add8-ecp5-0000" / "add8.v"])
    _synthesized(work, twice, OPTIONS, compile_for(variant, "ecp5").verilog_files)
    taken = _row(source_hash(variant, "ecp5"), seed=2)       # recorded again under today's key
    with ResultsDB(build_dir / "r.sqlite") as db:
        for row in (gone, twice, taken):
            db.insert(row)
    assert script.rekey(build_dir / "r.sqlite", work, {"compiler A", "compiler B"}, say=lambda line: None) == {
        "synthesized Verilog gone": 1, "new key already recorded": 1, "not an old key of today's sources": 1}
    with ResultsDB(build_dir / "r.sqlite") as db:
        assert {r.source_hash for r in db.rows()} == {gone.source_hash, twice.source_hash, taken.source_hash}
