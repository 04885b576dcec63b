"""The HLS CipherCore of ketjesrv1 (hls/ketjesrv1_hls_core.cpp): the shared checks of
cryptohls.sim.hls_core_bench.kat_file_tests on 100 edge records, all 1089 KATs in the slow test.
Ta, Tb in the frame: test_ketjesrv1.py. Run: pytest designs/ketjesrv1/tests/test_ketjesrv1_hls_core.py
"""

from __future__ import annotations

from cryptohls.sim.hls_core_bench import HlsCore, caesar_kat_edges, kat_file_tests

CORE = HlsCore("ketjesrv1", "ketjesrv1_hls_core", clock_ns=20.0)   # design.toml, variant hls
EDGES = {0, 1, 2, 3, 4, 5, 7, 8, 31, 32}   # AD, PT lengths of the make-test KATs
globals().update(kat_file_tests(CORE, edge_kats=caesar_kat_edges("ketjesrv1", EDGES, 100), edge_records=100))
