"""frontend/points_to.py on LLVM IR text: which objects each pointer may point into."""

from __future__ import annotations

from cryptohls.frontend.llparse import parse_module
from cryptohls.frontend.lltokens import phi_incoming
from cryptohls.frontend.points_to import PointsTo

MODULE = """
%struct.reader = type { ptr, i32 }

@A = internal constant [4 x i8] c"\\01\\02\\03\\04", align 1
@B = internal constant [4 x i8] c"\\05\\06\\07\\08", align 1
@C = internal global [4 x i8] zeroinitializer, align 1
@buf = internal global [8 x i8] zeroinitializer, align 1
@rd = internal global %struct.reader zeroinitializer, align 8
@cursor = internal global ptr getelementptr inbounds (i8, ptr @C, i64 1), align 8
@unused = internal global ptr @A, align 8

define i32 @top(ptr %in, i32 %n, i1 %f) {
entry:
  %t = select i1 %f, ptr @A, ptr @B
  store ptr @buf, ptr @rd, align 8
  br label %loop

loop:
  %p = phi ptr [ %in, %entry ], [ %p.next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p.next = getelementptr inbounds i8, ptr %p, i64 1
  %q = load ptr, ptr @rd, align 8
  %c = load ptr, ptr @cursor, align 8
  %same = icmp eq ptr %c, getelementptr inbounds (i8, ptr @C, i64 3)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}
"""


def analysis() -> PointsTo:
    mod = parse_module(MODULE)
    return PointsTo(mod, mod.functions["@top"])


def test_a_walking_pointer_points_into_its_start():
    pt = analysis()
    assert pt.objects(pt.location("%p")) == ["%in"]
    assert pt.same(pt.location("%p.next"), pt.location("%in"))


def test_a_select_joins_its_tables_into_one_class():
    pt = analysis()
    assert pt.objects(pt.location("%t")) == ["@A", "@B"]


def test_a_pointer_stored_in_a_struct_is_its_content():
    pt = analysis()
    content = pt.content(pt.location("@rd"))
    assert content is not None and pt.objects(content) == ["@buf"]
    assert pt.same(pt.location("%q"), pt.location("@buf"))


def test_a_global_initialised_with_an_address_and_a_comparison():
    pt = analysis()
    assert pt.objects(pt.location("%c")) == ["@C"]
    assert pt.content(pt.location("@buf")) is None


def test_globals_the_function_never_reaches_stay_out():
    pt = analysis()
    assert "@unused" not in pt._order and pt.objects(pt.location("@A")) == ["@A", "@B"]


def test_phi_incoming_reads_constant_expressions():
    toks = "[ getelementptr inbounds ( i8 , ptr @C , i64 8 ) , %entry ] , [ %x , %loop ]".split()
    assert phi_incoming(toks) == [("getelementptr inbounds ( i8 , ptr @C , i64 8 )".split(), "%entry"),
                                  (["%x"], "%loop")]


def test_may_point_follows_each_value_not_its_class():
    """Inclusion over phis, selects and getelementptrs: the walking pointer reaches only the argument,
    the select both tables; a pointer loaded from memory may reach anything in its class (None)."""
    pt = analysis()
    assert pt.may_point("%p") == pt.may_point("%p.next") == {"%in"}
    assert pt.may_point("%t") == {"@A", "@B"}
    assert pt.may_point("%q") is None


FIELDS = """
%struct.S = type { i8, i32, i16 }

@s = internal global %struct.S { i8 1, i32 2, i16 3 }, align 4
@arr = internal global [2 x %struct.S] zeroinitializer, align 4
@g = internal global i32 0, align 4
@t = internal global %struct.S zeroinitializer, align 4
@h = internal global i32 0, align 4
@tp = internal global ptr @t, align 8

define i32 @top(i1 %f, i64 %i) {
entry:
  %p = select i1 %f, ptr getelementptr inbounds (i8, ptr @s, i64 4), ptr @g
  %r = getelementptr inbounds [2 x %struct.S], ptr @arr, i64 0, i64 %i
  %rc = getelementptr inbounds i8, ptr %r, i64 4
  %q = select i1 %f, ptr %rc, ptr @g
  %tq = load ptr, ptr @tp, align 8
  %tc = getelementptr inbounds i8, ptr %tq, i64 4
  %u = select i1 %f, ptr %tc, ptr @h
  %v = load i8, ptr @s, align 4
  ret i32 0
}
"""


def fields_analysis() -> PointsTo:
    mod = parse_module(FIELDS)
    return PointsTo(mod, mod.functions["@top"])


def test_a_pointer_to_a_field_or_an_int_reaches_the_field_alone():
    """Issue 38 item 4 (frontend/field_objects.py): `&s.count` is the object `@s#4`, `&arr[i].count`
    (in two steps: the record, then the field) `@arr#4`; the other fields stay out of the class."""
    pt = fields_analysis()
    assert set(pt.objects(pt.location("%p"))) == {"@s#4", "@g", "@arr#4"}
    assert pt.same(pt.location("%q"), pt.location("%p"))
    assert pt.may_point("%rc") == frozenset({"@arr#4"})
    assert pt.objects(pt.location("@s")) == ["@s#0"]          # the bare address: the first field
    assert pt.objects(pt.class_of_object("@s")) == []         # the struct as a whole: no pointer
    assert set(pt.shapes) == {"@s", "@arr"}


def test_a_pointer_to_the_struct_moved_to_a_field_keeps_it_whole():
    """`tp->count` (a pointer to the struct, read from memory, moved by 4 bytes): `@t` is one object."""
    pt = fields_analysis()
    assert "@t" not in pt.shapes
    assert pt.objects(pt.location("%u")) == ["@t", "@h"]


WIDTHS = """
%struct.T = type { i8, i32 }

@s = internal global <{ i8, i8, i8, i8, i8, i32, i8 }> zeroinitializer, align 1
@g = internal global i32 0, align 4
@g2 = internal global i32 0, align 4
@g3 = internal global i32 0, align 4
@t = internal global %struct.T zeroinitializer, align 4
@u = internal global %struct.T zeroinitializer, align 4
@tp = internal global ptr @t, align 8
@v = internal global %struct.T zeroinitializer, align 4
@vp = internal global ptr @v, align 8
@w = internal global { i64 } zeroinitializer, align 8
@x = internal global { i8, i64 } zeroinitializer, align 8

define i32 @top(i1 %f) {
entry:
  %p = select i1 %f, ptr getelementptr inbounds (i8, ptr @s, i64 5), ptr @g
  %bits = load i40, ptr @s, align 1
  %q = select i1 %f, ptr getelementptr inbounds (i8, ptr @t, i64 4), ptr @g2
  %tq = load ptr, ptr @tp, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %tq, ptr @u, i64 8, i1 false)
  %r = select i1 %f, ptr getelementptr inbounds (i8, ptr @v, i64 4), ptr @g3
  %vq = load ptr, ptr @vp, align 8
  call void @llvm.memset.p0.i64(ptr %vq, i8 0, i64 4, i1 false)
  %wx = select i1 %f, ptr getelementptr inbounds (i8, ptr @x, i64 8), ptr @w
  %half = load i16, ptr @w, align 8
  ret i32 0
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
"""


def test_field_objects_survive_bit_field_runs_record_copies_and_union_reads():
    """Csmith programs 100,001-101,000 (docs/fuzzing.md, "Points-to refusals"): an i40 over five bytes
    of bit-fields touches 5 bytes, not the 8 it occupies, so it does not reach the pooled field at
    byte 5 of `@s` (100994); a memcpy of a whole record through a pointer to `@t` read from memory
    keeps `@t` split (100203), a memset of part of a record keeps `@v` whole; a 2-byte read of the
    union `@w` is no access to the field of `@x` it shares a pool with (100848)."""
    mod = parse_module(WIDTHS)
    pt = PointsTo(mod, mod.functions["@top"])
    assert set(pt.objects(pt.location("%p"))) == {"@s#5", "@g"}
    assert set(pt.objects(pt.location("%q"))) == {"@t#4", "@g2"}
    assert {"@s", "@t", "@x"} <= set(pt.shapes)
    assert "@v" not in pt.shapes and set(pt.objects(pt.location("%r"))) == {"@v", "@g3"}
    assert set(pt.objects(pt.location("%wx"))) == {"@x#8", "@w"}


COPIES = """
@__const.top.lp = private unnamed_addr constant [2 x ptr] [ptr @x, ptr @y], align 16
@x = internal global [2 x i32] zeroinitializer, align 4
@y = internal global [2 x i32] zeroinitializer, align 4
@z = internal global [2 x i32] zeroinitializer, align 4
@cur = internal global ptr @x, align 8
@wide = internal global ptr @y, align 8
@ia = internal global [4 x i32] zeroinitializer, align 16
@ib = internal global [4 x i32] zeroinitializer, align 16

define i32 @top(i64 %i) {
entry:
  %lp = alloca [2 x ptr], align 16
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %lp, ptr noundef nonnull align 16 dereferenceable(16) @__const.top.lp, i64 16, i1 false)
  %slot = getelementptr inbounds [2 x ptr], ptr %lp, i64 0, i64 1
  store ptr @z, ptr %slot, align 8
  %p = load ptr, ptr %lp, align 8
  %s = load ptr, ptr %slot, align 8
  %c = load ptr, ptr @cur, align 8
  %w = load i64, ptr @cur, align 8
  store i64 %w, ptr @wide, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) @ib, ptr noundef nonnull align 16 dereferenceable(16) @ia, i64 16, i1 false)
  ret i32 0
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
"""


def test_a_memcpy_with_attributes_gives_the_destination_the_source_s_pointers():
    """clang's memcpy from a constant table of pointers names its pointers after `align 16
    dereferenceable(16)`: read at `align`, the copy joined nothing, and a pointer loaded from `%lp`
    was taken for a pointer into `@z` alone (tests/kernels/programs/pointers_copied_from_table.c)."""
    mod = parse_module(COPIES)
    pt = PointsTo(mod, mod.functions["@top"])
    assert set(pt.objects(pt.location("%p"))) == {"@x", "@y", "@z"}
    group = pt.holder_group(pt.location("%lp"))
    assert group is not None and group[0] == "%lp"
    assert group[1] == {pt.location("%lp"), pt.location("@__const.top.lp")}
    assert pt.holder_group(pt.location("@cur")) is not None
    assert pt.holder_group(pt.location("@wide")) is None   # written by an i64 store: a copy points-to cannot follow
    # a copy of integers gives neither side a content (a class with one holds pointers: bytes_instead)
    assert pt.content(pt.location("@ia")) is None and pt.content(pt.location("@ib")) is None


CONTEXT = """
%struct.cxt = type { [16 x i8], [4 x i32], ptr, ptr }
@ad = internal constant [16 x i8] c"\\00\\01\\02\\03\\04\\05\\06\\07\\08\\09\\0A\\0B\\0C\\0D\\0E\\0F", align 1
@out = internal global [16 x i8] zeroinitializer, align 1

define i32 @top(i64 %n) {
entry:
  %e = alloca %struct.cxt, align 8
  %d = alloca %struct.cxt, align 8
  %tag = alloca [16 x i8], align 1
  %ek = getelementptr inbounds i8, ptr %e, i64 16
  %eself = getelementptr inbounds i8, ptr %e, i64 32
  store ptr %ek, ptr %eself, align 8
  %etag = getelementptr inbounds i8, ptr %e, i64 40
  store ptr %tag, ptr %etag, align 8
  %dk = getelementptr inbounds i8, ptr %d, i64 16
  %dself = getelementptr inbounds i8, ptr %d, i64 32
  store ptr %dk, ptr %dself, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %e, ptr align 1 @ad, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 1 @ad, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 @out, ptr align 8 %e, i64 16, i1 false)
  br label %walk

walk:
  %rk = phi ptr [ %ek, %entry ], [ %rk.next, %walk ]
  %w = load i32, ptr %rk, align 4
  %rk.next = getelementptr inbounds i8, ptr %rk, i64 4
  %more = icmp ult i32 %w, 7
  br i1 %more, label %walk, label %done

done:
  %k = load ptr, ptr %eself, align 8
  %b = getelementptr inbounds i8, ptr %e, i64 %n
  %byte = load i8, ptr %b, align 1
  %x = load i32, ptr %k, align 4
  ret i32 %x
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
"""


def _store_into(fn, address: str):
    return next(ins for bb in fn.blocks for ins in bb.instrs if ins.opcode == "store" and address in ins.tokens)


def test_a_pointer_stored_where_nothing_reads_it_joins_nothing():
    """SUPERCOP's CLOC/SILC context (frontend/local_bytes.py): `cxt->tag = tag` is never read back, so
    `tag` does not join the struct that points into itself; `cxt->pt_ekey`, read back, stays live. A
    walk over the key words (i32 loads) and a byte read at a run-time index from the byte array at
    offset 0 read neither pointer field."""
    mod = parse_module(CONTEXT)
    fn = mod.functions["@top"]
    pt = PointsTo(mod, fn)
    assert pt.dead_store(_store_into(fn, "%etag"))
    assert not pt.dead_store(_store_into(fn, "%eself"))
    assert "%tag" not in pt.objects(pt.class_of_object("%e"))
    assert pt.objects(pt.content(pt.class_of_object("%e"))) == ["%e"]


def test_a_copy_of_bytes_without_pointers_joins_nothing():
    """`memcpy(state, ad, 16)` into two contexts that each point into themselves, and a copy out of
    one's byte array: the bytes hold no pointer, so the two contexts keep classes of their own."""
    mod = parse_module(CONTEXT)
    pt = PointsTo(mod, mod.functions["@top"])
    assert not pt.same(pt.class_of_object("%e"), pt.class_of_object("%d"))
    assert pt.content(pt.class_of_object("@out")) is None


def test_a_pointer_field_read_through_a_pointer_of_unknown_origin_stays_live():
    """The struct's address held in memory and a pointer field read through it: no store is dead."""
    text = CONTEXT.replace("  %k = load ptr, ptr %eself, align 8\n",
                           "  %k = load ptr, ptr %eself, align 8\n  store ptr %e, ptr @held, align 8\n"
                           "  %h = load ptr, ptr @held, align 8\n  %hf = getelementptr inbounds i8, ptr %h, i64 40\n"
                           "  %t2 = load ptr, ptr %hf, align 8\n")
    text = text.replace("@out = internal", "@held = internal global ptr null, align 8\n@out = internal")
    mod = parse_module(text)
    fn = mod.functions["@top"]
    pt = PointsTo(mod, fn)
    assert not pt.dead_store(_store_into(fn, "%etag"))
    assert "%tag" in pt.objects(pt.class_of_object("%e"))
