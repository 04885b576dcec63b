"""The top function's C parameters (from debug info and the source text) and their port modes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError
from cryptohls.frontend.dbginfo import CType, DebugInfo
from cryptohls.frontend.directives import DirectiveTable
from cryptohls.frontend.llparse import LLFunction, LLModule, meta_fields, meta_tuple
from cryptohls.frontend.pragmas import Pragma
from cryptohls.frontend.signature import Preprocessed, array_bounds, evaluate_int  # noqa: F401 (re-exported)
from cryptohls.ir.ports import C_INT_BITS, STREAM_MODES, stream_of_struct, stream_ports  # noqa: F401 (re-exported)


# hls_stream.h's empty()/full()/read_nb()/write_nb() call this on a stream's port word (synthesis only);
# the importer turns the call into a can_transfer op
STREAM_CHECK = "__cryptohls_stream_can"


@dataclass
class CParam:
    name: str
    ctype: CType
    line: int
    depth: int | None = None          # array arguments: number of elements
    mode: str = "ap_none"             # ap_none, ap_memory, partitioned, reshaped
    direction: str = "in"
    pragmas: list[Pragma] = field(default_factory=list)
    port_base: str = ""               # INTERFACE name=...: the ports' prefix instead of the C name
    read_only: bool = False           # points to const elements (`const uint8_t in[16]`)
    type_ref: str | None = None       # its DI type (struct fields of a valid_ready stream)

    @property
    def port(self) -> str:
        return self.port_base or self.name

    @property
    def c_type(self) -> str:
        if self.depth is None:
            return self.ctype.text
        return self.ctype.text.rstrip(" *") + f"[{self.depth}]"


def top_params(mod: LLModule, dbg: DebugInfo, top: LLFunction, src: Path, pre: Preprocessed) -> list[CParam]:
    """The C parameters of ``top`` from debug info; array sizes from ``pre``, the translation unit
    preprocessed with the compile's -I/-D (frontend/signature.py), so macros from the command line
    and from any header count."""
    params: list[tuple[int, CParam]] = []
    constants = pre.constants()
    fn_file = dbg.file_of_scope(top.dbg) or str(src)
    for ref, text in mod.metadata.items():
        if not text.startswith("!DILocalVariable(") or "arg:" not in text:
            continue
        f = meta_fields(text)
        if f.get("scope") != top.dbg:
            continue
        name = f["name"].strip('"')
        line = int(f.get("line", "0"))
        ctype = dbg.ctype(f.get("type"))
        p = CParam(name, ctype, line, type_ref=f.get("type"))
        if ctype.pointer:
            p.depth = _array_depth(name, fn_file, line, pre, constants)
            p.read_only = dbg.points_to_const(f.get("type"))
        params.append((int(f["arg"]), p))
    return [p for _, p in sorted(params, key=lambda t: t[0])]


def return_type(dbg: DebugInfo, top: LLFunction) -> CType | None:
    sp = dbg.fields(top.dbg)
    types = dbg.fields(sp.get("type")).get("types")
    if not types:
        return None
    elems = meta_tuple(dbg.mod.metadata.get(types, "")) if types.startswith("!") and types[1:].isdigit() else []
    if not elems or elems[0] == "null":
        return None
    return dbg.ctype(elems[0])


def _array_depth(name: str, file: str, line: int, pre: Preprocessed, constants: dict[str, str]) -> int | None:
    """Elements of an array parameter 'T name[A][B]' (None for a plain pointer)."""
    dims = array_bounds(pre, file, line, name, constants)
    if dims is None:
        return None
    depth = 1
    for dim in dims:
        value = evaluate_int(dim, constants)
        if value is None:
            raise UserError(f"cannot determine the size of array parameter '{name}' ('{dim.strip()}')", file=file,
                            line=line, hint="use an integer literal, a #define (in the source, a header or -D) or "
                                            "a constant expression of them for the array size")
        depth *= value
    return depth


# --------------------------------------------------------------------------- hls::stream arguments

def stream_element(cp: CParam) -> tuple[str, int, bool] | None:
    """(element C type, bits, signed) when ``cp`` is an ``hls::stream<T>&`` argument, else None."""
    m = re.match(r"^(?:const\s+)?(?:hls::)?stream<\s*(.+?)\s*>\s*[&*]$", cp.ctype.text.strip())
    if not m:
        return None
    elem = m.group(1).strip()
    apm = re.fullmatch(r"(?:ap_(u?)int)<\s*(\d+)\s*>", elem)
    if apm:
        return elem, int(apm.group(2)), apm.group(1) != "u"
    std = re.fullmatch(r"(u?)int(8|16|32|64)_t", elem)
    if std:
        return elem, int(std.group(2)), std.group(1) != "u"
    if elem in C_INT_BITS:
        return elem, C_INT_BITS[elem], not elem.startswith("unsigned") and elem != "bool"
    # a struct travels as its bytes: the synthesizable stream class is exactly that word
    return elem, cp.ctype.width, False


def stream_mode(cp: CParam, directives: DirectiveTable) -> str:
    """ap_fifo (default), axis or valid_ready from ``#pragma HLS INTERFACE mode=... port=<cp>``."""
    mode = "ap_fifo"
    for p in directives.argument(cp.name, ("INTERFACE",)):
        got = p.get("mode") or next((k for k in ("ap_fifo", "axis", "valid_ready", "ap_none", "ap_vld",
                                                 "ap_memory", "ap_hs", "s_axilite", "m_axi", "bram")
                                     if p.flag(k)), None)
        if got not in STREAM_MODES:
            raise p.error(f"interface mode '{got}' is not supported on stream '{cp.name}'",
                          "streams use ap_fifo (default), axis or valid_ready")
        mode = str(got)
    return mode


def interface_name(directives: DirectiveTable, cname: str, function: str | None = None) -> str:
    """``#pragma HLS INTERFACE ... port=<cname> name=<base>``: the prefix of the argument's ports (e.g. a
    C++ keyword as a port name: ``dout`` → ``do_TDATA``); "" without one. ``function``: only pragmas
    of that (LLVM) function count."""
    base = ""
    for p in directives.argument(cname, ("INTERFACE",), function):
        name = p.get("name")
        if name not in (None, True):
            if not str(name).isidentifier() or str(name).startswith("ap_"):
                raise p.error(f"INTERFACE name '{name}' is not a port name",
                              "use a Verilog identifier that does not start with ap_")
            base = str(name)
    return base


def stream_registered(cp: CParam, directives: DirectiveTable) -> bool:
    """``#pragma HLS INTERFACE mode=axis port=<cp> register``: the output's TDATA/TVALID come from a
    register (one more cycle of latency, no combinational path from the datapath to the port)."""
    return any(p.flag("register") for p in directives.argument(cp.name, ("INTERFACE",)))


def stream_fields(dbg: DebugInfo, cp: CParam, src: str) -> list[tuple[str, int, int]]:
    """The fields of a ``valid_ready`` stream's struct element: (name, bit offset in the word the stream
    moves, width). The word is the struct's bytes (hls_stream.h), so a field starts at its C offset; a
    field's width is its type's (``bool`` 1, ``ap_uint<N>`` N), the rest of its bytes is padding."""
    stream_ty = dbg.fields(cp.type_ref)
    while stream_ty.get("baseType") and "templateParams" not in stream_ty:   # through the reference
        stream_ty = dbg.fields(stream_ty["baseType"])
    params = meta_tuple(dbg.mod.metadata.get(stream_ty.get("templateParams", ""), ""))
    elem_ref = dbg.fields(params[0]).get("type") if params else None
    while elem_ref and dbg.node_kind(elem_ref) == "DIDerivedType":      # typedefs, const
        elem_ref = dbg.fields(elem_ref).get("baseType")
    elem = dbg.fields(elem_ref)
    fields: list[tuple[str, int, int]] = []
    for ref in meta_tuple(dbg.mod.metadata.get(elem.get("elements", ""), "")):
        f = dbg.fields(ref)
        if dbg.node_kind(ref) != "DIDerivedType" or f.get("tag") != "DW_TAG_member" or \
                "DIFlagStaticMember" in f.get("flags", ""):
            continue   # member functions, static members
        name = f["name"].strip('"')
        ctype = dbg.ctype(f.get("baseType"))
        base = f.get("baseType")
        while base and dbg.node_kind(base) == "DIDerivedType":
            base = dbg.fields(base).get("baseType")
        if dbg.fields(base).get("tag") == "DW_TAG_array_type" or ctype.composite or ctype.pointer or ctype.width <= 0 or "DIFlagBitField" in f.get("flags", ""):
            raise UserError(f"field '{name}' of stream '{cp.name}' has type '{ctype.text}', which is not a port",
                            file=src, line=cp.line,
                            hint="valid_ready stream fields are integers, bool or ap_uint/ap_int (no arrays, "
                                 "structs, pointers or bit-fields)")
        fields.append((name, int(f.get("offset", "0")), ctype.width))
    if not fields:
        raise UserError(f"stream '{cp.name}' has a struct element without fields", file=src, line=cp.line)
    return fields
