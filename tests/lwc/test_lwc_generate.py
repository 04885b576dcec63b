"""Generated LWC vector sets, re-computed command by command with independent implementations.

Oracles: AES-CTR, AES-GCM and OCB3 from pycryptodome / cryptography; AEGIS-128L from pyaegis (libaegis);
Ascon-AEAD128 from tests/lwc/ascon_oracle.py, a second implementation derived separately from SP 800-232
and checked here against the published KATs (no PyPI package implements the SP 800-232 version). The
other CAESAR ciphers of seed 002 have no second implementation: tv's model of each seals its KAT file.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from Crypto.Cipher import AES
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, AESOCB3
import pyaegis

from cryptohls.golden.vectors import load_ascon_kat, load_caesar_kat
from cryptohls.lwc.generate import CAESAR_AEADS, CIPHER_MODELS, LONG_BYTES, coverage_sizes, generate
from cryptohls.lwc.parser import parse_vector_dir
from cryptohls.lwc.protocol import Opcode, SegmentType, Status
from cryptohls.lwc.words import WordKind, stream_words
from cryptohls.lwc.writer import format_vector_set, write_vector_files

from . import ascon_oracle

SEED = 3
COUNT = 6


@lru_cache(maxsize=None)
def generated(cipher: str, seed: int = SEED, count: int = COUNT):
    return generate(cipher, seed=seed, count=count)


# the ciphers with an independent oracle below; the other CAESAR ciphers of seed 002 are checked against
# their KAT files (test_caesar_ciphers_seal_their_kats)
ORACLE_CIPHERS = ("aes128-ctr", "aes128-gcm", "ascon-aead128", "aeadaes128ocbtaglen128v1", "aegis128l")


@pytest.fixture(scope="module", params=ORACLE_CIPHERS)
def parsed(request, tmp_path_factory):
    """(cipher, generated set, the set parsed back from the written files)."""
    cipher = request.param
    out = tmp_path_factory.mktemp(f"tv-{cipher}")
    write_vector_files(out, generated(cipher).vectors)
    return cipher, generated(cipher), parse_vector_dir(out)


# --- independent oracles: seal -> (ct, tag); open -> pt or None --------------------------------

def _ctr_keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    """AES-ECB of IV || (counter + j mod 2^32), built here from DESIGN.md §6, not from the golden model."""
    iv, counter = nonce[:12], int.from_bytes(nonce[12:], "big")
    ecb = AES.new(key, AES.MODE_ECB)
    blocks = [iv + ((counter + j) % (1 << 32)).to_bytes(4, "big") for j in range(-(-length // 16))]
    return ecb.encrypt(b"".join(blocks))[:length]


def _ctr(key: bytes, nonce: bytes, data: bytes) -> bytes:
    result = bytes(a ^ b for a, b in zip(data, _ctr_keystream(key, nonce, len(data))))
    if int.from_bytes(nonce[12:], "big") + -(-len(data) // 16) <= 1 << 32:  # no wrap: 128-bit CTR agrees
        encryptor = Cipher(algorithms.AES(key), modes.CTR(nonce)).encryptor()
        assert encryptor.update(data) + encryptor.finalize() == result
    return result


def _gcm_open(key, nonce, ad, ct, tag):
    try:
        return AESGCM(key).decrypt(nonce, ct + tag, ad)
    except InvalidTag:
        return None


def _gcm_seal(key, nonce, ad, pt):
    sealed = AESGCM(key).encrypt(nonce, pt, ad)
    return sealed[:-16], sealed[-16:]


def _ocb_seal(key, nonce, ad, pt):
    sealed = AESOCB3(key).encrypt(nonce, pt, ad)
    return sealed[:-16], sealed[-16:]


def _ocb_open(key, nonce, ad, ct, tag):
    try:
        return AESOCB3(key).decrypt(nonce, ct + tag, ad)
    except InvalidTag:
        return None


def _aegis_seal(key, nonce, ad, pt):
    sealed = pyaegis.Aegis128L(tag_size=16).encrypt(key, nonce, pt, ad)
    return sealed[:-16], sealed[-16:]


def _aegis_open(key, nonce, ad, ct, tag):
    try:
        return pyaegis.Aegis128L(tag_size=16).decrypt(key, nonce, ct + tag, ad)
    except Exception:   # pyaegis raises its own error type on a wrong tag
        return None


ORACLES = {
    "aes128-ctr": (lambda k, n, a, p: (_ctr(k, n, p), b""), lambda k, n, a, c, t: _ctr(k, n, c)),
    "aes128-gcm": (_gcm_seal, _gcm_open),
    "ascon-aead128": (ascon_oracle.seal, ascon_oracle.open_),
    "aeadaes128ocbtaglen128v1": (_ocb_seal, _ocb_open),
    "aegis128l": (_aegis_seal, _aegis_open),
}
AEAD = {"aes128-ctr": False, "aes128-gcm": True, "ascon-aead128": True, "aeadaes128ocbtaglen128v1": True,
        "aegis128l": True}
NONCE_BYTES = {"aes128-ctr": 16, "aes128-gcm": 12, "ascon-aead128": 16, "aeadaes128ocbtaglen128v1": 12,
               "aegis128l": 16}


def test_ascon_oracle_reproduces_the_published_kats():
    """The Ascon oracle itself against every 12th KAT of SP 800-232 (ascon-c LWC_AEAD_KAT_128_128 v1.3.0)."""
    for kat in load_ascon_kat()[::12]:
        assert b"".join(ascon_oracle.seal(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"])) == kat["CT"]
        assert ascon_oracle.open_(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"][:-16], kat["CT"][-16:]) == kat["PT"]
        assert ascon_oracle.open_(kat["Key"], kat["Nonce"], kat["AD"], kat["CT"][:-16],
                                  bytes(16)) is None


def test_files_parse_back_to_the_generated_set(parsed):
    _, gen, vectors = parsed
    assert vectors == gen.vectors


def test_every_command_recomputed_independently(parsed):
    cipher, gen, vectors = parsed
    seal, open_ = ORACLES[cipher]
    keys = [command.segment(SegmentType.KEY).data for command in vectors.sdi]
    key_index, responses, checked = -1, iter(vectors.do), 0
    for command in vectors.pdi:
        if command.opcode == Opcode.ACTKEY:
            key_index += 1
            continue
        key, response = keys[key_index], next(responses)
        nonce = command.segment(SegmentType.NPUB).data
        assert len(nonce) == NONCE_BYTES[cipher]
        ad_segment = command.segment(SegmentType.AD)
        assert (ad_segment is not None) == AEAD[cipher]
        ad = ad_segment.data if ad_segment else b""
        if command.opcode == Opcode.ENC:
            ciphertext, tag = seal(key, nonce, ad, command.segment(SegmentType.PT).data)
            assert response.status == Status.SUCCESS
            assert response.segment(SegmentType.CT).data == ciphertext
            if AEAD[cipher]:
                assert response.segment(SegmentType.TAG).data == tag
            assert [s.type for s in response.segments] == ([SegmentType.CT, SegmentType.TAG] if AEAD[cipher]
                                                           else [SegmentType.CT])
        else:
            tag_segment = command.segment(SegmentType.TAG)
            assert (tag_segment is not None) == AEAD[cipher]
            plaintext = open_(key, nonce, ad, command.segment(SegmentType.CT).data,
                              tag_segment.data if tag_segment else b"")
            if plaintext is None:
                assert response.status == Status.FAILURE
                assert response.segments == ()  # no unverified plaintext released
            else:
                assert response.status == Status.SUCCESS
                assert [(s.type, s.data) for s in response.segments] == [(SegmentType.PT, plaintext)]
        assert response.segments == () or response.segments[-1].last
        assert command.segments[-1].last and not any(s.last for s in command.segments[:-1])
        checked += 1
    assert checked == len(vectors.do) == len(gen.messages)
    assert next(responses, None) is None


def test_failures_are_exactly_the_corrupted_decryptions_and_release_nothing(parsed):
    cipher, gen, vectors = parsed
    do_words = stream_words(vectors, "do")
    failures = 0
    for message, response in zip(gen.messages, vectors.do):
        expect_failure = message.corruption is not None
        assert (response.status == Status.FAILURE) == expect_failure, message.index
        if expect_failure:
            failures += 1
            assert message.operation == Opcode.DEC
            words = [(w.value, w.kind) for w in do_words if w.message == message.index]
            assert words == [(0xF0000000, WordKind.STT)]
    if AEAD[cipher]:
        kinds = {m.corruption for m in gen.messages if m.corruption}
        assert kinds == {"tag", "ciphertext"} and failures >= 10
        assert any(m.corruption == "tag" and len(m.plaintext) >= LONG_BYTES for m in gen.messages)
    else:
        assert failures == 0


def test_coverage_of_sizes_operations_and_keys(parsed):
    cipher, gen, vectors = parsed
    block = CIPHER_MODELS[cipher]().block_bytes
    sizes = coverage_sizes(block)
    assert sizes == (0, 1, block - 1, block, block + 1, LONG_BYTES) and LONG_BYTES >= 1024
    shapes = {(m.operation, len(m.ad), len(m.plaintext)) for m in gen.messages if m.corruption is None}
    for operation in (Opcode.ENC, Opcode.DEC):
        for pt in sizes:
            for ad in (sizes if AEAD[cipher] else (0,)):
                assert (operation, ad, pt) in shapes, (operation, ad, pt)
    # key changes: one LDKEY per ACTKEY, several keys, and consecutive messages with different keys
    activations = [c for c in vectors.pdi if c.opcode == Opcode.ACTKEY]
    assert len(activations) == len(vectors.sdi) == sum(m.load_key for m in gen.messages) >= 5
    assert gen.messages[0].load_key
    assert any(a.key != b.key for a, b in zip(gen.messages, gen.messages[1:]))
    assert {c.segments[0].header.encode() for c in vectors.sdi} == {0xC7000010}
    assert len(gen.messages) == len(_coverage(cipher)) + COUNT


def _coverage(cipher: str):
    return [m for m in generate(cipher, seed=SEED, count=0).messages]


def test_ctr_npub_layout_and_counter_wrap():
    gen = generated("aes128-ctr")
    wrapped = [m for m in gen.messages
               if int.from_bytes(m.nonce[12:], "big") + -(-len(m.plaintext) // 16) > 1 << 32]
    assert {m.operation for m in wrapped} == {Opcode.ENC, Opcode.DEC}
    assert any(int.from_bytes(m.nonce[12:], "big") == 0xFFFFFFFE for m in wrapped)
    # the NPUB segment is IV (12 bytes) || initial counter (4 bytes, big-endian)
    first = next(c for c in gen.vectors.pdi if c.opcode == Opcode.ENC)
    assert first.segment(SegmentType.NPUB).data == gen.messages[0].nonce
    assert [s.type for s in first.segments] == [SegmentType.NPUB, SegmentType.PT]


def test_segment_flags_follow_the_documented_rules():
    gen = generated("ascon-aead128")
    for message, command in zip(gen.messages, (c for c in gen.vectors.pdi if c.opcode != Opcode.ACTKEY)):
        npub, ad, data, *tag = command.segments
        assert (npub.eoi, ad.eoi, data.eoi) == (not (message.ad or message.plaintext), not message.plaintext, True)
        assert all(s.eot and not s.partial for s in command.segments)
        assert [s.type for s in tag] == ([SegmentType.TAG] if message.operation == Opcode.DEC else [])


def test_generation_is_deterministic_in_the_seed():
    for cipher in ORACLE_CIPHERS + ("simonjambu96v2",):   # every cipher shares the planner: a sample
        same = format_vector_set(generate(cipher, seed=SEED, count=COUNT).vectors)
        assert same == format_vector_set(generated(cipher).vectors)
    other = format_vector_set(generate("aes128-ctr", seed=SEED + 1, count=COUNT).vectors)
    assert other != format_vector_set(generated("aes128-ctr").vectors)


def test_bad_generate_arguments():
    with pytest.raises(ValueError, match="unknown cipher"):
        generate("aes256-xts")
    with pytest.raises(ValueError, match="count must be >= 0"):
        generate("aes128-ctr", count=-1)


@pytest.mark.parametrize("cipher", sorted(CAESAR_AEADS))
def test_caesar_ciphers_seal_their_kats(cipher, tmp_path):
    """tv's model of each CAESAR cipher (seal = ciphertext and tag, open, key/nonce sizes) against every
    17th record of the cipher's KAT file; its vector files parse back to the generated set."""
    model = CIPHER_MODELS[cipher]()
    for kat in load_caesar_kat(cipher)[::17]:
        assert (len(kat["Key"]), len(kat["Nonce"])) == (model.key_bytes, model.nonce_bytes)
        ciphertext, tag = model.seal(kat["Key"], kat["Nonce"], kat["AD"], kat["PT"])
        assert ciphertext + tag == kat["CT"] and len(ciphertext) == len(kat["PT"])
        assert model.open(kat["Key"], kat["Nonce"], kat["AD"], ciphertext, tag) == kat["PT"]
        assert model.open(kat["Key"], kat["Nonce"], kat["AD"], ciphertext, bytes(b ^ 1 for b in tag)) is None
    gen = generate(cipher, seed=SEED, count=2)
    write_vector_files(tmp_path, gen.vectors)
    assert parse_vector_dir(tmp_path) == gen.vectors
    assert {c.segments[0].header.encode() for c in gen.vectors.sdi} == {0xC7000000 | model.key_bytes}
