"""The command-line contract: --version, --help, error form and exit status, the design registry."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cryptohls import __version__
from cryptohls.cli import main
from cryptohls.designs import all_variants, find_variant
from cryptohls.errors import UserError


def run_cli(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    import os
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"cryptohls {__version__}"


def test_help_lists_designs_verb():
    result = run_cli("--help")
    assert result.returncode == 0
    assert "designs" in result.stdout


def test_unknown_verb_is_one_line_exit_2():
    result = run_cli("no-such-verb")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_no_verb_prints_help_and_fails():
    assert main([]) == 2


def _write_design(root: Path, name: str, body: str) -> None:
    (root / name).mkdir(parents=True)
    (root / name / "design.toml").write_text(textwrap.dedent(body))


def test_registry_reads_variants(tmp_path, monkeypatch):
    _write_design(tmp_path, "toy", """
        [design]
        name = "toy"
        block_bits = 64
        [variants.rtl]
        kind = "rtl"
        top = "toy_core"
        sources = ["rtl/*.v"]
        interface = "block_valid_ready"
        extra_option = 7
    """)
    (tmp_path / "toy" / "rtl").mkdir()
    (tmp_path / "toy" / "rtl" / "toy_core.v").write_text("module toy_core; endmodule\n")
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(tmp_path))
    variants = all_variants()
    assert [v.full_name for v in variants] == ["toy/rtl"]
    variant = find_variant("toy/rtl")
    assert variant.block_bits == 64
    assert variant.options == {"extra_option": 7}
    assert [p.name for p in variant.sources()] == ["toy_core.v"]


def test_registry_rejects_bad_kind_with_file(tmp_path, monkeypatch):
    _write_design(tmp_path, "bad", """
        [design]
        name = "bad"
        block_bits = 128
        [variants.x]
        kind = "vhdl"
        top = "t"
        sources = []
        interface = "block_valid_ready"
    """)
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(tmp_path))
    with pytest.raises(UserError) as info:
        all_variants()
    assert "design.toml" in str(info.value) and "kind must be" in str(info.value)


def test_unknown_variant():
    with pytest.raises(UserError, match="unknown variant"):
        find_variant("no-such-design/rtl")


def test_malformed_toml_one_line_exit_2(tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "design.toml").write_text("[design\nname=")
    result = run_cli("designs", env_extra={"CRYPTOHLS_DESIGNS_DIR": str(tmp_path)})
    assert result.returncode == 2
    assert "design.toml" in result.stderr and "malformed" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_named_verb_imports_only_its_own_module():
    """`cryptohls csim …` builds only csim's parser: the other verbs' imports (cocotb, the golden
    models) cost each short run about half a CPU second (cryptohls fuzz runs two per program)."""
    probe = ("import sys\nfrom cryptohls.commands.parser import build_parser\n"
             "args = build_parser(only='csim').parse_args(['csim', 'x.c'])\n"
             "print(args.verb, 'cocotb' in sys.modules, 'cryptohls.commands.sim' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["csim", "False", "False"], out.stderr
    assert run_cli("csimm", "x.c").stderr.startswith("cryptohls: error: argument VERB: invalid choice: 'csimm'")
