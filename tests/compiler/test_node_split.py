"""Node splitting (frontend/node_split.py) on small LLVM IR texts: irreducible CFGs become reducible,
every path through the function is kept (the same blocks in the same order, copies named after
their originals), phis and loop metadata follow the copies, and the growth bound holds."""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from cryptohls.frontend import cfg
from cryptohls.frontend.lltext import FunctionText, function_span
from cryptohls.frontend.node_split import SplitTooLarge, make_reducible

# A loop entered at its header (for.cond) and by a goto into its body (inside); a `&&` value (a phi)
# in the part that gets copied, and a phi after the loop reading a value from that part.
GOTO_INTO_LOOP = """\
define i32 @f(i32 %n, i1 %skip) !dbg !3 {
entry:
  br i1 %skip, label %inside, label %for.cond, !dbg !10

for.cond:
  %i = load i32, ptr @g, align 4, !dbg !11
  %cmp = icmp slt i32 %i, %n, !dbg !11
  br i1 %cmp, label %for.body, label %for.end, !dbg !11

for.body:
  store i32 1, ptr @g, align 4, !dbg !12
  br label %inside, !dbg !12

inside:
    #dbg_label(!20, !12)
  %0 = load i32, ptr @g, align 4, !dbg !13
  %odd = icmp ne i32 %0, 7, !dbg !13
  br i1 %odd, label %land.rhs, label %land.end, !dbg !13

land.rhs:
  %big = icmp sgt i32 %0, 2, !dbg !13
  br label %land.end, !dbg !13

land.end:
  %1 = phi i1 [ false, %inside ], [ %big, %land.rhs ], !dbg !13
  br i1 %1, label %early, label %for.inc, !dbg !13

for.inc:
  %inc = add i32 %0, 1, !dbg !14
  store i32 %inc, ptr @g, align 4, !dbg !14
  br label %for.cond, !dbg !14, !llvm.loop !5

early:
  %r = phi i32 [ %0, %land.end ]
  ret i32 %r, !dbg !15

for.end:
  ret i32 0, !dbg !15
}
"""

MODULE_HEAD = "@g = global i32 0, align 4\n\n"
MODULE_TAIL = """
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!8, !9}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !DISubroutineType(types: !{})
!3 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, unit: !0)
!5 = distinct !{!5, !6, !7}
!6 = !DILocation(line: 3, column: 3, scope: !3)
!7 = !DILocation(line: 9, column: 3, scope: !3)
!8 = !{i32 2, !"Debug Info Version", i32 3}
!9 = !{i32 7, !"Dwarf Version", i32 5}
!10 = !DILocation(line: 2, column: 3, scope: !3)
!11 = !DILocation(line: 3, column: 3, scope: !3)
!12 = !DILocation(line: 4, column: 5, scope: !3)
!13 = !DILocation(line: 5, column: 5, scope: !3)
!14 = !DILocation(line: 6, column: 5, scope: !3)
!15 = !DILocation(line: 10, column: 3, scope: !3)
!20 = !DILabel(scope: !3, name: "inside", file: !1, line: 4)
"""


def module(body: str) -> str:
    return MODULE_HEAD + body + MODULE_TAIL


def function(text: str, name: str = "@f") -> FunctionText:
    lines = text.split("\n")
    start, end = function_span(lines, name)
    return FunctionText.parse(lines[start:end + 1])


def original(name: str) -> str:
    """The block a copy was made from: ``%inside.split1``, ``%b.split1.split3`` -> ``%inside``, ``%b``."""
    return re.sub(r"(\.split\d+(\.\d+)?)+(?=$|\")", "", name)


def paths(fn: FunctionText, choices: list[int], steps: int = 60) -> list[str]:
    """The blocks a run visits when the k-th branch takes successor choices[k] (mod its count),
    by their original names."""
    succ = fn.succ()
    b, out = fn.blocks[0].name, []
    for k in range(steps):
        out.append(original(b))
        nxt = succ[b]
        if not nxt:
            break
        b = nxt[choices[k % len(choices)] % len(nxt)]
    return out


def opt_verifies(text: str) -> bool:
    opt = shutil.which("opt-19")
    if opt is None:
        pytest.skip("opt-19 is not installed")
    proc = subprocess.run([opt, "-passes=verify", "-disable-output"], input=text, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return True


def test_reducible_function_is_left_alone():
    text = module(GOTO_INTO_LOOP.replace("br i1 %skip, label %inside, label %for.cond",
                                         "br i1 %skip, label %for.cond, label %for.cond"))
    assert make_reducible(text, "@f") == (text, None)


def test_goto_into_loop_is_split_once():
    text = module(GOTO_INTO_LOOP)
    assert cfg.irreducible_region("%entry", function(text).succ()) is not None
    new, report = make_reducible(text, "@f")
    fn = function(new)
    assert report.splits == 1 and report.copied == 10    # inside, land.rhs, land.end, for.inc
    assert cfg.is_reducible("%entry", fn.succ())
    assert cfg.irreducible_region("%entry", fn.succ()) is None
    assert fn.succ()["%entry"] == ["%inside.split1", "%for.cond"]
    body = "\n".join(fn.render())
    # the copy's own phi, and the phi after the loop joins the copy's value
    assert "%split1.1 = phi i1 [ false, %inside.split1 ], [ %big.split1, %land.rhs.split1 ]" in body
    assert "%r = phi i32 [ %0, %land.end ], [ %split1.0, %land.end.split1 ]" in body
    # the copied latch jumps back to the header: no latch, no loop metadata; the original keeps it
    assert "br label %for.cond, !dbg !14\n" in body + "\n"
    assert body.count("!llvm.loop !5") == 1
    assert body.count("#dbg_label") == 1
    opt_verifies(new)


@pytest.mark.parametrize("seed", range(40))
def test_every_path_is_kept(seed: int):
    new, _ = make_reducible(module(GOTO_INTO_LOOP), "@f")
    rng = random.Random(seed)
    choices = [rng.randrange(2) for _ in range(13)]
    assert paths(function(new), choices) == paths(function(module(GOTO_INTO_LOOP)), choices)


def random_cfg(rng: random.Random, n: int) -> str:
    """A function of n blocks with random branches (switch on %sel), entered at up to three blocks."""
    lines = ["define void @f(i32 %sel) {", "entry:"]
    entries = rng.sample(range(n), k=min(n, rng.randint(1, 3)))
    lines.append("  " + _branch([f"b{e}" for e in entries]))
    for b in range(n):
        lines += ["", f"b{b}:", f"  store i32 {b}, ptr @g, align 4"]
        k = rng.choice([0, 1, 1, 2, 2, 3])
        lines.append("  " + _branch([f"b{rng.randrange(n)}" for _ in range(k)]))
    return MODULE_HEAD + "\n".join(lines) + "\n}\n"


def _branch(targets: list[str]) -> str:
    if not targets:
        return "ret void"
    if len(targets) == 1:
        return f"br label %{targets[0]}"
    cases = " ".join(f"i32 {k}, label %{t}" for k, t in enumerate(targets[1:]))
    return f"switch i32 %sel, label %{targets[0]} [ {cases} ]"


def test_reducibility_tests_agree_on_random_graphs():
    rng = random.Random(21)
    irreducible = 0
    for _ in range(400):
        succ = function(random_cfg(rng, rng.randint(2, 9))).succ()
        found = cfg.irreducible_region("%entry", succ)
        assert (found is None) == cfg.is_reducible("%entry", succ)
        irreducible += found is not None
    assert irreducible > 50


def test_random_irreducible_graphs_become_reducible_with_the_same_paths():
    rng = random.Random(1021)
    split = 0
    for _ in range(150):
        text = random_cfg(rng, rng.randint(3, 8))
        try:
            new, report = make_reducible(text, "@f")
        except SplitTooLarge:
            continue
        before, after = function(text), function(new)
        assert cfg.is_reducible("%entry", after.succ())
        for _ in range(5):
            choices = [rng.randrange(6) for _ in range(rng.randint(1, 17))]
            assert paths(after, choices) == paths(before, choices)
        if report is not None:
            split += 1
            assert report.copied <= max(report.original, 200)
            opt_verifies(new)
    assert split > 30


def test_whole_copied_loop_gets_its_own_loop_node():
    # a goto into an outer loop, before an inner loop: the copy holds the inner loop whole
    text = module("""\
define void @f(i1 %skip, i1 %c) !dbg !3 {
entry:
  br i1 %skip, label %mid, label %outer, !dbg !10

outer:
  br i1 %c, label %body, label %exit, !dbg !11

body:
  br label %mid, !dbg !11

mid:
  br label %inner, !dbg !12

inner:
  store i32 1, ptr @g, align 4, !dbg !13
  br i1 %c, label %inner, label %latch, !dbg !13, !llvm.loop !5

latch:
  br label %outer, !dbg !14, !llvm.loop !21

exit:
  ret void, !dbg !15
}
""") + "!21 = distinct !{!21, !6, !7}\n"
    new, report = make_reducible(text, "@f")
    assert report.splits == 1
    fn = function(new)
    assert "!llvm.loop" not in fn.block("%latch.split1").terminator()   # jumps back: no latch
    copy_md = re.search(r"!llvm\.loop (!\d+)", fn.block("%inner.split1").terminator()).group(1)
    assert copy_md not in ("!5", "!21")
    assert f"{copy_md} = distinct !{{{copy_md}, !6, !7}}" in new
    opt_verifies(new)


def test_growth_beyond_the_budget_is_refused(monkeypatch):
    monkeypatch.setattr("cryptohls.frontend.node_split.MIN_BUDGET", 0)
    # a loop of three blocks entered at each of them; the cheapest header (a) copies b and c
    text = MODULE_HEAD + """\
define void @f(i32 %sel) {
entry:
  switch i32 %sel, label %a [ i32 1, label %b i32 2, label %c ]

a:
  store i32 1, ptr @g, align 4
  store i32 1, ptr @g, align 4
  br label %b

b:
  store i32 2, ptr @g, align 4
  store i32 2, ptr @g, align 4
  br label %c

c:
  store i32 3, ptr @g, align 4
  br i1 true, label %a, label %out

out:
  ret void
}
"""
    new, report = make_reducible(text, "@f")
    assert (report.copied, report.original) == (5, 10)
    assert cfg.is_reducible("%entry", function(new).succ())
    monkeypatch.setattr("cryptohls.frontend.node_split.GROWTH", 0.4)
    with pytest.raises(SplitTooLarge) as info:
        make_reducible(text, "@f")
    assert (info.value.copied, info.value.budget) == (5, 4)


@pytest.mark.parametrize("text", [
    GOTO_INTO_LOOP,                                    # the module starts with the define
    "declare void @g()\n\n" + GOTO_INTO_LOOP,          # after other lines
    GOTO_INTO_LOOP.replace("@f(", "@ff(") + "\n" + GOTO_INTO_LOOP,   # a longer name first
    GOTO_INTO_LOOP.rstrip("\n"),                        # no newline after the closing brace
])
def test_the_function_is_found_in_the_module_text_as_line_by_line(text):
    """make_reducible finds the function in the text without splitting the module into lines (it runs
    once per function: deoxys-i128 has 277); the result is that of the line-by-line search."""
    lines = text.split("\n")
    start, end = function_span(lines, "@f")
    new, report = make_reducible(text, "@f")
    assert report is not None and cfg.is_reducible("%entry", function(new).succ())
    assert new.split("\n")[:start] == lines[:start]
    assert text.endswith("}") == new.endswith("}")
    assert make_reducible(text, "@absent") == (text, None)
