"""frontend/trailing_zeros.py: the low zero bits of each value of an LLVM function (the import's test of
whether a byte offset is a whole number of elements)."""

from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.trailing_zeros import trailing_zeros

FUNCTION = """
define void @f(i64 %n, i32 %w) {
entry:
  %row = shl i64 %n, 6
  %odd = or i64 %row, 1
  %sum = add i64 %row, 12
  %mix = and i64 %n, -8
  %prod = mul i64 %sum, 2
  %down = lshr i64 %prod, 3
  %wide = zext i32 %w to i64
  %cut = trunc i64 %row to i8
  br label %loop

loop:
  %off = phi i64 [ 4, %entry ], [ %next, %loop ]
  %step = phi i64 [ 0, %entry ], [ %bump, %loop ]
  %pick = select i1 true, i64 %off, i64 %sum
  %next = add nuw nsw i64 %off, 4
  %bump = add i64 %step, 6
  %bad = add i64 %step, 3
  %c = icmp ult i64 %off, 252
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
"""


def test_counts_follow_the_rules_and_loops_keep_what_entry_and_step_share():
    tz = trailing_zeros(parse_module(FUNCTION).functions["@f"])
    assert tz == {"%row": 6, "%sum": 2, "%mix": 3, "%prod": 3, "%cut": 6, "%off": 2, "%next": 2,
                  "%pick": 2, "%step": 1, "%bump": 1}
    # no zero bit known: an odd constant in an or/add, an argument, a shift that takes them all
    assert not {"%odd", "%wide", "%down", "%bad", "%c"} & set(tz)
