"""Calls through a constant function pointer become direct calls, on the -O0 IR.

NORX's reference code clears secrets with `static void *(*const volatile burn)(void *, int, size_t) =
memset;` (the `volatile` keeps a software compiler from dropping the clear). A `const` object keeps its
initial value: the call goes to that function, whatever the `volatile` (no other agent writes the
design's memories). clang loads the pointer and calls it; the call is refused as one through a function
pointer (c_subset.py) unless it is made direct here: `%f = load [volatile] ptr, ptr @burn` then
`call ptr %f(...)` becomes `call ptr @memset(...)`, and the load goes. A pointer that is not constant,
or whose loaded value is also used as data (`if (burn != 0)`), stays a refusal."""

from __future__ import annotations

import re

_CONST_FN_PTR = re.compile(r'^(@[-\w.$"]+) = (?:[a-z_]+ )*constant ptr (@[-\w.$"]+), align \d+', re.M)
_LOAD = re.compile(r'^\s*(%[-\w.]+) = load (?:volatile )?ptr, ptr (@[-\w.$"]+)(?:,|$)')


def _functions(ll_text: str) -> set[str]:
    return set(re.findall(r'^(?:define|declare) [^@\n]*(@[-\w.$"]+)\(', ll_text, re.M))


def direct_calls(ll_text: str) -> str:
    """The IR with every call through a load of a constant global function pointer made direct."""
    functions = _functions(ll_text)
    targets = {g: f for g, f in _CONST_FN_PTR.findall(ll_text) if f in functions}
    if not targets:
        return ll_text
    out: list[str] = []
    body: list[str] = []
    for line in ll_text.split("\n"):
        if body or line.startswith("define "):
            body.append(line)
            if line.startswith("}"):
                out += _rewrite_body(body, targets)
                body = []
            continue
        out.append(line)
    return "\n".join(out + body)


def _rewrite_body(body: list, targets: dict[str, str]) -> list[str]:
    loads: dict[str, tuple[int, str]] = {}   # loaded value -> (its line, the function it holds)
    for k, line in enumerate(body):
        m = _LOAD.match(line)
        if m and m.group(2) in targets:
            loads[m.group(1)] = (k, targets[m.group(2)])
    if not loads:
        return body
    for value, (k, fn) in loads.items():
        callee = re.compile(re.escape(value) + r"\(")     # `%13(`: only a callee is followed by '('
        used = re.compile(re.escape(value) + r"(?![-\w.(])")
        if any(used.search(line) for j, line in enumerate(body) if j != k and line is not None):
            continue      # the pointer is data too (compared, stored): left to c_subset's refusal
        body = [line if j == k or line is None else callee.sub(fn + "(", line) for j, line in enumerate(body)]
        body[k] = None                                    # the load's only uses were calls: dropped
    return [line for line in body if line is not None]
