"""Debug-info helpers: source locations of instructions, C types of parameters, loop ranges."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from cryptohls.frontend.llparse import LLModule, meta_fields, meta_tuple


@dataclass(frozen=True)
class CLoc:
    file: str
    line: int
    col: int | None   # None: a declaration (debug info gives no column)


@dataclass
class CType:
    text: str          # as the user wrote it, e.g. "const uint8_t *"
    width: int         # bits of the scalar (pointee for pointers)
    signed: bool
    pointer: bool
    const: bool
    composite: bool = False   # struct/class/union other than ap_int/ap_uint


class DebugInfo:
    def __init__(self, mod: LLModule):
        self.mod = mod
        self._loc_cache: dict[str, CLoc | None] = {}
        self._real_cache: dict[str, str] = {}   # file name -> real path
        self._fields_cache: dict[str, tuple[str, dict[str, str]]] = {}   # ref -> (its text, its fields)

    def fields(self, ref: str | None) -> dict[str, str]:
        """The node's fields (read-only: parsed once per node, as every access asks for its location)."""
        if not ref or ref not in self.mod.metadata:
            return {}
        text = self.mod.metadata[ref]
        cached = self._fields_cache.get(ref)
        if cached is None or cached[0] is not text:
            cached = self._fields_cache[ref] = (text, meta_fields(text))
        return cached[1]

    def node_kind(self, ref: str) -> str:
        m = re.match(r"^(?:distinct )?!(\w+)\(", self.mod.metadata.get(ref, ""))
        return m.group(1) if m else ""

    def file_of_scope(self, scope: str | None) -> str:
        seen = 0
        while scope and seen < 100:
            f = self.fields(scope)
            if "file" in f:
                ff = self.fields(f["file"])
                name = ff.get("filename", '""').strip('"')
                directory = ff.get("directory", '""').strip('"')
                return name if os.path.isabs(name) or not directory else os.path.join(directory, name)
            if self.node_kind(scope) == "DIFile":
                return self.fields(scope).get("filename", '""').strip('"')
            scope = f.get("scope")
            seen += 1
        return "?"

    def loc(self, ref: str | None) -> CLoc | None:
        if ref is None:
            return None
        if ref in self._loc_cache:
            return self._loc_cache[ref]
        f = self.fields(ref)
        result = None
        if "line" in f:
            result = CLoc(self.file_of_scope(f.get("scope")), int(f["line"]), int(f.get("column", "0")))
        self._loc_cache[ref] = result
        return result

    def variable_loc(self, ref: str | None) -> CLoc | None:
        """Where the variable of a DILocalVariable / DIGlobalVariable is declared: its own file (a
        global of an included file is not in its compile unit's), its line, and the column of the
        declared name on that line (clang's debug info gives none), None if the line is not readable."""
        f = self.fields(ref)
        if "line" not in f:
            return None
        where = os.path.normpath(self.file_of_scope(ref) if "file" in f else self.file_of_scope(f.get("scope")))
        line = int(f["line"])
        return CLoc(where, line, _name_column(where, line, f.get("name", '""').strip('"')))

    def same_file(self, name: str, real: str) -> bool:
        """``name`` (as debug info spells it) is the file whose real path is ``real``."""
        if name not in self._real_cache:
            self._real_cache[name] = os.path.realpath(name)
        return self._real_cache[name] == real

    def user_loc(self, ref: str | None, user_file: str) -> CLoc | None:
        """The first location in ``user_file`` (a real path) along the inlining chain of ``ref``
        (the user's call of a header function whose code ``ref`` points into)."""
        for _ in range(100):
            loc = self.loc(ref)
            if loc is None:
                return None
            if self.same_file(loc.file, user_file):
                return loc
            ref = self.fields(ref).get("inlinedAt")
        return None

    def subprogram_name(self, ref: str | None) -> str | None:
        f = self.fields(ref)
        return f["name"].strip('"') if "name" in f else None

    def points_to_const(self, ref: str | None) -> bool:
        """Whether a pointer type's elements are const (clang-19 writes DW_TAG_const_type)."""
        f = self.fields(ref)
        if f.get("tag") != "DW_TAG_pointer_type":
            return False
        ref, seen = f.get("baseType"), 0
        while ref and ref != "null" and self.node_kind(ref) == "DIDerivedType" and seen < 50:
            seen += 1
            f = self.fields(ref)
            if f.get("tag") in ("DW_TAG_const_type", "DW_TAG_const_qualifier"):
                return True
            if f.get("tag") != "DW_TAG_typedef":
                return False
            ref = f.get("baseType")
        return False

    def ctype(self, ref: str | None) -> CType:
        """Resolve a DI type into a C type description (typedef names are kept for the text)."""
        const = pointer = False
        text_name = None
        seen = 0
        while ref and ref != "null" and seen < 50:
            seen += 1
            kind = self.node_kind(ref)
            f = self.fields(ref)
            tag = f.get("tag", "")
            if kind == "DIDerivedType":
                if tag == "DW_TAG_const_qualifier":
                    const = True
                elif tag in ("DW_TAG_pointer_type", "DW_TAG_reference_type", "DW_TAG_rvalue_reference_type"):
                    if pointer:
                        break  # pointer to pointer: leave as is, rejected by the caller
                    pointer = True
                elif tag == "DW_TAG_typedef" and text_name is None:
                    text_name = f.get("name", '""').strip('"')
                ref = f.get("baseType")
                continue
            if kind == "DIBasicType":
                name = f.get("name", '""').strip('"')
                size = int(f.get("size", "0"))
                m = re.search(r"_BitInt\((\d+)\)", name)
                width = int(m.group(1)) if m else size
                if name.endswith("_BitInt"):
                    name = f"{name}({width})"
                signed = "unsigned" not in f.get("encoding", "") and f.get("encoding") != "DW_ATE_boolean"
                if name == "_Bool" or name == "bool":
                    width = 1
                return CType(self._text(text_name or name, const, pointer), width, signed, pointer, const)
            if kind == "DICompositeType" and tag == "DW_TAG_array_type":
                # pointer to array (a parameter 'T a[2][3]' decays to 'T (*)[3]'): the element type counts
                inner = self.ctype(f.get("baseType"))
                return CType(self._text(inner.text.replace(" *", ""), const or inner.const, pointer), inner.width,
                             inner.signed, pointer, const or inner.const)
            if kind == "DICompositeType":
                name = f.get("name", '""').strip('"')
                m = re.match(r"^ap_(u?)int<(\d+)>$", name)
                if m:
                    return CType(self._text(text_name or name, const, pointer), int(m.group(2)), m.group(1) != "u",
                                 pointer, const)
                return CType(self._text(text_name or name, const, pointer), int(f.get("size", "0")), False,
                             pointer, const, True)
            break
        return CType(self._text(text_name or "?", const, pointer), 0, False, pointer, const)

    def global_type(self, dbg: str | None) -> str | None:
        """The DI type of a global from its ``!dbg`` attachment (a DIGlobalVariableExpression)."""
        var = self.fields(dbg).get("var")
        return self.fields(var).get("type") if var else None

    def member_names(self, ref: str | None, prefix: str = "", base: int = 0) -> dict[int, str]:
        """Byte offset → source name of each data member of a struct or class type, inherited ones
        included (a base class's members at the base's offset) and nested ones joined with ``_``
        (``inner.arr`` → ``inner_arr``); static members and methods have no offset in the object."""
        for _ in range(50):   # through typedefs and const
            if not ref or self.node_kind(ref) != "DIDerivedType" or \
                    self.fields(ref).get("tag") not in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type"):
                break
            ref = self.fields(ref).get("baseType")
        f = self.fields(ref)
        if self.node_kind(ref or "") != "DICompositeType" or \
                f.get("tag") not in ("DW_TAG_structure_type", "DW_TAG_class_type"):
            return {}
        out: dict[int, str] = {}
        elements = f.get("elements")
        for el in meta_tuple(self.mod.metadata.get(elements, "!{}")) if elements else []:
            ef = self.fields(el)
            if ef.get("tag") not in ("DW_TAG_member", "DW_TAG_inheritance") or "DIFlagStaticMember" in ef.get("flags", ""):
                continue
            off = base + int(ef.get("offset", "0")) // 8
            if ef.get("tag") == "DW_TAG_inheritance":
                inner = self.member_names(ef.get("baseType"), prefix, off)
            else:
                name = prefix + ef.get("name", '""').strip('"')
                inner = self.member_names(ef.get("baseType"), name + "_", off) or {off: name}
            for k, v in inner.items():
                out.setdefault(k, v)
        return out

    @staticmethod
    def _text(name: str, const: bool, pointer: bool) -> str:
        return ("const " if const else "") + name + (" *" if pointer else "")

    def loop_range(self, loop_md: str) -> tuple[CLoc, CLoc] | None:
        """(start, end) locations of a loop from its !llvm.loop node (clang adds them with -g)."""
        locs = [self.loc(e) for e in meta_tuple(self.mod.metadata.get(loop_md, ""))[1:]
                if self.node_kind(e) == "DILocation"]
        locs = [x for x in locs if x]
        return (locs[0], locs[1]) if len(locs) >= 2 else None

    def loop_properties(self, loop_md: str) -> list[str]:
        out = []
        for e in meta_tuple(self.mod.metadata.get(loop_md, ""))[1:]:
            items = meta_tuple(self.mod.metadata.get(e, "")) if e.startswith("!") and e[1:].isdigit() else []
            if items and items[0].startswith('!"'):
                out.append(items[0][2:-1])
        return out


def _name_column(path: str, line: int, name: str) -> int | None:
    """The 1-based column of identifier ``name`` on line ``line`` of ``path``, if it is there."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = next((t for k, t in enumerate(f, 1) if k == line), "")
    except OSError:
        return None
    m = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text) if name else None
    return m.start() + 1 if m else None


def real_path(path: str) -> str:
    """The resolved path: files are compared, and loops identified, by it."""
    try:
        return str(Path(path).resolve())
    except OSError:
        return path
