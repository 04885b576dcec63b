"""Generate LWC test vectors (pdi/sdi/do) for a cipher from the golden models.

The set has a fixed coverage part and ``count`` extra random messages, all derived from ``seed``:

- payload sizes empty, 1, block-1, block, block+1 and long (``LONG_BYTES`` >= 1 KiB); for the AEADs
  every (AD size, PT size) pair, both encrypted and decrypted;
- decryptions with a flipped tag bit and with a flipped ciphertext bit (AEADs): expected status
  FAILURE and no plaintext on do (the release policy of docs/lwc-test-vectors.md);
- AES-CTR: NPUB = 96-bit IV || 32-bit initial counter, and messages whose counter wraps mod 2^32;
- key changes (LDKEY + KEY on sdi, ACTKEY on pdi) on the first message, every
  ``KEY_CHANGE_PERIOD``-th message, and at random points in between.

Hash functions (``HASHES``: ascon-hash256) get HASH commands instead: one HASH_MSG segment per message,
of every length 0 .. 2 rates + 1 and ``LONG_BYTES``, plus ``count`` random lengths; do carries the
HASH_VALUE segment and SUCCESS.

Every message keeps each data type in one segment (no message exceeds the 0xFFFF-byte segment limit).
Expected outputs come from the golden models, decryption results included (never assumed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cryptohls.lwc.protocol import Command, Opcode, Response, Segment, SegmentType, Status, VectorSet

BLOCK_BYTES = 16   # AES block and Ascon-AEAD128 rate alike
LONG_BYTES = 1029  # >= 1 KiB and not a whole number of blocks, so the last block is partial
KEY_BYTES = 16
KEY_CHANGE_PERIOD = 5
RANDOM_KEY_CHANGE_PROBABILITY = 0.15
RANDOM_MAX_BYTES = 64
COUNTER_MODULUS = 1 << 32


@dataclass(frozen=True)
class CipherModel:
    """How a cipher seals and opens a message; `seal` returns (ciphertext, tag). `block_bytes` is the
    data the cipher takes per step: the coverage set has messages of block-1, block and block+1 bytes."""
    name: str
    nonce_bytes: int
    aead: bool
    seal: Callable[[bytes, bytes, bytes, bytes], tuple[bytes, bytes]]
    open: Callable[[bytes, bytes, bytes, bytes, bytes], bytes | None]
    key_bytes: int = KEY_BYTES
    block_bytes: int = BLOCK_BYTES


def _ctr_model() -> CipherModel:
    from cryptohls.golden.ctr import ctr_crypt

    def crypt(key: bytes, nonce: bytes, data: bytes) -> bytes:
        return ctr_crypt(key, nonce[:12], int.from_bytes(nonce[12:], "big"), data)

    return CipherModel("aes128-ctr", 16, False,
                       seal=lambda key, nonce, ad, pt: (crypt(key, nonce, pt), b""),
                       open=lambda key, nonce, ad, ct, tag: crypt(key, nonce, ct))


def _gcm_model() -> CipherModel:
    from cryptohls.golden.gcm import gcm_decrypt, gcm_encrypt
    return CipherModel("aes128-gcm", 12, True,
                       seal=lambda key, nonce, ad, pt: gcm_encrypt(key, nonce, pt, ad),
                       open=lambda key, nonce, ad, ct, tag: gcm_decrypt(key, nonce, ct, ad, tag))


def _golden_aead(name: str, module: str, block_bytes: int) -> Callable[[], CipherModel]:
    """A golden module with the AEAD interface (encrypt/decrypt of ciphertext || tag, KEY_BYTES,
    NONCE_BYTES, TAG_BYTES), imported when the cipher is asked for."""
    def model() -> CipherModel:
        import importlib
        golden = importlib.import_module(f"cryptohls.golden.{module}")

        def seal(key: bytes, nonce: bytes, ad: bytes, pt: bytes) -> tuple[bytes, bytes]:
            sealed = golden.encrypt(key, nonce, ad, pt)
            return sealed[:len(sealed) - golden.TAG_BYTES], sealed[len(sealed) - golden.TAG_BYTES:]

        return CipherModel(name, golden.NONCE_BYTES, True, seal=seal,
                           open=lambda key, nonce, ad, ct, tag: golden.decrypt(key, nonce, ad, ct + tag),
                           key_bytes=golden.KEY_BYTES, block_bytes=block_bytes)
    return model


# Seed 002's CAESAR ciphers by their SUPERCOP names: (golden module, data per step in bytes).
CAESAR_AEADS: dict[str, tuple[str, int]] = {
    "aeadaes128ocbtaglen128v1": ("ocb3", 16), "aes128otrpv3": ("aes_otr", 16),
    "aes128n12t8clocv2": ("cloc", 16), "aes128n12t8silcv2": ("silc", 16), "colm0v1": ("colm0", 16),
    "aegis128l": ("aegis128l", 32), "tiaoxinv2": ("tiaoxinv2", 32), "simonjambu96v2": ("simonjambu96v2", 6),
    "aesjambuv2": ("aesjambuv2", 8),
    "acorn128v2": ("acorn128v2", 4), "morus1280128v1": ("morus1280128v1", 32), "ketjesrv1": ("ketjesrv1", 4),
    "norx3241v2": ("norx3241v2", 48), "deoxysneq128128v13": ("deoxysneq128128v13", 16),
}

CIPHER_MODELS: dict[str, Callable[[], CipherModel]] = {
    "aes128-ctr": _ctr_model, "aes128-gcm": _gcm_model, "ascon-aead128": _golden_aead("ascon-aead128", "ascon", 16),
    **{name: _golden_aead(name, module, block) for name, (module, block) in CAESAR_AEADS.items()}}
CIPHERS = tuple(CIPHER_MODELS)


def _ascon_hash256(message: bytes) -> bytes:
    from cryptohls.golden import ascon
    return ascon.hash256(message)


# Hash functions: name -> (digest function, rate in bytes).
HASH_MODELS: dict[str, tuple[Callable[[bytes], bytes], int]] = {"ascon-hash256": (_ascon_hash256, 8)}
HASHES = tuple(HASH_MODELS)


@dataclass(frozen=True)
class Message:
    """One planned message; for DEC, `plaintext` is what was sealed to make the pdi input."""
    index: int
    operation: Opcode            # ENC or DEC
    key_id: int
    key: bytes
    load_key: bool               # LDKEY on sdi + ACTKEY on pdi before this message
    nonce: bytes
    ad: bytes
    plaintext: bytes
    corruption: str | None = None  # "tag" or "ciphertext": one bit flipped in the pdi input


@dataclass(frozen=True)
class GeneratedVectors:
    cipher: str
    seed: int
    messages: tuple[Message, ...]
    vectors: VectorSet

    def summary(self) -> str:
        if self.cipher in HASH_MODELS:
            return f"{self.cipher}: {len(self.messages)} HASH messages, seed {self.seed}"
        enc = sum(m.operation == Opcode.ENC for m in self.messages)
        failures = sum(r.status == Status.FAILURE for r in self.vectors.do)
        return (f"{self.cipher}: {len(self.messages)} messages ({enc} ENC, {len(self.messages) - enc} DEC, "
                f"{failures} expect FAILURE), {len(self.vectors.sdi)} keys, seed {self.seed}")


def coverage_sizes(block: int = BLOCK_BYTES) -> tuple[int, ...]:
    return tuple(sorted({0, 1, block - 1, block, block + 1, LONG_BYTES}))


# --- planning ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Shape:
    operation: Opcode
    ad_bytes: int
    pt_bytes: int
    corruption: str | None = None
    counter: int | None = None  # AES-CTR: a fixed initial counter (wrap cases), else random


def _coverage_shapes(aead: bool, block: int = BLOCK_BYTES) -> list[_Shape]:
    sizes = coverage_sizes(block)
    if not aead:
        shapes = [_Shape(op, 0, size) for op in (Opcode.ENC, Opcode.DEC) for size in sizes]
        # counter blocks FFFFFFFE, FFFFFFFF, 0, 1, 2 and a long message starting at FFFFFFFF
        shapes += [_Shape(Opcode.ENC, 0, 5 * BLOCK_BYTES - 3, counter=COUNTER_MODULUS - 2),
                   _Shape(Opcode.DEC, 0, LONG_BYTES, counter=COUNTER_MODULUS - 1)]
        return shapes
    shapes = [_Shape(op, ad, pt) for op in (Opcode.ENC, Opcode.DEC) for pt in sizes for ad in sizes]
    shapes += [_Shape(Opcode.DEC, ad, pt, "tag") for ad, pt in
               ((0, 0), (1, 0), (0, 1), (block - 1, block), (block, block + 1),
                (0, LONG_BYTES), (LONG_BYTES, LONG_BYTES))]
    shapes += [_Shape(Opcode.DEC, ad, pt, "ciphertext") for ad, pt in
               ((0, 1), (block + 1, block), (1, LONG_BYTES))]
    return shapes


def _random_shapes(rng: random.Random, aead: bool, count: int) -> list[_Shape]:
    shapes = []
    for _ in range(count):
        operation = rng.choice((Opcode.ENC, Opcode.DEC))
        corruption = None
        if aead and operation == Opcode.DEC and rng.random() < 0.25:
            corruption = "tag"
        ad = rng.randint(0, RANDOM_MAX_BYTES) if aead else 0
        shapes.append(_Shape(operation, ad, rng.randint(0, RANDOM_MAX_BYTES), corruption))
    return shapes


def plan_messages(model: CipherModel, seed: int, count: int) -> list[Message]:
    rng = random.Random(f"cryptohls-tv:{model.name}:{seed}")
    shapes = _coverage_shapes(model.aead, model.block_bytes) + _random_shapes(rng, model.aead, count)
    messages: list[Message] = []
    key, key_id = b"", -1
    for index, shape in enumerate(shapes):
        load_key = index % KEY_CHANGE_PERIOD == 0 or rng.random() < RANDOM_KEY_CHANGE_PROBABILITY
        if load_key:
            key, key_id = rng.randbytes(model.key_bytes), key_id + 1
        nonce = rng.randbytes(model.nonce_bytes)
        if shape.counter is not None:
            nonce = nonce[:12] + shape.counter.to_bytes(4, "big")
        messages.append(Message(index, shape.operation, key_id, key, load_key, nonce,
                                rng.randbytes(shape.ad_bytes), rng.randbytes(shape.pt_bytes), shape.corruption))
    return messages


# --- building the streams ----------------------------------------------------------------------

def _flip_bit(data: bytes, rng: random.Random) -> bytes:
    position = rng.randrange(8 * len(data))
    flipped = bytearray(data)
    flipped[position // 8] ^= 1 << (position % 8)
    return bytes(flipped)


def _describe(message: Message) -> str:
    expectation = f", {message.corruption} bit flipped: expect FAILURE" if message.corruption else ""
    return (f"MsgID={message.index}, KeyID={message.key_id}, {message.operation.name}, "
            f"AD Size={len(message.ad)}, PT Size={len(message.plaintext)}{expectation}")


def _pdi_segments(model: CipherModel, message: Message, data: bytes, tag: bytes) -> tuple[Segment, ...]:
    """NPUB [AD] PT|CT [TAG]; EOI marks the last segment of input data, Last the last segment."""
    decrypting = message.operation == Opcode.DEC
    has_tag = model.aead and decrypting
    data_type = SegmentType.CT if decrypting else SegmentType.PT
    segments = [Segment(SegmentType.NPUB, message.nonce, eoi=not (message.ad or data))]
    if model.aead:
        segments.append(Segment(SegmentType.AD, message.ad, eoi=not data))
    segments.append(Segment(data_type, data, eoi=True, last=not has_tag))
    if has_tag:
        segments.append(Segment(SegmentType.TAG, tag, last=True))
    return tuple(segments)


def _response(model: CipherModel, message: Message, output: bytes | None, tag: bytes) -> Response:
    comment = f"MsgID={message.index}"
    if output is None:  # tag mismatch: status only, no unverified plaintext released
        return Response((), Status.FAILURE, comment)
    if message.operation == Opcode.DEC:
        return Response((Segment(SegmentType.PT, output, eoi=True, last=True),), Status.SUCCESS, comment)
    segments = [Segment(SegmentType.CT, output, eoi=True, last=not model.aead)]
    if model.aead:
        segments.append(Segment(SegmentType.TAG, tag, last=True))
    return Response(tuple(segments), Status.SUCCESS, comment)


def build_vectors(model: CipherModel, messages: list[Message], seed: int) -> VectorSet:
    rng = random.Random(f"cryptohls-tv-corruption:{model.name}:{seed}")
    pdi: list[Command] = []
    sdi: list[Command] = []
    do: list[Response] = []
    for message in messages:
        if message.load_key:
            sdi.append(Command(Opcode.LDKEY, (Segment(SegmentType.KEY, message.key, eoi=True, last=True),),
                               comment=f"KeyID={message.key_id}, first used by MsgID={message.index}"))
            pdi.append(Command(Opcode.ACTKEY, comment=_describe(message)))
        ciphertext, tag = model.seal(message.key, message.nonce, message.ad, message.plaintext)
        if message.operation == Opcode.ENC:
            data, output, out_tag = message.plaintext, ciphertext, tag
        else:
            if message.corruption == "tag":
                tag = _flip_bit(tag, rng)
            elif message.corruption == "ciphertext":
                ciphertext = _flip_bit(ciphertext, rng)
            data, out_tag = ciphertext, b""
            output = model.open(message.key, message.nonce, message.ad, ciphertext, tag)
        pdi.append(Command(message.operation, _pdi_segments(model, message, data, tag),
                           comment="" if message.load_key else _describe(message)))
        do.append(_response(model, message, output, out_tag))
    return VectorSet(tuple(pdi), tuple(sdi), tuple(do))


def generate_hash(name: str, *, seed: int = 1, count: int = 8) -> GeneratedVectors:
    """HASH commands for the hash function `name` (one of :data:`HASHES`): every message length
    0 .. 2 * rate + 1, ``LONG_BYTES``, and `count` random lengths 0 .. RANDOM_MAX_BYTES; random
    contents; digests from the golden model."""
    digest, rate = HASH_MODELS[name]
    rng = random.Random(f"cryptohls-tv:{name}:{seed}")
    lengths = list(range(2 * rate + 2)) + [LONG_BYTES] + [rng.randint(0, RANDOM_MAX_BYTES) for _ in range(count)]
    messages, pdi, do = [], [], []
    for index, length in enumerate(lengths):
        data = rng.randbytes(length)
        messages.append(Message(index, Opcode.HASH, -1, b"", False, b"", b"", data))
        pdi.append(Command(Opcode.HASH, (Segment(SegmentType.HASH_MSG, data, eoi=True, last=True),),
                           comment=f"MsgID={index}, HASH, Msg Size={length}"))
        do.append(Response((Segment(SegmentType.HASH_VALUE, digest(data), last=True),), Status.SUCCESS,
                           f"MsgID={index}"))
    return GeneratedVectors(name, seed, tuple(messages), VectorSet(tuple(pdi), (), tuple(do)))


def generate(cipher: str, *, seed: int = 1, count: int = 8) -> GeneratedVectors:
    """The coverage set plus `count` random messages for `cipher` (one of :data:`CIPHERS` or
    :data:`HASHES`)."""
    if cipher not in CIPHER_MODELS and cipher not in HASH_MODELS:
        raise ValueError(f"unknown cipher {cipher!r}; expected one of {', '.join(CIPHERS + HASHES)}")
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    if cipher in HASH_MODELS:
        return generate_hash(cipher, seed=seed, count=count)
    model = CIPHER_MODELS[cipher]()
    messages = plan_messages(model, seed, count)
    return GeneratedVectors(cipher, seed, tuple(messages), build_vectors(model, messages, seed))
