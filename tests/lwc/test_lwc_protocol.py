"""Word layouts of the LWC hardware API (DESIGN.md §6): exact known words and round trips."""

from __future__ import annotations

import itertools

import pytest

from cryptohls.lwc.protocol import (Opcode, Segment, SegmentHeader, SegmentType, Status, data_words,
                                    decode_instruction, decode_status, encode_instruction, encode_status,
                                    word_count, words_to_data)


@pytest.mark.parametrize("opcode, word", [(Opcode.ENC, 0x20000000), (Opcode.DEC, 0x30000000),
                                          (Opcode.LDKEY, 0x40000000), (Opcode.ACTKEY, 0x70000000),
                                          (Opcode.HASH, 0x80000000)])
def test_instruction_words(opcode, word):
    assert encode_instruction(opcode) == word
    assert decode_instruction(word) is opcode


@pytest.mark.parametrize("status, word", [(Status.SUCCESS, 0xE0000000), (Status.FAILURE, 0xF0000000)])
def test_status_words(status, word):
    assert encode_status(status) == word
    assert decode_status(word) is status


@pytest.mark.parametrize("header, word", [
    # as printed by the GMU development package for W = 32
    (SegmentHeader(SegmentType.NPUB, 16, eot=True), 0xD2000010),
    (SegmentHeader(SegmentType.AD, 0, eot=True), 0x12000000),
    (SegmentHeader(SegmentType.PT, 2, eoi=True, eot=True, last=True), 0x47000002),
    (SegmentHeader(SegmentType.KEY, 16, eoi=True, eot=True, last=True), 0xC7000010),
    (SegmentHeader(SegmentType.TAG, 16, eot=True, last=True), 0x83000010),
    (SegmentHeader(SegmentType.CT, 0xFFFF, partial=True), 0x5800FFFF),
    (SegmentHeader(SegmentType.HASH_VALUE, 32, eot=True, last=True), 0x93000020),
])
def test_known_header_words(header, word):
    assert header.encode() == word
    assert SegmentHeader.decode(word) == header


def test_every_header_round_trips():
    for segment_type, flags, length in itertools.product(
            SegmentType, itertools.product((False, True), repeat=4), (0, 1, 3, 4, 5, 16, 0x1234, 0xFFFF)):
        header = SegmentHeader(segment_type, length, *flags)
        word = header.encode()
        assert 0 <= word < 1 << 32
        assert word >> 28 == segment_type and word & 0xFFFF == length and word & 0x00FF0000 == 0
        assert SegmentHeader.decode(word) == header


@pytest.mark.parametrize("word, message", [
    (0x00000010, "unknown segment type 0000"),
    (0xA2000010, "unknown segment type 1010"),
    (0xD2010010, "reserved bits"),
])
def test_bad_header_words(word, message):
    with pytest.raises(ValueError, match=message):
        SegmentHeader.decode(word)


@pytest.mark.parametrize("word, message", [(0x10000000, "unknown opcode 0001"), (0x50000000, "unknown opcode 0101"),
                                           (0x20000001, "non-zero bits"), (1 << 32, "not a 32-bit word")])
def test_bad_instruction_words(word, message):
    with pytest.raises(ValueError, match=message):
        decode_instruction(word)


@pytest.mark.parametrize("word, message", [(0xD0000000, "unknown status 1101"), (0xE0000100, "non-zero bits")])
def test_bad_status_words(word, message):
    with pytest.raises(ValueError, match=message):
        decode_status(word)


def test_header_length_must_fit_16_bits():
    with pytest.raises(ValueError, match="does not fit 16 bits"):
        SegmentHeader(SegmentType.PT, 0x10000).encode()
    with pytest.raises(ValueError, match="do not fit one segment"):
        Segment(SegmentType.PT, bytes(0x10000))


def test_data_words_are_big_endian_and_zero_padded():
    assert data_words(b"") == []
    assert data_words(bytes.fromhex("A3EE")) == [0xA3EE0000]
    assert data_words(bytes.fromhex("0001020304")) == [0x00010203, 0x04000000]
    for length in range(0, 40):
        data = bytes(range(1, length + 1))
        words = data_words(data)
        assert len(words) == word_count(length) == -(-length // 4)
        assert words_to_data(words, length) == data


def test_segment_words_are_header_then_data():
    segment = Segment(SegmentType.PT, bytes.fromhex("A3EE"), eoi=True, last=True)
    assert segment.words() == [0x47000002, 0xA3EE0000]
