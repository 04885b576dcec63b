"""Golden reference models: pure Python, written to be read, each citing its standard.

They are the ground truth that hand-written RTL, HLS output and test benches are checked against,
and they are themselves checked against the published vectors in ``<shared>/vectors`` (see
:mod:`cryptohls.golden.vectors`). No third-party imports; the tests cross-check them against
independent libraries.

Modules:

- :mod:`cryptohls.golden.aes` — AES-128/192/256 block cipher (FIPS-197), with round keys,
  per-round states and the individual round transformations exposed.
- :mod:`cryptohls.golden.ctr` — AES-CTR with a 96-bit IV and 32-bit counter (NIST SP 800-38A).
- :mod:`cryptohls.golden.ascon` — Ascon-AEAD128 and Ascon-Hash256 (NIST SP 800-232).
- :mod:`cryptohls.golden.gcm` — AES-GCM and GHASH (NIST SP 800-38D).
- :mod:`cryptohls.golden.misty1` — MISTY1 64-bit block cipher with FO/FI/FL exposed (RFC 2994).
- :mod:`cryptohls.golden.vectors` — loader for the published test-vector files.
- :mod:`cryptohls.golden.norx3241v2` — NORX32-4-1 v2.0 (8-byte nonce) with F and one round exposed.
- :mod:`cryptohls.golden.morus1280128v1` — MORUS-1280-128 v1 with the state update exposed.
- :mod:`cryptohls.golden.acorn128v2` — ACORN-128 v2 with one step and 32 steps at once exposed.
- :mod:`cryptohls.golden.ketjesrv1` — Ketje Sr v1 with Keccak-p[400] and one round exposed.
- :mod:`cryptohls.golden.aes_round` — one keyed AES round on 128-bit words (aes.py's transformations
  as T-tables), shared by the AES-round ciphers below.
- :mod:`cryptohls.golden.aegis128l` — AEGIS-128L (CAESAR v1.1), state update exposed.
- :mod:`cryptohls.golden.tiaoxinv2` — Tiaoxin-346 v2, T3/T4/T6 Update exposed; lengths as the KATs.
- :mod:`cryptohls.golden.simon96` — SIMON-96/96 with its round and on-the-fly key step (ePrint 2013/404).
- :mod:`cryptohls.golden.jambu` — the JAMBU v2 mode over any 2n-bit block cipher (SIMON, AES).
- :mod:`cryptohls.golden.simonjambu96v2` — JAMBU-SIMON (JAMBU v2 mode on SIMON-96/96).
- :mod:`cryptohls.golden.aesjambuv2` — JAMBU-AES (JAMBU v2 mode on AES-128, n = 64).
- :mod:`cryptohls.golden.aes_modes` — pieces the AES-128 AEAD modes below share: GF(2^128)
  doubling (2·X, 3·X, 7·X), 10* / ozp padding, the OCB/OTR nonce block, AES-128 keyed once.
- :mod:`cryptohls.golden.ocb3` — OCB3, AES-128, 128-bit tag (RFC 7253; aeadaes128ocbtaglen128v1).
- :mod:`cryptohls.golden.aes_otr` — AES-OTR v3, parallel AD (aes128otrpv3).
- :mod:`cryptohls.golden.cloc` — CLOC-AES, 12-byte nonce, 8-byte tag (aes128n12t8clocv2).
- :mod:`cryptohls.golden.silc` — SILC-AES, 12-byte nonce, 8-byte tag (aes128n12t8silcv2).
- :mod:`cryptohls.golden.colm0` — COLM0, AES-128 (colm0v1).
- :mod:`cryptohls.golden.deoxysneq128128v13` — Deoxys-I-128-128 v1.3 (Deoxys!=) and its Deoxys-BC-256
  with the on-the-fly tweakey step exposed (v1.3 differs from v1.41: module docstring).
"""
