"""The design library: ``designs/<design>/design.toml`` files and the variants they declare.

design.toml schema (keys beyond these are kept in ``Variant.options`` for the tools that use them)::

    [design]
    name = "aes128-ecb-enc"            # must equal the folder name
    description = "AES-128 encryption, basic iterative"
    block_bits = 128                   # bits per block, for throughput

    [variants.rtl]                     # variant name; the full name is "<design>/<variant>"
    kind = "rtl"                       # "rtl" (hand-written Verilog) or "hls" (compiled from C)
    top = "aes128_ecb_enc"             # top module (rtl) or top function (hls)
    sources = ["rtl/*.v"]              # globs relative to the design folder, or a file of an
                                       # installed Python package (used in place, never copied):
                                       # {package = "pythondata_cpu_picorv32", path = "verilog/picorv32.v"}
    interface = "block_valid_ready"    # how `cryptohls sim` drives it

An ``hls`` variant may list Verilog files beside its one C/C++ source: then ``top`` is the Verilog top
module built from them and the compiled function ``hls_top`` (e.g. the LWC frame around an HLS
CipherCore: designs/ascon-aead128); otherwise ``top`` is the function and the module. Such a core may
name its clock and reset ports (``clock_port = "clk_i"``, ``reset_port = "rst_i"``: the compiler's
--clock-port / --reset-port), so it drops into a hand-written frame without a wrapper.

An ``interface = "lwc"`` design declares its cipher once in a top-level ``[lwc]`` table (core module,
NPUB / tag / hash sizes; a variant may add ``lwc = {core_params = {...}}``): its full module's top is
then generated (cryptohls/lwc/top.py) and added to the variant's sources.
"""

from __future__ import annotations

import importlib.util
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from cryptohls.errors import UserError

VARIANT_KINDS = ("rtl", "hls")
HLS_SUFFIXES = (".c", ".cc", ".cpp", ".cxx")


def repo_root() -> Path:
    """The checkout holding ``designs/`` (the package is installed editable from it)."""
    return Path(__file__).resolve().parents[2]


def designs_dir() -> Path:
    override = os.environ.get("CRYPTOHLS_DESIGNS_DIR")
    return Path(override) if override else repo_root() / "designs"


@dataclass(frozen=True)
class PackageSource:
    """A source entry ``{package = "...", path = "..."}``: a file shipped inside an installed Python
    package (a pythondata-* package of an open core, say), found through importlib where the package
    is installed and read from there unmodified."""
    package: str
    path: str

    @property
    def label(self) -> str:
        """The file's name in hashes and messages: ``package:path``."""
        return f"{self.package}:{self.path}"

    def declaration(self) -> dict:
        return {"package": self.package, "path": self.path}

    def resolve(self, variant: str, toml_path: Path) -> Path:
        try:
            spec = importlib.util.find_spec(self.package)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            raise UserError(f"variant {variant}: source package {self.package!r} is not installed",
                            file=toml_path, hint="install it into the project's environment "
                                                 "(`make setup` installs those pinned in requirements.txt)")
        if not spec.submodule_search_locations:
            raise UserError(f"variant {variant}: {self.package!r} is a module, not a package with files",
                            file=toml_path)
        for location in spec.submodule_search_locations:
            candidate = Path(location) / self.path
            if candidate.is_file():
                return candidate
        raise UserError(f"variant {variant}: the installed package {self.package!r} has no file "
                        f"{self.path!r}", file=toml_path,
                        hint=f"looked in {', '.join(spec.submodule_search_locations)}")


def _source_entry(entry, toml_path: Path, where: str) -> str | PackageSource:
    """One item of ``sources``: a glob (str) or a {package, path} table."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        if set(entry) != {"package", "path"} or not all(isinstance(v, str) and v for v in entry.values()):
            raise UserError(f"{where}: a package source is {{package = \"NAME\", path = \"FILE\"}}, "
                            f"got {sorted(entry)}", file=toml_path)
        path = Path(entry["path"])
        if path.is_absolute() or ".." in path.parts:
            raise UserError(f"{where}: package source path {entry['path']!r} must be relative and stay "
                            f"inside the package", file=toml_path)
        return PackageSource(entry["package"], entry["path"])
    raise UserError(f"{where}: each of 'sources' must be a glob string or a {{package, path}} table",
                    file=toml_path)


@dataclass(frozen=True)
class Variant:
    design: str
    name: str
    kind: str
    top: str
    directory: Path
    source_globs: tuple[str | PackageSource, ...]   # globs, and files of installed packages
    interface: str
    block_bits: int
    description: str = ""
    options: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def full_name(self) -> str:
        return f"{self.design}/{self.name}"

    @property
    def hls_top(self) -> str:
        """The C/C++ function an ``hls`` variant compiles (``hls_top``, else ``top``)."""
        return str(self.options.get("hls_top", self.top))

    @property
    def port_names(self) -> dict[str, str]:
        """The clock / reset port names an ``hls`` variant's compiled top gets (``clock_port``,
        ``reset_port``, as keywords of compile_file / compiled); the compiler's defaults if absent."""
        names = {k: self.options[k] for k in ("clock_port", "reset_port") if k in self.options}
        if not all(isinstance(n, str) and n for n in names.values()):
            raise UserError(f"[variants.{self.name}]: 'clock_port' and 'reset_port' must be port names",
                            file=str(self.directory / "design.toml"))
        return names

    @property
    def cipher_top(self):
        """The generated LWC top (``[lwc]`` table, cryptohls/lwc/top.py), or None."""
        table = self.options.get("lwc")
        if table is None:
            return None
        from cryptohls.lwc.top import cipher_top
        return cipher_top(table, top=self.top, core=self.hls_top if self.kind == "hls" else None,
                          where=f"[variants.{self.name}]", toml_path=self.directory / "design.toml")

    @property
    def declared_secrets(self) -> tuple[str, ...]:
        """The secrets a variant declares (``secret = [...]``, docs/verify.md): arguments, element ranges
        (``in[1..16]``) and fields of streams (``bdi.bdi``); what ``cryptohls verify VARIANT`` proves."""
        secrets = self.options.get("secret", [])
        if not isinstance(secrets, list) or not all(isinstance(s, str) and s for s in secrets):
            raise UserError(f"[variants.{self.name}]: 'secret' must be a list of names "
                            "(arguments, NAME[LO..HI] or STREAM.FIELD)", file=str(self.directory / "design.toml"))
        return tuple(secrets)

    @property
    def secrets(self) -> tuple[str, ...]:
        """The declared secrets the compiler's diagnosis follows (whole arguments and element ranges; a
        stream's field is proved by ``cryptohls verify`` alone): an ``hls`` variant's compiled artifact's
        report.json carries the compiler's secret-independence verdict for them."""
        return tuple(s for s in self.declared_secrets if "." not in s or "[" in s)   # not STREAM.FIELD

    def rtl_sources(self) -> list[Path]:
        """The Verilog files an ``hls`` variant builds around its compiled function (often none)."""
        return [s for s in self.sources() if s.suffix not in HLS_SUFFIXES]

    def sources(self) -> list[Path]:
        """The variant's source files, in a stable order."""
        return [path for _, path in self.labelled_sources()]

    def labelled_sources(self) -> list[tuple[str, Path]]:
        """(name, file) of each source: the path relative to the design folder, or ``package:path``
        for a file of an installed package (so a hash does not depend on where it is installed)."""
        files: list[tuple[str, Path]] = []
        toml_path = self.directory / "design.toml"
        for entry in self.source_globs:
            if isinstance(entry, PackageSource):
                matched = [(entry.label, entry.resolve(self.full_name, toml_path))]
            else:
                matched = [(str(m.relative_to(self.directory)), m) for m in sorted(self.directory.glob(entry))]
                if not matched:
                    raise UserError(f"variant {self.full_name}: no file matches {entry!r}", file=toml_path)
            files.extend(m for m in matched if m[1] not in [f for _, f in files])
        spec = self.cipher_top
        if spec is not None:
            from cryptohls.lwc.top import write_top
            # a library design's under the repository's build/, any other design's (a user's, a
            # test's) under its own folder: two folders may hold designs of one name
            library = self.directory.resolve().is_relative_to((repo_root() / "designs").resolve())
            root = repo_root() if library else self.directory
            directory = root / "build" / "lwc-tops" / f"{self.design}-{self.name}"
            files.extend((f"generated:{path.name}", path) for path in write_top(spec, directory))
        return files

    def source_declarations(self) -> list:
        """``sources`` as design.toml declares them (JSON-able)."""
        return [e.declaration() if isinstance(e, PackageSource) else e for e in self.source_globs]


def _require(table: dict, key: str, kind: type, toml_path: Path, where: str):
    if key not in table:
        raise UserError(f"{where}: missing key {key!r}", file=toml_path)
    value = table[key]
    if not isinstance(value, kind):
        raise UserError(f"{where}: {key!r} must be a {kind.__name__}", file=toml_path)
    return value


def _variant_options(table: dict, known: set, lwc: dict | None, toml_path: Path, where: str) -> dict:
    """The variant's other keys; ``lwc``: the design's [lwc] table with the variant's keys on top."""
    options = {k: v for k, v in table.items() if k not in known}
    if lwc is not None or "lwc" in options:
        own = options.get("lwc", {})
        if not isinstance(own, dict):
            raise UserError(f"{where}: 'lwc' must be a table", file=toml_path)
        options["lwc"] = {**(lwc or {}), **own}
    return options


def load_design(directory: Path) -> list[Variant]:
    toml_path = directory / "design.toml"
    try:
        data = tomllib.loads(toml_path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise UserError(f"malformed design file: {err}", file=toml_path) from None
    design = _require(data, "design", dict, toml_path, "top level")
    name = _require(design, "name", str, toml_path, "[design]")
    if name != directory.name:
        raise UserError(f"[design] name {name!r} differs from its folder {directory.name!r}",
                        file=toml_path)
    block_bits = _require(design, "block_bits", int, toml_path, "[design]")
    lwc = data.get("lwc")
    if lwc is not None and not isinstance(lwc, dict):
        raise UserError("[lwc] must be a table", file=toml_path)
    variants = []
    for vname, table in sorted(data.get("variants", {}).items()):
        where = f"[variants.{vname}]"
        kind = _require(table, "kind", str, toml_path, where)
        if kind not in VARIANT_KINDS:
            raise UserError(f"{where}: kind must be one of {', '.join(VARIANT_KINDS)}", file=toml_path)
        known = {"kind", "top", "sources", "interface", "description"}
        variants.append(Variant(
            design=name, name=vname, kind=kind,
            top=_require(table, "top", str, toml_path, where),
            directory=directory,
            source_globs=tuple(_source_entry(e, toml_path, where)
                               for e in _require(table, "sources", list, toml_path, where)),
            interface=_require(table, "interface", str, toml_path, where),
            block_bits=block_bits,
            description=table.get("description", design.get("description", "")),
            options=_variant_options(table, known, lwc, toml_path, where),
        ))
    return variants


def all_variants() -> list[Variant]:
    root = designs_dir()
    variants: list[Variant] = []
    if root.is_dir():
        for toml_path in sorted(root.glob("*/design.toml")):
            variants.extend(load_design(toml_path.parent))
    return variants


def find_variant(full_name: str) -> Variant:
    variants = all_variants()
    for variant in variants:
        if variant.full_name == full_name:
            return variant
    names = ", ".join(v.full_name for v in variants) or "none yet"
    raise UserError(f"unknown variant {full_name!r}", hint=f"known variants: {names}")
