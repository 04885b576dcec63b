"""C library functions the compiler supplies a body for: ``memcmp``; ``memset``/``memcpy``/``memmove``
when they are called as functions (through a pointer), not as clang's builtins.

Reference cipher code checks a tag with ``memcmp(tag, expected, 16)`` (SUPERCOP's OTR, OCB, Ketje);
without a body the call was refused as an undefined function. When the -O0 IR calls ``memcmp`` and the
source does not define it, the calls are renamed ``__cryptohls_memcmp`` and the IR is linked
(llvm-link) with the body below, compiled like the source (-O0, debug info): from there on it is a
function of the program like any other, inlined and scheduled (its loop one byte an iteration: in no
file of the user's, it would otherwise be partially unrolled, loop_table.py). The renaming keeps opt
from treating the call as the library's (instcombine turns ``memcmp(..) == 0`` into ``bcmp``, which
has no body).

The body returns the difference of the first differing bytes. C promises only its sign, and glibc's
value depends on the length (1 or -1 for some, the difference for others): a whole program that keeps
the value itself, not its sign, can differ from its native run in cosim."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

BODIES = {
    "memcmp": """\
/* memcmp's body for hardware: supplied by cryptohls (frontend/libc_bodies.py) */
int __cryptohls_memcmp(const void *a, const void *b, unsigned long n) {
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
#pragma clang loop unroll(disable)
  for (unsigned long i = 0; i < n; i++)
    if (x[i] != y[i])
      return x[i] - y[i];
  return 0;
}
""",
    # called as functions, not as clang's builtins, only through a pointer (NORX's `burn`, made a
    # direct call by const_calls.py): the builtin is the intrinsic import_memops.py imports
    "memset": "void *__cryptohls_memset(void *d, int c, unsigned long n) { return __builtin_memset(d, c, n); }\n",
    "memcpy": "void *__cryptohls_memcpy(void *d, const void *s, unsigned long n) {\n"
              "  return __builtin_memcpy(d, s, n);\n}\n",
    "memmove": "void *__cryptohls_memmove(void *d, const void *s, unsigned long n) {\n"
               "  return __builtin_memmove(d, s, n);\n}\n",
}


def _called_without_body(ll_text: str, name: str) -> bool:
    return re.search(rf"^declare [^\n]*@{name}\(", ll_text, re.M) is not None and \
        re.search(rf"\bcall [^\n]*@{name}\(", ll_text) is not None


def supply_bodies(ll_text: str, work_dir: Path, clang: str, llvm_link: str, flags: list[str]) -> str:
    """The -O0 IR with a body for each library function of BODIES it calls but does not define."""
    needed = [name for name in BODIES if _called_without_body(ll_text, name)]
    if not needed:
        return ll_text
    for name in needed:   # calls, the declaration, and a pointer to it (a constant's initialiser)
        ll_text = re.sub(rf"@{name}(?![-\w.$])", f"@__cryptohls_{name}", ll_text)
    user_ll = work_dir / "user.O0.ll"
    user_ll.write_text(ll_text)
    parts = [str(user_ll)]
    for name in needed:
        c_file, ll_file = work_dir / f"libc_{name}.c", work_dir / f"libc_{name}.ll"
        c_file.write_text(BODIES[name])
        proc = subprocess.run([clang, *flags, "-o", str(ll_file), str(c_file)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"the body of '{name}' does not compile: {proc.stderr.strip()[:300]}")
        parts.append(str(ll_file))
    linked = work_dir / "linked.O0.ll"
    proc = subprocess.run([llvm_link, "-S", "-o", str(linked), *parts], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"llvm-link failed: {proc.stderr.strip()[:300]}")
    return linked.read_text()
