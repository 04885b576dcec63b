"""pdi.txt / sdi.txt / do.txt: writer -> parser round trips, the flat word view, atomic writing and
a corpus of malformed files, each with the exact file:line it must be reported at."""

from __future__ import annotations

import pytest

from cryptohls.errors import UserError
from cryptohls.lwc.parser import parse_commands_text, parse_do, parse_pdi, parse_sdi, parse_vector_dir
from cryptohls.lwc.protocol import Command, Opcode, Response, Segment, SegmentType, Status, VectorSet
from cryptohls.lwc.words import WordKind, stream_words
from cryptohls.lwc.writer import format_commands, write_text_files_atomically, write_vector_files

NONCE = bytes(range(16))
KEY = bytes(range(0x40, 0x50))


def _enc(ad: bytes, pt: bytes) -> Command:
    return Command(Opcode.ENC, (Segment(SegmentType.NPUB, NONCE, eoi=not (ad or pt)),
                                Segment(SegmentType.AD, ad, eoi=not pt),
                                Segment(SegmentType.PT, pt, eoi=True, last=True)))


SAMPLE = VectorSet(
    pdi=(Command(Opcode.ACTKEY, comment="message 0"),
         _enc(b"", bytes.fromhex("A3EE")),
         _enc(bytes(range(17)), bytes(range(100, 133))),
         Command(Opcode.DEC, (Segment(SegmentType.NPUB, NONCE), Segment(SegmentType.AD, b"\x01"),
                              Segment(SegmentType.CT, b"\x02\x03\x04", eoi=True),
                              Segment(SegmentType.TAG, bytes(16), last=True))),
         Command(Opcode.ACTKEY),
         Command(Opcode.HASH, (Segment(SegmentType.HASH_MSG, b"abcde", partial=True, eot=False),
                               Segment(SegmentType.HASH_MSG, b"", eoi=True, last=True)))),
    sdi=(Command(Opcode.LDKEY, (Segment(SegmentType.KEY, KEY, eoi=True, last=True),)),
         Command(Opcode.LDKEY, (Segment(SegmentType.KEY, KEY[::-1], eoi=True, last=True),))),
    do=(Response((Segment(SegmentType.CT, b"\xAA\xBB", eoi=True), Segment(SegmentType.TAG, bytes(16), last=True)),
                 Status.SUCCESS, comment="message 0"),
        Response((Segment(SegmentType.CT, bytes(33), eoi=True), Segment(SegmentType.TAG, bytes(16), last=True)),
                 Status.SUCCESS),
        Response((), Status.FAILURE),
        Response((Segment(SegmentType.HASH_VALUE, bytes(range(32)), last=True),), Status.SUCCESS)),
)


def test_writer_parser_round_trip(tmp_path):
    paths = write_vector_files(tmp_path, SAMPLE)
    assert [p.name for p in paths] == ["pdi.txt", "sdi.txt", "do.txt"]
    assert parse_vector_dir(tmp_path) == SAMPLE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["do.txt", "pdi.txt", "sdi.txt"]  # no temporaries


def test_written_text_follows_the_development_package_layout(tmp_path):
    write_vector_files(tmp_path, SAMPLE)
    pdi = (tmp_path / "pdi.txt").read_text().splitlines()
    assert pdi[:8] == ["#### message 0", "# Instruction: Opcode=Activate Key", "INS = 70000000",
                       "# Instruction: Opcode=Authenticated Encryption", "INS = 20000000",
                       "# Info : Npub, EOI=0 EOT=1, Last=0, Length=16 bytes", "HDR = D2000010",
                       "DAT = 000102030405060708090A0B0C0D0E0F"]
    assert "DAT = 6465666768696A6B6C6D6E6F70717273" in pdi  # 4 words per DAT line
    assert "DAT = 84000000" in pdi                          # last word zero-padded
    assert pdi[-1] == "###EOF"
    do = (tmp_path / "do.txt").read_text().splitlines()
    assert do[-4:] == ["DAT = 101112131415161718191A1B1C1D1E1F", "# Status: Success", "STT = E0000000", "###EOF"]
    assert "STT = F0000000" in do


def test_parser_accepts_one_word_per_line_lower_case_and_crlf(tmp_path):
    write_vector_files(tmp_path, SAMPLE)
    for name in ("pdi.txt", "sdi.txt", "do.txt"):
        lines = []
        for line in (tmp_path / name).read_text().splitlines():
            if line.startswith("DAT = "):
                value = line[6:]
                lines += [f"DAT = {value[i:i + 8].lower()}" for i in range(0, len(value), 8)]
            else:
                lines.append(line)
        (tmp_path / name).write_bytes(("\r\n".join(lines) + "\r\n").encode())
    assert parse_vector_dir(tmp_path) == SAMPLE


def test_flat_word_view_has_kinds_and_message_boundaries():
    pdi = stream_words(SAMPLE, "pdi")
    first = [(w.value, w.kind, w.message, w.first, w.last) for w in pdi[:7]]
    assert first == [(0x70000000, WordKind.INS, 0, True, False), (0x20000000, WordKind.INS, 0, False, False),
                     (0xD2000010, WordKind.HDR, 0, False, False), (0x00010203, WordKind.DAT, 0, False, False),
                     (0x04050607, WordKind.DAT, 0, False, False), (0x08090A0B, WordKind.DAT, 0, False, False),
                     (0x0C0D0E0F, WordKind.DAT, 0, False, False)]
    assert [w.message for w in pdi if w.first] == [0, 1, 2, 3]  # ACTKEY joins the command after it
    assert pdi[-1].last and pdi[-1].message == 3
    assert sum(w.last for w in pdi) == 4
    do = stream_words(SAMPLE, "do")
    assert [(w.value, w.kind) for w in do if w.message == 2] == [(0xF0000000, WordKind.STT)]
    assert [w.kind for w in do if w.last] == [WordKind.STT] * 4
    sdi = stream_words(SAMPLE, "sdi")
    assert [w.value for w in sdi[:3]] == [0x40000000, 0xC7000010, 0x40414243]
    assert len(sdi) == 2 * 6 and [w.message for w in sdi if w.first] == [0, 1]
    with pytest.raises(ValueError, match="unknown stream"):
        stream_words(SAMPLE, "rdi")


def test_atomic_write_leaves_nothing_when_a_file_fails(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        write_text_files_atomically(tmp_path, {"pdi.txt": "INS = 20000000\n", "sdi.txt": "caf\u00e9\n"})
    assert list(tmp_path.iterdir()) == []


def test_pairing_mismatch_between_files_is_reported(tmp_path):
    write_vector_files(tmp_path, VectorSet(SAMPLE.pdi, SAMPLE.sdi, SAMPLE.do[:3]))
    with pytest.raises(UserError, match="3 results on do, but pdi.txt has 4 commands"):
        parse_vector_dir(tmp_path)


def test_unsupported_width_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="bus width 16 is not supported"):
        write_vector_files(tmp_path, SAMPLE, width=16)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("width", [64, 128, 256, 384])
def test_wide_bus_round_trip(tmp_path, width):
    """W > 32 (docs/lwc-test-vectors.md, "Bus width"): the same VectorSet back from W-bit files."""
    write_vector_files(tmp_path, SAMPLE, width=width)
    assert parse_vector_dir(tmp_path, width=width) == SAMPLE


def test_wide_bus_layout(tmp_path):
    """W = 128: an instruction / header / status is the 32-bit word in the top bits; data are 16-byte
    words, the last one zero-padded; one word per DAT line; sdi.txt is the 32-bit file."""
    write_vector_files(tmp_path / "w32", SAMPLE)
    write_vector_files(tmp_path / "w128", SAMPLE, width=128)
    pdi = (tmp_path / "w128" / "pdi.txt").read_text().splitlines()
    zeros = "0" * 24
    assert pdi[:8] == ["#### message 0", "# Instruction: Opcode=Activate Key", "INS = 70000000" + zeros,
                       "# Instruction: Opcode=Authenticated Encryption", "INS = 20000000" + zeros,
                       "# Info : Npub, EOI=0 EOT=1, Last=0, Length=16 bytes", "HDR = D2000010" + zeros,
                       "DAT = 000102030405060708090A0B0C0D0E0F"]
    assert "DAT = A3EE" + "0" * 28 in pdi                    # 2 bytes, padded to 128 bits
    do = (tmp_path / "w128" / "do.txt").read_text().splitlines()
    assert "STT = F0000000" + zeros in do
    assert (tmp_path / "w128" / "sdi.txt").read_text() == (tmp_path / "w32" / "sdi.txt").read_text()
    flat = stream_words(SAMPLE, "pdi", width=128)
    assert flat[0].value == 0x70000000 << 96 and flat[0].kind == WordKind.INS


def test_wide_header_with_low_bits_set_is_reported_at_its_line(tmp_path):
    write_vector_files(tmp_path, SAMPLE, width=64)
    text = (tmp_path / "pdi.txt").read_text().replace("HDR = D200001000000000", "HDR = D200001000000001", 1)
    line = text.splitlines().index("HDR = D200001000000001") + 1
    with pytest.raises(UserError, match=r"bits \[31:0\] of a 64-bit .* must be zero") as err:
        parse_commands_text(text, "pdi.txt", "pdi", width=64)
    assert str(err.value).startswith(f"pdi.txt:{line}:")


# --- malformed files ---------------------------------------------------------------------------

VALID_PDI = """\
# a valid pdi file the cases below break one line at a time
INS = 70000000
INS = 20000000
HDR = D2000010
DAT = 00010203
DAT = 0405060708090A0B0C0D0E0F
HDR = 12000000
HDR = 47000002
DAT = A3EE0000
###EOF
"""

VALID_DO = """\
HDR = 52000002
DAT = 12340000
HDR = 83000004
DAT = 01020304
STT = E0000000
###EOF
"""


def _replace(text: str, line: int, new: str | None) -> str:
    lines = text.splitlines()
    if new is None:
        del lines[line - 1]
    else:
        lines[line - 1] = new
    return "\n".join(lines) + "\n"


def _insert(text: str, after: int, new: str) -> str:
    lines = text.splitlines()
    lines.insert(after, new)
    return "\n".join(lines) + "\n"


MALFORMED = [
    # (file, text, line, message)
    ("pdi.txt", _replace(VALID_PDI, 9, "DAT = A3EG0000"), 9, "bad hex digit 'G' in DAT value"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS = 20000000 30000000"), 3, "exactly one hex field after '=', got 2"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS ="), 3, "exactly one hex field after '=', got 0"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS 20000000"), 3, "expected 'INS|HDR|DAT|STT = <hex>'"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS = 2000000020000000"), 3, "exactly one 32-bit word (8 hex digits), got 16"),
    ("pdi.txt", _replace(VALID_PDI, 5, "DAT = 000102"), 5, "multiple of 8 hex digits), got 6"),
    ("pdi.txt", _replace(VALID_PDI, 3, "KEY = 20000000"), 3, "unknown line kind 'KEY'"),
    ("pdi.txt", _replace(VALID_PDI, 9, "DAT = A3EE000000000000"), 9, "data longer than the header says: 2 bytes"),
    ("pdi.txt", _insert(VALID_PDI, 9, "DAT = 00000000"), 10, "data longer than the header says"),
    ("pdi.txt", _insert(VALID_PDI, 7, "DAT = 00000000"), 8, "data longer than the header says: 0 bytes"),
    ("pdi.txt", _replace(VALID_PDI, 6, None), 6, "segment data shorter than the header says: 16 bytes need 4"),
    ("pdi.txt", _replace(VALID_PDI, 10, None), 9, "missing ###EOF"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS = 50000000"), 3, "unknown opcode 0101"),
    ("pdi.txt", _replace(VALID_PDI, 3, "INS = 20000010"), 3, "non-zero bits [27:0]"),
    ("pdi.txt", _replace(VALID_PDI, 7, "HDR = A2000000"), 7, "unknown segment type 1010"),
    ("pdi.txt", _replace(VALID_PDI, 7, "HDR = 12050000"), 7, "non-zero reserved bits"),
    ("pdi.txt", _replace(VALID_PDI, 9, "DAT = A3EE0001"), 9, "non-zero padding"),
    ("pdi.txt", _replace(VALID_PDI, 8, "HDR = 46000002"), 10, "ends without a segment with Last=1"),
    ("pdi.txt", _replace(VALID_PDI, 2, "STT = E0000000"), 2, "expected an instruction (INS)"),
    ("pdi.txt", _replace(VALID_PDI, 2, "INS = 40000000"), 2, "opcode LDKEY does not belong on pdi"),
    ("pdi.txt", _replace(VALID_PDI, 4, "HDR = C2000010"), 4, "segment type KEY does not belong on pdi"),
    ("pdi.txt", VALID_PDI + "INS = 70000000\n", 11, "content after ###EOF"),
    ("sdi.txt", "INS = 20000000\nHDR = C7000000\n###EOF\n", 1, "opcode ENC does not belong on sdi"),
    ("do.txt", "INS = 20000000\n" + VALID_DO, 1, "INS line does not belong here on do"),
    ("do.txt", _replace(VALID_DO, 5, None), 5, "output ends without a status (STT) word"),
    ("do.txt", _replace(VALID_DO, 5, "STT = D0000000"), 5, "unknown status 1101"),
    ("do.txt", _replace(VALID_DO, 2, "DAT = 1234"), 2, "multiple of 8 hex digits"),
]

PARSERS = {"pdi.txt": parse_pdi, "sdi.txt": parse_sdi, "do.txt": parse_do}


@pytest.mark.parametrize("name, text, line, message", MALFORMED,
                         ids=[f"{case[0]}-{i}-{case[3][:30]}" for i, case in enumerate(MALFORMED)])
def test_malformed_file_is_reported_at_its_line(tmp_path, name, text, line, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(UserError) as caught:
        PARSERS[name](path)
    assert str(caught.value).startswith(f"{path}:{line}: error: "), str(caught.value)
    assert message in str(caught.value)


def test_valid_bases_of_the_corpus_parse(tmp_path):
    commands = parse_commands_text(VALID_PDI, "pdi.txt", "pdi")
    assert [c.opcode for c in commands] == [Opcode.ACTKEY, Opcode.ENC]
    assert commands[1].segment(SegmentType.PT).data == bytes.fromhex("A3EE")
    assert format_commands(commands).count("HDR = ") == 3
    (tmp_path / "do.txt").write_text(VALID_DO)
    (response,) = parse_do(tmp_path / "do.txt")
    assert response.status == Status.SUCCESS and response.segment(SegmentType.TAG).data == bytes([1, 2, 3, 4])


def test_unreadable_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="cannot read vector file"):
        parse_pdi(tmp_path / "missing.txt")
    (tmp_path / "pdi.txt").write_bytes(b"# ok\nINS = 70000000\n\xff\n###EOF\n")
    with pytest.raises(UserError) as caught:
        parse_pdi(tmp_path / "pdi.txt")
    assert str(caught.value).startswith(f"{tmp_path / 'pdi.txt'}:3: error: non-ASCII")
