"""aes128-otr/rtl: lint clean for the core and the full module, sources by reference, one module per file
(cryptohls.sim.rtl_lint_tests).

pytest designs/aes128-otr/tests/test_aes128_otr_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests("aes128-otr/rtl", tops=["aes128_otr_core", "aes128_otr_lwc"],
                                shared={"aes-common", "aes-modes-common"}))
