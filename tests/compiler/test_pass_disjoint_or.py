from cryptohls.ir import parse_function
from cryptohls.passes.disjoint_or import DisjointOr
from cryptohls.schedule.delay import delay_model

# x.range(15, 8) = b on a zero word, then | c's low byte; and an or whose fields may overlap
IR = """function f {}
  param b {"direction":"in","width":8}
  param c {"direction":"in","width":16}
  block entry
    %1:i8 = param {"param":"b"} @1:1
    %2:i16 = param {"param":"c"} @1:2
    %3:i16 = zext %1 @2:1
    %4:i16 = shl %3, 8:i16 @2:1
    %5:i16 = and %2, 255:i16 @2:2
    %6:i16 = or %4, %5 @2:3
    %7:i16 = or %4, %2 @2:4
    %8:i16 = xor %6, %7 @2:5
    ret %8 @3:1
}
"""


def test_or_of_separate_bit_fields_is_wiring():
    fn = parse_function(IR)
    assert DisjointOr().run(fn)
    ops = {op.id: op for op in fn.all_ops()}
    assert ops[6].attrs.get("disjoint") is True        # bits 15..8 | bits 7..0
    assert "disjoint" not in ops[7].attrs               # c may have bits 15..8 set
    model = delay_model("ecp5")
    assert model.op_delay_ns(fn, ops[6]) == 0.0 and model.op_delay_ns(fn, ops[7]) == model.lut_ns
    assert not DisjointOr().run(fn)                      # idempotent
