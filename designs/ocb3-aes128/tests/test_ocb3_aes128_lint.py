"""ocb3-aes128/rtl: lint clean for the core, the modes' shared modules and the full module, sources by
reference, one module per file (cryptohls.sim.rtl_lint_tests).

pytest designs/ocb3-aes128/tests/test_ocb3_aes128_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests(
    "ocb3-aes128/rtl", tops=["ocb3_aes128_core", "ocb3_aes128_lwc", "aes128_iter_unit", "gf128_mul2pow",
                            "block_out_buffer", "block_in_buffer"],
    shared={"aes-common", "aes-modes-common"}))
