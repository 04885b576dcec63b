"""The vector loader: finds the shared directory and reports bad files as UserError naming them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.golden import vectors


def test_default_shared_dir_is_checkout_sibling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CRYPTOHLS_SHARED_DIR", raising=False)
    repo_root = Path(__file__).resolve().parents[2]
    assert vectors.shared_dir() == repo_root.parent / "shared"


def test_env_overrides_shared_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CRYPTOHLS_SHARED_DIR", str(tmp_path))
    assert vectors.shared_dir() == tmp_path


def test_missing_file_names_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CRYPTOHLS_SHARED_DIR", str(tmp_path))
    with pytest.raises(UserError) as info:
        vectors.load_aes_vectors()
    assert str(tmp_path / "vectors" / "aes-vectors.json") in str(info.value)


def test_malformed_file_names_it_with_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "vectors").mkdir()
    bad = tmp_path / "vectors" / "misty1-vectors.json"
    bad.write_text('{\n "ecb": [,]\n}\n')
    monkeypatch.setenv("CRYPTOHLS_SHARED_DIR", str(tmp_path))
    with pytest.raises(UserError) as info:
        vectors.load_misty1_vectors()
    assert str(info.value).startswith(f"{bad}:2:")
    assert "malformed JSON" in str(info.value)


def test_missing_section_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "vectors").mkdir()
    (tmp_path / "vectors" / "misty1-vectors.json").write_text('{"ecb": []}')
    monkeypatch.setenv("CRYPTOHLS_SHARED_DIR", str(tmp_path))
    with pytest.raises(UserError, match="missing section.*cbc"):
        vectors.load_misty1_vectors()


def test_published_files_load() -> None:
    assert len(vectors.load_aes_vectors()["gcm_spec_mcgrew_viega"]) == 4
    assert len(vectors.load_misty1_vectors()["ecb"]) == 2


def test_caesar_kat_files_load():
    """Seed 002's CAESAR KATs (vectors/caesar): 1089 records each, PT and AD of 0..32 bytes."""
    from cryptohls.golden.vectors import load_caesar_kat, vectors_dir
    names = sorted(p.name for p in (vectors_dir() / "caesar").iterdir() if p.is_dir())
    assert len(names) >= 15
    for name in names:
        records = load_caesar_kat(name)
        assert len(records) == 1089, name
        assert {len(r["PT"]) for r in records} == set(range(33)) == {len(r["AD"]) for r in records}, name


def test_caesar_kat_unknown_cipher_is_a_user_error():
    from cryptohls.errors import UserError
    from cryptohls.golden.vectors import load_caesar_kat
    with pytest.raises(UserError, match="LWC_AEAD_KAT"):
        load_caesar_kat("no-such-cipher")
