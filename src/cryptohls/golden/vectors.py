"""Loader for the published test-vector files in ``<shared>/vectors`` (see its README.md for sources).

The shared directory is ``$CRYPTOHLS_SHARED_DIR`` if set, else ``<repo>/../shared`` (the checkout's
sibling). A missing or malformed file is the user's to fix, so it is reported as a UserError naming it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cryptohls.errors import UserError

AES_VECTORS_FILE = "aes-vectors.json"
MISTY1_VECTORS_FILE = "misty1-vectors.json"


def shared_dir() -> Path:
    """The shared directory holding ``vectors/`` (``$CRYPTOHLS_SHARED_DIR`` or ``<repo>/../shared``)."""
    override = os.environ.get("CRYPTOHLS_SHARED_DIR")
    if override:
        return Path(override)
    repo_root = Path(__file__).resolve().parents[3]  # src/cryptohls/golden/vectors.py -> repo
    return repo_root.parent / "shared"


def vectors_dir() -> Path:
    return shared_dir() / "vectors"


def load_json_vectors(name: str, required_keys: tuple[str, ...]) -> dict[str, Any]:
    """Parse ``<shared>/vectors/<name>`` and check it is a JSON object with `required_keys`."""
    path = vectors_dir() / name
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise UserError(f"cannot read vector file: {err.strerror or err}", file=path,
                        hint="set CRYPTOHLS_SHARED_DIR to the directory that holds vectors/") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(f"malformed JSON: {err.msg}", file=path, line=err.lineno, col=err.colno) from None
    if not isinstance(data, dict):
        raise UserError("expected a JSON object at the top level", file=path)
    missing = [key for key in required_keys if key not in data]
    if missing:
        raise UserError(f"missing section(s): {', '.join(missing)}", file=path)
    return data


def load_aes_vectors() -> dict[str, Any]:
    """FIPS-197 App. B/C, SP 800-38A F.5.1 CTR and GCM spec test cases 1-4, as stored in the JSON."""
    return load_json_vectors(AES_VECTORS_FILE, ("fips197_appendix_c", "sp800_38a_f51_ctr_aes128",
                                                "gcm_spec_mcgrew_viega", "fips197_appendix_b_used_by_chstone_aes"))


def load_misty1_vectors() -> dict[str, Any]:
    """RFC 2994 Appendix A ECB and CBC example data, as stored in the JSON."""
    return load_json_vectors(MISTY1_VECTORS_FILE, ("ecb", "cbc"))


ASCON_KAT_FILE = "ascon-aead128-kat.txt"
_ASCON_KAT_FIELDS = ("Count", "Key", "Nonce", "PT", "AD", "CT")


def load_ascon_kat(path: Path | None = None) -> list[dict[str, bytes]]:
    """Ascon-AEAD128's LWC KAT records (``load_lwc_kat``)."""
    return load_lwc_kat(path or vectors_dir() / ASCON_KAT_FILE)


def caesar_kat_path(name: str) -> Path:
    """The KAT file of a CAESAR cipher of seed 002 by its SUPERCOP name (``vectors/caesar/<name>/
    LWC_AEAD_KAT_<key bits>_<nonce bits>.txt``, generated from SUPERCOP's reference code)."""
    folder = vectors_dir() / "caesar" / name
    found = sorted(folder.glob("LWC_AEAD_KAT_*.txt"))
    if len(found) != 1:
        raise UserError(f"expected one LWC_AEAD_KAT_*.txt for cipher '{name}', found {len(found)}", file=folder)
    return found[0]


def load_caesar_kat(name: str) -> list[dict[str, bytes]]:
    """The LWC KAT records of a CAESAR cipher (``caesar_kat_path``, ``load_lwc_kat``)."""
    return load_lwc_kat(caesar_kat_path(name))


def load_lwc_kat(path: Path) -> list[dict[str, bytes]]:
    """The LWC KAT records (``Count/Key/Nonce/PT/AD/CT``, blank-line separated) as bytes fields.

    CT is ciphertext || tag, as in the LWC KAT files. A malformed line is reported with its number.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise UserError(f"cannot read vector file: {err.strerror or err}", file=path) from None
    records: list[dict[str, bytes]] = []
    current: dict[str, bytes] = {}
    for number, raw in enumerate(lines + [""], start=1):
        line = raw.strip()
        if not line:
            if current:
                missing = [f for f in _ASCON_KAT_FIELDS[1:] if f not in current]
                if missing:
                    raise UserError(f"record ends without {', '.join(missing)}", file=path, line=number)
                records.append(current)
                current = {}
            continue
        name, sep, value = (part.strip() for part in line.partition("="))
        if not sep or name not in _ASCON_KAT_FIELDS:
            raise UserError(f"expected 'Field = hex' with a field of {', '.join(_ASCON_KAT_FIELDS)}",
                            file=path, line=number)
        if name == "Count":
            continue
        try:
            current[name] = bytes.fromhex(value)
        except ValueError:
            raise UserError(f"{name} is not hexadecimal", file=path, line=number) from None
    return records
