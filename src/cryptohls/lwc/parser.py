"""Read ``pdi.txt`` / ``sdi.txt`` / ``do.txt`` back into Commands and Responses.

Accepted syntax (the GMU LWC development-package layout, W = 32): blank lines; comment lines starting
with ``#``; ``INS = XXXXXXXX``, ``HDR = XXXXXXXX``, ``STT = XXXXXXXX`` (exactly one 32-bit word);
``DAT = XXXXXXXX[XXXXXXXX...]`` (one or more whole words); and a final ``###EOF`` line.

Any malformation (bad hex, wrong field count, data longer or shorter than the header says, non-zero
padding, missing ``###EOF``, unknown opcode/segment type/status, a word kind that does not belong
where it stands) raises a UserError naming the file and line.

``width``: the bus width W of pdi.txt and do.txt (writer.py): INS/HDR/STT lines hold one W-bit word
(W/4 hex digits) whose bits below the top 32 must be zero, DAT lines whole W-bit words; sdi.txt is
always read at 32.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.lwc.protocol import (OPCODES_WITH_SEGMENTS, WORD_BITS, Command, Opcode, Response, Segment,
                                    SegmentHeader, SegmentType, VectorSet, decode_instruction, decode_status,
                                    narrow, word_count, words_to_data)
from cryptohls.lwc.writer import EOF_MARKER, check_width

_LINE = re.compile(r"^([A-Za-z_]\w*)\s*=(.*)$")
_HEX = re.compile(r"^[0-9A-Fa-f]+$")
_SINGLE_WORD_KINDS = ("INS", "HDR", "STT")

ALLOWED_OPCODES = {
    "pdi": frozenset({Opcode.ENC, Opcode.DEC, Opcode.ACTKEY, Opcode.HASH}),
    "sdi": frozenset({Opcode.LDKEY}),
}
ALLOWED_SEGMENTS = {
    "pdi": frozenset({SegmentType.AD, SegmentType.NPUB_AD, SegmentType.AD_NPUB, SegmentType.PT,
                      SegmentType.CT, SegmentType.CT_TAG, SegmentType.HASH_MSG, SegmentType.TAG,
                      SegmentType.NPUB}),
    "sdi": frozenset({SegmentType.KEY}),
    "do": frozenset({SegmentType.PT, SegmentType.CT, SegmentType.CT_TAG, SegmentType.TAG,
                     SegmentType.HASH_VALUE}),
}


@dataclass(frozen=True)
class _Line:
    number: int
    kind: str          # INS, HDR, DAT, STT
    words: tuple[int, ...]


class _Lines:
    """The word-carrying lines of one file, with a cursor and error reporting at a line."""

    def __init__(self, text: str, filename: str, width: int = WORD_BITS):
        self.filename = filename
        self.width = width
        self.lines, self.eof_line = _lex(text, filename, width)
        self.position = 0

    def peek(self) -> _Line | None:
        return self.lines[self.position] if self.position < len(self.lines) else None

    def take(self) -> _Line:
        line = self.lines[self.position]
        self.position += 1
        return line

    def error(self, message: str, line: int | None = None, hint: str | None = None) -> UserError:
        return UserError(message, file=self.filename, line=line if line is not None else self.eof_line, hint=hint)


def _lex(text: str, filename: str, width: int) -> tuple[list[_Line], int]:
    lines: list[_Line] = []
    eof_line = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if eof_line is not None:
            if stripped.startswith("#"):
                continue
            raise UserError(f"content after {EOF_MARKER} (line {eof_line})", file=filename, line=number)
        if stripped == EOF_MARKER:
            eof_line = number
            continue
        if stripped.startswith("#"):
            continue
        lines.append(_lex_line(stripped, filename, number, width))
    if eof_line is None:
        last = max(len(text.splitlines()), 1)
        raise UserError(f"missing {EOF_MARKER} at the end of the file (truncated?)", file=filename, line=last,
                        hint=f"a complete vector file ends with a '{EOF_MARKER}' line")
    return lines, eof_line


def _lex_line(stripped: str, filename: str, number: int, width: int) -> _Line:
    def fail(message: str, hint: str | None = None) -> UserError:
        return UserError(message, file=filename, line=number, hint=hint)

    match = _LINE.match(stripped)
    if not match:
        raise fail(f"expected 'INS|HDR|DAT|STT = <hex>', got {stripped[:40]!r}")
    kind, fields = match.group(1).upper(), match.group(2).split()
    if kind not in (*_SINGLE_WORD_KINDS, "DAT"):
        raise fail(f"unknown line kind {match.group(1)!r}", hint="expected INS, HDR, DAT or STT")
    if len(fields) != 1:
        raise fail(f"{kind} line must have exactly one hex field after '=', got {len(fields)}")
    value = fields[0]
    if not _HEX.match(value):
        bad = next(ch for ch in value if ch not in "0123456789abcdefABCDEF")
        raise fail(f"bad hex digit {bad!r} in {kind} value {value!r}")
    digits = width // 4
    if kind in _SINGLE_WORD_KINDS and len(value) != digits:
        raise fail(f"{kind} line must hold exactly one {width}-bit word ({digits} hex digits), got {len(value)} digits")
    if kind == "DAT" and len(value) % digits:
        raise fail(f"DAT line must hold whole {width}-bit words (a multiple of {digits} hex digits), "
                   f"got {len(value)} digits")
    words = tuple(int(value[i:i + digits], 16) for i in range(0, len(value), digits))
    if kind in _SINGLE_WORD_KINDS:
        try:
            words = (narrow(words[0], width),)
        except ValueError as err:
            raise fail(str(err)) from None
    return _Line(number, kind, words)


def _parse_segment(lines: _Lines, stream: str) -> Segment:
    header_line = lines.take()
    try:
        header = SegmentHeader.decode(header_line.words[0])
    except ValueError as err:
        raise lines.error(str(err), header_line.number) from None
    if header.type not in ALLOWED_SEGMENTS[stream]:
        raise lines.error(f"segment type {header.type.name} does not belong on {stream}", header_line.number)
    width = lines.width
    needed = word_count(header.length, width)
    words: list[int] = []
    while len(words) < needed:
        line = lines.peek()
        if line is None or line.kind != "DAT":
            where = line.number if line is not None else None
            raise lines.error(f"segment data shorter than the header says: {header.length} bytes need {needed} "
                              f"word(s), got {len(words)} (header at line {header_line.number})", where)
        lines.take()
        words.extend(line.words)
        if len(words) > needed:
            raise lines.error(f"data longer than the header says: {header.length} bytes need {needed} word(s), "
                              f"DAT lines give {len(words)} (header at line {header_line.number})", line.number)
    following = lines.peek()
    if following is not None and following.kind == "DAT":
        raise lines.error(f"data longer than the header says: {header.length} bytes need {needed} word(s), "
                          f"another DAT line follows (header at line {header_line.number})", following.number)
    if header.length % (width // 8) and words:
        pad_bits = 8 * (width // 8 - header.length % (width // 8))
        if words[-1] & ((1 << pad_bits) - 1):
            raise lines.error(f"non-zero padding in the last data word {words[-1]:0{width // 4}X} of a "
                              f"{header.length}-byte segment (header at line {header_line.number})",
                              lines.lines[lines.position - 1].number)
    return Segment(header.type, words_to_data(words, header.length, width), eoi=header.eoi, eot=header.eot,
                   last=header.last, partial=header.partial)


def parse_commands_text(text: str, filename: str, stream: str, width: int = WORD_BITS) -> tuple[Command, ...]:
    """Commands of a pdi (``stream="pdi"``) or sdi (``stream="sdi"``: 32 bits) file."""
    lines = _Lines(text, filename, width)
    commands: list[Command] = []
    while (line := lines.peek()) is not None:
        if line.kind != "INS":
            raise lines.error(f"expected an instruction (INS) to start a command, got {line.kind}", line.number)
        lines.take()
        try:
            opcode = decode_instruction(line.words[0])
        except ValueError as err:
            raise lines.error(str(err), line.number) from None
        if opcode not in ALLOWED_OPCODES[stream]:
            raise lines.error(f"opcode {opcode.name} does not belong on {stream}", line.number)
        segments: list[Segment] = []
        if opcode in OPCODES_WITH_SEGMENTS:
            while not (segments and segments[-1].last):
                following = lines.peek()
                if following is None or following.kind != "HDR":
                    where = following.number if following is not None else None
                    got = following.kind if following is not None else EOF_MARKER
                    raise lines.error(f"{opcode.name} command (line {line.number}) ends without a segment with "
                                      f"Last=1: expected HDR, got {got}", where)
                segments.append(_parse_segment(lines, stream))
        commands.append(Command(opcode, tuple(segments)))
    return tuple(commands)


def parse_responses_text(text: str, filename: str, width: int = WORD_BITS) -> tuple[Response, ...]:
    """Responses of a do file: segments, each group closed by a status word."""
    lines = _Lines(text, filename, width)
    responses: list[Response] = []
    segments: list[Segment] = []
    while (line := lines.peek()) is not None:
        if line.kind == "HDR":
            segments.append(_parse_segment(lines, "do"))
        elif line.kind == "STT":
            lines.take()
            try:
                status = decode_status(line.words[0])
            except ValueError as err:
                raise lines.error(str(err), line.number) from None
            responses.append(Response(tuple(segments), status))
            segments = []
        else:
            raise lines.error(f"{line.kind} line does not belong here on do (expected HDR or STT)", line.number)
    if segments:
        raise lines.error("output ends without a status (STT) word")
    return tuple(responses)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii")
    except UnicodeDecodeError as err:
        line = path.read_bytes()[:err.start].count(b"\n") + 1
        raise UserError("non-ASCII byte in a vector file", file=path, line=line) from None
    except OSError as err:
        raise UserError(f"cannot read vector file: {err.strerror or err}", file=path) from None


def parse_pdi(path: str | Path, width: int = WORD_BITS) -> tuple[Command, ...]:
    return parse_commands_text(_read(Path(path)), str(path), "pdi", width)


def parse_sdi(path: str | Path) -> tuple[Command, ...]:
    return parse_commands_text(_read(Path(path)), str(path), "sdi")


def parse_do(path: str | Path, width: int = WORD_BITS) -> tuple[Response, ...]:
    return parse_responses_text(_read(Path(path)), str(path), width)


def parse_vector_dir(directory: str | Path, *, width: int = 32) -> VectorSet:
    """Parse DIR/pdi.txt, DIR/sdi.txt and DIR/do.txt and check that they pair up."""
    check_width(width)
    directory = Path(directory)
    vectors = VectorSet(parse_pdi(directory / "pdi.txt", width), parse_sdi(directory / "sdi.txt"),
                        parse_do(directory / "do.txt", width))
    producing = sum(command.opcode != Opcode.ACTKEY for command in vectors.pdi)
    if producing != len(vectors.do):
        raise UserError(f"{len(vectors.do)} results on do, but pdi.txt has {producing} commands that produce one",
                        file=directory / "do.txt")
    activations = sum(command.opcode == Opcode.ACTKEY for command in vectors.pdi)
    if activations > len(vectors.sdi):
        raise UserError(f"pdi.txt activates {activations} keys but sdi.txt loads only {len(vectors.sdi)}",
                        file=directory / "sdi.txt")
    return vectors
