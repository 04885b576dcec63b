"""cloc-aes128/rtl: lint clean for the core and the full module, sources by reference, one module per file
(cryptohls.sim.rtl_lint_tests).

pytest designs/cloc-aes128/tests/test_cloc_aes128_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests("cloc-aes128/rtl", tops=["cloc_aes128_core", "cloc_aes128_lwc"],
                                shared={"aes-common", "aes-modes-common"}))
