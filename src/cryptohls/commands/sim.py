"""``cryptohls sim VARIANT``: run a variant on its test vectors, print latency and interval."""

from __future__ import annotations

from pathlib import Path

from cryptohls.designs import find_variant
from cryptohls.sim.variant import DEFAULT_BLOCKS, simulate_variant

VERB = "sim"
HELP = "simulate a variant on its test vectors; prints measured latency and interval as JSON"


def add_arguments(parser):
    parser.add_argument("variant", help="<design>/<variant>, e.g. aes128-ecb-enc/rtl "
                                        "(see `cryptohls designs`)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random blocks (default 1)")
    parser.add_argument("--blocks", type=int, default=DEFAULT_BLOCKS,
                        help=f"random blocks after the published vectors (default {DEFAULT_BLOCKS})")
    parser.add_argument("--build-dir", type=Path, default=None,
                        help="build root for the cached models and run logs (default <repo>/build)")


def run(args) -> int:
    variant = find_variant(args.variant)
    result = simulate_variant(variant, seed=args.seed, blocks=args.blocks, build_dir=args.build_dir)
    print(result.to_json())
    return 0 if result.passed else 1
