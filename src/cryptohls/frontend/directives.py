"""The variable directives (ARRAY_PARTITION, ARRAY_RESHAPE, BIND_STORAGE, RESOURCE, INTERFACE, STREAM, ...)
as one table from the object they name to its directives, built once by frontend/prepare.py after
frontend/pragma_owner.py checked every name. The importer (arguments, globals, locals, data members) and
the DATAFLOW graph ask the table; none of them compares names itself.

A directive names its object by ``variable=`` (``port=`` for INTERFACE): a name (``buf``), or a data
member of a local object (``b0.M``; nested members are joined with ``_``, as frontend/dbginfo.py names
them). Lookups return the directives in source order, so a later directive overrides an earlier one.
Loop directives are not here: they sit on their loop (frontend/loop_table.py, ``LoopInfo.pragmas``) and
become the function's attributes in frontend/loop_directives.py."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from cryptohls.frontend.pragmas import Pragma

PARTITION_TYPES = ("complete", "cyclic", "block")


def target_of(p: Pragma) -> str | None:
    """The name a directive gives its object: ``port=`` for INTERFACE, ``variable=`` otherwise."""
    value = p.get("port" if p.kind == "INTERFACE" else "variable")
    return None if value in (None, True) else str(value)


def partition_type(p: Pragma) -> str:
    """complete, cyclic or block of an ARRAY_PARTITION/ARRAY_RESHAPE (``type=`` or the bare word; one at
    most, frontend/pragmas.py); complete when none is given."""
    return str(p.get("type") or next((k for k in PARTITION_TYPES if p.flag(k)), "complete"))


class DirectiveTable:
    """Object name -> its directives (source order). ``of(names)`` is the one name test."""

    def __init__(self, pragmas: Iterable[Pragma] = ()):
        self._all = list(pragmas)
        self._by_name: dict[str, list[int]] = {}
        self._by_member: dict[tuple[str, str], list[int]] = {}   # (object, member joined with _) -> directives
        for k, p in enumerate(self._all):
            name = target_of(p)
            if name is None:
                continue
            self._by_name.setdefault(name, []).append(k)
            head, _, member = name.partition(".")
            if member:
                self._by_member.setdefault((head, member.replace(".", "_")), []).append(k)

    def __iter__(self) -> Iterator[Pragma]:
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)

    def of(self, names: Iterable[str], kinds: tuple[str, ...] | None = None,
           function: str | None = None) -> list[Pragma]:
        """The directives naming any of ``names`` (an object's spellings: a global's C and LLVM names), of
        ``kinds`` (all kinds when None), in source order; ``function``: only those written in that (LLVM)
        function."""
        found = sorted({k for name in names for k in self._by_name.get(name, [])})
        return [p for p in (self._all[k] for k in found)
                if (kinds is None or p.kind in kinds) and (function is None or p.function == function)]

    def argument(self, name: str, kinds: tuple[str, ...] | None = None, function: str | None = None) -> list[Pragma]:
        """The directives on C parameter ``name`` (INTERFACE by ``port=``; ``return`` is the block protocol)."""
        return self.of([name], kinds, function)

    def global_object(self, c_name: str, ll_name: str, kinds: tuple[str, ...] | None = None) -> list[Pragma]:
        """The directives on a global (a static member table too), named by its C name or its LLVM one."""
        return self.of(dict.fromkeys([c_name, ll_name]), kinds)

    def class_member(self, member: str, of_class: Callable[[str], bool],
                     kinds: tuple[str, ...] | None = None) -> list[Pragma]:
        """The directives on data member ``member`` of an object, written in a method of its class or of a
        base class (``of_class(Pragma.method_of)``): ``variable=key_schedule``."""
        return [p for p in self.of([member], kinds) if of_class(p.method_of)]

    def local_object(self, name: str, kinds: tuple[str, ...] | None = None) -> list[tuple[Pragma, str]]:
        """The directives on local object ``name`` kept as one memory, in source order: (directive, "") for
        the object itself, (directive, member) for a data member of it (``variable=b0.M``, as Vitis
        accepts; the caller knows the object's members)."""
        keys = [(k, "") for k in self._by_name.get(name, [])]
        keys += [(k, member) for (head, member), found in self._by_member.items() if head == name for k in found]
        return [(self._all[k], member) for k, member in sorted(keys)
                if kinds is None or self._all[k].kind in kinds]

    def local_member(self, name: str, member: str, kinds: tuple[str, ...] | None = None) -> list[Pragma]:
        """The directives on data member ``member`` of local object ``name`` held in a memory of its own."""
        return [self._all[k] for k in self._by_member.get((name, member), [])
                if kinds is None or self._all[k].kind in kinds]


__all__ = ["DirectiveTable", "PARTITION_TYPES", "partition_type", "target_of"]
