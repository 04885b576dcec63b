"""`cryptohls tv --cipher ascon-hash256`: HASH commands with digests from the golden model."""

from __future__ import annotations

from cryptohls.golden import ascon
from cryptohls.lwc.generate import HASHES, LONG_BYTES, generate
from cryptohls.lwc.parser import parse_vector_dir
from cryptohls.lwc.protocol import Opcode, SegmentType, Status
from cryptohls.lwc.writer import write_vector_files


def test_hash_vector_set_lengths_and_digests(tmp_path):
    assert HASHES == ("ascon-hash256",)
    generated = generate("ascon-hash256", seed=3, count=5)
    vectors = generated.vectors
    assert not vectors.sdi and len(vectors.pdi) == len(vectors.do) == 18 + 1 + 5
    lengths = [len(cmd.segments[0].data) for cmd in vectors.pdi]
    assert lengths[:19] == list(range(18)) + [LONG_BYTES]
    for cmd, response in zip(vectors.pdi, vectors.do):
        assert cmd.opcode == Opcode.HASH and [s.type for s in cmd.segments] == [SegmentType.HASH_MSG]
        assert cmd.segments[0].last and response.status == Status.SUCCESS
        (value,) = response.segments
        assert value.type == SegmentType.HASH_VALUE and value.header.encode() == 0x93000020
        assert value.data == ascon.hash256(cmd.segments[0].data)
    assert generated.summary() == "ascon-hash256: 24 HASH messages, seed 3"
    # the files parse back to the same set
    write_vector_files(tmp_path, vectors)
    assert parse_vector_dir(tmp_path) == vectors


def test_hash_vector_set_is_reproducible():
    assert generate("ascon-hash256", seed=1).vectors == generate("ascon-hash256", seed=1).vectors
    assert generate("ascon-hash256", seed=1).vectors != generate("ascon-hash256", seed=2).vectors
