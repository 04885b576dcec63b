"""make test's check of the W = 32 figure (variant tiaoxin346/rtl-w32: the CCW = 256 core behind
designs/lwc-gearbox's lwc_ccw_gearbox in the frame at W = 32): only the shared bench's exact timing
test, cycles = Ta + n * Tb for ENC / DEC with n PT blocks and ENC with n AD blocks (docs.md, "Timing"),
on Icarus (no Verilator build of the core in make test). The whole bench at W = 32 (KATs, tv vectors,
random messages, malformed commands, constant time) is test_tiaoxin346.py::test_tiaoxin346_w32 (slow).

pytest designs/tiaoxin346/tests/test_tiaoxin346_w32_timing.py
"""

from __future__ import annotations

from cryptohls.lwc.generate import CIPHER_MODELS
from cryptohls.sim.lwc_bench import LwcCipher, aead_tests
from test_tiaoxin346 import TIMING_W32

globals().update({"timing": aead_tests(LwcCipher(CIPHER_MODELS["tiaoxinv2"](), block_bytes=32), timing=TIMING_W32,
                                       random_messages=(1, 1, 1), tv=False)["timing"]})


def test_tiaoxin346_w32_timing(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("tiaoxin346/rtl-w32", __file__, test_id=request.node.name, simulator="icarus")
    assert result.passed and result.tests == 1, result.summary()
