"""The HLS CipherCore of morus1280128v1 (hls/morus1280128v1_hls_core.cpp): the shared checks of
cryptohls.sim.hls_core_bench.kat_file_tests on 49 edge records (CCW = 256), all 1089 KATs in the slow test.
Ta, Tb in the frame: test_morus1280128v1.py. Run: pytest designs/morus1280128v1/tests/test_morus1280128v1_hls_core.py
"""

from __future__ import annotations

from cryptohls.sim.hls_core_bench import HlsCore, caesar_kat_edges, kat_file_tests

CORE = HlsCore("morus1280128v1", "morus1280128v1_hls_core", clock_ns=20.0, ccw=256)   # design.toml, variant hls
EDGES = {0, 1, 15, 16, 17, 31, 32}   # AD, PT lengths of the make-test KATs
globals().update(kat_file_tests(CORE, edge_kats=caesar_kat_edges("morus1280128v1", EDGES, 49), edge_records=49))
