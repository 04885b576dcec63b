"""The Pareto front of throughput (higher is better) against area (lower is better)."""

from __future__ import annotations

from collections.abc import Sequence


def pareto_front(points: Sequence[tuple[float, float]]) -> list[int]:
    """Indices of the points ``(area, throughput)`` that no other point dominates, by area.

    A point is dominated when another has area <= and throughput >= with one of them strictly
    better. Equal points are all on the front (neither dominates the other).
    """
    front = []
    for i, (area, tp) in enumerate(points):
        dominated = any(a <= area and t >= tp and (a < area or t > tp)
                        for j, (a, t) in enumerate(points) if j != i)
        if not dominated:
            front.append(i)
    return sorted(front, key=lambda i: (points[i][0], -points[i][1], i))
