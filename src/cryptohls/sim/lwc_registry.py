"""Every LWC cipher of the library, known from one place: the designs' design.toml and the golden models.

A design with ``interface = "lwc"`` names its golden model in its variants (``golden = "<name>"``, a
name of :data:`cryptohls.lwc.generate.CIPHER_MODELS`: seed 002's CAESAR ciphers by their SUPERCOP
names, from ``CAESAR_AEADS``). From that name come the model (seal / open), the nonce bytes and the
block bytes (the cipher's data per step, ``CAESAR_AEADS``); the design's ``[lwc]`` table must agree on
the nonce and tag sizes. ``cryptohls sim`` takes its workload from here and ``cryptohls report --lwc``
its rows, so a new cipher needs its design.toml only, no edit of shared code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cryptohls.designs import Variant, all_variants
from cryptohls.errors import UserError
from cryptohls.lwc.generate import CIPHER_MODELS, CipherModel


# LWC designs that are not ciphers: no golden model in cryptohls, no rows in `cryptohls report --lwc`
TEST_CIPHERS = {"toy-aead": "a test AEAD (keyed XOR; its model is beside its tests), the template of a new cipher"}


@lru_cache(maxsize=None)
def tag_bytes(cipher: str) -> int:
    """The tag length of a golden model, from sealing an empty message (0 for a cipher without a tag)."""
    model = CIPHER_MODELS[cipher]()
    return len(model.seal(bytes(model.key_bytes), bytes(model.nonce_bytes), b"", b"")[1])


@dataclass(frozen=True)
class LwcDesign:
    """One design with ``interface = "lwc"`` variants, and its golden model's name (None: none named)."""
    design: str
    golden: str | None
    variants: dict[str, Variant]          # the lwc variants by name

    @property
    def toml(self) -> Path:
        return next(iter(self.variants.values())).directory / "design.toml"

    def model(self) -> CipherModel:
        """The golden model, checked against the [lwc] table; UserError (with design.toml) if there is none
        or the sizes disagree."""
        if self.golden is None and self.design in TEST_CIPHERS:
            raise UserError(f"design {self.design}: no golden model ({TEST_CIPHERS[self.design]})", file=self.toml,
                            hint="run the design's own tests (pytest designs/<design>/tests)")
        if self.golden is None:
            raise UserError(f"design {self.design}: no golden model (no `golden = ...` in its lwc variants)",
                            file=self.toml, hint=f"set golden = one of {', '.join(CIPHER_MODELS)}")
        if self.golden not in CIPHER_MODELS:
            raise UserError(f"design {self.design}: unknown golden model {self.golden!r}", file=self.toml,
                            hint=f"known (cryptohls tv --cipher): {', '.join(CIPHER_MODELS)}")
        model = CIPHER_MODELS[self.golden]()
        for variant in self.variants.values():
            table = variant.options.get("lwc")
            if table is None:        # an older LWC module without the generated top (aes128-ctr-io)
                continue
            for key, want in (("key_bytes", model.key_bytes), ("npub_bytes", model.nonce_bytes),
                              ("tag_bytes", tag_bytes(self.golden))):
                have = table.get(key, 16 if key == "key_bytes" else None)   # key_bytes defaults to 16 (lwc/top.py)
                if have != want:
                    raise UserError(f"design {self.design}, variant {variant.name}: [lwc] {key} = "
                                    f"{have} but golden model {self.golden} has {want}", file=self.toml)
        return model

    @property
    def block_bytes(self) -> int:
        return self.model().block_bytes


def _golden(design: str, variants: dict[str, Variant]) -> str | None:
    names = {v.options["golden"] for v in variants.values() if v.options.get("golden")}
    if len(names) > 1:
        raise UserError(f"design {design}: its lwc variants name different golden models {sorted(names)}",
                        file=next(iter(variants.values())).directory / "design.toml")
    return names.pop() if names else None


def lwc_designs(designs: list[str] | None = None) -> list[LwcDesign]:
    """Every design with ``interface = "lwc"`` variants (or those named in `designs`), by name."""
    by_design: dict[str, dict[str, Variant]] = {}
    for variant in all_variants():
        if variant.interface == "lwc" and (designs is None or variant.design in designs):
            by_design.setdefault(variant.design, {})[variant.name] = variant
    return [LwcDesign(d, _golden(d, vs), vs) for d, vs in sorted(by_design.items())]


def lwc_design_of(variant: Variant) -> LwcDesign:
    """The registry entry of `variant`'s design; for a variant of another interface that runs on the LWC
    driver through a port adapter (``lwc_axis``: cryptohls.sim.stream_core), an entry of its own."""
    found = lwc_designs([variant.design])
    if found and variant.name in found[0].variants:
        return found[0]
    alone = {variant.name: variant}
    return LwcDesign(variant.design, _golden(variant.design, alone), alone)
