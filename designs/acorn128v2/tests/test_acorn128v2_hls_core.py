"""The HLS CipherCore of acorn128v2 (hls/acorn128v2_hls_core.cpp): the shared checks of
cryptohls.sim.hls_core_bench.kat_file_tests on 49 edge records, all 1089 KATs in the slow test.
Ta, Tb in the frame: test_acorn128v2.py. Run: pytest designs/acorn128v2/tests/test_acorn128v2_hls_core.py
"""

from __future__ import annotations

from cryptohls.sim.hls_core_bench import HlsCore, caesar_kat_edges, kat_file_tests

CORE = HlsCore("acorn128v2", "acorn128v2_hls_core", clock_ns=20.0)   # design.toml, variant hls
EDGES = {0, 1, 2, 3, 4, 5, 32}   # AD, PT lengths of the make-test KATs
globals().update(kat_file_tests(CORE, edge_kats=caesar_kat_edges("acorn128v2", EDGES, 49), edge_records=49))
