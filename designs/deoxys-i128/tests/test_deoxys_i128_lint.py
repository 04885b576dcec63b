"""deoxys-i128/rtl: lint clean for the full module (the frame, the core, its Deoxys-BC-256 unit, the AES
rounds), sources by reference, one module per file (cryptohls.sim.rtl_lint_tests).

pytest designs/deoxys-i128/tests/test_deoxys_i128_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests("deoxys-i128/rtl", tops=["deoxys_i128_lwc"],
                                shared={"aes-common", "aes-modes-common"}))
