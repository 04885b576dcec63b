"""How many LUT levels an operator of a given size takes: the shapes of the delay model, shared by
the model (schedule/delay.py) and its calibration (bench/calibrate.py), which fits one delay per
level to these counts."""

from __future__ import annotations

import math


def eq_levels(width: int) -> int:
    """LUT levels of an ``==`` / ``!=`` of two ``width``-bit values: a LUT4 compares two bit
    pairs, then an AND tree of LUT4s (LUT counts 5/21/85 at 8/32/128 bits confirm it)."""
    pairs = max(1, math.ceil(width / 2))
    return 1 + math.ceil(math.log(pairs, 4) - 1e-9) if pairs > 1 else 1


def shift_levels(width: int) -> int:
    """LUT levels of a barrel shifter: one 2:1 mux stage per shift-amount bit, the first two
    merged into one LUT4 level."""
    return max(1, math.ceil(math.log2(max(width, 2))) - 1)


def rom_extra_bits(depth: int) -> int:
    """Address bits beyond the four one LUT4 decodes (the rest is PFU muxes and LUT trees)."""
    return max(0, (max(depth, 2) - 1).bit_length() - 4)


def tree_levels(operands: int) -> int:
    """LUT4 levels of a bitwise XOR/AND of ``operands`` values."""
    return max(1, math.ceil(math.log(max(operands, 2), 4)))
