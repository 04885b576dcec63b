"""Cheap checks of designs/aes-codesign's library entries and of `cryptohls codesign` (no build, no P&R):
- a design.toml source entry {package, path} resolves through importlib to the installed package's file
  (PicoRV32 used in place, never copied), hashes by package:path, and fails with one located message
  when the package or the file is missing or the entry is malformed;
- `cryptohls sim` of a module variant says it cannot be simulated (exit 2, no traceback);
- `cryptohls codesign`'s bad input: unknown configuration, missing cross compiler, a --doc file without
  markers, --area-only without --area, --jobs 0: one line, exit 2, before anything is built;
- Table I's shares of the CPU's area from given bench lines.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cryptohls.experiments import codesign
from cryptohls.bench.sources import source_hash
from cryptohls.designs import PackageSource, all_variants, find_variant, load_design
from cryptohls.errors import UserError

HERE = Path(__file__).resolve().parents[1]
REPO = HERE.parents[1]
PICORV32 = {"package": "pythondata_cpu_picorv32", "path": "verilog/picorv32.v"}


def cli(*args: str, env_extra: dict | None = None, path: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"), **(env_extra or {}))
    if path is not None:
        env["PATH"] = path
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          env=env, timeout=120, cwd=REPO)


def one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


def toy_design(root: Path, source_entry: str) -> Path:
    design = root / "toy"
    (design / "rtl").mkdir(parents=True)
    (design / "rtl" / "toy.v").write_text("module toy; endmodule\n")
    (design / "design.toml").write_text(textwrap.dedent(f"""
        [design]
        name = "toy"
        block_bits = 8

        [variants.rtl]
        kind = "rtl"
        top = "toy"
        sources = ["rtl/toy.v", {source_entry}]
        interface = "codesign_module"
    """))
    return design


# ---- package sources --------------------------------------------------------------------------------

def test_cpu_variant_takes_picorv32_from_the_installed_package():
    import pythondata_cpu_picorv32 as pkg
    v = find_variant("aes-codesign/cpu")
    assert v.source_globs[1] == PackageSource(**PICORV32)
    labelled = v.labelled_sources()
    assert [label for label, _ in labelled] == ["rtl/codesign_cpu.v", "pythondata_cpu_picorv32:verilog/picorv32.v"]
    assert labelled[1][1].resolve() == Path(pkg.data_file("picorv32.v")).resolve()
    assert v.source_declarations() == ["rtl/codesign_cpu.v", PICORV32]
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=REPO).stdout.split()
    assert not [f for f in tracked if f.endswith("picorv32.v")]          # used in place, never copied


def test_package_source_hash_does_not_depend_on_the_install_place(tmp_path, monkeypatch):
    """The hash names the file package:path; two installs of the same bytes hash the same, other bytes differ."""
    original = find_variant("aes-codesign/cpu")
    installed = source_hash(original, "ecp5")
    fake = tmp_path / "site" / "pythondata_cpu_picorv32"
    (fake / "verilog").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    real = original.sources()[1]
    (fake / "verilog" / "picorv32.v").write_bytes(real.read_bytes())
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    for name in [m for m in sys.modules if m.startswith("pythondata_cpu_picorv32")]:
        monkeypatch.delitem(sys.modules, name)
    moved = find_variant("aes-codesign/cpu")
    assert moved.sources()[1] == fake / "verilog" / "picorv32.v"
    assert source_hash(moved, "ecp5") == installed
    (fake / "verilog" / "picorv32.v").write_bytes(real.read_bytes() + b"// changed\n")
    assert source_hash(moved, "ecp5") != installed


def test_missing_package_is_one_located_error(tmp_path):
    design = toy_design(tmp_path, '{package = "no_such_package_cryptohls", path = "verilog/x.v"}')
    [variant] = load_design(design)
    with pytest.raises(UserError, match="source package 'no_such_package_cryptohls' is not installed") as info:
        variant.sources()
    assert str(design / "design.toml") in str(info.value)
    # through a verb: the bench hashes the sources first, so it stops before any tool runs
    proc = cli("bench", "toy/rtl", "--targets", "ecp5", "--scheduler", "threads", "--jobs", "1",
               env_extra={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path), "CRYPTOHLS_RESULTS_DIR": str(tmp_path / "res")})
    one_line_error(proc, "design.toml", "'no_such_package_cryptohls' is not installed")


def test_missing_file_of_an_installed_package(tmp_path):
    design = toy_design(tmp_path, '{package = "pythondata_cpu_picorv32", path = "verilog/no_such_core.v"}')
    [variant] = load_design(design)
    with pytest.raises(UserError, match="has no file 'verilog/no_such_core.v'"):
        variant.sources()


@pytest.mark.parametrize("entry, message", [
    ('{package = "pythondata_cpu_picorv32"}', "a package source is {package"),
    ('{package = "pythondata_cpu_picorv32", path = "verilog/picorv32.v", rev = "x"}', "a package source is {package"),
    ('{package = "pythondata_cpu_picorv32", path = "../../etc/passwd"}', "must be relative and stay inside"),
    ('{package = "pythondata_cpu_picorv32", path = "/etc/passwd"}', "must be relative and stay inside"),
    ("3", "must be a glob string or a {package, path} table"),
])
def test_malformed_package_entry_rejected_when_loaded(tmp_path, entry, message):
    toy_design(tmp_path, entry)
    proc = cli("designs", env_extra={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    one_line_error(proc, "design.toml", "[variants.rtl]", message)


def test_library_lists_the_modules():
    names = {v.full_name: v.kind for v in all_variants() if v.design == "aes-codesign"}
    assert names == {"aes-codesign/cpu": "rtl", "aes-codesign/arbiter": "rtl", "aes-codesign/mmio": "rtl",
                     "aes-codesign/port": "rtl", "aes-codesign/sub_bytes": "hls", "aes-codesign/shift_rows": "hls",
                     "aes-codesign/mix_columns": "hls", "aes-codesign/aes128_cipher_hw": "hls"}
    assert {m.variant for m in codesign.MODULES} == {n.split("/")[1] for n in names}
    assert set(codesign.ACCELERATORS) <= {n.split("/")[1] for n, k in names.items() if k == "hls"}


def test_sim_of_a_module_says_it_cannot_be_simulated():
    proc = cli("sim", "aes-codesign/arbiter")
    one_line_error(proc, "aes-codesign/arbiter", "'codesign_module' cannot be simulated")


# ---- the verb's argument errors --------------------------------------------------------------------

def test_unknown_configuration():
    one_line_error(cli("codesign", "--configs", "sw,nope"), "unknown configuration 'nope'",
                   "known: sw, shift_rows, sub_bytes, mix_columns, all3, whole")
    one_line_error(cli("codesign", "--configs", ","), "--configs names no configuration")


def test_missing_cross_compiler(tmp_path):
    """No riscv64-unknown-elf-gcc on PATH: one line naming it and the Debian package, nothing built."""
    build = tmp_path / "build"
    proc = cli("codesign", "--configs", "sw", "--build", str(build), path=str(tmp_path))
    one_line_error(proc, "riscv64-unknown-elf-gcc not found", "gcc-riscv64-unknown-elf")
    assert not build.exists()


def test_doc_without_markers(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- codesign-table:begin -->\n<!-- codesign-table:end -->\n")
    one_line_error(cli("codesign", "--area", "--doc", str(doc), "--build", str(tmp_path / "b")),
                   str(doc), "codesign-area:begin")
    one_line_error(cli("codesign", "--doc", str(tmp_path / "none.md")), "none.md", "no such file")
    assert not (tmp_path / "b").exists()


def test_option_errors():
    one_line_error(cli("codesign", "--area-only"), "--area-only needs --area")
    one_line_error(cli("codesign", "--area", "--jobs", "0"), "--jobs must be at least 1")


# ---- Table I --------------------------------------------------------------------------------------

def _line(luts: int, ffs: int, fmax: float | None = 100.0) -> dict:
    return {"status": "ok", "luts": luts, "ffs": ffs, "fmax_mhz": fmax}


def test_area_table_shares_of_the_cpu():
    lines = {"cpu": _line(1000, 500), "arbiter": _line(100, 10), "shift_rows": _line(50, 20),
             "sub_bytes": _line(100, 40), "mix_columns": _line(50, 30), "mmio": _line(200, 100),
             "port": _line(10, 5), "aes128_cipher_hw": _line(400, 300, None)}
    text = codesign.area_table(lines)
    assert "| CPU: PicoRV32 RV32IM (seed: R3000-compatible) | 1000 | 500 | 100.0 | 2825 | 12.4 |" in text
    assert "| accelerator whole cipher (aes128_cipher_hw) | 400 | 300 | - | - | - |" in text
    shares = codesign.share_lines(lines)
    assert shares[0].startswith("- arbiter + ShiftRows + SubBytes + MixColumns accelerators (seed 004's sum): "
                                "300 LUT4 = 30 % of the CPU's 1000 LUT4 (100 FF = 20 % of its 500 FF); "
                                "seed 004: 59 % in its text; 1575 / 2825 slices = 56 % from its Table I")
    assert "530 LUT4 = 53 %" in shares[1]                  # + MMIO 200 + 3 ports of 10
    assert "720 LUT4 = 72 %" in shares[2]                  # arbiter + MMIO + whole cipher + 2 ports


def test_area_table_without_rows():
    text = codesign.area_table({"cpu": _line(1000, 500)})
    assert "| arbiter (codesign_arbiter) | not measured | not measured | not measured | 528 | 5.71 |" in text
    assert "- arbiter + ShiftRows + SubBytes + MixColumns accelerators (seed 004's sum): not measured" in text
    assert codesign.share_lines({}) == ["Shares of the CPU's area: not measured (no CPU row)."]
