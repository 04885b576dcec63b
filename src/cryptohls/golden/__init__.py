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
- :mod:`cryptohls.golden.aes_modes` — pieces the AES-128 AEAD modes below share: GF(2^128)
  doubling (2·X, 3·X, 7·X), 10* / ozp padding, the OCB/OTR nonce block, AES-128 keyed once.
- :mod:`cryptohls.golden.ocb3` — OCB3, AES-128, 128-bit tag (RFC 7253; aeadaes128ocbtaglen128v1).
- :mod:`cryptohls.golden.aes_otr` — AES-OTR v3, parallel AD (aes128otrpv3).
- :mod:`cryptohls.golden.cloc` — CLOC-AES, 12-byte nonce, 8-byte tag (aes128n12t8clocv2).
- :mod:`cryptohls.golden.silc` — SILC-AES, 12-byte nonce, 8-byte tag (aes128n12t8silcv2).
- :mod:`cryptohls.golden.colm0` — COLM0, AES-128 (colm0v1).
"""
