"""``cryptohls sim`` for HLS variants (``interface = "ap_ctrl_hs"``): compile, co-simulate, measure.

The variant's C source is compiled with the HLS compiler (contract C4) and its C testbench (``tb`` in
design.toml) is linked against the Verilated RTL by the cosim shim (cryptohls.sim.cosim_shim), which
drives the ports from the "interface" object of report.json — this module adds no port-driving code.
The testbench checks the published vectors itself (tb_aes.c: FIPS-197 C.1 and Appendix B) and then
every line of a vector file, which is written here from the golden model (cryptohls.golden.aes) with
``--seed``/``--blocks``, so each seed checks different blocks. The executable runs twice:

1. one call at a time (the design is idle when each call starts, so ap_start is accepted at the
   first edge): latency = cycles from that edge to the first cycle ap_done is high, worst case over
   all calls; the testbench checks every result;
2. back to back ($CRYPTOHLS_COSIM_BACK_TO_BACK, cosim_shim): ap_start held high across calls, the next call's inputs
   presented in the cycle of the previous ap_done (Vitis: a new transaction starts at the ap_ready
   pulse), results checked again. Interval = cycles between consecutive ap_done pulses, worst case
   over the ≥ 1000 back-to-back calls. With ap_start held high, the acceptance of the next call is not
   visible at the ports of a design whose ap_ready coincides with ap_done, its ap_done pulses are;
   for calls of constant latency the two spacings are equal.

Byte order: the testbench parses the vectors in FIPS-197 order into ``uint8_t[16]`` arrays (byte 0
first) and the shim packs a reshaped array port from the C array, element i at bits [8i+7:8i]
(contract C4), so FIPS byte 0 lands in bits [7:0] — the opposite end from the 128-bit big-endian
buses of the RTL cores (C2). No byte swapping happens anywhere: the C array is the common ground.

The built executable is cached under ``<build>/hls-sim-cache/`` by the hash of the source, its
headers, the testbench, top, clock, the cryptohls version and the compiler's and shim's own sources.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptohls import __version__
from cryptohls.designs import Variant
from cryptohls.errors import UserError
from cryptohls.hls import DEFAULTS
from cryptohls.hls.fingerprint import COMPILER_PACKAGES, digest_files, package_files
from cryptohls.golden.aes import encrypt_block
from cryptohls.hls.artifacts import compiled, copy_into
from cryptohls.sim.cosim import build_cosim
from cryptohls.sim.hls_cache import build_once, single_hls_source
from cryptohls.sim.result import NOT_MEASURED, SimResult, golden_kind

TB_MIN_FILE_VECTORS = 1000   # tb_aes.c refuses a vector file with fewer lines (MIN_FILE_VECTORS)
MIN_BACK_TO_BACK_CALLS = 16  # DESIGN.md §2: interval over >= 16 back-to-back blocks
BACK_TO_BACK_ENV = "CRYPTOHLS_COSIM_BACK_TO_BACK"  # cosim_shim: ap_start held high across calls
# Packages whose files (code, delay-model data) shape the executable: any change invalidates the cache.
TOOL_MODULES = ("sim/cosim.py", "sim/cosim_shim.py", "sim/csim.py", "sim/variant_hls.py")


def _aes128_encrypt_lines(rng: random.Random, count: int) -> list[str]:
    lines = []
    for _ in range(count):
        key, block = rng.randbytes(16), rng.randbytes(16)
        lines.append(f"{key.hex()} {block.hex()} {encrypt_block(key, block).hex()}")
    return lines


# golden kind -> vector-file lines its testbench reads (tb_aes.c: "KEY PT CT" hex, FIPS order)
VECTOR_WRITERS = {"aes128-encrypt": _aes128_encrypt_lines}


def _option(variant: Variant, key: str) -> str:
    value = variant.options.get(key)
    if not isinstance(value, str) or not value:
        raise UserError(f"variant {variant.full_name}: ap_ctrl_hs variants need {key} = \"...\"",
                        file=variant.directory / "design.toml",
                        hint="tb names the C testbench, relative to the design folder")
    return value


def _tool_digest() -> str:
    """The compiler and the co-simulation modules: a change to either invalidates cached builds."""
    root = Path(__file__).resolve().parents[1]
    return digest_files(root, package_files(root, COMPILER_PACKAGES) + [root / m for m in TOOL_MODULES],
                        __version__)


def _cache_key(src: Path, tb: Path, top: str, clock_ns: float) -> str:
    digest = hashlib.sha256(json.dumps([top, clock_ns, _tool_digest()]).encode())
    headers = sorted(src.parent.glob("*.h")) + sorted(src.parent.glob("*.hpp"))
    for path in (src, tb, *headers):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def build_cached(variant: Variant, src: Path, tb: Path, clock_ns: float, build_dir: Path) -> Path:
    """The cosim executable of the variant, built once per cache key (atomic rename for xdist)."""
    name = variant.full_name.replace("/", "-")
    cache = build_dir / "hls-sim-cache" / f"{name}-{_cache_key(src, tb, variant.top, clock_ns)}"
    exe = cache / "cosim" / "cosim"
    if exe.is_file():
        print(f"{variant.full_name}: cached build {cache}", file=sys.stderr)
        return exe
    print(f"{variant.full_name}: compiling {src.name} (top {variant.top}, {clock_ns} ns) and "
          f"building the co-simulation", file=sys.stderr)

    def build(staging: Path) -> None:
        # The Verilog is the stored artifact that `cryptohls bench` synthesizes (hls/artifacts.py).
        artifact = compiled(src, variant.top, clock_ns=clock_ns, target=DEFAULTS.target, label=variant.full_name,
                            secrets=variant.secrets)
        copy_into(artifact, staging)
        build_cosim(src, tb, variant.top, staging, clock_ns=clock_ns, use_existing=True)

    build_once(cache, build)
    return exe


def _run(exe: Path, vectors: Path, stats: Path, *, back_to_back: bool) -> tuple[int, dict]:
    """Runs the testbench (its stdout goes to stderr: stdout's last line is the JSON result)."""
    stats.unlink(missing_ok=True)
    env = {**os.environ, "CRYPTOHLS_COSIM_STATS": str(stats)}
    env.pop(BACK_TO_BACK_ENV, None)
    if back_to_back:
        env[BACK_TO_BACK_ENV] = "1"
    sys.stderr.flush()
    proc = subprocess.run([str(exe), str(vectors)], env=env, stdout=sys.stderr)
    return proc.returncode, (json.loads(stats.read_text()) if stats.is_file() else {})


def simulate_ap_ctrl_hs(variant: Variant, *, seed: int, blocks: int, build_dir: Path) -> SimResult:
    """Contract C3 for ap_ctrl_hs variants; see the module doc. UserError for unusable variants."""
    kind = golden_kind(variant)
    if kind not in VECTOR_WRITERS:
        raise UserError(f"variant {variant.full_name}: no vector file for golden kind {kind!r} in the "
                        f"HLS flow", file=variant.directory / "design.toml",
                        hint=f"supported: {', '.join(VECTOR_WRITERS)}")
    tb = variant.directory / _option(variant, "tb")
    if not tb.is_file():
        raise UserError(f"variant {variant.full_name}: testbench {tb} does not exist",
                        file=variant.directory / "design.toml")
    src = single_hls_source(variant)
    clock_ns = float(variant.options.get("clock_ns", DEFAULTS.clock_ns))
    exe = build_cached(variant, src, tb, clock_ns, build_dir)

    runs = build_dir / "sim-runs"
    runs.mkdir(parents=True, exist_ok=True)
    run_dir = Path(tempfile.mkdtemp(prefix=variant.full_name.replace("/", "-") + "-", dir=runs))
    count = max(blocks, TB_MIN_FILE_VECTORS)
    vectors = run_dir / "vectors.txt"
    vectors.write_text("\n".join(VECTOR_WRITERS[kind](random.Random(seed), count)) + "\n")
    print(f"simulating {variant.full_name}: published vectors + {count} random blocks (seed {seed}), "
          f"one call at a time, then back to back", file=sys.stderr)

    status, single = _run(exe, vectors, run_dir / "single.json", back_to_back=False)
    failed = NOT_MEASURED, NOT_MEASURED
    if status != 0:
        print(f"{variant.full_name}: FAILED (testbench exit {status}, one call at a time)", file=sys.stderr)
        return SimResult(variant.full_name, False, *failed, int(single.get("calls", 0)))
    status, b2b = _run(exe, vectors, run_dir / "back_to_back.json", back_to_back=True)
    if status != 0 or int(b2b.get("back_to_back_calls", 0)) < MIN_BACK_TO_BACK_CALLS:
        print(f"{variant.full_name}: FAILED (testbench exit {status}, back to back: "
              f"{b2b.get('back_to_back_calls', 0)} of >= {MIN_BACK_TO_BACK_CALLS} calls)", file=sys.stderr)
        return SimResult(variant.full_name, False, int(single["max"]), NOT_MEASURED, int(single["calls"]))
    if single["min"] != single["max"]:
        print(f"{variant.full_name}: latency varies with the data: {single['min']}..{single['max']} "
              f"(reported: the maximum)", file=sys.stderr)
    return SimResult(variant.full_name, True, int(single["max"]), int(b2b["done_spacing_max"]),
                     int(single["calls"]))
