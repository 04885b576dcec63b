"""cocotb drivers for cores with valid/ready block ports (interface ``block_valid_ready``).

The testbench runs one cycle loop: after each rising edge it drives the inputs, waits for
``ReadOnly`` and samples the handshakes that the next edge will complete. Cycle ``c`` is the
clock period that ends with rising edge ``c``, so a block accepted in cycle ``a`` (in_valid and
in_ready high in ReadOnly of cycle ``a``) whose result is first valid in cycle ``v`` has
latency ``v - a`` (the paper's count: accept cycle = cycle 0). Intervals are differences of
accept cycles. Back-pressure is random (valid and ready gaps, plus long stalls), and a source
keeps valid and data stable until accepted, as valid/ready requires.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

CLOCK_PERIOD_NS = 10
NO_PROGRESS_LIMIT = 5000     # cycles without a handshake before the run is declared hung


@dataclass(frozen=True)
class Traffic:
    """Random flow control: probabilities per cycle, plus occasional long stalls."""
    valid_prob: float = 1.0
    ready_prob: float = 1.0
    long_stall_prob: float = 0.0     # per cycle, on each side independently
    long_stall_cycles: tuple[int, int] = (20, 120)
    scramble_idle_inputs: bool = False   # random data on a block's ports once it is accepted

    @classmethod
    def full_speed(cls) -> "Traffic":
        return cls()

    @classmethod
    def random_backpressure(cls) -> "Traffic":
        return cls(valid_prob=0.7, ready_prob=0.6, long_stall_prob=0.004,
                   scramble_idle_inputs=True)


@dataclass(frozen=True)
class Beat:
    """One input item: port values, driven with in_valid (setup None) or with a setup handshake
    ``(valid port, ready port)`` such as a key load."""
    values: Mapping[str, int]
    setup: tuple[str, str] | None = None


@dataclass
class StreamStats:
    accept_cycles: list[int] = field(default_factory=list)
    setup_cycles: list[tuple[int, int]] = field(default_factory=list)   # (blocks before, cycle)
    first_valid_cycles: list[int] = field(default_factory=list)
    outputs: list[int] = field(default_factory=list)

    @property
    def latencies(self) -> list[int]:
        return [v - a for a, v in zip(self.accept_cycles, self.first_valid_cycles)]

    @property
    def intervals(self) -> list[int]:
        return [b - a for a, b in zip(self.accept_cycles, self.accept_cycles[1:])]


class _Gate:
    """Decides per cycle whether a side is willing (valid or ready) under a Traffic model."""

    def __init__(self, rng: random.Random, prob: float, traffic: Traffic):
        self.rng, self.prob, self.traffic, self.stall = rng, prob, traffic, 0

    def open(self) -> bool:
        if self.stall:
            self.stall -= 1
            return False
        if self.traffic.long_stall_prob and self.rng.random() < self.traffic.long_stall_prob:
            self.stall = self.rng.randint(*self.traffic.long_stall_cycles)
            return False
        return self.prob >= 1.0 or self.rng.random() < self.prob


def hex128(value: int) -> str:
    return f"{value:032x}"


class BlockCoreTB:
    """Clock, reset and the block stream driver of a valid/ready core.

    ``in_prefix``/``out_prefix`` name the ports: ``<in>_valid_i``, ``<in>_ready_o``,
    ``<out>_valid_o``, ``<out>_ready_i``, ``<out>_data_o``.
    """

    def __init__(self, dut, *, in_prefix: str = "in", out_prefix: str = "out"):
        self.dut = dut
        self.clk = dut.clk_i
        self.cycle = 0
        self.in_valid = getattr(dut, f"{in_prefix}_valid_i")
        self.in_ready = getattr(dut, f"{in_prefix}_ready_o")
        self.out_valid = getattr(dut, f"{out_prefix}_valid_o")
        self.out_ready = getattr(dut, f"{out_prefix}_ready_i")
        self.out_data = getattr(dut, f"{out_prefix}_data_o")
        self._handles: dict[str, object] = {}

    def port(self, name: str):
        if name not in self._handles:
            self._handles[name] = getattr(self.dut, name)
        return self._handles[name]

    async def start(self, idle_inputs: Sequence[str] = ()) -> None:
        """Start the clock and hold reset for 3 cycles with every valid low."""
        cocotb.start_soon(Clock(self.clk, CLOCK_PERIOD_NS, unit="ns").start())
        self.dut.rst_i.value = 1
        self.in_valid.value = 0
        self.out_ready.value = 0
        for name in idle_inputs:
            self.port(name).value = 0
        for _ in range(3):
            await RisingEdge(self.clk)
        self.dut.rst_i.value = 0
        await RisingEdge(self.clk)
        self.cycle = 0

    async def step(self) -> None:
        await RisingEdge(self.clk)
        self.cycle += 1

    async def stream(self, items: Sequence[Beat], expected: Sequence[int], *,
                     traffic: Traffic = Traffic(), rng: random.Random | None = None) -> StreamStats:
        """Send ``items`` in order and check the outputs in order, all in one cycle loop.

        A data item is driven with ``in_valid``; a setup item (key load, IV start) with its own
        valid port until its ready. Outputs are taken whenever offered and ready, so setups
        happen while earlier blocks are still inside the core. ``expected[i]`` is the output of
        the i-th data item; a mismatch fails at once with both values.
        """
        rng = rng or random.Random(1)
        in_gate = _Gate(rng, traffic.valid_prob, traffic)
        out_gate = _Gate(rng, traffic.ready_prob, traffic)
        stats = StreamStats()
        total = len(expected)
        position = 0            # next item to drive
        sent = 0                # data items accepted
        driving: Beat | None = None
        waiting_first = True
        idle = 0
        while len(stats.outputs) < total or position < len(items) or driving is not None:
            if driving is None and position < len(items) and in_gate.open():
                driving = items[position]
                for name, value in driving.values.items():
                    self.port(name).value = value
                if driving.setup is not None:
                    self.port(driving.setup[0]).value = 1
            self.in_valid.value = int(driving is not None and driving.setup is None)
            ready = int(out_gate.open())
            self.out_ready.value = ready
            await ReadOnly()
            accepted = False
            if driving is not None:
                ready_port = self.in_ready if driving.setup is None else self.port(driving.setup[1])
                accepted = bool(int(ready_port.value))
                if accepted and driving.setup is None:
                    stats.accept_cycles.append(self.cycle)
                    sent += 1
                elif accepted:
                    stats.setup_cycles.append((sent, self.cycle))
            progress = accepted
            if int(self.out_valid.value):
                if waiting_first:
                    stats.first_valid_cycles.append(self.cycle)
                    waiting_first = False
                if ready:
                    index = len(stats.outputs)
                    assert index < sent, f"output {index} appeared before its block was accepted"
                    got = int(self.out_data.value)
                    want = expected[index]
                    assert got == want, (f"block {index}: got {hex128(got)}, "
                                         f"expected {hex128(want)} (cycle {self.cycle})")
                    stats.outputs.append(got)
                    waiting_first = True
                    progress = True
            await self.step()
            if accepted:
                if driving.setup is not None:
                    self.port(driving.setup[0]).value = 0
                elif traffic.scramble_idle_inputs:
                    # A core must sample its block inputs when it accepts them, not later.
                    for name in driving.values:
                        self.port(name).value = rng.getrandbits(len(self.port(name)))
                driving = None
                position += 1
            idle = 0 if progress else idle + 1
            assert idle < NO_PROGRESS_LIMIT + 200, (
                f"no handshake for {idle} cycles after {sent} blocks in, {len(stats.outputs)} out")
        self.in_valid.value = 0
        self.out_ready.value = 0
        return stats


def steady_interval(stats: StreamStats, window: int = 16) -> int:
    """The interval over the last ``window`` back-to-back blocks; they must all be equal."""
    intervals = stats.intervals[-window:]
    assert len(intervals) == window, f"need {window + 1} blocks to measure the interval"
    assert len(set(intervals)) == 1, f"interval not constant in steady state: {intervals}"
    return intervals[0]


def steady_latency(stats: StreamStats) -> int:
    """The latency of every block of a full-speed run; they must all be equal."""
    latencies = stats.latencies
    assert latencies and len(set(latencies)) == 1, f"latency not constant: {latencies}"
    return latencies[0]
