"""The space file parser of `cryptohls explore` (explore/space.py): points, defines, located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.explore.space import parse_space


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "space.toml"
    path.write_text(text)
    return path


def test_axes_make_the_cartesian_product_in_file_order(tmp_path):
    space = parse_space(write(tmp_path, """
[explore]
block_bits = 128
defines = ["QUIET"]

[axes]
KS = [1, 2, 4]
clock_ns = [8, 12.5]
"""), clock_ns=10.0, defines=("CLI=1",))
    assert [p.label for p in space.points] == [
        "KS=1 clock_ns=8", "KS=1 clock_ns=12.5", "KS=2 clock_ns=8", "KS=2 clock_ns=12.5",
        "KS=4 clock_ns=8", "KS=4 clock_ns=12.5"]
    first = space.points[0]
    assert first.defines == ("CLI=1", "QUIET", "KS=1")
    assert first.clock_ns == 8.0 and first.memories == "none"
    assert space.block_bits == 128 and space.cycles == "mean"
    assert space.axes == ("KS", "clock_ns")


def test_booleans_strings_memories_and_listed_points(tmp_path):
    space = parse_space(write(tmp_path, """
[explore]
cycles = "min"

[axes]
AES_KS_RAM_1P = [false, true]
memories = ["none", "bram"]

[[point]]
AES_KS_CYCLIC = 2

[[point]]
STYLE = "tbox"
clock_ns = 7
"""), clock_ns=10.0)
    got = [(p.label, p.defines, p.clock_ns, p.memories) for p in space.points]
    assert got == [
        ("AES_KS_RAM_1P=off memories=none", (), 10.0, "none"),
        ("AES_KS_RAM_1P=off memories=bram", (), 10.0, "bram"),
        ("AES_KS_RAM_1P=on memories=none", ("AES_KS_RAM_1P",), 10.0, "none"),
        ("AES_KS_RAM_1P=on memories=bram", ("AES_KS_RAM_1P",), 10.0, "bram"),
        ("AES_KS_CYCLIC=2", ("AES_KS_CYCLIC=2",), 10.0, "none"),
        ("STYLE=tbox clock_ns=7", ("STYLE=tbox",), 7.0, "none"),
    ]
    assert space.cycles == "min"
    assert space.points[2].slug == "AES_KS_RAM_1P-on_memories-none"
    assert space.axes == ("AES_KS_RAM_1P", "memories", "AES_KS_CYCLIC", "STYLE", "clock_ns")


def test_a_point_listed_twice_is_built_once(tmp_path):
    space = parse_space(write(tmp_path, "[axes]\nA = [1, 2]\n[[point]]\nA = 2\n"), clock_ns=10.0)
    assert [p.label for p in space.points] == ["A=1", "A=2"]


@pytest.mark.parametrize("text, line, message", [
    ("[axes]\nA = [1, 2\n", 3, "malformed space file"),
    ("[axes]\nA = 3\n", 2, "axis 'A' must be a non-empty list"),
    ("[axes]\nA = []\n", 2, "axis 'A' must be a non-empty list"),
    ("[axes]\nA = [1, 1]\n", 2, "axis 'A' lists a value twice"),
    ("[axes]\n2BAD = [1]\n", 2, "axis '2BAD' is not a C identifier"),
    ("[axes]\nA = [1]\nclock_ns = [10, -1]\n", 3, "clock_ns values must be positive numbers"),
    ("[axes]\nmemories = [\"bram\", \"lutram\"]\n", 2, "memories values must be among none, bram, all"),
    ("[axes]\nA = [1.5]\n", 2, "define 'A': values must be integers, strings or true/false"),
    ("[axes]\nA = [\"two words\"]\n", 2, "a string value must be one word"),
    ("[explore]\nblock_bits = 0\n[axes]\nA = [1]\n", 2, "block_bits must be a positive integer"),
    ("[explore]\ncycles = \"median\"\n[axes]\nA = [1]\n", 2, "cycles must be one of mean, max, min"),
    ("[explore]\nclock = 5\n[axes]\nA = [1]\n", 2, "unknown setting 'clock' in [explore]"),
    ("[explore]\ndefines = [\"1X\"]\n[axes]\nA = [1]\n", 2, "'1X' is not a C identifier"),
    ("# nothing\n[axis]\nA = [1]\n", 2, "unknown table or key 'axis'"),
    ("[[point]]\nA = [1, 2]\n", 2, "[[point]] 'A' takes one value"),
    ("[explore]\nblock_bits = 8\n", None, "the space file defines no point"),
])
def test_bad_space_files_give_one_located_error(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(UserError) as err:
        parse_space(path, clock_ns=10.0)
    assert message in err.value.message
    assert err.value.location is not None and err.value.location.file == str(path)
    assert err.value.location.line == line


def test_missing_space_file(tmp_path):
    with pytest.raises(UserError, match="cannot read the space file"):
        parse_space(tmp_path / "none.toml", clock_ns=10.0)


def test_a_toml_syntax_error_names_its_line_and_column(tmp_path):
    path = write(tmp_path, "[axes]\nA = [1]\nB = = 2\n")
    with pytest.raises(UserError) as err:
        parse_space(path, clock_ns=10.0)
    assert err.value.message.startswith("malformed space file: ")
    assert (err.value.location.line, err.value.location.col) == (3, 5)
