"""The argument parser of every verb (used by cli.py, and by `cryptohls demo` to run verbs in-process).

It lives here, not in cli.py, so that a verb that runs other verbs imports downward. The verb modules
are imported by name from :data:`cryptohls.commands.VERB_MODULES`.
"""

from __future__ import annotations

import argparse
import importlib

from cryptohls import __version__
from cryptohls.commands import VERB_MODULES

EXIT_USER_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors in the project's one-line form (exit status 2)."""

    def error(self, message: str):  # noqa: D401 - argparse API
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every verb's parser, or with ``only`` just that verb's: importing every verb module costs about
    half a CPU second (cocotb, pytest, the golden models), paid by each run of a short verb."""
    parser = _Parser(prog="cryptohls",
                     description="High-level synthesis and benchmarking for cryptographic hardware.")
    parser.add_argument("--version", action="version", version=f"cryptohls {__version__}")
    parser.add_argument("--debug", action="store_true",   # read by cli.py before the verb is parsed
                        help="on an internal compiler error, print the Python traceback too "
                             "(as CRYPTOHLS_DEBUG=1 does)")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    for module_name in [only] if only in VERB_MODULES else VERB_MODULES:
        module = importlib.import_module(f"cryptohls.commands.{module_name}")
        sub = verbs.add_parser(module.VERB, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


__all__ = ["EXIT_USER_ERROR", "build_parser"]
