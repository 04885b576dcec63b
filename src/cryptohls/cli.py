"""The ``cryptohls`` command: one entry point, one module per verb in :mod:`cryptohls.commands`.

A verb module defines ``VERB``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Verbs are listed in :data:`cryptohls.commands.VERB_MODULES`; only verbs that work are listed.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from cryptohls import __version__
from cryptohls.commands import VERB_MODULES
from cryptohls.errors import UserError

EXIT_USER_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors in the project's one-line form (exit status 2)."""

    def error(self, message: str):  # noqa: D401 - argparse API
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cryptohls",
                     description="High-level synthesis and benchmarking for cryptographic hardware.")
    parser.add_argument("--version", action="version", version=f"cryptohls {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    for module_name in VERB_MODULES:
        module = importlib.import_module(f"cryptohls.commands.{module_name}")
        sub = verbs.add_parser(module.VERB, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
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


if __name__ == "__main__":
    sys.exit(main())
