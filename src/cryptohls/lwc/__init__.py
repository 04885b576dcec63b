"""LWC / CAESAR hardware-API test vectors (DESIGN.md §6): the word formats, the pdi/sdi/do files, and
their generation from the golden models.

- :mod:`cryptohls.lwc.protocol` — opcodes, segment types, status, header encode/decode, the data model;
- :mod:`cryptohls.lwc.words` — flat per-stream word lists for testbenches;
- :mod:`cryptohls.lwc.writer` / :mod:`cryptohls.lwc.parser` — the ``pdi.txt``/``sdi.txt``/``do.txt`` files;
- :mod:`cryptohls.lwc.generate` — test-vector sets for aes128-ctr, aes128-gcm and ascon-aead128.

See docs/lwc-test-vectors.md.
"""
