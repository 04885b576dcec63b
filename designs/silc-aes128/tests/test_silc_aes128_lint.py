"""silc-aes128/rtl: lint clean for the shared core (aes128_cfb_aead_core, default parameters) and the full
module (the core with this cipher's core_params), sources by reference, one module per file
(cryptohls.sim.rtl_lint_tests).

pytest designs/silc-aes128/tests/test_silc_aes128_lint.py
"""

from cryptohls.sim.rtl_lint_tests import rtl_lint_tests

globals().update(rtl_lint_tests("silc-aes128/rtl", tops=["aes128_cfb_aead_core", "silc_aes128_lwc"],
                                shared={"aes-common", "aes-modes-common"}))
