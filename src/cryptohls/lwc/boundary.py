"""The CipherCore boundary of the LWC frame as one declaration, shared by every cipher, RTL and HLS:
which ports of a CipherCore (designs/lwc-frame/docs.md, "CipherCore port list") are the handshakes of
which stream, and which of a stream's fields are data and which public control.

`cryptohls verify` of an ``interface = "lwc"`` variant takes the port roles from here, so a cipher's
design.toml names only its core module ([lwc] core, or the compiled ``hls_top``) and its secrets
(``secret = ["key", "bdi.bdi"]``: the key stream, and the data field of the bdi stream). Widths are
not declared here: they are read from the core's own port list (the frame's bus width W is a
parameter).

The groups are those of designs/lwc-frame/hls/lwc_cipher_core.h (seed 002, Fig. 4-6): a stream per
handshake, its fields the buses that travel with it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stream:
    """One valid/ready stream of a core, named as its HLS argument."""
    name: str
    direction: str                 # "in" or "out", seen from the core
    valid: str
    ready: str
    fields: tuple[str, ...]        # the ports that travel with the handshake (data and control)
    public_fields: tuple[str, ...] = ()   # output fields whose values are public (framing, not data)


CIPHER_CORE = (
    Stream("key", "in", "key_valid", "key_ready", ("key", "key_update")),
    # the data word and, with it, the public fields the protocol steers by
    Stream("bdi", "in", "bdi_valid", "bdi_ready",
           ("bdi", "bdi_valid_bytes", "bdi_pad_loc", "bdi_size", "bdi_type", "bdi_eot", "bdi_eoi",
            "decrypt_in", "hash_in")),
    # bdo carries the secret-derived CT / PT / tag word; its type, valid bytes and end-of-block are
    # the output's framing, decided by the public segment structure
    Stream("bdo", "out", "bdo_valid", "bdo_ready", ("bdo", "bdo_type", "bdo_valid_bytes", "end_of_block"),
           public_fields=("bdo_type", "bdo_valid_bytes", "end_of_block")),
    # msg_auth's value is the tag verdict (it depends on the secrets by design); its timing must not
    Stream("msg_auth", "out", "msg_auth_valid", "msg_auth_ready", ("msg_auth",)),
)
CLOCK_RESET = ("clk_i", "rst_i")


def cipher_core_ports(ccw: int = 32) -> dict[str, tuple[str, int]]:
    """designs/lwc-frame/docs.md, "CipherCore port list" at bus width CCW, with the frame's clock and
    reset first: port -> (direction seen from the core, width). The compiled cores are checked against
    it (sim/hls_core_bench.py); the generated ``<core>_w32`` (lwc/top.py) is written from it."""
    lanes, size_bits = ccw // 8, (ccw // 8).bit_length()
    return {
        "clk_i": ("input", 1), "rst_i": ("input", 1),
        "key": ("input", 32), "key_valid": ("input", 1), "key_ready": ("output", 1), "key_update": ("input", 1),
        "bdi": ("input", ccw), "bdi_valid": ("input", 1), "bdi_ready": ("output", 1), "bdi_type": ("input", 4),
        "bdi_size": ("input", size_bits), "bdi_valid_bytes": ("input", lanes), "bdi_pad_loc": ("input", lanes),
        "bdi_eot": ("input", 1), "bdi_eoi": ("input", 1), "decrypt_in": ("input", 1), "hash_in": ("input", 1),
        "bdo": ("output", ccw), "bdo_valid": ("output", 1), "bdo_ready": ("input", 1), "bdo_type": ("output", 4),
        "bdo_valid_bytes": ("output", lanes), "end_of_block": ("output", 1),
        "msg_auth_valid": ("output", 1), "msg_auth_ready": ("input", 1), "msg_auth": ("output", 1),
    }


def boundary_ports() -> set[str]:
    """Every port name of the boundary (without the clock and the reset)."""
    return {p for s in CIPHER_CORE for p in (s.valid, s.ready, *s.fields)}


__all__ = ["CIPHER_CORE", "CLOCK_RESET", "Stream", "boundary_ports", "cipher_core_ports"]
