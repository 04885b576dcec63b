"""The hash mode of a cipher in the LWC frame (HASH command), on the bench of :mod:`cryptohls.sim.lwc_bench`:
published digests, the `cryptohls tv` vector files of the hash, every length with AEAD commands
between, malformed HASH commands and exact cycles Ta + n * Tb per rate block. A cipher's hash test
module::

    CIPHER = LwcCipher(CIPHER_MODELS["ascon-aead128"](), hash="ascon-hash256")
    globals().update(hash_tests(CIPHER, timing=HASH_TIMINGS[variant()], digests=HASH_KATS))
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cryptohls.lwc.generate import HASH_MODELS
from cryptohls.lwc.protocol import Segment, SegmentType, widen
from cryptohls.lwc.words import bus_words
from cryptohls.sim.lwc_driver import Traffic
from cryptohls.sim.lwc_bench import (COUNTS, INS_HASH, SUCCESS, Bench, LwcCipher, Message, as_cocotb_tests,
                                     fit_linear, header, seed, start_bench)


@dataclass
class HashMessage:
    """One HASH command: HASH_MSG segment in; HASH_VALUE and SUCCESS out."""
    message: bytes
    digest: bytes

    def pdi(self, width: int = 32) -> list[int]:
        return [widen(INS_HASH, width), *Segment(SegmentType.HASH_MSG, self.message, eoi=True, last=True).words(width)]

    def expected(self, width: int = 32) -> list[tuple[int, bool]]:
        words = Segment(SegmentType.HASH_VALUE, self.digest, last=True).words(width)
        return [(w, False) for w in words] + [(widen(SUCCESS, width), True)]


class HashBench(Bench):
    """The bench with the hash mode's scenarios."""

    def hash(self, message: bytes) -> HashMessage:
        return HashMessage(message, HASH_MODELS[self.cipher.hash][0](message))

    async def hash_kats(self, digests: dict[int, str]) -> int:
        """Published digests of bytes(range(n)) (expected values typed from the KAT file, not the model)."""
        messages = [HashMessage(bytes(range(n)), bytes.fromhex(d)) for n, d in digests.items()]
        await self.tb.run(self.pdi(messages), [], self.expected(messages), [])
        return len(messages)

    async def hash_lengths(self, rng: random.Random, max_bytes: int) -> int:
        """Every message length 0..max_bytes (random bytes, model), HASH commands interleaved with ENC
        and DEC of a loaded key: the hash mode leaves the key and the AEAD path intact."""
        key = rng.randbytes(self.cipher.key_bytes)
        items: list[HashMessage | Message] = []
        for n in range(max_bytes + 1):
            items.append(self.hash(rng.randbytes(n)))
            if n % 10 == 0:
                nonce, ad, pt = self.nonce(rng), rng.randbytes(rng.randint(0, 40)), rng.randbytes(rng.randint(0, 40))
                items.append(self.enc(key, nonce, ad, pt) if n % 20 == 0 else self.dec(key, nonce, ad, pt))
        await self.run_messages(key, items)
        return max_bytes + 1

    async def hash_malformed(self, rng: random.Random) -> int:
        """Each malformed HASH gives exactly one FAILURE (the core never starts), then a good HASH and
        a good ENC work."""
        key = rng.randbytes(self.cipher.key_bytes)
        await self.run_messages(key, [self.enc(key, self.nonce(rng), b"", b"x")])
        msg = SegmentType.HASH_MSG
        cases = [
            ("HASH_MSG not Last", [INS_HASH, header(msg, 3, eoi=True, last=False), b"abc"]),
            ("HASH with a PT segment", [INS_HASH, header(SegmentType.PT, 4, eoi=True, last=True), b"abcd"]),
            ("HASH_MSG Partial", [INS_HASH, header(msg, 4, partial=True, eoi=True, last=True), b"abcd"]),
            ("HASH_MSG reserved bits", [INS_HASH, header(msg, 4, eoi=True, last=True) | 0x00800000, b"abcd"]),
            ("truncated HASH", [INS_HASH]),
        ]
        for name, items in cases:
            self.tb.dut._log.info("malformed case: %s", name)
            good = [self.hash(rng.randbytes(rng.randint(0, 30))),
                    self.enc(key, self.nonce(rng), rng.randbytes(rng.randint(0, 20)), rng.randbytes(rng.randint(0, 40)))]
            pdi = bus_words(items, self.width) + self.pdi(good)
            await self.tb.run(pdi, [], self.failure() + self.expected(good), [key])
        return len(cases)

    async def hash_timing(self, rng: random.Random, counts: tuple[int, ...] = COUNTS) -> dict[int, int]:
        """Full speed; for each n, one HASH of n full rate blocks: cycles from the HASH instruction to
        the status word on do."""
        self.tb.traffic = Traffic.full_speed()
        rate = HASH_MODELS[self.cipher.hash][1]
        cycles = {}
        for n in counts:
            msg = self.hash(rng.randbytes(rate * n))
            cycles[n] = await self._cycles(lambda: self.tb.run(self.pdi([msg]), [], self.expected([msg]), []),
                                           {INS_HASH})
        return cycles


def hash_tests(cipher: LwcCipher, *, timing: tuple[int, int], digests: dict[int, str], max_bytes: int = 100,
               tv_count: int = 27) -> dict[str, object]:
    """The cocotb tests of a cipher's hash mode (HASH command): published `digests`, the `cryptohls tv`
    vector files of the hash, every length 0..`max_bytes` with AEAD commands between, malformed HASH
    commands and exact cycles (`timing` = (Ta, Tb) per rate block)."""
    rng = lambda: random.Random(seed())   # noqa: E731

    async def hash_published_kats(dut):
        count = await (await start_bench(cipher, dut, kind=HashBench)).hash_kats(digests)
        assert count == len(digests), count

    async def hash_every_length_with_aead(dut):
        count = await (await start_bench(cipher, dut, kind=HashBench)).hash_lengths(rng(), max_bytes)
        assert count == max_bytes + 1, count

    async def hash_lwc_tv_vector_files(dut):
        bench = await start_bench(cipher, dut, kind=HashBench)
        streams = await bench.tv_files(cipher.hash)
        assert streams.pdi.count(bench.w(INS_HASH)) == tv_count and not streams.sdi

    async def hash_malformed(dut):
        count = await (await start_bench(cipher, dut, kind=HashBench)).hash_malformed(rng())
        assert count == 5, count

    async def hash_timing(dut):
        counts = await (await start_bench(cipher, dut, kind=HashBench)).hash_timing(rng())
        measured = fit_linear(counts)
        dut._log.info("HASH n blocks: cycles %s -> Ta, Tb = %s", counts, measured)
        assert measured == timing, measured

    return as_cocotb_tests([hash_published_kats, hash_every_length_with_aead, hash_lwc_tv_vector_files, hash_malformed,
                          hash_timing])


__all__ = ["HashBench", "HashMessage", "hash_tests"]
