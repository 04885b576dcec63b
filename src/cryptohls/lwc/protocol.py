"""The LWC / CAESAR hardware API (GMU, v2.0 as used in the NIST LWC process) as data: DESIGN.md §6.

Three streams connect a full cryptographic module to its environment:

- ``pdi`` (public data in): instructions ACTKEY, ENC, DEC, HASH and their segments (NPUB, AD, PT, CT, TAG);
- ``sdi`` (secret data in): LDKEY and its KEY segment;
- ``do`` (data out): output segments (CT, TAG, PT, HASH_VALUE) followed by a status word.

Word layouts (bus width W = 32):

- instruction: [31:28] opcode, [27:0] zero;
- segment header: [31:28] type, [27] Partial, [26] EOI, [25] EOT, [24] Last, [23:16] zero,
  [15:0] length in bytes;
- status: [31:28] SUCCESS (1110) or FAILURE (1111), [27:0] zero;
- data: big-endian bytes (byte 0 in bits [31:24]), the last word zero-padded.

Wider buses (W a multiple of 32; an extension of the API, designs/lwc-frame/docs.md "Bus width W"):
an instruction, header or status is the 32-bit word above in bits [W-1:W-32] with the rest zero
(:func:`widen`); data are W-bit words, byte 0 of a segment in bits [W-1:W-8], the last one
zero-padded (``data_words(data, width)``). The objects below always hold the 32-bit layouts; the
word views (:mod:`cryptohls.lwc.words`, the writer) place them on the W-bit bus. sdi stays 32 bits.

Decoding functions raise ``ValueError`` with a short reason; the file parser turns it into a
UserError with the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

WORD_BITS = 32
WORD_BYTES = WORD_BITS // 8
WORD_MASK = (1 << WORD_BITS) - 1
MAX_SEGMENT_BYTES = 0xFFFF  # the 16-bit length field of a header
MAX_WIDTH = 1024            # widest bus supported (a multiple of 32)


def check_bus_width(width: int) -> None:
    """ValueError unless `width` is a bus width W of this API: a multiple of 32 up to MAX_WIDTH."""
    if not (isinstance(width, int) and 32 <= width <= MAX_WIDTH and width % 32 == 0):
        raise ValueError(f"bus width {width} is not supported: W must be a multiple of 32 from 32 to {MAX_WIDTH}")


def widen(word: int, width: int = WORD_BITS) -> int:
    """A 32-bit instruction, header or status word on a `width`-bit bus: bits [W-1:W-32], rest zero."""
    return word << (width - WORD_BITS)


def narrow(word: int, width: int = WORD_BITS) -> int:
    """Inverse of :func:`widen`; ValueError if the bits below the 32-bit word are not zero."""
    low = word & ((1 << (width - WORD_BITS)) - 1)
    if low:
        raise ValueError(f"bits [{width - WORD_BITS - 1}:0] of a {width}-bit instruction, header or status word "
                         "must be zero")
    return word >> (width - WORD_BITS)


class Opcode(IntEnum):
    ENC = 0b0010
    DEC = 0b0011
    LDKEY = 0b0100
    ACTKEY = 0b0111
    HASH = 0b1000


class SegmentType(IntEnum):
    AD = 0b0001
    NPUB_AD = 0b0010
    AD_NPUB = 0b0011
    PT = 0b0100
    CT = 0b0101
    CT_TAG = 0b0110
    HASH_MSG = 0b0111
    TAG = 0b1000
    HASH_VALUE = 0b1001
    KEY = 0b1100
    NPUB = 0b1101


class Status(IntEnum):
    SUCCESS = 0b1110
    FAILURE = 0b1111


# Human-readable names used in the comment lines of the files (as the GMU development package does).
OPCODE_NAMES = {Opcode.ENC: "Authenticated Encryption", Opcode.DEC: "Authenticated Decryption",
                Opcode.LDKEY: "Load Key", Opcode.ACTKEY: "Activate Key", Opcode.HASH: "Hash"}
SEGMENT_NAMES = {SegmentType.AD: "Associated Data", SegmentType.NPUB_AD: "Npub||AD",
                 SegmentType.AD_NPUB: "AD||Npub", SegmentType.PT: "Plaintext", SegmentType.CT: "Ciphertext",
                 SegmentType.CT_TAG: "Ciphertext||Tag", SegmentType.HASH_MSG: "Hash Message",
                 SegmentType.TAG: "Tag", SegmentType.HASH_VALUE: "Hash Value", SegmentType.KEY: "Key",
                 SegmentType.NPUB: "Npub"}

# Opcodes whose command carries segments (ACTKEY is a bare instruction).
OPCODES_WITH_SEGMENTS = frozenset({Opcode.ENC, Opcode.DEC, Opcode.LDKEY, Opcode.HASH})

_PARTIAL_BIT, _EOI_BIT, _EOT_BIT, _LAST_BIT = 27, 26, 25, 24
_RESERVED_HEADER_MASK = 0x00FF0000


def encode_instruction(opcode: Opcode) -> int:
    return int(opcode) << 28


def decode_instruction(word: int) -> Opcode:
    _check_word(word)
    if word & 0x0FFFFFFF:
        raise ValueError(f"instruction word {word:08X} has non-zero bits [27:0]")
    try:
        return Opcode(word >> 28)
    except ValueError:
        raise ValueError(f"unknown opcode {word >> 28:04b} in instruction word {word:08X}") from None


def encode_status(status: Status) -> int:
    return int(status) << 28


def decode_status(word: int) -> Status:
    _check_word(word)
    if word & 0x0FFFFFFF:
        raise ValueError(f"status word {word:08X} has non-zero bits [27:0]")
    try:
        return Status(word >> 28)
    except ValueError:
        raise ValueError(f"unknown status {word >> 28:04b} in status word {word:08X}") from None


@dataclass(frozen=True)
class SegmentHeader:
    type: SegmentType
    length: int
    partial: bool = False
    eoi: bool = False
    eot: bool = False
    last: bool = False

    def encode(self) -> int:
        if not 0 <= self.length <= MAX_SEGMENT_BYTES:
            raise ValueError(f"segment length {self.length} does not fit 16 bits")
        return (int(self.type) << 28 | self.partial << _PARTIAL_BIT | self.eoi << _EOI_BIT
                | self.eot << _EOT_BIT | self.last << _LAST_BIT | self.length)

    @classmethod
    def decode(cls, word: int) -> SegmentHeader:
        _check_word(word)
        if word & _RESERVED_HEADER_MASK:
            raise ValueError(f"segment header {word:08X} has non-zero reserved bits [23:16]")
        try:
            segment_type = SegmentType(word >> 28)
        except ValueError:
            raise ValueError(f"unknown segment type {word >> 28:04b} in header {word:08X}") from None
        return cls(segment_type, word & 0xFFFF, partial=bool(word >> _PARTIAL_BIT & 1),
                   eoi=bool(word >> _EOI_BIT & 1), eot=bool(word >> _EOT_BIT & 1),
                   last=bool(word >> _LAST_BIT & 1))

    def describe(self) -> str:
        """The GMU-style comment text, e.g. ``Npub, EOI=0 EOT=1, Last=0, Length=16 bytes``."""
        partial = " Partial=1," if self.partial else ""
        return (f"{SEGMENT_NAMES[self.type]},{partial} EOI={self.eoi:d} EOT={self.eot:d}, "
                f"Last={self.last:d}, Length={self.length} bytes")


def _check_word(word: int) -> None:
    if not 0 <= word <= WORD_MASK:
        raise ValueError(f"{word:#x} is not a 32-bit word")


def data_words(data: bytes, width: int = WORD_BITS) -> list[int]:
    """Big-endian `width`-bit words of `data`, the last one zero-padded."""
    size = width // 8
    padded = data + bytes(-len(data) % size)
    return [int.from_bytes(padded[i:i + size], "big") for i in range(0, len(padded), size)]


def words_to_data(words: list[int], length: int, width: int = WORD_BITS) -> bytes:
    """Inverse of :func:`data_words`: the first `length` bytes."""
    return b"".join(word.to_bytes(width // 8, "big") for word in words)[:length]


def word_count(length: int, width: int = WORD_BITS) -> int:
    return -(-length // (width // 8))


@dataclass(frozen=True)
class Segment:
    """A segment: its header flags and its data (the length is ``len(data)``)."""
    type: SegmentType
    data: bytes = b""
    eoi: bool = False
    eot: bool = True
    last: bool = False
    partial: bool = False

    def __post_init__(self) -> None:
        if len(self.data) > MAX_SEGMENT_BYTES:
            raise ValueError(f"{len(self.data)} bytes do not fit one segment (max {MAX_SEGMENT_BYTES})")

    @property
    def header(self) -> SegmentHeader:
        return SegmentHeader(self.type, len(self.data), self.partial, self.eoi, self.eot, self.last)

    def words(self, width: int = WORD_BITS) -> list[int]:
        """Header word then data words, on a `width`-bit bus."""
        return [widen(self.header.encode(), width), *data_words(self.data, width)]


@dataclass(frozen=True)
class Command:
    """One pdi/sdi command: an instruction and, except for ACTKEY, segments up to one with Last=1."""
    opcode: Opcode
    segments: tuple[Segment, ...] = ()
    comment: str = field(default="", compare=False)  # shown above the command in the file

    def segment(self, segment_type: SegmentType) -> Segment | None:
        """The first segment of `segment_type`, or None."""
        return next((s for s in self.segments if s.type == segment_type), None)


@dataclass(frozen=True)
class Response:
    """One do result: output segments, then the status word."""
    segments: tuple[Segment, ...]
    status: Status
    comment: str = field(default="", compare=False)

    def segment(self, segment_type: SegmentType) -> Segment | None:
        return next((s for s in self.segments if s.type == segment_type), None)


@dataclass(frozen=True)
class VectorSet:
    """The contents of one pdi.txt / sdi.txt / do.txt triple.

    Pairing: the k-th ENC/DEC/HASH on pdi produces the k-th Response on do; the k-th ACTKEY on pdi
    activates the key of the k-th LDKEY on sdi.
    """
    pdi: tuple[Command, ...]
    sdi: tuple[Command, ...]
    do: tuple[Response, ...]
