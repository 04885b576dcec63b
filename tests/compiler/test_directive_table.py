"""frontend/directives.py: each object kind finds its directives by one name test, in source order."""

from __future__ import annotations

from cryptohls.frontend.directives import DirectiveTable, partition_type
from cryptohls.frontend.pragmas import Pragma


def directive(kind: str, line: int, **options) -> Pragma:
    return Pragma(kind, dict(options), file="k.c", line=line, function="@top")


TABLE = DirectiveTable([
    directive("ARRAY_PARTITION", 1, variable="sbox", complete=True),
    directive("BIND_STORAGE", 2, variable="_ZL4sbox", impl="lutram"),
    directive("INTERFACE", 3, port="key", name="k"),
    directive("ARRAY_PARTITION", 4, variable="key", type="complete"),
    directive("ARRAY_PARTITION", 5, variable="b0.rk", type="cyclic", factor=2),
    directive("ARRAY_RESHAPE", 6, variable="b0"),
    directive("STREAM", 7, variable="ch", depth=4),
    directive("INTERFACE", 8, port="return", ap_ctrl_none=True),
    directive("BIND_STORAGE", 9, variable="b0.inner.t", impl="bram"),
])


def lines(found) -> list[int]:
    return [p.line for p in found]


def test_a_global_answers_to_its_c_and_llvm_names_in_source_order():
    assert lines(TABLE.global_object("sbox", "_ZL4sbox")) == [1, 2]
    assert lines(TABLE.global_object("sbox", "sbox", ("BIND_STORAGE",))) == []


def test_an_argument_is_named_by_port_for_interface_and_by_variable_otherwise():
    assert lines(TABLE.argument("key")) == [3, 4]
    assert lines(TABLE.argument("key", ("ARRAY_PARTITION",))) == [4]
    assert lines(TABLE.argument("return", ("INTERFACE",), "@top")) == [8]
    assert TABLE.argument("return", ("INTERFACE",), "@other") == []


def test_a_local_object_and_its_members():
    assert [(p.line, member) for p, member in TABLE.local_object("b0")] == [(5, "rk"), (6, ""), (9, "inner_t")]
    assert lines(TABLE.local_member("b0", "inner_t")) == [9]   # nested members joined with _ (dbginfo.py)
    assert TABLE.local_member("b1", "rk") == []


def test_a_class_member_only_in_a_method_of_its_class():
    member = DirectiveTable([Pragma("ARRAY_PARTITION", {"variable": "rk"}, method_of="_ZTS3Key")])
    assert len(member.class_member("rk", lambda cls: cls == "_ZTS3Key")) == 1
    assert member.class_member("rk", lambda cls: cls == "_ZTS5Other") == []


def test_partition_type_defaults_to_complete():
    kinds = ("ARRAY_PARTITION", "ARRAY_RESHAPE")
    assert [partition_type(p) for p in TABLE.of(["sbox", "key", "b0.rk", "b0"], kinds)] == \
        ["complete", "complete", "cyclic", "complete"]
