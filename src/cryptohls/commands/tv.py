"""``cryptohls tv``: generate LWC hardware-API test vectors (pdi.txt, sdi.txt, do.txt) from the golden models."""

from __future__ import annotations

from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.lwc.generate import CIPHERS, HASHES, generate
from cryptohls.lwc.writer import check_width, write_vector_files

VERB = "tv"
HELP = "generate LWC test vectors (pdi.txt, sdi.txt, do.txt) from the golden models"


def add_arguments(parser):
    parser.add_argument("--cipher", required=True, choices=CIPHERS + HASHES,
                        help="cipher (or hash function) to generate vectors for")
    parser.add_argument("--out", required=True, type=Path, metavar="DIR", help="output directory")
    parser.add_argument("--seed", type=int, default=1, help="random seed (same seed, same files; default 1)")
    parser.add_argument("--count", type=int, default=8, metavar="N",
                        help="random messages added to the fixed coverage set (default 8)")
    parser.add_argument("--width", type=int, default=32, metavar="W",
                        help="bus width of pdi / do in bits: 32 (the GMU API; default) or a multiple of 32 up to "
                             "1024 (an extension: designs/lwc-frame/docs.md, 'Bus width W'); sdi stays 32")


def run(args) -> int:
    check_width(args.width)
    if args.count < 0:
        raise UserError(f"--count must be >= 0, got {args.count}")
    if args.out.exists() and not args.out.is_dir():
        raise UserError("output path exists and is not a directory", file=args.out)
    generated = generate(args.cipher, seed=args.seed, count=args.count)
    paths = write_vector_files(args.out, generated.vectors, width=args.width)
    print(f"{generated.summary()} -> {', '.join(str(path) for path in paths)}")
    return 0
