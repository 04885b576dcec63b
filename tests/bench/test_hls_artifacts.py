"""One compiled HLS artifact per (source, top, clock, delay model): the bench synthesizes it on
every target that shares the delay model, and the simulation runs the same Verilog."""

from __future__ import annotations

import re

import pytest

from cryptohls.bench.db import ResultsDB
from cryptohls.bench.flow import BenchOptions, run_bench
from cryptohls.bench.targets import TARGETS
from cryptohls.designs import find_variant, repo_root
from cryptohls.hls.artifacts import artifact_key, compiled

KERNEL = repo_root() / "tests" / "kernels" / "add8.c"


@pytest.fixture
def store(monkeypatch, build_dir):
    path = build_dir / "hls-store"
    monkeypatch.setenv("CRYPTOHLS_HLS_STORE", str(path))
    return path


def test_one_compile_serves_every_target_of_one_delay_model(toy_designs, build_dir, store):
    options = BenchOptions((TARGETS["xc7"], TARGETS["cyclonev"]), seeds=1, jobs=2)
    with ResultsDB(build_dir / "r.sqlite") as db:
        summary = run_bench([find_variant("add8/hls")], options, db, build_dir / "work")
    assert summary.computed == 2
    [artifact] = [p for p in store.iterdir() if p.is_dir()]
    assert artifact.name.startswith("add8-ecp5-")
    scripts = sorted((build_dir / "work").rglob("synth.ys"))
    assert len(scripts) == 2
    for script in scripts:     # both syntheses read the stored Verilog, not a copy of their own
        assert re.search(re.escape(str(artifact / "add8.v")), script.read_text())


def test_the_key_follows_every_input(build_dir, tmp_path):
    src = build_dir / "k.c"
    header = build_dir / "k.h"
    header.write_text("#define K 3\n")
    src.write_text('#include "k.h"\nunsigned char k(unsigned char a) { return a + K; }\n')
    base = artifact_key(src, "k", clock_ns=10.0, target="ecp5")
    assert base == artifact_key(src, "k", clock_ns=10.0, target="ecp5")
    assert base != artifact_key(src, "k", clock_ns=12.0, target="ecp5")
    assert base != artifact_key(src, "k", clock_ns=10.0, target="ecp5", defines=("K2=1",))
    assert base != artifact_key(src, "k", clock_ns=10.0, target="ecp5", clock_port="clk_i")
    assert base == artifact_key(src, "k", clock_ns=10.0, target="ecp5", clock_port="ap_clk", reset_port="ap_rst")
    header.write_text("#define K 4\n")                  # a local header is an input
    assert base != artifact_key(src, "k", clock_ns=10.0, target="ecp5")


def test_a_stored_artifact_is_reused_not_recompiled(store):
    first = compiled(KERNEL, "add8", clock_ns=10.0, store=store)
    stamp = first.verilog.stat().st_mtime_ns
    again = compiled(KERNEL, "add8", clock_ns=10.0, store=store)
    assert again.directory == first.directory and again.verilog.stat().st_mtime_ns == stamp
    header = first.verilog.read_text().splitlines()[1]
    # The header names the command without the (random) staging folder it was compiled in.
    assert header == "// command: cryptohls compile tests/kernels/add8.c --top add8 --clock-ns 10 --target ecp5"
    assert [p.name for p in store.iterdir()] == [first.directory.name]     # no staging left


def _hls_variant(folder):
    from cryptohls.designs import Variant
    return Variant(design="d", name="hls", kind="hls", top="top", directory=folder,
                   source_globs=("top.c",), interface="none", block_bits=0)


def test_the_bench_hash_follows_included_files(tmp_path, store):
    # hls-u2 of ascon-aead128 is a two-line .cpp that #includes the core's .cpp: a stored result must
    # go stale when the included file changes the hardware, not only when the listed one does
    from cryptohls.bench.sources import source_hash
    (tmp_path / "core.h").write_text("static int twice(int x) { return 2 * x; }\n")
    (tmp_path / "top.c").write_text('#include "core.h"\nint top(int x) { return twice(x); }\n')
    variant = _hls_variant(tmp_path)
    before = source_hash(variant, "ecp5")
    assert source_hash(variant, "ecp5") == before
    (tmp_path / "core.h").write_text("static int twice(int x) { return 3 * x; }\n")
    assert source_hash(variant, "ecp5") != before


def test_the_bench_hash_of_an_hls_core_is_its_generated_verilog(tmp_path, store, monkeypatch):
    """A comment in the C, or a compiler commit that leaves the Verilog byte-identical, keeps the
    rows (their netlist would be the same); the targets of one delay model share the key."""
    from cryptohls.bench import sources
    from cryptohls.bench.sources import source_hash
    from cryptohls.hls import artifacts
    (tmp_path / "top.c").write_text("int top(int x) { return x + 1; }\n")
    variant = _hls_variant(tmp_path)
    before = source_hash(variant, "ecp5")
    assert source_hash(variant, "gw5a") == before        # compiled with the ecp5 model too
    (tmp_path / "top.c").write_text("/* one more */ int top(int x) { return x + 1; }\n")
    assert source_hash(variant, "ecp5") == before
    monkeypatch.setattr(artifacts, "compiler_digest", lambda: "another compiler")
    monkeypatch.setattr(sources, "hardware_digest", lambda: "another compiler")
    assert source_hash(variant, "ecp5") == before
    assert len(list(store.iterdir())) == 3               # it did compile each time (three keys)
    (tmp_path / "top.c").write_text("int top(int x) { return x + 2; }\n")
    assert source_hash(variant, "ecp5") != before


def test_a_core_that_does_not_compile_is_keyed_by_its_c(tmp_path, store):
    """The key of a core the compiler refuses: its C (and the compiler), so planning a run does not
    stop on it; its synthesis job reports the error as before."""
    from cryptohls.bench.sources import source_hash
    (tmp_path / "top.c").write_text("int top(int x) { return missing(x); }\n")
    variant = _hls_variant(tmp_path)
    before = source_hash(variant, "ecp5")
    (tmp_path / "top.c").write_text("int top(int x) { return missing(x) + 1; }\n")
    assert source_hash(variant, "ecp5") != before


def test_bench_rows_are_keyed_without_the_report_only_files(monkeypatch, tmp_path):
    """A change to the leak analysis (ir/taint.py) keeps the benchmark rows (its Verilog is the same);
    a change to any other compiler file, and to the compiled-output caches' digest, does not."""
    from cryptohls.hls import fingerprint

    root = tmp_path / "cryptohls"
    for rel in ("ir/taint.py", "hls/secrets.py", "ir/ops.py", "codegen/fsm.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("# v1\n")
    fake_module = root / "hls" / "fingerprint.py"
    fake_module.write_text("")
    monkeypatch.setattr(fingerprint, "__file__", str(fake_module))

    def digests():
        fingerprint.hardware_digest.cache_clear()
        fingerprint.compiler_digest.cache_clear()
        return fingerprint.hardware_digest(), fingerprint.compiler_digest()

    try:
        hardware, full = digests()
        (root / "ir" / "taint.py").write_text("# v2: a better leak analysis\n")
        assert digests()[0] == hardware and digests()[1] != full
        (root / "codegen" / "fsm.py").write_text("# v2: other hardware\n")
        assert digests()[0] != hardware
    finally:
        fingerprint.hardware_digest.cache_clear()
        fingerprint.compiler_digest.cache_clear()
