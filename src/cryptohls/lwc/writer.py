"""Write a VectorSet as the GMU LWC development-package files ``pdi.txt``, ``sdi.txt``, ``do.txt``.

Line format (one 32-bit word per INS/HDR/STT line; DAT lines hold up to ``DAT_WORDS_PER_LINE``
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

Files are written atomically: all three go to temporary files in the output directory first and are
renamed into place only when all are complete, so an interrupted run leaves no half-written file.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.lwc.protocol import (OPCODE_NAMES, Command, Response, Segment, Status, VectorSet,
                                    WORD_BITS, data_words, encode_instruction, encode_status)

DAT_WORDS_PER_LINE = 4  # 128 bits per DAT line, as the development package prints for W = 32
EOF_MARKER = "###EOF"
FILE_NAMES = ("pdi.txt", "sdi.txt", "do.txt")
SUPPORTED_WIDTHS = (32,)


def check_width(width: int) -> None:
    if width not in SUPPORTED_WIDTHS:
        raise UserError(f"bus width {width} is not supported (only W = {WORD_BITS} is)",
                        hint="use --width 32")


def _comment_lines(comment: str) -> list[str]:
    return [f"#### {line}" for line in comment.splitlines()]


def _segment_lines(segment: Segment) -> list[str]:
    header = segment.header
    lines = [f"# Info : {header.describe()}", f"HDR = {header.encode():08X}"]
    words = data_words(segment.data)
    for start in range(0, len(words), DAT_WORDS_PER_LINE):
        lines.append("DAT = " + "".join(f"{word:08X}" for word in words[start:start + DAT_WORDS_PER_LINE]))
    return lines


def format_commands(commands: tuple[Command, ...] | list[Command]) -> str:
    """The text of a pdi.txt or sdi.txt file."""
    lines = []
    for command in commands:
        lines += _comment_lines(command.comment)
        lines.append(f"# Instruction: Opcode={OPCODE_NAMES[command.opcode]}")
        lines.append(f"INS = {encode_instruction(command.opcode):08X}")
        for segment in command.segments:
            lines += _segment_lines(segment)
    lines.append(EOF_MARKER)
    return "\n".join(lines) + "\n"


def format_responses(responses: tuple[Response, ...] | list[Response]) -> str:
    """The text of a do.txt file."""
    lines = []
    for response in responses:
        lines += _comment_lines(response.comment)
        for segment in response.segments:
            lines += _segment_lines(segment)
        lines.append(f"# Status: {'Success' if response.status == Status.SUCCESS else 'Failure'}")
        lines.append(f"STT = {encode_status(response.status):08X}")
    lines.append(EOF_MARKER)
    return "\n".join(lines) + "\n"


def format_vector_set(vectors: VectorSet) -> dict[str, str]:
    return {"pdi.txt": format_commands(vectors.pdi), "sdi.txt": format_commands(vectors.sdi),
            "do.txt": format_responses(vectors.do)}


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
        return write_text_files_atomically(Path(out_dir), format_vector_set(vectors))
    except OSError as err:
        raise UserError(f"cannot write test vectors: {err.strerror or err}", file=out_dir) from None
