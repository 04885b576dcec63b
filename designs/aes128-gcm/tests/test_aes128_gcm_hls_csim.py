"""The HLS CipherCore source of aes128-gcm (hls/aes128_gcm_hls_core.cpp) in C simulation.

The compiled core (cosim, the hls variant in the frame) is tested in test_aes128_gcm_hls_core.py and
test_aes128_gcm.py; what is checked here is the C++ algorithm and its vectors:

- hls/gcm_vectors.txt is what hls/gen_gcm_vectors.py writes (McGrew-Viega cases 1-4 as published,
  then 200 golden-model messages), and every line agrees with pycryptodome's AES-GCM;
- `cryptohls csim` of the C testbench (per message: key, ENC, DEC, DEC with a flipped tag bit) passes,
  and the same binary fails on a copy of the file with one wrong ciphertext digit.

pytest designs/aes128-gcm/tests/test_aes128_gcm_hls_csim.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from Crypto.Cipher import AES

HLS = Path(__file__).resolve().parents[1] / "hls"
REPO = HLS.parents[2]
BUILD = REPO / "build" / "tests" / "hls-csim-aes128-gcm"

sys.path.insert(0, str(HLS))
from gen_gcm_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def _fields(line: str) -> list[bytes]:
    return [b"" if f == "-" else bytes.fromhex(f) for f in line.split()]


def test_vectors_match_pycryptodome() -> None:
    committed = (HLS / "gcm_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(200, seed=1)
    assert len(committed) == 204
    for line in committed:
        key, iv, ad, pt, ct, tag = _fields(line)
        cipher = AES.new(key, AES.MODE_GCM, nonce=iv)
        cipher.update(ad)
        assert cipher.encrypt_and_digest(pt) == (ct, tag), line


def test_csim_passes_and_catches_a_wrong_ciphertext(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "csim", str(HLS / "aes128_gcm_hls_core.cpp"), "--tb",
         str(HLS / "tb_aes128_gcm_hls_core.cpp"), "--top", "aes128_gcm_hls_core", "-o", str(BUILD)],
        capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr
    summary = proc.stdout.strip().splitlines()[-1]
    assert summary.startswith("aes128-gcm core: 204 messages, 204 ENC, 204 DEC, 204 DEC with a wrong tag")
    assert summary.endswith(", 0 failures"), summary

    lines = (HLS / "gcm_vectors.txt").read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if i >= 10 and line.split()[4] != "-")
    fields = lines[index].split()
    fields[4] = fields[4][:-1] + ("1" if fields[4][-1] == "0" else "0")
    lines[index] = " ".join(fields)
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = subprocess.run([str(BUILD / "csim"), str(bad)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert f"message {index + 1} ENC: wrong CT || tag" in run.stdout
