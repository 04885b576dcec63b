"""The HLS CipherCore of norx3241v2 (hls/norx3241v2_hls_core.cpp, CCW = 384): the shared checks of
cryptohls.sim.hls_core_bench.kat_file_tests on 49 edge KAT records and 16 longer messages from the
golden model (the KATs stop at 32 bytes: no full 48-byte block), all 1089 KATs in the slow test.
Ta, Tb in the frame: test_norx3241v2.py. Run: pytest designs/norx3241v2/tests/test_norx3241v2_hls_core.py
"""

from __future__ import annotations

from cryptohls.sim.hls_core_bench import HlsCore, caesar_kat_edges, kat_file_tests

CORE = HlsCore("norx3241v2", "norx3241v2_hls_core", clock_ns=50.0, ccw=384)   # design.toml, variant hls
EDGES = {0, 1, 15, 16, 17, 31, 32}   # AD, PT lengths of the make-test KATs
# AD and PT lengths past the KATs' 32 bytes (full 48-byte blocks, a last full block followed by a block
# of padding alone, two blocks): records in the KAT format from the golden model
LONG = (0, 48, 49, 100)


def _long_records() -> list[str]:
    from cryptohls.golden import norx3241v2

    key, nonce, records = bytes(range(16)), bytes(range(8)), []
    for ad_len in LONG:
        for pt_len in LONG:
            ad = bytes((7 * i + 3) & 0xFF for i in range(ad_len))
            pt = bytes((5 * i + 1) & 0xFF for i in range(pt_len))
            ct = norx3241v2.encrypt(key, nonce, ad, pt)
            records.append(f"Count = {2000 + len(records)}\nKey = {key.hex().upper()}\nNonce = {nonce.hex().upper()}\n"
                           f"PT = {pt.hex().upper()}\nAD = {ad.hex().upper()}\nCT = {ct.hex().upper()}")
    return records


globals().update(kat_file_tests(CORE, edge_kats=caesar_kat_edges("norx3241v2", EDGES, 49, _long_records),
                                edge_records=49 + len(LONG) ** 2))
