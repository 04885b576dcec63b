"""The ``cryptohls`` command: one entry point, one module per verb in :mod:`cryptohls.commands`.

A verb module defines ``VERB``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Verbs are listed in :data:`cryptohls.commands.VERB_MODULES`; only verbs that work are listed.
The parser is built in :mod:`cryptohls.commands.parser`.
"""

from __future__ import annotations

import sys

from cryptohls.commands.parser import EXIT_USER_ERROR, build_parser
from cryptohls.errors import UserError


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(only=argv[0] if argv else None)
    args = parser.parse_args(argv)
    if args.verb is None:
        parser.print_help()
        return EXIT_USER_ERROR
    try:
        return int(args._run(args) or 0)
    except UserError as err:
        print(f"cryptohls {args.verb}: {err}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"cryptohls {args.verb}: interrupted", file=sys.stderr)
        return 130


__all__ = ["EXIT_USER_ERROR", "build_parser", "main"]


if __name__ == "__main__":
    sys.exit(main())
