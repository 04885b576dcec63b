"""The design library: ``designs/<design>/design.toml`` files and the variants they declare.

design.toml schema (keys beyond these are kept in ``Variant.options`` for the tools that use them)::

    [design]
    name = "aes128-ecb-enc"            # must equal the folder name
    description = "AES-128 encryption, basic iterative"
    block_bits = 128                   # bits per block, for throughput

    [variants.rtl]                     # variant name; the full name is "<design>/<variant>"
    kind = "rtl"                       # "rtl" (hand-written Verilog) or "hls" (compiled from C)
    top = "aes128_ecb_enc"             # top module (rtl) or top function (hls)
    sources = ["rtl/*.v"]              # globs relative to the design folder
    interface = "block_valid_ready"    # how `cryptohls sim` drives it

An ``hls`` variant may list Verilog files beside its one C/C++ source: then ``top`` is the Verilog top
module built from them and the compiled function ``hls_top`` (e.g. the LWC frame around an HLS
CipherCore: designs/ascon-aead128); otherwise ``top`` is the function and the module.
"""

from __future__ import annotations

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
class Variant:
    design: str
    name: str
    kind: str
    top: str
    directory: Path
    source_globs: tuple[str, ...]
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
    def secrets(self) -> tuple[str, ...]:
        """The secret arguments an ``hls`` variant declares (``secret = [...]``, docs/verify.md): its
        compiled artifact's report.json carries the compiler's secret-independence verdict for them."""
        secrets = self.options.get("secret", [])
        if not isinstance(secrets, list) or not all(isinstance(s, str) and s for s in secrets):
            raise UserError(f"[variants.{self.name}]: 'secret' must be a list of argument names",
                            file=str(self.directory / "design.toml"))
        return tuple(secrets)

    def rtl_sources(self) -> list[Path]:
        """The Verilog files an ``hls`` variant builds around its compiled function (often none)."""
        return [s for s in self.sources() if s.suffix not in HLS_SUFFIXES]

    def sources(self) -> list[Path]:
        """The variant's source files, in a stable order."""
        files: list[Path] = []
        for pattern in self.source_globs:
            matched = sorted(self.directory.glob(pattern))
            if not matched:
                raise UserError(f"variant {self.full_name}: no file matches {pattern!r}",
                                file=self.directory / "design.toml")
            files.extend(m for m in matched if m not in files)
        return files


def _require(table: dict, key: str, kind: type, toml_path: Path, where: str):
    if key not in table:
        raise UserError(f"{where}: missing key {key!r}", file=toml_path)
    value = table[key]
    if not isinstance(value, kind):
        raise UserError(f"{where}: {key!r} must be a {kind.__name__}", file=toml_path)
    return value


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
            source_globs=tuple(_require(table, "sources", list, toml_path, where)),
            interface=_require(table, "interface", str, toml_path, where),
            block_bits=block_bits,
            description=table.get("description", design.get("description", "")),
            options={k: v for k, v in table.items() if k not in known},
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
