"""frontend/driver.py clang_o0 runs without warnings (-w): the same IR as with them, and clang's errors,
also the warnings that are errors by default, still refuse the source where they stand."""

from __future__ import annotations

import subprocess

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend import driver

NOISY = """\
#include <stdint.h>
static uint32_t g = 18446744073709551615UL;       /* -Wconstant-conversion */
uint32_t top(uint32_t x) {
    uint32_t y = (x, 3);                          /* -Wunused-value */
    return (y || 5) + g + ((void *)0 == &g);      /* -Wconstant-logical-operand, -Wtautological-pointer-compare */
}
"""


def test_the_ir_is_the_one_clang_writes_with_its_warnings(tmp_path):
    src = tmp_path / "noisy.c"
    src.write_text(NOISY)
    quiet = driver.clang_o0(src, tmp_path / "quiet.ll", (), ("__SYNTHESIS__",))
    cmd = [c for c in (driver._tool(driver.CLANG), "-O0", "-Xclang", "-disable-O0-optnone", "-g",
                       "-fno-discard-value-names", "-Wno-unknown-pragmas", "-fno-exceptions", "-emit-llvm", "-S",
                       "-o", str(tmp_path / "loud.ll"), *driver.language_flags(src, (), ("__SYNTHESIS__",)), str(src))]
    loud = subprocess.run(cmd, capture_output=True, text=True, check=True)
    assert "warning:" in loud.stderr   # the source does warn
    assert quiet == (tmp_path / "loud.ll").read_text().replace(str(tmp_path / "loud.ll"), str(tmp_path / "quiet.ll"))


@pytest.mark.parametrize("body, line, col, words", [
    ("int top(int x) { return g(x); }\n", 1, 25, "undeclared function 'g'"),          # -Wimplicit-function-declaration
    ("int *top(int x) { return x; }\n", 1, 26, "incompatible integer to pointer"),     # -Wint-conversion
])
def test_warnings_that_are_errors_by_default_still_refuse(tmp_path, body, line, col, words):
    src = tmp_path / "bad.c"
    src.write_text(body)
    with pytest.raises(UserError) as err:
        driver.clang_o0(src, tmp_path / "bad.ll")
    assert words in err.value.message and (err.value.location.line, err.value.location.col) == (line, col)
