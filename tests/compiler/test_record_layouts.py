"""Records of one C struct whose LLVM types differ (frontend/import_pools.py, Csmith subset seed 100278):
an initialised global takes the type of its constant, where a bit-field's storage may be bytes. The
record pool reads such a record as the struct's fields. Whole program:
tests/kernels/test_programs.py (bitfield_record_pool)."""

from __future__ import annotations

from cryptohls.frontend.import_pools import refines, relaid
from cryptohls.frontend.lltypes import TypeTable

TYPES = TypeTable({})
STRUCT = TYPES.from_text("<{ i32, i64, i8, i32 }>")            # %struct.S1 (packed, a 25-bit bit-field)
CONSTANT = TYPES.from_text("<{ i32, i64, i8, i8, i8, i8, i8 }>")  # the global's constant


def test_byte_split_bit_field_storage_refines_the_struct():
    assert refines(CONSTANT, STRUCT)
    assert not refines(STRUCT, CONSTANT)                                   # the other way: no
    assert not refines(TYPES.from_text("<{ i32, i64, i16, i16, i8 }>"), STRUCT)   # a piece across two fields
    assert not refines(TYPES.from_text("<{ i32, i64, i8, i8, i8, i8 }>"), STRUCT)  # another size
    assert not refines(TYPES.from_text("<{ i32, i32, i32, i8, i32 }>"), TYPES.from_text("<{ i32, ptr, i8, i32 }>"))


def test_pieces_are_joined_little_endian_per_record():
    # {1, 2, 3, -639}: -639 as 25 bits in four bytes, as clang writes it (0x81, 0xFD, 0xFF, 0x01)
    record = [1, 2, 3, -127, -3, -1, 1]
    assert relaid(record + [7, 8, 9, 1, 2, 3, 4], CONSTANT, STRUCT, 2) == \
        [1, 2, 3, 0x01FFFD81, 7, 8, 9, 0x04030201]
