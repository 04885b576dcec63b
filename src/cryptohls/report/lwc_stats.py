"""Ranks and rank correlations of the seed-002 report: how far the HLS ranking of the ciphers agrees with
the RTL ranking, per metric and target (Spearman's rho and Kendall's tau-b, scipy.stats).

Only the ciphers with both an RTL and an HLS figure on the target count (n on the page); ties get
average ranks (Spearman) or tau-b's correction (Kendall). Fewer than three ciphers, or a constant
ranking, give no coefficient (None), never a made-up one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from cryptohls.report.lwc_data import Pair

# The seed states no coefficient, only the words of its conclusion (seed 002, section VII), for both
# metrics on both of its families (Virtex-6, Virtex-7).
SEED_VERDICT = "strong (but not ideal) correlation"
# Our words for Spearman's rho (Kendall's tau runs lower for the same data), stated on the page.
STRENGTH = ((1.0, "ideal (identical rankings)"), (0.9, "very strong"), (0.7, "strong"), (0.5, "moderate"),
            (0.0, "weak"))
MIN_N = 3
# Spearman's p comes from a t approximation that is poor for few ciphers (at n = 3 a perfect rho gets
# p = 0, the exact two-sided p being 1/3); below this n the page shows none. Kendall's p is exact
# (scipy's method "auto": exact without ties for n <= 50).
MIN_N_SPEARMAN_P = 10


def ranks(values: dict[str, float | None]) -> dict[str, int]:
    """{name: rank} over the names with a value, 1 = highest; equal values share the better rank."""
    present = sorted((v, k) for k, v in values.items() if v is not None)
    ordered = sorted((v for v, _ in present), reverse=True)
    return {k: ordered.index(v) + 1 for v, k in present}


@dataclass(frozen=True)
class Correlation:
    n: int
    ciphers: tuple[str, ...]
    spearman: float | None
    spearman_p: float | None
    kendall: float | None
    kendall_p: float | None

    @property
    def verdict(self) -> str:
        if self.spearman is None:
            return f"no coefficient (n = {self.n})" if self.n < MIN_N else "no coefficient (a constant ranking)"
        return strength(self.spearman)


def strength(coefficient: float) -> str:
    if coefficient < 0:
        return "negative"
    for bound, words in STRENGTH:
        if coefficient >= bound - 1e-12:
            return words
    return "weak"


def _finite(value) -> float | None:
    value = float(value)
    return None if math.isnan(value) else value


def correlation(pairs: list[Pair], field: str) -> Correlation:
    """RTL vs HLS ranking of `field` over the pairs with both figures."""
    both = [p for p in pairs if p.value("rtl", field) is not None and p.value("hls", field) is not None]
    names = tuple(p.seed.algorithm for p in both)
    if len(both) < MIN_N:
        return Correlation(len(both), names, None, None, None, None)
    from scipy import stats
    rtl = [p.value("rtl", field) for p in both]
    hls = [p.value("hls", field) for p in both]
    if len(set(rtl)) == 1 or len(set(hls)) == 1:
        return Correlation(len(both), names, None, None, None, None)
    rho = stats.spearmanr(rtl, hls)
    tau = stats.kendalltau(rtl, hls)
    rho_p = _finite(rho.pvalue) if len(both) >= MIN_N_SPEARMAN_P else None
    return Correlation(len(both), names, _finite(rho.statistic), rho_p, _finite(tau.statistic),
                       _finite(tau.pvalue))
