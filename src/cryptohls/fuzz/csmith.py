"""Csmith programs as HLS tops: the generator's options and the wrapper around its output.

A Csmith program computes a CRC over its global variables and prints it from ``main``. The
wrapper keeps the program unchanged and makes it a synthesizable top: ``main`` is renamed, the
printf-based platform hooks of csmith.h are replaced by empty ones (its include guard is defined
first), ``printf`` calls (all behind a print flag that is 0) become 0, and the top returns the CRC.
The same wrapper runs natively (csim) and as hardware (cosim); the unwrapped program built by the
system compiler gives the reference checksum.
"""

from __future__ import annotations

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
    return program


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
