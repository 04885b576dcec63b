"""A counterexample of the equivalence check written as a C testbench: one call of the top with the
inputs the solver found, printing every output, so that ``cryptohls csim`` and ``cryptohls cosim``
of it show the two answers side by side (issue 22 item 4)."""

from __future__ import annotations

import re

_INTEGER = {"char", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned", "unsigned int",
            "long", "unsigned long", "long long", "unsigned long long", "_Bool", "bool",
            *(f"{u}int{n}_t" for u in ("", "u") for n in (8, 16, 32, 64))}
_ARG = re.compile(r"^(?:const\s+)?(?P<base>[A-Za-z_][\w ]*?)\s*(?:(?P<ptr>\*)|\[(?P<n>\d+)\])?$")


def _parse(c_type: str) -> tuple[str, str, int] | None:
    """(base type, kind: scalar/pointer/array, depth) of an integer argument; None otherwise."""
    m = _ARG.match(c_type.strip())
    if m is None or m.group("base").strip() not in _INTEGER:
        return None
    if m.group("ptr"):
        return m.group("base").strip(), "pointer", 1
    if m.group("n"):
        return m.group("base").strip(), "array", int(m.group("n"))
    return m.group("base").strip(), "scalar", 1


def counterexample_testbench(top: str, interface: dict, return_c_type: str | None, inputs: dict[str, object],
              cxx: bool) -> str | None:
    """The testbench's text, or None when an argument is not a plain integer, pointer or array."""
    params, setup, after = [], [], []
    for arg in interface["args"]:
        parsed = _parse(arg["c_type"])
        if parsed is None:
            return None
        base, kind, depth = parsed
        name = arg["name"]
        value = inputs.get(name, 0)
        if kind == "array":
            words = value if isinstance(value, list) else [0] * depth
            setup.append(f"  static {base} {name}[{depth}] = {{{', '.join(f'({base}){w:#x}u' for w in words)}}};")
            params.append(f"{base} {name}[{depth}]")
            after.append(f'  for (int i = 0; i < {depth}; i++) printf("{name}[%d] = %llx\\n", i, '
                         f"(unsigned long long){name}[i]);")
        elif kind == "pointer":
            setup.append(f"  {base} {name} = ({base}){int(value):#x}u;")
            params.append(f"{base} *{name}")
            after.append(f'  printf("{name} = %llx\\n", (unsigned long long){name});')
        else:
            setup.append(f"  {base} {name} = ({base}){int(value):#x}u;")
            params.append(f"{base} {name}")
    ret = return_c_type or "void"
    if ret != "void" and (_parse(ret) is None or _parse(ret)[1] != "scalar"):
        return None
    call_args = ", ".join(f"&{a['name']}" if _parse(a["c_type"])[1] == "pointer" else a["name"]
                          for a in interface["args"])
    call = f"  {ret} ret = {top}({call_args});\n  printf(\"return = %llx\\n\", (unsigned long long)ret);" \
        if ret != "void" else f"  {top}({call_args});"
    include = "#include <cstdio>\n#include <cstdint>\n" if cxx else "#include <stdio.h>\n#include <stdint.h>\n"
    return (f"/* cryptohls verify: the inputs of an equivalence counterexample for '{top}' (generated).\n"
            f"   csim and cosim of this testbench print different outputs. */\n{include}\n"
            f"{ret} {top}({', '.join(params) or 'void'});\n\nint main(void) {{\n" + "\n".join(setup) + "\n" +
            call + "\n" + "\n".join(after) + "\n  return 0;\n}\n")


__all__ = ["counterexample_testbench"]
