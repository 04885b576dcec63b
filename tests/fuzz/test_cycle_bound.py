"""fuzz/cycle_bound.py: block counters in LLVM IR, and the bound H - MAX_TRIPS * E of its natural loops."""

from __future__ import annotations

import shutil
import textwrap

import pytest

from cryptohls.fuzz import cycle_bound

pytestmark = pytest.mark.skipif(shutil.which("clang-19") is None, reason="clang-19 builds the counted IR")

# An unnamed entry block (%0), a loop of 1,000 trips whose header has phis, a second loop of 30 trips
# entered 1,000 times (inside the first: 30,000 header executions, but no more than 30 a trip).
NESTED = textwrap.dedent("""\
    define i32 @top() {
      br label %1

    1:                                                ; preds = %0, %5
      %i = phi i32 [ 0, %0 ], [ %i.next, %5 ]
      %s = phi i32 [ 0, %0 ], [ %t.last, %5 ]
      br label %outer.body

    outer.body:
      br label %inner

    inner:
      %j = phi i32 [ 0, %outer.body ], [ %j.next, %inner ]
      %t = phi i32 [ %s, %outer.body ], [ %t.next, %inner ]
      %t.next = add i32 %t, %j
      %j.next = add i32 %j, 1
      %more = icmp ult i32 %j.next, 30
      br i1 %more, label %inner, label %5

    5:
      %t.last = phi i32 [ %t.next, %inner ]
      %i.next = add i32 %i, 1
      %again = icmp ult i32 %i.next, 1000
      br i1 %again, label %1, label %done

    done:
      ret i32 %t.last
    }
    """)


def test_the_counts_and_the_bound_of_each_loop(tmp_path):
    text, blocks = cycle_bound.instrument(NESTED)
    assert [b.name for b in blocks] == ["<entry>", "1", "outer.body", "inner", "5", "done"]
    assert blocks[3].successors == ["inner", "5"]
    # the counter comes after the phis
    lines = text.splitlines()
    assert lines.index("  %s = phi i32 [ 0, %0 ], [ %t.last, %5 ]") + 1 == \
        lines.index("  %__cryptohls_c1 = load i64, ptr getelementptr inbounds ([6 x i64], ptr "
                    "@__cryptohls_block_counts, i64 0, i64 1), align 8")

    (tmp_path / "top.ll").write_text(NESTED)
    bound = cycle_bound.hardware_cycle_bound(tmp_path / "top.ll", "top", tmp_path, lambda exe: [str(exe)], 60)
    # the outer loop: 1,000 - 100; the inner one: 30,000 - 100 x 1,000 (its 30 trips may be unrolled)
    assert (bound.header, bound.executions, bound.entries, bound.cycles) == ("1", 1000, 1, 900)


def test_no_bound_without_a_loop_that_runs_past_the_unrolled_trips(tmp_path):
    (tmp_path / "top.ll").write_text(NESTED.replace("icmp ult i32 %i.next, 1000", "icmp ult i32 %i.next, 3"))
    assert cycle_bound.hardware_cycle_bound(tmp_path / "top.ll", "top", tmp_path, lambda exe: [str(exe)], 60) is None
