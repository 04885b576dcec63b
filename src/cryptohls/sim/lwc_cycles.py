"""Cycles per message of an LWC full module, for seed 002's Table IV (``cryptohls report --lwc``).

For a message of n blocks the module takes Ta + n * Tb cycles (Tb: cycles per block for long
messages, Ta: the fixed overhead per message). This module measures both in simulation:

- cocotb side (:func:`lwc_message_cycles`): pdi/sdi always valid, do always ready; for each n in
  ``counts`` one command, cycles counted from the clock edge that accepts its instruction on pdi to
  the edge that accepts its status word on do. Commands: ``enc`` = ENC with an empty AD and n full
  PT blocks of the cipher's golden model's ``block_bytes`` (16 for AES and Ascon, 4 for ACORN), after
  one LDKEY/ACTKEY and a first ENC, not counted; ``hash`` = HASH of n full rate blocks (8 bytes for
  Ascon-Hash256). Every do word is checked against the golden model, as in ``cryptohls sim``.
- host side (:func:`measure_message_cycles`): builds the variant (an HLS CipherCore in its RTL frame is
  compiled first), runs that test and returns {n: cycles}; :func:`fit_linear` gives (Ta, Tb) and
  fails unless every n lies on the line.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import cocotb

from cryptohls.errors import UserError
from cryptohls.lwc.generate import CIPHER_MODELS, HASH_MODELS, Message, build_vectors
from cryptohls.lwc.protocol import Command, Opcode, Response, Segment, SegmentType, Status, VectorSet
from cryptohls.sim.hls_lwc import hls_variant_verilog
from cryptohls.sim.lwc_driver import LwcTB, Traffic, vector_set_streams
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, build_and_run

COUNTS = (1, 2, 4, 8, 16)
OPERATIONS = ("enc", "hash")


def _enc_vectors(cipher: str, rng: random.Random, blocks: int, load_key: bool, key: bytes) -> VectorSet:
    model = CIPHER_MODELS[cipher]()
    message = Message(0, Opcode.ENC, 0, key, load_key, rng.randbytes(model.nonce_bytes), b"",
                      rng.randbytes(model.block_bytes * blocks))
    return build_vectors(model, [message], 0)


def message_key(cipher: str, rng: random.Random) -> bytes:
    """A random key of the cipher's own size (JAMBU-SIMON's is 12 bytes; a 16-byte key made its model refuse)."""
    model = CIPHER_MODELS[cipher]() if cipher in CIPHER_MODELS else None
    return rng.randbytes(model.key_bytes if model else 16)


def _hash_vectors(name: str, rng: random.Random, blocks: int) -> VectorSet:
    digest, rate = HASH_MODELS[name]
    data = rng.randbytes(rate * blocks)
    return VectorSet((Command(Opcode.HASH, (Segment(SegmentType.HASH_MSG, data, eoi=True, last=True),)),), (),
                     (Response((Segment(SegmentType.HASH_VALUE, digest(data), last=True),), Status.SUCCESS),))


@cocotb.test()
async def lwc_message_cycles(dut):
    config = json.loads(Path(os.environ["CRYPTOHLS_CYCLES_CONFIG"]).read_text())
    rng = random.Random(config["seed"])
    tb = LwcTB(dut, seed=config["seed"])
    await tb.start()
    tb.traffic = Traffic.full_speed()
    key = message_key(config["cipher"], rng)
    if config["operation"] == "enc":
        # key load and a first message, not counted: a core may still be busy with the new key
        # (AES-GCM computes H = E_K(0) after ACTKEY), as the designs' own timing tests do
        warm = vector_set_streams(_enc_vectors(config["cipher"], rng, 1, True, key), tb.width)
        await tb.run(warm.pdi, warm.sdi, warm.do, [key])
    cycles = {}
    for n in config["counts"]:
        if config["operation"] == "hash":
            streams = vector_set_streams(_hash_vectors(config["cipher"], rng, n), tb.width)
        else:
            streams = vector_set_streams(_enc_vectors(config["cipher"], rng, n, False, key), tb.width)
        pdi_mark = len(tb.seen.pdi)
        await tb.run(streams.pdi, streams.sdi, streams.do, [key])
        assert tb.seen.do[-1][2], "the last do word of a command is its status word"
        cycles[n] = tb.seen.do[-1][0] - tb.seen.pdi[pdi_mark][0]
        dut._log.info("%s, %d blocks: %d cycles", config["operation"], n, cycles[n])
    Path(config["result"]).write_text(json.dumps({"passed": True, "cycles": cycles}))


def measure_message_cycles(variant, operation: str, *, build_dir: Path, counts: tuple[int, ...] = COUNTS,
                           seed: int = 1, cipher: str | None = None) -> dict[int, int]:
    """{n: cycles} of `variant` for `operation` ("enc" or "hash"), from one simulation run."""
    if operation not in OPERATIONS:
        raise UserError(f"unknown LWC operation {operation!r}", hint=f"choose from {', '.join(OPERATIONS)}")
    cipher = cipher or variant.options.get("golden", "")
    known = HASH_MODELS if operation == "hash" else CIPHER_MODELS
    if cipher not in known:
        raise UserError(f"variant {variant.full_name}: no {operation} model for {cipher!r}",
                        file=variant.directory / "design.toml", hint=f"supported: {', '.join(known)}")
    runs = build_dir / "sim-runs"
    runs.mkdir(parents=True, exist_ok=True)
    run_dir = Path(tempfile.mkdtemp(prefix=f"{variant.full_name.replace('/', '-')}-{operation}-", dir=runs))
    result_file = run_dir / "result.json"
    config_file = run_dir / "config.json"
    config_file.write_text(json.dumps({"cipher": cipher, "operation": operation, "counts": list(counts),
                                       "seed": seed, "result": str(result_file)}))
    hls = variant.kind == "hls" and bool(variant.rtl_sources())
    run = build_and_run(sources=hls_variant_verilog(variant) if hls else variant.sources(), top=variant.top,
                        test_module="cryptohls.sim.lwc_cycles", run_dir=run_dir,
                        extra_env={"CRYPTOHLS_CYCLES_CONFIG": str(config_file)}, seed=seed,
                        build_root=build_dir, build_args=SPLIT_MODEL_BUILD_ARGS)
    measured = json.loads(result_file.read_text()) if result_file.exists() else {}
    if not (run.passed and measured.get("passed")):
        raise UserError(f"{variant.full_name}: the {operation} cycle measurement failed ({run.summary()})",
                        file=run_dir / "sim.log")
    return {int(n): c for n, c in measured["cycles"].items()}


def fit_linear(cycles: dict[int, int]) -> tuple[int, int]:
    """(Ta, Tb) with cycles[n] = Ta + n * Tb for every n; ValueError if the points are not on a line."""
    ns = sorted(cycles)
    if len(ns) < 2:
        raise ValueError(f"need at least two message lengths, got {ns}")
    tb = (cycles[ns[-1]] - cycles[ns[0]]) // (ns[-1] - ns[0])
    ta = cycles[ns[0]] - ns[0] * tb
    if any(cycles[n] != ta + n * tb for n in ns):
        raise ValueError(f"cycles are not Ta + n * Tb: {cycles}")
    return ta, tb
