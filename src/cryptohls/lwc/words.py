"""Flat word views of the three streams, in the order a testbench drives or expects them.

Each word carries a kind (``ins``, ``hdr``, ``dat``, ``stt``), the index of the message it belongs
to, and whether it is the first/last word of that message:

- pdi: a message is an ENC/DEC/HASH command together with the ACTKEY instructions just before it,
  so message k of pdi is the k-th ENC/DEC/HASH (an ACTKEY left at the end forms its own message);
- sdi: a message is one LDKEY command (message k = the k-th key loaded);
- do: a message is one Response (its segments and the status word), message k answers pdi message k.

``width`` is the bus width W of pdi and do (designs/lwc-frame/docs.md, "Bus width W": instructions,
headers and status in the top 32 bits, data in W-bit words); sdi is 32 bits at every W.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cryptohls.lwc.protocol import (WORD_BITS, Command, Opcode, Response, Segment, data_words,
                                    encode_instruction, encode_status, widen)


class WordKind(str, Enum):
    INS = "ins"
    HDR = "hdr"
    DAT = "dat"
    STT = "stt"


@dataclass(frozen=True)
class StreamWord:
    value: int          # the W-bit word
    kind: WordKind
    message: int        # index of the message group within this stream
    first: bool         # first word of its message
    last: bool          # last word of its message (the do_last word, on do)

    def __str__(self) -> str:
        return f"{self.kind.value.upper()} {self.value:08X} (message {self.message})"


def command_words(command: Command, width: int = WORD_BITS) -> list[tuple[int, WordKind]]:
    words = [(widen(encode_instruction(command.opcode), width), WordKind.INS)]
    for segment in command.segments:
        header, *data = segment.words(width)
        words.append((header, WordKind.HDR))
        words.extend((word, WordKind.DAT) for word in data)
    return words


def response_words(response: Response, width: int = WORD_BITS) -> list[tuple[int, WordKind]]:
    words = []
    for segment in response.segments:
        header, *data = segment.words(width)
        words.append((header, WordKind.HDR))
        words.extend((word, WordKind.DAT) for word in data)
    words.append((widen(encode_status(response.status), width), WordKind.STT))
    return words


def bus_words(items, width: int = WORD_BITS) -> list[int]:
    """The `width`-bit words of a stream written as items: an int is a 32-bit instruction, header or
    status word (placed in the top bits), ``bytes`` the data of a segment (W-bit words, the last one
    zero-padded). Test benches write well-formed and malformed streams this way for every W."""
    words: list[int] = []
    for item in items:
        if isinstance(item, (bytes, bytearray)):
            words += data_words(bytes(item), width)
        else:
            words.append(widen(item, width))
    return words


def segment_items(segment: Segment) -> list:
    """A segment as :func:`bus_words` items: its 32-bit header, then its data (if any)."""
    return [segment.header.encode(), *([segment.data] if segment.data else [])]


def _flatten(groups: list[list[tuple[int, WordKind]]]) -> list[StreamWord]:
    flat = []
    for index, group in enumerate(groups):
        for position, (value, kind) in enumerate(group):
            flat.append(StreamWord(value, kind, index, position == 0, position == len(group) - 1))
    return flat


def pdi_words(commands: tuple[Command, ...] | list[Command], width: int = WORD_BITS) -> list[StreamWord]:
    groups: list[list[tuple[int, WordKind]]] = []
    pending: list[tuple[int, WordKind]] = []  # ACTKEY words waiting for their command
    for command in commands:
        pending.extend(command_words(command, width))
        if command.opcode != Opcode.ACTKEY:
            groups.append(pending)
            pending = []
    if pending:
        groups.append(pending)
    return _flatten(groups)


def sdi_words(commands: tuple[Command, ...] | list[Command]) -> list[StreamWord]:
    return _flatten([command_words(command) for command in commands])


def do_words(responses: tuple[Response, ...] | list[Response], width: int = WORD_BITS) -> list[StreamWord]:
    return _flatten([response_words(response, width) for response in responses])


def stream_words(vectors, stream: str, width: int = WORD_BITS) -> list[StreamWord]:
    """The flat view of one stream (``"pdi"``, ``"sdi"`` or ``"do"``) of a VectorSet, pdi and do on a
    `width`-bit bus (sdi: 32 bits)."""
    views = {"pdi": lambda: pdi_words(vectors.pdi, width), "sdi": lambda: sdi_words(vectors.sdi),
             "do": lambda: do_words(vectors.do, width)}
    if stream not in views:
        raise ValueError(f"unknown stream {stream!r}: expected pdi, sdi or do")
    return views[stream]()
