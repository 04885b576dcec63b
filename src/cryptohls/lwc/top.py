"""The top of an LWC full module, generated from design.toml: the shared frame (designs/lwc-frame/rtl:
PreProcessor, header FIFO, PostProcessor) around one CipherCore, for every cipher and every variant.

A cipher declares what differs between ciphers once, in its design.toml (designs/lwc-frame/docs.md,
"A new cipher")::

    [lwc]
    core = "ascon_aead128_core"   # the RTL CipherCore module; an hls variant's core is its hls_top
    npub_bytes = 16
    tag_bytes = 16
    hash_bytes = 32              # the core has a hash mode (HASH command); leave out if it has none
    key_bytes = 16               # the default; JAMBU-SIMON: 12

Sizes are any byte counts (not only multiples of 4: JAMBU-SIMON has a 12-byte key and a 6-byte nonce
and tag); the frame sends a segment of L bytes as ceil(L / 4) words, the last one partial.

and a variant may add ``lwc = {core_params = {ROUNDS = 2}}`` (parameters of the core instance).
Bus widths (designs/lwc-frame/docs.md, "Bus width W"): ``width`` = W, the pdi / do width (default 32;
sdi stays 32 bits), and ``ccw`` = the CipherCore's bdi / bdo width (default 32, divides W); the frame
converts between the two. At W = CCW = 32 the text is the one written before widths existed.
A core wider than a 32-bit bus (``width = 32``, ``ccw`` = 64, 128, 256, 384...; the frame cannot split
a word into wider ones) is put behind designs/lwc-gearbox's ``lwc_ccw_gearbox``: a second generated
module ``<core>_w32`` (gearbox + core, the CipherCore port list at CCW = 32) sits in the frame at
W = CCW = 32, so a cipher's W = 32 variant is one line of design.toml (``lwc = {width = 32}``), RTL or
HLS alike; the variant lists ``../lwc-gearbox/rtl/lwc_ccw_gearbox.v`` in its sources.
Every core, RTL or compiled, has the frame's port list with clock ``clk_i`` and reset ``rst_i`` (an
HLS core is compiled with ``clock_port = "clk_i"``, ``reset_port = "rst_i"``), so the top is wiring
only and is written here rather than copied per cipher. ``Variant.sources()`` adds the file
(``build/lwc-tops/<design>-<variant>/<top>.v``, under the repository for a library design, under the
design's own folder for any other) to the variant's sources, so every tool (sim, bench, the design
tests, lint) builds the same module.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.lwc.boundary import cipher_core_ports

KEYS = {"core": str, "npub_bytes": int, "tag_bytes": int, "hash_bytes": int, "key_bytes": int,
        "core_params": dict, "width": int, "ccw": int}
MAX_SEGMENT_BYTES = 0xFFFF   # a segment header's 16-bit length
MIN_DEC_BYTES = 2048     # the decryption buffer's default holds at least this much ciphertext


@dataclass(frozen=True)
class CipherTop:
    top: str                       # the full module's name (the variant's ``top``)
    core: str                      # the CipherCore module
    npub_bytes: int
    tag_bytes: int
    hash_bytes: int = 0            # 0: no hash mode (the frame answers HASH with FAILURE)
    core_params: dict = field(default_factory=dict, compare=False, hash=False)
    width: int = 32                # W: pdi / do bits
    ccw: int = 32                  # CCW: the CipherCore's bdi / bdo bits
    key_bytes: int = 16            # KEY segment on sdi (ceil(key_bytes / 4) key words)

    @property
    def buffer_log2(self) -> int:
        return buffer_log2(self.width)

    @property
    def geared(self) -> bool:
        """The core is wider than the bus (W = 32): lwc_ccw_gearbox sits between the frame and the core."""
        return self.ccw > self.width

    @property
    def frame_core(self) -> str:
        """The module the frame connects to: the core, or the generated gearbox + core ``<core>_w32``."""
        return f"{self.core}_w{self.width}" if self.geared else self.core

    @property
    def frame_ccw(self) -> int:
        """The CipherCore width the frame sees (the gearbox's narrow side, 32, when geared)."""
        return self.width if self.geared else self.ccw


def buffer_log2(width: int) -> int:
    """Default DEC_BUF_WORDS_LOG2 of a top at bus width W: the fewest W-bit words holding MIN_DEC_BYTES
    (9 at W = 32, 7 at W = 128)."""
    log2 = 0
    while (width // 8) << log2 < MIN_DEC_BYTES:
        log2 += 1
    return log2


def dec_max_bytes(width: int) -> int:
    """The longest DEC ciphertext a generated top at bus width W accepts (2048 bytes at W = 32)."""
    return (width // 8) << buffer_log2(width)


def cipher_top(table: dict, *, top: str, core: str | None, where: str, toml_path: Path) -> CipherTop:
    """The ``[lwc]`` table (design-level keys merged with the variant's) as a ``CipherTop``; ``core``
    overrides the table's (an hls variant's compiled function)."""
    for key, value in table.items():
        if key not in KEYS:
            raise UserError(f"{where}: unknown [lwc] key {key!r} (known: {', '.join(KEYS)})", file=toml_path)
        if not isinstance(value, KEYS[key]) or isinstance(value, bool):
            raise UserError(f"{where}: [lwc] {key} must be a {KEYS[key].__name__}", file=toml_path)
    for key in ("core", "npub_bytes", "tag_bytes"):
        if key not in table and not (key == "core" and core):
            raise UserError(f"{where}: [lwc] needs {key!r}", file=toml_path)
    sizes = {k: table.get(k, 0) for k in ("npub_bytes", "tag_bytes", "hash_bytes")}
    sizes["key_bytes"] = table.get("key_bytes", 16)
    if (any(v < 0 or v > MAX_SEGMENT_BYTES for v in sizes.values())
            or not all(sizes[k] for k in ("npub_bytes", "tag_bytes", "key_bytes"))):
        raise UserError(f"{where}: [lwc] sizes must be 1 .. {MAX_SEGMENT_BYTES} bytes (hash_bytes may be 0), "
                        f"got {sizes}", file=toml_path)
    params = table.get("core_params", {})
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in params.values()):
        raise UserError(f"{where}: [lwc] core_params values must be integers", file=toml_path)
    width, ccw = table.get("width", 32), table.get("ccw", 32)
    if width < 32 or width % 32 or ccw < 32 or ccw % 32 or (width % ccw and width != 32):
        raise UserError(f"{where}: [lwc] width = {width} and ccw = {ccw}: both must be multiples of 32 "
                        "and ccw must divide width (or width = 32: a wider core behind lwc_ccw_gearbox)",
                        file=toml_path)
    return CipherTop(top, core or table["core"], **sizes, core_params=dict(params), width=width, ccw=ccw)


def _bits(width: int) -> str:
    return f"[{width - 1}:0]"


def _size_bits(ccw: int) -> int:
    """Bits of bdi_size: 0 .. CCW/8 bytes."""
    return (ccw // 8).bit_length()


def render(spec: CipherTop) -> str:
    """The top's Verilog."""
    hashes = spec.hash_bytes > 0
    ccw = spec.frame_ccw
    wide = (spec.width, ccw) != (32, 32)
    log2, word_bytes = spec.buffer_log2, spec.width // 8
    params = [f"    parameter integer DEC_BUF_WORDS_LOG2 = {log2}" + ("," if hashes else "") +
              f"   // decryption buffer 2**{log2} words: DEC CT <= {word_bytes << log2} bytes"]
    pre_params = (f".NPUB_BYTES({spec.npub_bytes}), .TAG_BYTES(TAG_BYTES), "
                  f".DEC_MAX_BYTES({word_bytes} << DEC_BUF_WORDS_LOG2)")
    # a 16-byte key is the PreProcessor's default: the tops written before key_bytes existed are unchanged
    key_note = ""
    if spec.key_bytes != 16:
        pre_params = f".KEY_BYTES({spec.key_bytes}), " + pre_params
        key_note = f"key {spec.key_bytes} bytes, "
    if hashes:
        params.append("    parameter integer HASH_EN            = 1    // 1: HASH accepted; 0: HASH -> FAILURE")
        pre_params += f",\n        .HASH_EN(HASH_EN), .HASH_BYTES({spec.hash_bytes})"
    widths = ""
    if wide:
        pre_params += f",\n        .W({spec.width}), .CCW({ccw})"
        widths = f", .W({spec.width}), .CCW({ccw})"
    bus, data, lanes = _bits(spec.width), _bits(ccw), _bits(ccw // 8)
    if wide:
        sizes = (f"wire {lanes} bdi_pad_loc, bdi_valid_bytes;\n    wire [3:0]  bdi_type;\n"
                 f"    wire {_bits(_size_bits(ccw))} bdi_size;")
        out_sizes = f"wire [3:0]  bdo_type;\n    wire {lanes} bdo_valid_bytes;"
        note = f"\n// Bus width W = {spec.width} bits on pdi / do (sdi 32), CipherCore data width CCW = {ccw}."
    else:
        sizes = "wire [3:0]  bdi_pad_loc, bdi_valid_bytes, bdi_type;\n    wire [2:0]  bdi_size;"
        out_sizes = "wire [3:0]  bdo_type, bdo_valid_bytes;"
        note = ""
    if spec.geared:
        note += (f"\n// The core ({spec.core}, CCW = {spec.ccw}) is behind lwc_ccw_gearbox in {spec.frame_core} "
                 f"(generated, {spec.frame_core}.v).")
    core_params = "" if spec.geared else _parameters(spec.core_params)   # geared: the inner core's (geared_core)
    return f"""`default_nettype none
// {spec.top} — generated by cryptohls (cryptohls/lwc/top.py) from design.toml [lwc]; do not edit.
// The shared LWC frame (designs/lwc-frame/rtl: PreProcessor, header FIFO, PostProcessor) around the
// CipherCore {spec.frame_core}, connected by the CipherCore port list (designs/lwc-frame/docs.md); NPUB
// {spec.npub_bytes} bytes, tag {spec.tag_bytes} bytes, {key_note}{f"hash {spec.hash_bytes} bytes" if hashes else "no hash mode"}.{note}

module {spec.top} #(
{chr(10).join(params)}
) (
    input  wire        clk_i,
    input  wire        rst_i,
    input  wire {bus} pdi_data,
    input  wire        pdi_valid,
    output wire        pdi_ready,
    input  wire [31:0] sdi_data,
    input  wire        sdi_valid,
    output wire        sdi_ready,
    output wire {bus} do_data,
    output wire        do_valid,
    input  wire        do_ready,
    output wire        do_last
);
    localparam integer TAG_BYTES = {spec.tag_bytes};

    // CipherCore boundary
    wire [31:0] key;
    wire        key_valid, key_ready, key_update;
    wire {data} bdi;
    wire        bdi_valid, bdi_ready;
    {sizes}
    wire        bdi_eot, bdi_eoi, decrypt_in, hash_in;
    wire {data} bdo;
    wire        bdo_valid, bdo_ready;
    {out_sizes}
    wire        end_of_block;
    wire        msg_auth_valid, msg_auth_ready, msg_auth;
    // header FIFO
    wire        hw_valid, hw_ready, hr_valid, hr_ready;
    wire [33:0] hw_data, hr_data;

    lwc_pre_processor #(
        {pre_params}
    ) u_pre (
        .clk_i(clk_i), .rst_i(rst_i),
        .pdi_data(pdi_data), .pdi_valid(pdi_valid), .pdi_ready(pdi_ready),
        .sdi_data(sdi_data), .sdi_valid(sdi_valid), .sdi_ready(sdi_ready),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_pad_loc(bdi_pad_loc),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_size(bdi_size), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .bdi_type(bdi_type), .decrypt_in(decrypt_in), .hash_in(hash_in),
        .hdr_valid_o(hw_valid), .hdr_ready_i(hw_ready), .hdr_data_o(hw_data));

    lwc_header_fifo #(.WIDTH(34), .DEPTH_LOG2(2)) u_hdr_fifo (
        .clk_i(clk_i), .rst_i(rst_i),
        .wr_valid_i(hw_valid), .wr_ready_o(hw_ready), .wr_data_i(hw_data),
        .rd_valid_o(hr_valid), .rd_ready_i(hr_ready), .rd_data_o(hr_data));

{_core_instance(spec.frame_core, core_params)}

    lwc_post_processor #(.TAG_BYTES(TAG_BYTES), .BUF_WORDS_LOG2(DEC_BUF_WORDS_LOG2){widths}) u_post (
        .clk_i(clk_i), .rst_i(rst_i),
        .do_data(do_data), .do_valid(do_valid), .do_ready(do_ready), .do_last(do_last),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_valid_bytes(bdo_valid_bytes),
        .bdo_type(bdo_type), .end_of_block(end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth),
        .hdr_valid_i(hr_valid), .hdr_ready_o(hr_ready), .hdr_data_i(hr_data));
endmodule

`default_nettype wire
"""


def _parameters(params: dict) -> str:
    """``#(.NAME(value), ...) `` of an instance, or nothing."""
    return "#(" + ", ".join(f".{k}({v})" for k, v in params.items()) + ") " if params else ""


def _core_instance(module: str, params: str, data: str = "") -> str:
    """The CipherCore instance ``u_core``; `data`: the prefix of the wires of its bdi / bdo streams
    ("w_": the gearbox's wide side)."""
    d = data
    return f"""    {module} {params}u_core (
        .clk_i(clk_i), .rst_i(rst_i),
        .key(key), .key_valid(key_valid), .key_ready(key_ready), .key_update(key_update),
        .bdi({d}bdi), .bdi_valid({d}bdi_valid), .bdi_ready({d}bdi_ready), .bdi_pad_loc({d}bdi_pad_loc),
        .bdi_valid_bytes({d}bdi_valid_bytes), .bdi_size({d}bdi_size), .bdi_eot({d}bdi_eot), .bdi_eoi({d}bdi_eoi),
        .bdi_type({d}bdi_type), .decrypt_in({d}decrypt_in), .hash_in({d}hash_in),
        .bdo({d}bdo), .bdo_valid({d}bdo_valid), .bdo_ready({d}bdo_ready), .bdo_type({d}bdo_type),
        .bdo_valid_bytes({d}bdo_valid_bytes), .end_of_block({d}end_of_block),
        .msg_auth_valid(msg_auth_valid), .msg_auth_ready(msg_auth_ready), .msg_auth(msg_auth));"""


def _port_list(ccw: int = 32) -> str:
    """The CipherCore port declarations at CCW (lwc/boundary.py), one a line."""
    return ",\n".join(f"    {direction:<6} wire {_bits(width) if width > 1 else '':<6} {name}"
                       for name, (direction, width) in cipher_core_ports(ccw).items())


def geared_core(spec: CipherTop) -> str:
    """The Verilog of ``<core>_w32``: the wide core behind lwc_ccw_gearbox, with the CipherCore port list
    at CCW = 32 (what the frame at W = 32 connects to; designs/lwc-gearbox/docs.md)."""
    wide, lanes = _bits(spec.ccw), _bits(spec.ccw // 8)
    return f"""`default_nettype none
// {spec.frame_core} — generated by cryptohls (cryptohls/lwc/top.py) from design.toml [lwc]; do not edit.
// {spec.core} (CCW = {spec.ccw}) behind designs/lwc-gearbox's lwc_ccw_gearbox: the CipherCore port list at
// CCW = 32, for the frame at W = 32. A {spec.ccw // 8}-byte word is {spec.ccw // 32} bdi words, one per cycle; the
// core takes it with the last one.

module {spec.frame_core} (
{_port_list()}
);
    wire {wide} w_bdi, w_bdo;
    wire        w_bdi_valid, w_bdi_ready, w_bdi_eot, w_bdi_eoi, w_decrypt_in, w_hash_in;
    wire [3:0]  w_bdi_type, w_bdo_type;
    wire {_bits(_size_bits(spec.ccw))} w_bdi_size;
    wire {lanes} w_bdi_valid_bytes, w_bdi_pad_loc, w_bdo_valid_bytes;
    wire        w_bdo_valid, w_bdo_ready, w_end_of_block;

    lwc_ccw_gearbox #(.WIDE({spec.ccw})) u_gearbox (
        .clk_i(clk_i), .rst_i(rst_i),
        .bdi(bdi), .bdi_valid(bdi_valid), .bdi_ready(bdi_ready), .bdi_type(bdi_type), .bdi_size(bdi_size),
        .bdi_valid_bytes(bdi_valid_bytes), .bdi_pad_loc(bdi_pad_loc), .bdi_eot(bdi_eot), .bdi_eoi(bdi_eoi),
        .decrypt_in(decrypt_in), .hash_in(hash_in),
        .bdo(bdo), .bdo_valid(bdo_valid), .bdo_ready(bdo_ready), .bdo_type(bdo_type),
        .bdo_valid_bytes(bdo_valid_bytes), .end_of_block(end_of_block),
        .w_bdi(w_bdi), .w_bdi_valid(w_bdi_valid), .w_bdi_ready(w_bdi_ready), .w_bdi_type(w_bdi_type),
        .w_bdi_size(w_bdi_size), .w_bdi_valid_bytes(w_bdi_valid_bytes), .w_bdi_pad_loc(w_bdi_pad_loc),
        .w_bdi_eot(w_bdi_eot), .w_bdi_eoi(w_bdi_eoi), .w_decrypt_in(w_decrypt_in), .w_hash_in(w_hash_in),
        .w_bdo(w_bdo), .w_bdo_valid(w_bdo_valid), .w_bdo_ready(w_bdo_ready), .w_bdo_type(w_bdo_type),
        .w_bdo_valid_bytes(w_bdo_valid_bytes), .w_end_of_block(w_end_of_block));

{_core_instance(spec.core, _parameters(spec.core_params), "w_")}
endmodule

`default_nettype wire
"""


def generated_files(spec: CipherTop) -> dict[str, str]:
    """File name -> Verilog of what the top generates: ``<top>.v``, and ``<core>_w32.v`` when geared (a
    module per file, as verilator -Wall asks)."""
    files = {f"{spec.top}.v": render(spec)}
    if spec.geared:
        files[f"{spec.frame_core}.v"] = geared_core(spec)
    return files


def write_top(spec: CipherTop, directory: Path) -> list[Path]:
    """The generated files in ``directory``, each rewritten only when its text changes (so simulators'
    caches, keyed by the files, stay valid) and atomically (parallel test workers may write the same
    file); the geared core first (the top instantiates it)."""
    paths = []
    for name, text in generated_files(spec).items():
        path = directory / name
        paths.append(path)
        if path.is_file() and path.read_text() == text:
            continue
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", dir=directory)
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, path)
    return paths[1:] + paths[:1]


__all__ = ["CipherTop", "buffer_log2", "cipher_top", "dec_max_bytes", "generated_files", "geared_core", "render",
           "write_top"]
