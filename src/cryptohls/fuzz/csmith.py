"""Csmith programs as HLS tops: the generator's options and the wrapper around its output.

A Csmith program computes a CRC over its global variables and prints it from ``main``. The
wrapper keeps the program unchanged and makes it a synthesizable top: ``main`` is renamed, the
printf-based platform hooks of csmith.h are replaced by empty ones (its include guard is defined
first), ``printf`` calls (all behind a print flag that is 0) become 0, and the top returns the CRC.
The same wrapper runs natively (csim) and as hardware (cosim); the unwrapped program built by the
system compiler gives the reference checksum.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

from cryptohls.errors import UserError

TOP = "fuzz_top"
# The Debian package libcsmith-dev; csmith.h and its runtime headers.
RUNTIME_DIR = Path("/usr/include/csmith")

# Size limits keep one program's compile and simulation to seconds; they exclude no construct.
SIZE_OPTIONS = ("--max-funcs", "3", "--max-block-depth", "3")
# Profiles of generator options (docs/fuzzing.md). "subset" excludes only what the supported C
# subset (docs/hls-c-guide.md §1) excludes: floats, which Csmith 2.3 leaves out by default and
# --no-float makes explicit. "basic" is the narrower set issue 21 started from (no pointers,
# structs, unions, bit-fields, volatiles or jumps), kept to compare acceptance rates.
PROFILES: dict[str, tuple[str, ...]] = {
    "subset": ("--no-float", *SIZE_OPTIONS),
    "basic": ("--no-pointers", "--no-structs", "--no-unions", "--no-bitfields", "--no-volatiles",
              "--no-jumps", "--no-float", *SIZE_OPTIONS),
    # basic with gotos: the programs whose gotos enter loops exercise node splitting (issue 21)
    "jumps": ("--no-pointers", "--no-structs", "--no-unions", "--no-bitfields", "--no-volatiles",
              "--no-float", *SIZE_OPTIONS),
}

# Csmith fills an array from a few random values, so no initializer ends in a run of zeros (none of
# subset programs 1-300 has one), the shape real tables have (`{0x80}` padding, a leading-zero count
# table) and clang lays out as a packed struct of two parts: issue 32 item 1, a miscompile the
# campaign could not see. The "zero-tails" profile lets arrays grow to 16 per dimension and zeroes
# the tail of literal lists (mutations below).
PROFILES["zero-tails"] = ("--max-array-len-per-dim", "16", *PROFILES["subset"])

WRAPPER = """\
/* cryptohls fuzz: Csmith program {program} as the HLS top {top}() (cryptohls/fuzz/csmith.py). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define PLATFORM_GENERIC_H      /* csmith.h's printf-based platform hooks, replaced here */
static void platform_main_begin(void) {{}}
static void platform_main_end(uint32_t crc, int flag) {{ (void)crc; (void)flag; }}
#define printf(...) 0
#define strcmp(a, b) 1
#define main csmith_main
#include "{program}"
#undef main
uint32_t {top}(void) {{
    csmith_main(0, 0);
    return crc32_context ^ 0xFFFFFFFFUL;
}}
"""

TESTBENCH = """\
/* cryptohls fuzz: prints the checksum of {top}() in Csmith's format. */
#include <stdint.h>
#include <stdio.h>
uint32_t {top}(void);
int main(void) {{
    printf("checksum = %X\\n", (unsigned){top}());
    return 0;
}}
"""

_CHECKSUM = re.compile(r"^checksum = ([0-9A-Fa-f]+)\s*$", re.M)


def require_csmith() -> str:
    path = shutil.which("csmith")
    if path is None or not (RUNTIME_DIR / "csmith.h").is_file():
        raise UserError("Csmith is not installed (the csmith and libcsmith-dev Debian packages)",
                        hint="run `make setup`")
    return path


def csmith_version() -> str:
    out = subprocess.run([require_csmith(), "--version"], capture_output=True, text=True).stdout
    return out.split("\n")[0].strip()


def generate(seed: int, profile: str, directory: Path) -> Path:
    """Writes Csmith's program for ``seed`` as ``directory/program.c``."""
    if profile not in PROFILES:
        raise UserError(f"unknown Csmith profile {profile!r}", hint=f"choose from {', '.join(PROFILES)}")
    directory.mkdir(parents=True, exist_ok=True)
    program = directory / "program.c"
    proc = subprocess.run([require_csmith(), "--seed", str(seed), *PROFILES[profile], "-o", str(program)],
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0 or not program.is_file():
        raise UserError(f"csmith --seed {seed} failed: {(proc.stderr or proc.stdout).strip()[:200]}")
    if profile in MUTATIONS:   # still a valid program: the native reference runs on it as rewritten
        program.write_text(MUTATIONS[profile](program.read_text(), seed))
    return program


# an initializer's innermost brace list, and one integer literal of it: 7UL, 0xFFL, (-1L)
_LIST = re.compile(r"\{([^{}]*)\}")
_LITERAL = re.compile(r"\s*\(?\s*-?\s*(?:0[xX][0-9A-Fa-f]+|\d+)[uUlL]*\s*\)?\s*")
ZERO_TAIL = 8   # clang splits off a tail of at least 8 zero elements


def zero_tails(text: str, seed: int) -> str:
    """``text`` with the tail of about half of its literal lists of more than ZERO_TAIL elements made
    zero, at least ZERO_TAIL elements and never the first (a list of zeros only is no two-part
    layout); which lists and how long a tail: from ``seed``."""
    rng = random.Random(seed)

    def cut(m: re.Match) -> str:
        items = m.group(1).split(",")
        if len(items) <= ZERO_TAIL or not all(_LITERAL.fullmatch(x) for x in items) or rng.random() < 0.5:
            return m.group(0)
        keep = rng.randint(1, len(items) - ZERO_TAIL)
        return "{" + ",".join(items[:keep] + ["0"] * (len(items) - keep)) + "}"

    return _LIST.sub(cut, text)


MUTATIONS = {"zero-tails": zero_tails}   # profile -> rewrite of the generated program


def write_wrapper(directory: Path, program: str = "program.c") -> tuple[Path, Path]:
    """(wrapper.c, tb.c) beside the program."""
    wrapper = directory / "wrapper.c"
    wrapper.write_text(WRAPPER.format(program=program, top=TOP))
    tb = directory / "tb.c"
    tb.write_text(TESTBENCH.format(top=TOP))
    return wrapper, tb


def parse_checksum(output: str) -> str | None:
    """The last ``checksum = X`` line, as upper-case hex without leading zeros."""
    found = _CHECKSUM.findall(output)
    return format(int(found[-1], 16), "X") if found else None
