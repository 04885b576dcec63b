"""Secret declarations of ``cryptohls verify`` (``--secret``, design.toml ``secret = [...]``):

- ``key``: an argument (HLS) or a stream of the core's boundary, all of its data; for a hand-written
  core without a stream of that name, an input port;
- ``in[1..16]``: elements 1 to 16 of an array argument (HLS);
- ``bdi.bdi``: one field of a stream (``STREAM.FIELD``): the field's port is secret, the stream's
  handshake and its other fields stay public (the LWC bdi stream: the data word secret, the segment
  type, size, valid bytes and last flags public).

The compiler's diagnosis (ir/taint.py) follows whole arguments and elements only: field secrets are
proved by the miter alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cryptohls.errors import UserError

_FIELD = re.compile(r"^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$")


@dataclass(frozen=True)
class FieldSecret:
    stream: str
    field: str

    def __str__(self) -> str:
        return f"{self.stream}.{self.field}"


def field_secret(spec: str) -> FieldSecret | None:
    """``bdi.bdi`` -> FieldSecret("bdi", "bdi"); None for any other spelling; a malformed dotted name
    is an error."""
    if "." not in spec or "[" in spec:      # a name, or an element range ``in[1..16]``
        return None
    m = _FIELD.match(spec)
    if m is None:
        raise UserError(f"secret '{spec}': a field of a stream is written STREAM.FIELD", hint="e.g. bdi.bdi")
    return FieldSecret(m.group(1), m.group(2))


def split_secrets(specs: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[FieldSecret, ...]]:
    """(whole arguments and element ranges, for the compiler's diagnosis; the field secrets)."""
    whole, fields = [], []
    for spec in specs:
        f = field_secret(spec)
        if f is None:
            whole.append(spec)
        else:
            fields.append(f)
    return tuple(whole), tuple(fields)


__all__ = ["FieldSecret", "field_secret", "split_secrets"]
