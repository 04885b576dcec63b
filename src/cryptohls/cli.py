"""The ``cryptohls`` command: one entry point, one module per verb in :mod:`cryptohls.commands`.

A verb module defines ``VERB``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
Verbs are listed in :data:`cryptohls.commands.VERB_MODULES`; only verbs that work are listed.
The parser is built in :mod:`cryptohls.commands.parser`.
"""

from __future__ import annotations

import os
import sys

from cryptohls import internal_error
from cryptohls.commands.parser import EXIT_USER_ERROR, build_parser
from cryptohls.errors import UserError

EXIT_BROKEN_PIPE = 141   # as a program killed by SIGPIPE: `cryptohls designs | head`


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--debug"]:   # before the verb: the internal-error net prints its traceback
        os.environ[internal_error.DEBUG_ENV] = "1"
        argv = argv[1:]
    parser = build_parser(only=argv[0] if argv else None)
    args = parser.parse_args(argv)
    if args.verb is None:
        parser.print_help()
        return EXIT_USER_ERROR
    try:
        status = int(args._run(args) or 0)
        sys.stdout.flush()   # here, so that a reader gone away (`| head`) is seen below
        return status
    except UserError as err:
        print(f"cryptohls {args.verb}: {err}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"cryptohls {args.verb}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader of our output has closed it: stop quietly; stdout goes to /dev/null so that
        # Python's own flush at exit does not fail again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as exc:   # a bug in cryptohls: internal_error.py
        return internal_error.report(args.verb, exc)


__all__ = ["EXIT_USER_ERROR", "build_parser", "main"]


if __name__ == "__main__":
    sys.exit(main())
