"""HLS IR: data structures, canonical text form (printer/parser), verifier and CFG analyses."""

from cryptohls.ir.nodes import Block, Const, Function, Memory, Op, Param
from cryptohls.ir.parser import IRParseError, parse_function
from cryptohls.ir.printer import print_function
from cryptohls.ir.verifier import IRVerifyError, verify

__all__ = ["Block", "Const", "Function", "Memory", "Op", "Param", "IRParseError", "parse_function",
           "print_function", "IRVerifyError", "verify"]
