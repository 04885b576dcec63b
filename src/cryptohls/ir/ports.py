"""Port naming of the C4 interface: the one place where the suffixes (``_ap_vld``, ``_i``/``_o``,
``_address0``, ``_TDATA`` ...) are spelled. Codegen names the ports with these functions and records
them in the module's signature (ir/module_signature.py), which report.json carries and cosim, verify
and the report read; the frontend uses them to check for port name clashes. It lives at the bottom
(ir/) so none of those imports the frontend for it."""

from __future__ import annotations

import re

# widths of the C integer types a stream element may have
C_INT_BITS = {"bool": 1, "char": 8, "signed char": 8, "unsigned char": 8, "short": 16, "unsigned short": 16,
              "int": 32, "unsigned int": 32, "unsigned": 32, "long": 64, "unsigned long": 64,
              "long long": 64, "unsigned long long": 64}
STREAM_MODES = ("ap_fifo", "axis", "valid_ready")
# modes whose handshake outputs follow the AXI rule (valid never waits for its own ready)
OFFER_MODES = ("axis", "valid_ready")


def stream_ports(name: str, mode: str, direction: str) -> dict[str, str]:
    """Port names by role (C4 appendix): "data", "valid", "ready"; a word moves on a clock edge where
    valid and ready are both high. Input streams: valid is an input, ready an output; output streams
    the reverse."""
    if mode == "axis":
        return {"data": f"{name}_TDATA", "valid": f"{name}_TVALID", "ready": f"{name}_TREADY"}
    if mode == "valid_ready":   # the GMU/LWC CipherCore naming (bdi, bdi_valid, bdi_ready)
        return {"data": name, "valid": f"{name}_valid", "ready": f"{name}_ready"}
    if direction == "in":
        return {"data": f"{name}_dout", "valid": f"{name}_empty_n", "ready": f"{name}_read"}
    return {"data": f"{name}_din", "valid": f"{name}_write", "ready": f"{name}_full_n"}


def scalar_ports(base: str, direction: str) -> dict[str, str]:
    """Port names by role of a scalar, a pointer-to-scalar, a reshaped array or one partitioned element
    (C4): in: ``a``; out: ``a`` + ``a_ap_vld``; inout: ``a_i``, ``a_o``, ``a_o_ap_vld``."""
    if direction == "in":
        return {"in": base}
    out = base if direction == "out" else f"{base}_o"
    return {**({"in": f"{base}_i"} if direction == "inout" else {}), "out": out, "out_vld": f"{out}_ap_vld"}


def memory_ports(base: str, *, read: bool, write: bool) -> dict[str, str]:
    """Port names by role of an ap_memory argument (one port, Vitis's ``_address0`` ... naming)."""
    roles = {"address": f"{base}_address0", "ce": f"{base}_ce0"}
    if write:
        roles.update({"we": f"{base}_we0", "d": f"{base}_d0"})
    if read:
        roles["q"] = f"{base}_q0"
    return roles


def stream_of_struct(c_type: str) -> bool:
    """Whether a stream's element (from its C type text) is a struct (moved as its bytes)."""
    m = re.search(r"stream<\s*(.+?)\s*>\s*[&*]?\s*$", c_type)
    if not m:
        return False
    elem = m.group(1)
    return not (re.fullmatch(r"ap_u?int<\s*\d+\s*>|u?int(8|16|32|64)_t", elem) or elem in C_INT_BITS)


__all__ = ["C_INT_BITS", "OFFER_MODES", "STREAM_MODES", "memory_ports", "scalar_ports", "stream_of_struct",
           "stream_ports"]
