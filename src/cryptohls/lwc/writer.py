"""Write a VectorSet as the GMU LWC development-package files ``pdi.txt``, ``sdi.txt``, ``do.txt``.

Line format (one 32-bit word per INS/HDR/STT line; DAT lines hold up to 128 bits (``DAT_BITS_PER_LINE``)
words of the current segment, upper-case hex, big-endian bytes, the last word zero-padded)::

    #### <message comment>
    # Instruction: Opcode=Activate Key
    INS = 70000000
    # Info : Npub, EOI=0 EOT=1, Last=0, Length=16 bytes
    HDR = D2000010
    DAT = 000102030405060708090A0B0C0D0E0F
    # Status: Success
    STT = E0000000
    ###EOF

At a bus width W > 32 (``width``; designs/lwc-frame/docs.md, "Bus width W") pdi.txt and do.txt hold
W-bit words: INS/HDR/STT lines one word of W/4 hex digits (the 32-bit word, then zeros), DAT lines
whole W-bit words, ``max(1, 128 // W)`` per line; sdi.txt stays 32-bit.

Files are written atomically: all three go to temporary files in the output directory first and are
renamed into place only when all are complete, so an interrupted run leaves no half-written file.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.lwc.protocol import (OPCODE_NAMES, Command, Response, Segment, Status, VectorSet,
                                    WORD_BITS, check_bus_width, data_words, encode_instruction, encode_status,
                                    widen)

DAT_BITS_PER_LINE = 128  # 4 words per DAT line at W = 32, as the development package prints
EOF_MARKER = "###EOF"
FILE_NAMES = ("pdi.txt", "sdi.txt", "do.txt")


def check_width(width: int) -> None:
    try:
        check_bus_width(width)
    except ValueError as err:
        raise UserError(str(err), hint="use --width 32 (the GMU API), or 64, 128, 256, 384, ...") from None


def _hex(word: int, width: int) -> str:
    return f"{word:0{width // 4}X}"


def _comment_lines(comment: str) -> list[str]:
    return [f"#### {line}" for line in comment.splitlines()]


def _segment_lines(segment: Segment, width: int) -> list[str]:
    header = segment.header
    lines = [f"# Info : {header.describe()}", f"HDR = {_hex(widen(header.encode(), width), width)}"]
    words = data_words(segment.data, width)
    per_line = max(1, DAT_BITS_PER_LINE // width)
    for start in range(0, len(words), per_line):
        lines.append("DAT = " + "".join(_hex(word, width) for word in words[start:start + per_line]))
    return lines


def format_commands(commands: tuple[Command, ...] | list[Command], width: int = WORD_BITS) -> str:
    """The text of a pdi.txt or sdi.txt file (sdi: width 32)."""
    lines = []
    for command in commands:
        lines += _comment_lines(command.comment)
        lines.append(f"# Instruction: Opcode={OPCODE_NAMES[command.opcode]}")
        lines.append(f"INS = {_hex(widen(encode_instruction(command.opcode), width), width)}")
        for segment in command.segments:
            lines += _segment_lines(segment, width)
    lines.append(EOF_MARKER)
    return "\n".join(lines) + "\n"


def format_responses(responses: tuple[Response, ...] | list[Response], width: int = WORD_BITS) -> str:
    """The text of a do.txt file."""
    lines = []
    for response in responses:
        lines += _comment_lines(response.comment)
        for segment in response.segments:
            lines += _segment_lines(segment, width)
        lines.append(f"# Status: {'Success' if response.status == Status.SUCCESS else 'Failure'}")
        lines.append(f"STT = {_hex(widen(encode_status(response.status), width), width)}")
    lines.append(EOF_MARKER)
    return "\n".join(lines) + "\n"


def format_vector_set(vectors: VectorSet, width: int = WORD_BITS) -> dict[str, str]:
    return {"pdi.txt": format_commands(vectors.pdi, width), "sdi.txt": format_commands(vectors.sdi),
            "do.txt": format_responses(vectors.do, width)}


def write_text_files_atomically(out_dir: Path, texts: dict[str, str]) -> list[Path]:
    """Write every file to a temporary name in `out_dir`, then rename them all into place."""
    out_dir.mkdir(parents=True, exist_ok=True)
    temporaries: dict[str, Path] = {}
    try:
        for name, text in texts.items():
            # a fresh name opened with "x" (exclusive): permissions follow the umask, unlike mkstemp's 0600
            temp_path = out_dir / f".{name}.{os.getpid()}.{uuid.uuid4().hex}.tmp"
            temporaries[name] = temp_path
            with open(temp_path, "x", encoding="ascii", newline="\n") as stream:
                stream.write(text)
        for name, temp_path in temporaries.items():
            os.replace(temp_path, out_dir / name)
    finally:
        for temp_path in temporaries.values():
            temp_path.unlink(missing_ok=True)
    return [out_dir / name for name in texts]


def write_vector_files(out_dir: str | Path, vectors: VectorSet, *, width: int = 32) -> list[Path]:
    """Write pdi.txt, sdi.txt and do.txt into `out_dir`; returns their paths."""
    check_width(width)
    try:
        return write_text_files_atomically(Path(out_dir), format_vector_set(vectors, width))
    except OSError as err:
        raise UserError(f"cannot write test vectors: {err.strerror or err}", file=out_dir) from None
