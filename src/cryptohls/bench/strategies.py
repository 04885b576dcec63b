"""Named tool strategies for `cryptohls bench --strategies NAME` (docs/bench.md, "Strategies").

A single synthesis and place-and-route run is noisy: equivalent netlists map to LUT counts ±9 % apart
(issue 37). As ATHENa and the seed's 25 Vivado strategies do, a strategy runs each variant with
several option sets and the best TP/area is the variant's figure; every run is its own row.

An *option set* changes the flow in one or two ways (LUT mapping goal, synth_<target> switches,
nextpnr placer, router or flags); a *strategy* is a list of option sets. Option sets whose switches
a target's tools lack are skipped on that target. Everything is defined here, in one place.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from cryptohls.bench.targets import Target
from cryptohls.errors import UserError


# The parts of an option set's key that change synthesis (the rest only place and route).
SYNTHESIS_KEYS = ("mapping", "synth")


@dataclass(frozen=True)
class OptionSet:
    name: str
    what: str                              # one line for docs and --help
    mapping: str = "delay"                 # synth.MAPPINGS
    synth_flags: tuple[str, ...] = ()      # extra synth_<target> switches
    nextpnr_args: tuple[str, ...] = ()     # extra nextpnr arguments
    router: str | None = None              # None: the run's (--router, or the variant's own)
    targets: tuple[str, ...] | None = None  # the targets whose tools have these switches (None: all)

    @property
    def is_default(self) -> bool:
        return self.key() == {}

    @property
    def changes_synthesis(self) -> bool:
        return self.mapping != "delay" or bool(self.synth_flags)

    def applies_to(self, target: Target) -> bool:
        if self.targets is not None and target.name not in self.targets:
            return False
        return target.maps_with_abc9 or self.mapping == "delay"

    def synthesis_key(self) -> dict:
        """What the option set changes in synthesis alone: option sets with the same one share one
        synthesis (placer-sa and router2 place the default's netlist)."""
        return {k: v for k, v in self.key().items() if k in SYNTHESIS_KEYS}

    def key(self) -> dict:
        """What the option set changes, as recorded in a row's options key ({} for today's flow,
        so rows recorded before strategies existed keep their key). The switches themselves are
        recorded, not only the name: an option set redefined here runs again."""
        key: dict = {}
        if self.mapping != "delay":
            key["mapping"] = self.mapping
        if self.synth_flags:
            key["synth"] = " ".join(self.synth_flags)
        if self.nextpnr_args:
            key["nextpnr"] = " ".join(self.nextpnr_args)
        if self.router is not None:
            key["router"] = self.router
        return {"name": self.name, **key} if key else {}


# Chosen from what measurably changes results on small designs (docs/bench.md, "Strategies"; router2
# with --tmg-ripup gave router2's result to the bit on both, so it is not one).
OPTION_SETS: dict[str, OptionSet] = {o.name: o for o in (
    OptionSet("default", "each target's Yosys script as it is (abc9 at delay), heap placer, router1"),
    OptionSet("abc9-area", "abc9 with a delay target no path reaches: area recovered everywhere",
              mapping="area"),
    OptionSet("abc9-dff", "abc9 -dff: abc9 is given the flip-flops as well as the logic (synth_lattice -dff)",
              synth_flags=("-dff",), targets=("ecp5",)),
    OptionSet("nowidelut", "no PFU/MUX2 wide LUTs: every function in LUT4s (-nowidelut)",
              synth_flags=("-nowidelut",), targets=("ecp5", "gowin", "gw5a")),
    OptionSet("placer-sa", "nextpnr's simulated-annealing placer instead of heap (--placer sa)",
              nextpnr_args=("--placer", "sa"), targets=("ecp5", "gowin", "gw5a", "ice40", "ice40up5k")),
    OptionSet("router2", "nextpnr's router2 instead of router1", router="router2",
              targets=("ecp5", "gowin", "gw5a", "ice40", "ice40up5k")),
    OptionSet("area-sa", "abc9 at area, placed with the SA placer", mapping="area",
              nextpnr_args=("--placer", "sa"), targets=("ecp5", "gowin", "gw5a", "ice40", "ice40up5k")),
)}


@dataclass(frozen=True)
class Strategy:
    name: str
    what: str
    option_sets: tuple[str, ...]

    def for_target(self, target: Target, *, area_only: bool = False) -> list[OptionSet]:
        """The option sets run on `target`; area-only runs keep one per synthesis (the others differ
        only in place-and-route)."""
        chosen = [OPTION_SETS[n] for n in self.option_sets if OPTION_SETS[n].applies_to(target)]
        if not area_only:
            return chosen
        firsts: dict[str, OptionSet] = {}
        for o in chosen:
            firsts.setdefault(json.dumps(o.synthesis_key(), sort_keys=True), o)
        return list(firsts.values())


STRATEGIES: dict[str, Strategy] = {s.name: s for s in (
    Strategy("default", "today's single option set (every row recorded before strategies)", ("default",)),
    Strategy("small", "the flow as it is, abc9 at area, abc9 -dff: 3 runs per seed on ecp5",
             ("default", "abc9-area", "abc9-dff")),
    Strategy("thorough", "for reports: small, -nowidelut and router2 (5 runs per seed on ecp5)",
             ("default", "abc9-area", "abc9-dff", "nowidelut", "router2")),
    Strategy("exhaustive", "thorough and the SA placer twice (7 runs per seed on ecp5; SA places ~8x "
             "slower than heap)", tuple(OPTION_SETS)),
)}


def parse_strategy(name: str) -> Strategy:
    if name not in STRATEGIES:
        raise UserError(f"unknown strategy {name!r}", hint=f"choose from {', '.join(STRATEGIES)} (docs/bench.md, "
                                                          "\"Strategies\")")
    return STRATEGIES[name]


def goodness(tp_per_lut: float | None, throughput: float | None, luts: int | None, fmax: float | None) -> tuple:
    """The order of the best of strategies, as report/summary.best_of: highest TP/area, then TP,
    then fewest LUTs, then Fmax; a run without Fmax loses to one with."""
    return (tp_per_lut is not None, tp_per_lut or 0.0, throughput or 0.0, -(luts or 0), fmax or 0.0)
