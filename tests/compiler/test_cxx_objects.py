"""C++ objects as software writes them (issue 16 item 3, designs/aes128-oop): names, directives on
member arrays and static member tables, directives in preprocessor branches, constructors.

Each case compiles a small source and checks the memories report.json lists (kind, ports) or the one
located error (file:line of the directive, exit status 2 through the CLI). Run-time behaviour (csim =
cosim, the constructors on the first call) is checked by tests/kernels/cxx_static_object.cpp and
cxx_global_object.cpp.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend.import_state import source_name
from cryptohls.hls import compile_file

CLASS = """\
#include <stdint.h>
class Acc {
public:
    Acc() {
        /*PRAGMAS*/
        for (int i = 0; i < 32; i++) hist[i] = 0;
    }
    uint32_t add(uint32_t x) {
        hist[x & 31] += TABLE[x >> 24];
        return hist[(x >> 5) & 31];
    }
private:
    static const uint32_t TABLE[256];   /* 8192 bits: a block ROM unless told otherwise */
    uint32_t hist[32];   /* more than 16 elements: a RAM, not a register file */
    uint32_t count;
};
const uint32_t Acc::TABLE[256] = {TABLE_VALUES};
uint32_t top(uint32_t x) {
    static Acc acc;
    return acc.add(x);
}
""".replace("TABLE_VALUES", ", ".join(str(7 * i + 1) for i in range(256)))   # all given: one array type


def compile_cxx(tmp_path: Path, pragmas: str = "", defines: tuple = ()) -> dict:
    tmp_path.mkdir(parents=True, exist_ok=True)
    src = tmp_path / "acc.cpp"
    src.write_text(CLASS.replace("/*PRAGMAS*/", pragmas))
    compile_file(src, "top", out_dir=tmp_path / "out", defines=defines)
    return json.loads((tmp_path / "out" / "report.json").read_text())


def memories(report: dict) -> dict[str, dict]:
    return {m["name"]: m for m in report["resources"]["memories"]}


def test_member_and_static_member_names(tmp_path):
    mems = memories(compile_cxx(tmp_path))
    # the member array after its member, the static member table after its name, the guard of the static
    assert {"acc_hist", "TABLE", "acc_constructed"} <= set(mems)
    assert mems["acc_hist"]["kind"] == "ram"


def test_array_partition_complete_on_a_member_and_a_static_member(tmp_path):
    mems = memories(compile_cxx(tmp_path, "#pragma HLS ARRAY_PARTITION variable=hist type=complete\n"
                                          "#pragma HLS ARRAY_PARTITION variable=TABLE type=complete"))
    assert mems["acc_hist"]["kind"] == "regs"
    # a constant global table: a LUT ROM (before, the directive was ignored: a block ROM)
    assert (mems["TABLE"]["kind"], mems["TABLE"]["impl"]) == ("rom", "lut")
    assert (memories(compile_cxx(tmp_path / "plain"))["TABLE"]["impl"]) == "bram"


def test_array_partition_complete_on_a_global_ram(tmp_path):
    src = tmp_path / "g.c"
    src.write_text(textwrap.dedent("""\
        #include <stdint.h>
        uint32_t hist[64];
        uint32_t top(uint32_t x) {
        #pragma HLS ARRAY_PARTITION variable=hist complete
            hist[x & 63] += x;
            return hist[(x >> 6) & 63];
        }
        """))
    compile_file(src, "top", out_dir=tmp_path / "out")
    mems = memories(json.loads((tmp_path / "out" / "report.json").read_text()))
    assert mems["hist"]["kind"] == "regs"   # before: ignored, a 64-word RAM


def test_directive_in_a_dropped_preprocessor_branch_does_not_apply(tmp_path):
    guarded = "#if defined(REGS)\n#pragma HLS ARRAY_PARTITION variable=hist type=complete\n#endif"
    assert memories(compile_cxx(tmp_path, guarded))["acc_hist"]["kind"] == "ram"
    assert memories(compile_cxx(tmp_path, guarded, defines=("REGS",)))["acc_hist"]["kind"] == "regs"


@pytest.mark.parametrize("ptype, depths", [("cyclic", [8, 8, 8, 8]), ("block", [8, 8, 8, 8])])
def test_cyclic_and_block_partitions_of_a_member_and_a_static_member_make_banks(tmp_path, ptype, depths):
    # before: a located error ("not implemented"); now passes/array_partition.py makes the banks
    mems = memories(compile_cxx(tmp_path, f"#pragma HLS ARRAY_PARTITION variable=hist type={ptype} factor=4\n"
                                          f"#pragma HLS ARRAY_PARTITION variable=TABLE type={ptype} factor=2"))
    assert "acc_hist" not in mems and "TABLE" not in mems
    assert [mems[f"acc_hist_{b}"]["depth"] for b in range(4)] == depths
    # 8 words of 32 bits each: passes/memory_binding.py makes such small banks register files
    assert all(mems[f"acc_hist_{b}"]["kind"] == "regs" for b in range(4))
    assert [(mems[f"TABLE_{b}"]["kind"], mems[f"TABLE_{b}"]["depth"]) for b in range(2)] == [("rom", 128)] * 2


def test_partition_dim_2_is_a_located_error(tmp_path):
    with pytest.raises(UserError) as info:
        compile_cxx(tmp_path, "#pragma HLS ARRAY_PARTITION variable=hist type=cyclic factor=2 dim=2")
    err = info.value
    assert err.location.line == 5 and err.location.file.endswith("acc.cpp")
    assert "ARRAY_PARTITION type=cyclic dim=2 of 'hist' is not supported" in err.message


def test_bind_storage_ram_1p_on_a_member_gives_one_port(tmp_path):
    out = tmp_path / "out"
    compile_cxx(tmp_path, "#pragma HLS BIND_STORAGE variable=hist type=ram_1p impl=bram")
    ir = (out / "ir" / "top.ir").read_text() if (out / "ir" / "top.ir").is_file() else ""
    line = next(x for x in ir.splitlines() if x.strip().startswith("memory acc_hist "))
    assert '"ports":1' in line and '"impl":"bram"' in line


def test_unknown_storage_type_is_a_located_error_through_the_cli(tmp_path):
    src = tmp_path / "acc.cpp"
    src.write_text(CLASS.replace("/*PRAGMAS*/", "#pragma HLS BIND_STORAGE variable=hist type=ram_3p"))
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", "top",
                           "-o", str(tmp_path / "out")], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{src}:5:" in proc.stderr and "unknown storage type 'ram_3p'" in proc.stderr


def test_cyclic_partition_of_a_local_array_makes_banks(tmp_path):
    src = tmp_path / "local.c"
    src.write_text(textwrap.dedent("""\
        #include <stdint.h>
        uint32_t top(const uint32_t in[8]) {
            uint32_t w[64];
        #pragma HLS ARRAY_PARTITION variable=w cyclic factor=2
            for (int i = 0; i < 64; i++) w[i] = in[i & 7] * 3;
            uint32_t s = 0;
            for (int i = 0; i < 64; i++) s ^= w[i] + i;
            return s;
        }
        """))
    compile_file(src, "top", out_dir=tmp_path / "out")
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    # before: carried out as type=complete (registers) with a warning
    assert not any("ARRAY_PARTITION" in w for w in report["warnings"]), report["warnings"]
    mems = memories(report)
    assert [(mems[f"w_{b}"]["kind"], mems[f"w_{b}"]["depth"]) for b in range(2)] == [("ram", 32)] * 2


@pytest.mark.parametrize("symbol, name", [
    ("_ZN6aesKey4sBoxE", "sBox"),                      # static data member
    ("_ZN2ns3Foo5tableE", "table"),                    # nested in a namespace
    ("_ZGVZ7aes_topPKhPhE6cipher", "cipher_constructed"),   # guard of a static local object
    ("_ZZ7aes_topPKhPhE6cipher", "cipher"),
    ("_ZN3FooC2Ev", "_ZN3FooC2Ev"),                    # not a data member: unchanged
    ("_ZN3Foo5tabE", "_ZN3Foo5tabE"),                  # lengths that do not add up: unchanged
])
def test_source_name(symbol, name):
    assert source_name(symbol) == name


def test_iostream_in_the_design_file_is_no_start_up_call(tmp_path):
    """`#include <iostream>` declares a std::ios_base::Init object, built by start-up code with a call
    into the C++ library (issue 32, the Vitis library's SHA-256 test): no hardware meaning, left out
    (as the destructor's registration with __cxa_atexit), while a real namespace-scope object is still
    constructed on the first call."""
    src = tmp_path / "io.cpp"
    src.write_text(textwrap.dedent("""\
        #include <stdint.h>
        #include <iostream>
        struct Seeded { uint32_t v; Seeded() : v(0x1234) {} ~Seeded() { v = 0; } };
        Seeded seeded;
        uint32_t top(uint32_t x) {
        #ifndef __SYNTHESIS__
            std::cout << "x = " << x << std::endl;
        #endif
            seeded.v += x;
            return seeded.v;
        }
        """))
    result = compile_file(src, "top", out_dir=tmp_path / "out")   # before: "call to undefined function
    assert "global_ctors_done" in result.verilog_path.read_text()   # '_ZNSt8ios_base4InitC1Ev'"
