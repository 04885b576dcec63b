"""ap_int.h compiles for synthesis at every width class (issue 32 item 10).

clang-19 segfaulted on `ap_uint<132> t; t.range(63, 0) = p;` (widths 129-192, 259-320, 400, ...): its
code generation crashes on a `const` local of such a _BitInt type with a non-constant initialiser, and
ap_int.h had some. width_sweep.cpp instantiates the common operations at widths around each class
boundary in one translation unit, compiled as `cryptohls compile` compiles a design.
"""

from __future__ import annotations

from pathlib import Path

from cryptohls.frontend import driver

HERE = Path(__file__).resolve().parent

WIDTHS = [1, 2, 3, 7, 8, 9, 31, 32, 33, 63, 64, 65, 127, 128, 129, 132, 150, 191, 192, 193, 200, 255, 256,
          257, 259, 260, 300, 320, 321, 384, 400, 511, 512, 513, 1000, 1023, 1024]


def test_every_width_compiles_for_synthesis(tmp_path: Path):
    ll = driver.clang_o0(HERE / "width_sweep.cpp", tmp_path / "sweep.ll", (str(driver.REPO_INCLUDE),),
                         ("__SYNTHESIS__", "WIDTHS=" + ",".join(map(str, WIDTHS))))
    for width in WIDTHS:
        assert f"@_Z3opsILi{width}EEv" in ll
