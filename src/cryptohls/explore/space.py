"""The space file of ``cryptohls explore``: which points of a directive/define space to build.

A TOML file (docs/exploration.md, "cryptohls explore")::

    [explore]                 # optional settings shared by every point
    block_bits = 128          # bits processed per call of the top: throughput = block_bits x Fmax / cycles
    cycles = "mean"           # cycles per call from cosim: "mean" (default), "max" or "min"
    defines = ["AES_TB_QUIET"]  # -D given to every point (csim, cosim and synthesis)

    [axes]                    # the cartesian product of these lists
    AES_KS_CYCLIC = [0, 2, 4] # any C identifier: -D AES_KS_CYCLIC=<value>; true: -D NAME; false: not defined
    clock_ns = [8.0, 12.0]    # reserved: the clock period the compiler schedules for
    memories = ["none", "bram"]  # reserved: what synthesis may map memories to (bench --memories)

    [[point]]                 # and/or points listed one by one (keys as in [axes], one value each)
    AES_REGISTERS = true

The pragmas themselves stay in the source: a define selects them through ``#if`` (the compiler drops a
directive in a branch the preprocessor removed), as designs/aes128-oop/hls/aes.cpp does. Every
problem is one :class:`UserError` naming the file and, where it can, the line.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from cryptohls.errors import UserError

MEMORIES = ("none", "bram", "all")         # bench.flow.MEMORY_MODES, repeated here for the message
CYCLE_STATS = ("mean", "max", "min")
RESERVED = ("clock_ns", "memories")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_SETTINGS = {"block_bits", "cycles", "defines"}


@dataclass(frozen=True)
class Point:
    """One point: its settings in file order (for labels), and what they mean for the tools."""
    settings: tuple[tuple[str, object], ...]
    defines: tuple[str, ...]          # -D values, shared defines first
    clock_ns: float
    memories: str

    @property
    def label(self) -> str:
        return " ".join(f"{k}={_show(v)}" for k, v in self.settings) or "default"

    @property
    def slug(self) -> str:
        """A folder- and variant-safe name, stable from run to run (it is part of the results key)."""
        text = "_".join(f"{k}-{_show(v)}" for k, v in self.settings) or "default"
        return re.sub(r"[^A-Za-z0-9_.-]", "-", text)


@dataclass(frozen=True)
class Space:
    path: Path
    points: tuple[Point, ...]
    block_bits: int | None
    cycles: str
    axes: tuple[str, ...]             # every setting name used, in first-seen order


def _show(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _line_of(text: str, key: str, section: str | None = None) -> int | None:
    """The line of ``key =`` (inside ``[section]`` if given): the best location a TOML value has."""
    in_section = section is None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            name = stripped.strip("[]").strip()
            in_section = section is None or name == section
            continue
        if in_section and re.match(rf"\s*\"?{re.escape(key)}\"?\s*=", line):
            return number
    return None


def parse_space(path: Path, *, clock_ns: float, defines: tuple[str, ...] = ()) -> Space:
    """Reads and checks a space file. ``clock_ns`` and ``defines`` are the command line's defaults."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as err:
        raise UserError(f"cannot read the space file: {err.strerror}", file=path) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        message, line, col = str(err), None, None     # "... (at line 3, column 7)" (Python < 3.14)
        where = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
        if where:
            message, line, col = message[:where.start()], int(where[1]), int(where[2])
        elif message.endswith("(at end of document)"):
            message, line = message[:-len("(at end of document)")].rstrip(), len(text.splitlines()) + 1
        raise UserError(f"malformed space file: {message}", file=path, line=line, col=col) from None

    def fail(message: str, key: str | None = None, section: str | None = None, hint: str | None = None):
        return UserError(message, file=path, line=_line_of(text, key, section) if key else None, hint=hint)

    unknown = set(data) - {"explore", "axes", "point"}
    if unknown:
        name = sorted(unknown)[0]
        raise UserError(f"unknown table or key {name!r}", file=path, line=_line_of(text, name) or
                        next((n for n, ln in enumerate(text.splitlines(), 1) if name in ln), None),
                        hint="a space file has [explore], [axes] and [[point]] tables")
    settings = data.get("explore", {})
    if not isinstance(settings, dict):
        raise fail("'explore' must be a table", "explore")
    for key in settings:
        if key not in _SETTINGS:
            raise fail(f"unknown setting {key!r} in [explore]", key, "explore",
                       hint=f"known settings: {', '.join(sorted(_SETTINGS))}")
    block_bits = settings.get("block_bits")
    if block_bits is not None and (isinstance(block_bits, bool) or not isinstance(block_bits, int)
                                   or block_bits < 1):
        raise fail("block_bits must be a positive integer", "block_bits", "explore")
    cycles = settings.get("cycles", "mean")
    if cycles not in CYCLE_STATS:
        raise fail(f"cycles must be one of {', '.join(CYCLE_STATS)} (got {cycles!r})", "cycles", "explore")
    shared = settings.get("defines", [])
    if not isinstance(shared, list) or not all(isinstance(d, str) and d for d in shared):
        raise fail("defines must be a list of strings such as \"NAME\" or \"NAME=VALUE\"", "defines", "explore")
    for define in shared:
        _check_define_name(define.split("=", 1)[0], fail, "defines", "explore")
    base_defines = (*defines, *shared)

    axes = data.get("axes", {})
    if not isinstance(axes, dict):
        raise fail("'axes' must be a table", "axes")
    for name, values in axes.items():
        if not isinstance(values, list) or not values:
            raise fail(f"axis {name!r} must be a non-empty list of values", name, "axes")
        if len(values) != len({repr(v) for v in values}):
            raise fail(f"axis {name!r} lists a value twice", name, "axes")
        for value in values:
            _check_value(name, value, fail, "axes")
    listed = data.get("point", [])
    if not isinstance(listed, list) or not all(isinstance(p, dict) for p in listed):
        raise fail("'point' must be an array of tables: [[point]]", "point")
    for entry in listed:
        if not entry:
            raise fail("a [[point]] table is empty", hint="give it at least one setting")
        for name, value in entry.items():
            if isinstance(value, list):
                raise fail(f"[[point]] {name!r} takes one value; lists belong in [axes]", name, "point")
            _check_value(name, value, fail, "point")

    combos: list[tuple[tuple[str, object], ...]] = []
    if axes:
        names = list(axes)
        for values in itertools.product(*(axes[n] for n in names)):
            combos.append(tuple(zip(names, values)))
    combos.extend(tuple(entry.items()) for entry in listed)
    if not combos:
        raise UserError("the space file defines no point", file=path,
                        hint="add an [axes] table of lists or [[point]] tables")
    points: list[Point] = []
    seen: set[str] = set()
    for combo in combos:
        point = _make_point(combo, base_defines, clock_ns)
        if point.slug in seen:
            continue
        seen.add(point.slug)
        points.append(point)
    order: list[str] = []
    for point in points:
        order.extend(k for k, _ in point.settings if k not in order)
    return Space(path, tuple(points), block_bits, cycles, tuple(order))


def _check_define_name(name: str, fail, section: str, where: str) -> None:
    if not _IDENT.match(name):
        raise fail(f"{name!r} is not a C identifier (a -D name)", section, where)


def _check_value(name: str, value, fail, section: str) -> None:
    if name == "clock_ns":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise fail(f"clock_ns values must be positive numbers (got {value!r})", name, section)
        return
    if name == "memories":
        if value not in MEMORIES:
            raise fail(f"memories values must be among {', '.join(MEMORIES)} (got {value!r})", name, section,
                       hint="none: LUTs and FFs only; bram: block RAM allowed; all: block RAM, LUT RAM and DSP")
        return
    if not _IDENT.match(name):
        raise fail(f"axis {name!r} is not a C identifier (a -D name) nor one of {', '.join(RESERVED)}",
                   name, section)
    if isinstance(value, float) or not isinstance(value, (bool, int, str)):
        raise fail(f"define {name!r}: values must be integers, strings or true/false (got {value!r})",
                   name, section)
    if isinstance(value, str) and (not value or any(c.isspace() for c in value)):
        raise fail(f"define {name!r}: a string value must be one word (got {value!r})", name, section)


def _make_point(combo: tuple[tuple[str, object], ...], base_defines: tuple[str, ...], clock_ns: float) -> Point:
    defines = list(base_defines)
    clock, memories = float(clock_ns), "none"
    for name, value in combo:
        if name == "clock_ns":
            clock = float(value)
        elif name == "memories":
            memories = str(value)
        elif value is True:
            defines.append(name)
        elif value is False:
            continue
        else:
            defines.append(f"{name}={value}")
    return Point(tuple(combo), tuple(defines), clock, memories)
