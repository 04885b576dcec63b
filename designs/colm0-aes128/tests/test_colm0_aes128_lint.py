"""colm0-aes128/rtl: lint clean for the core, the modes' shared unit and the full module, sources by reference,
one module per file (cryptohls.sim.rtl_lint_tests).

pytest designs/colm0-aes128/tests/test_colm0_aes128_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests(
    "colm0-aes128/rtl", tops=["colm0_aes128_core", "colm0_aes128_lwc", "aes128_iter_unit"],
    shared={"aes-common", "aes-modes-common"}))
