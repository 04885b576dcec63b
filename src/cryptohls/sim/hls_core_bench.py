"""The pytest checks of an HLS CipherCore of the LWC frame, shared by every cipher (as
:mod:`cryptohls.sim.lwc_bench` shares the cocotb scenarios of the frame):

- its C testbench (designs/lwc-frame/hls/lwc_kat_tb.h) passes in csim, and the csim binary fails on
  a vector file with one wrong ciphertext digit; cosim gives the same output, one call per key and
  command;
- the compiled core has exactly the frame's CipherCore port list at its bus width CCW
  (designs/lwc-frame/docs.md) plus clk_i / rst_i, its loop is one state per iteration at the variant's
  clock (two at 1 ns less), and the full module (frame + generated top + the compiled core, no
  wrapper) is ``verilator --lint-only -Wall`` clean.

A cipher's test module names its core and takes the tests::

    CORE = HlsCore("ocb3-aes128", "ocb3_aes128_hls_core", clock_ns=70.0)
    globals().update(vector_file_tests(CORE, vectors="ocb3_vectors.txt", messages=199, published=49))

(:func:`vector_file_tests` for a testbench on a line file beside it, :func:`kat_file_tests` for one on
a published KAT file, :func:`flushed_kat_tests` for JAMBU's, which adds a flushed DEC); a cipher with other checks calls the pieces (:func:`csim`,
:func:`cosim_matches`, :func:`assert_core_ports`, :func:`assert_lint_clean`) from its own tests.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from cryptohls.designs import Variant, find_variant, repo_root
from cryptohls.lwc.boundary import cipher_core_ports
from cryptohls.lwc.verilog_includes import include_flags


@dataclass(frozen=True)
class HlsCore:
    """An HLS CipherCore: hls/<top>.cpp and its testbench hls/tb_<top>.cpp in designs/<design>."""
    design: str
    top: str
    clock_ns: float     # the variant's (design.toml), asserted by test_variant_clock_is_the_tested_one
    variant: str = "hls"
    ccw: int = 32

    @property
    def hls(self) -> Path:
        return repo_root() / "designs" / self.design / "hls"

    @property
    def src(self) -> Path:
        return self.hls / f"{self.top}.cpp"

    @property
    def tb(self) -> Path:
        return self.hls / f"tb_{self.top}.cpp"

    def find_variant(self) -> Variant:
        return find_variant(f"{self.design}/{self.variant}")


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          cwd=repo_root(), env=env)


def csim(core: HlsCore, out_dir: Path | None = None, *args: str, src: Path | None = None, tb: Path | None = None,
         env: dict[str, str] | None = None) -> list[str]:
    """The testbench's output lines in csim (exit status 0 asserted); `args` go to the testbench."""
    out = ["-o", str(out_dir)] if out_dir else []
    run = cli("csim", str(src or core.src), "--tb", str(tb or core.tb), "--top", core.top, *out,
              *(a for arg in args for a in ("--arg", arg)), env=env)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr
    return run.stdout.strip().splitlines()


def cosim_matches(core: HlsCore, csim_lines: list[str], out_dir: Path, calls: int, *args: str,
                  src: Path | None = None, use_existing: bool = False, env: dict[str, str] | None = None) -> None:
    """cosim prints what csim printed, with `calls` calls of the core and status 0."""
    extra = ["--use-existing"] if use_existing else []
    run = cli("cosim", str(src or core.src), "--tb", str(core.tb), "--top", core.top, "--clock-ns",
              f"{core.clock_ns:g}", *extra, "-o", str(out_dir), *(a for arg in args for a in ("--arg", arg)),
              env=env)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines[:-1] == csim_lines
    stats = json.loads(lines[-1])
    assert (stats["status"], stats["calls"]) == (0, calls)


def assert_summary(lines: list[str], start: str) -> None:
    assert lines[-1].startswith(start) and lines[-1].endswith(", 0 failures"), lines[-1]


def assert_core_ports(verilog: Path, ccw: int = 32) -> None:
    """The compiled module's ports are the CipherCore port list at `ccw` plus clk_i / rst_i."""
    text = verilog.read_text()
    start = text.index("\nmodule ")
    header = text[start:text.index(");", start)]
    ports = {m.group(3): (m.group(1), int(m.group(2) or 0) + 1)
             for m in re.finditer(r"(input|output) (?:wire|reg)(?: \[(\d+):0\])? (\w+)", header)}
    assert ports == cipher_core_ports(ccw)


def assert_lint_clean(top: str, files: list[Path]) -> None:
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", *include_flags(files), "--top-module", top,
                           *map(str, files)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr


def assert_full_module_lint_clean(variant: Variant, core_verilog: list[Path]) -> None:
    """Frame + generated top + the compiled core, no wrapper."""
    assert_lint_clean(variant.top, [*core_verilog, *variant.rtl_sources()])


def compile_core(core: HlsCore, out_dir: Path, clock_ns: float | None = None, *, frame_ports: bool = True,
                 src: Path | None = None):
    """compile_file of the core, with the frame's clock and reset names unless `frame_ports` is off."""
    from cryptohls.hls import compile_file

    names = {"clock_port": "clk_i", "reset_port": "rst_i"} if frame_ports else {}
    return compile_file(src or core.src, core.top, clock_ns=clock_ns or core.clock_ns, out_dir=out_dir, **names)


def assert_one_state(report: dict) -> None:
    (loop,) = report["loops"]
    assert loop["iteration_latency"] == 1   # one clock cycle per iteration, as the RTL core


def assert_two_states_at_1ns_less(core: HlsCore, out_dir: Path, src: Path | None = None) -> None:
    """The variant's clock is the shortest whole-ns period with one state."""
    (tight,) = compile_core(core, out_dir, core.clock_ns - 1, frame_ports=False, src=src).report["loops"]
    assert tight["iteration_latency"] == 2


def one_wrong_ciphertext_digit(vectors: Path, bad: Path, first: int = 0) -> int:
    """Writes to `bad` the lines of `vectors` up to the first one from line `first` (0-based) with a
    ciphertext, that one with its last CT digit changed; its index."""
    lines = vectors.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if i >= first and line.split()[4] != "-")
    fields = lines[index].split()
    fields[4] = fields[4][:-1] + ("1" if fields[4][-1] == "0" else "0")
    bad.write_text("\n".join([*lines[:index], " ".join(fields)]) + "\n")
    return index


def _named(name: str, function: Callable, slow: bool = False) -> Callable:
    function.__name__ = function.__qualname__ = name
    return pytest.mark.slow(function) if slow else function


def vector_file_tests(core: HlsCore, *, vectors: str, messages: int, published: int = 0,
                      summary_end: str = "", slow_compile: bool = True, split_compile: bool = False,
                      lint_variants: tuple[str, ...] = (), more_cores: tuple[HlsCore, ...] = ()
                      ) -> dict[str, Callable]:
    """The tests of a core whose testbench reads a line file beside it (`vectors`, `messages` lines, the
    first `published` of them KAT records as published): the variant's clock, csim (summary and a
    wrong-ciphertext file), csim = cosim (slow), port list, one state, two at 1 ns less and lint
    (slow unless `slow_compile` is off). `summary_end` (e.g. the digest) must end the summary's
    counts. With `split_compile` (a large core), port list and one state stay in make test and the
    tight clock and lint (also of the RTL variants `lint_variants`) go to a slow test of their own.
    The clocks of `more_cores` (other variants of the same C) are checked with the core's."""
    counts = f"{core.design} core: {messages} messages, {messages} ENC, {messages} DEC, {messages} DEC with a wrong tag"

    def _csim(out_dir: Path) -> list[str]:
        lines = csim(core, out_dir)
        assert_summary(lines, counts + summary_end)
        return lines

    def test_variant_clock_is_the_tested_one():
        for each in (core, *more_cores):
            assert float(each.find_variant().options["clock_ns"]) == each.clock_ns

    def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path):
        _csim(tmp_path / "csim")
        # the same csim binary on a copy of the vectors with one wrong ciphertext digit (after the KATs)
        index = one_wrong_ciphertext_digit(core.hls / vectors, tmp_path / "bad.txt", published)
        run = subprocess.run([str(tmp_path / "csim" / "csim"), str(tmp_path / "bad.txt")], capture_output=True,
                             text=True, timeout=120)
        assert run.returncode == 1 and f"message {index + 1} ENC: wrong CT || tag" in run.stdout, run.stdout

    def test_csim_and_cosim_give_the_same_answer(tmp_path):
        # one call per key and per command: a key, an ENC and two DEC per message
        cosim_matches(core, _csim(tmp_path / "csim"), tmp_path / "cosim", 4 * messages)

    def test_core_port_list_one_state_and_full_module_lint(tmp_path):
        result = compile_core(core, tmp_path / "ok")
        assert_core_ports(result.verilog_path, core.ccw)
        assert_one_state(result.report)
        assert_two_states_at_1ns_less(core, tmp_path / "tight")
        assert_full_module_lint_clean(core.find_variant(), [result.verilog_path])

    def test_core_port_list_and_one_state(tmp_path):
        result = compile_core(core, tmp_path / "ok")
        assert_core_ports(result.verilog_path, core.ccw)
        assert_one_state(result.report)   # one block per cycle, as the RTL core

    def test_tight_clock_and_full_module_lint(tmp_path):
        result = compile_core(core, tmp_path / "ok")
        assert_two_states_at_1ns_less(core, tmp_path / "tight")
        assert_full_module_lint_clean(core.find_variant(), [result.verilog_path])
        for name in lint_variants:
            assert_full_module_lint_clean(find_variant(f"{core.design}/{name}"), [])

    tests = [(test_variant_clock_is_the_tested_one, False), (test_csim_passes_and_catches_a_wrong_ciphertext, False),
             (test_csim_and_cosim_give_the_same_answer, True)]
    if split_compile:
        tests += [(test_core_port_list_and_one_state, False), (test_tight_clock_and_full_module_lint, True)]
    else:
        tests += [(test_core_port_list_one_state_and_full_module_lint, slow_compile)]
    return {f.__name__: _named(f.__name__, f, slow) for f, slow in tests}


def kat_file_tests(core: HlsCore, *, edge_kats: Callable[[Path], Path], edge_records: int,
                   records: int = 1089) -> dict[str, Callable]:
    """The tests of a core whose testbench reads a published KAT file: csim = cosim on the file that
    `edge_kats(path)` writes (`edge_records` records; the core compiled once in the artifact store),
    on all `records` (slow), and the artifact's port list, one state, no timing that depends on the key
    stream, and lint of the full module (the fixture `artifact`: the variant's compiled core, shared
    with the design tests)."""

    def artifact():
        from cryptohls.hls.artifacts import compiled

        variant = core.find_variant()
        return compiled(core.src, core.top, clock_ns=float(variant.options["clock_ns"]), secrets=variant.secrets,
                        **variant.port_names)

    def _csim_equals_cosim(out_dir: Path, kat_file: Path | None, count: int) -> None:
        from cryptohls.hls.artifacts import compiled, copy_into

        args = [str(kat_file)] if kat_file else []
        lines = csim(core, None, *args)
        assert_summary(lines, f"{core.design} core: {count} KATs, {count} ENC, {count} DEC, "
                              f"{count} DEC with a wrong tag")
        # cosim drives the compiler's own clock and reset names (ap_clk, ap_rst): the core compiled with
        # them (another artifact of the store, compiled once)
        copy_into(compiled(core.src, core.top, clock_ns=core.clock_ns), out_dir)
        # one call per key and per command: a key, an ENC and two DEC per record
        cosim_matches(core, lines, out_dir, 4 * count, *args, use_existing=True)

    def test_csim_and_cosim_give_the_same_answer(tmp_path):
        _csim_equals_cosim(tmp_path / "out", edge_kats(tmp_path / "kat.txt"), edge_records)

    def test_csim_and_cosim_all_kats(tmp_path):
        _csim_equals_cosim(tmp_path / "out", None, records)

    def test_core_port_list_one_state_key_independent_and_lint(artifact):
        assert_core_ports(artifact.verilog, core.ccw)
        report = artifact.report
        assert_one_state(report)
        # the compiler follows the whole `key` stream; a field such as bdi.bdi is proved by `cryptohls verify`
        assert (report["secrets"], report["secret_independent"], report["leaks"]) == (["key"], True, [])
        assert_full_module_lint_clean(core.find_variant(), list(artifact.verilog_files))

    return {"artifact": pytest.fixture(scope="module", name="artifact")(artifact),
            **{f.__name__: _named(f.__name__, f, slow) for f, slow in (
                (test_csim_and_cosim_give_the_same_answer, False), (test_csim_and_cosim_all_kats, True),
                (test_core_port_list_one_state_key_independent_and_lint, False))}}


def flushed_kat_tests(core: HlsCore, *, stride: int = 34, strided_records: int = 33,
                      records: int = 1089) -> dict[str, Callable]:
    """The tests of a JAMBU core, whose testbench (lwc_kat_main_with_flush) runs the published KATs and
    then a DEC ended by the frame's flush and an ENC: csim = cosim on every `stride`-th record
    (`strided_records`: every AD and PT length), on all `records` (slow); port list, one state at the
    variant's clock and lint of the compiled core."""

    def _csim_equals_cosim(out_dir: Path, every: int, count: int) -> None:
        env = {**os.environ, "LWC_KAT_STRIDE": str(every)}
        lines = csim(core, None, env=env)
        assert_summary(lines, f"{core.design} core: {count} KATs, {count} ENC, {count} DEC, {count} DEC "
                              "with a wrong tag, 1 flushed DEC, bdo digest ")
        # one call per key and per command: records x (key, ENC, DEC, DEC wrong tag) + flushed DEC + ENC
        cosim_matches(core, lines, out_dir, 4 * count + 2, env=env)

    def test_csim_and_cosim_give_the_same_answer(tmp_path):
        _csim_equals_cosim(tmp_path, stride, strided_records)

    def test_csim_and_cosim_all_kats(tmp_path):
        _csim_equals_cosim(tmp_path, 1, records)

    def test_core_port_list_one_state_and_lint(tmp_path):
        assert core.find_variant().options["clock_ns"] == core.clock_ns
        result = compile_core(core, tmp_path)
        assert_core_ports(result.verilog_path, core.ccw)
        assert_one_state(result.report)   # one clock cycle per iteration, as the RTL core
        assert_lint_clean(core.top, [result.verilog_path])

    return {f.__name__: _named(f.__name__, f, slow) for f, slow in (
        (test_csim_and_cosim_give_the_same_answer, False), (test_csim_and_cosim_all_kats, True),
        (test_core_port_list_one_state_and_lint, False))}


def caesar_kat_edges(cipher: str, edges: set[int], kept: int, extra: Callable[[], list[str]] = list):
    """An `edge_kats` of :func:`kat_file_tests`: the records of the cipher's CAESAR KAT file whose AD and
    PT lengths are both in `edges` (`kept` of the 1089), in the file's own format, then `extra()`."""

    def write(path: Path) -> Path:
        from cryptohls.golden.vectors import caesar_kat_path

        blocks = caesar_kat_path(cipher).read_text().strip().split("\n\n")
        chosen = [b for b in blocks if all(len(re.search(rf"^{f} = ?(\w*)$", b, re.M).group(1)) // 2 in edges
                                           for f in ("AD", "PT"))]
        assert len(blocks) == 1089 and len(chosen) == kept
        path.write_text("\n\n".join(chosen + extra()) + "\n")
        return path

    return write
