"""Snapshot of the compiler's output, to show that a refactor changes no generated Verilog.

    python scripts/verilog_snapshot.py take NAME        # compile everything, keep the outputs
    python scripts/verilog_snapshot.py compare OLD NEW  # list every file whose bytes differ

Compiles every HLS variant of designs/*/design.toml (at its clock), the kernels of tests/kernels and
the compiler kernels under tests/compiler (plain, pipelined, stream, INLINE-off sub-module and
DATAFLOW kernels, diagnostics) into build/snapshot/work/<case> and copies each output folder to
build/snapshot/<NAME>/<case>, with a manifest of sha256 sums. The work folder is the same for every
snapshot, so the command line in the Verilog header is too. A compile that fails records its message
(diagnostics must stay the same as well). `compare` treats .v and report.json as the acceptance
criterion and lists the other files (IR dumps, schedules, report.txt) apart.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOT = REPO / "build" / "snapshot"
WORK = ROOT / "work"

# sources whose top function is not named after the file
TOPS = {"xor4_as_written": "xor4", "recur": "prefix", "mac_sub": "mac_top", "pragma_at_file_scope": "at_file_scope"}
KERNEL_DIRS = ["tests/kernels", "tests/compiler/kernels", "tests/compiler/pipeline", "tests/compiler/stream_kernels",
               "tests/compiler/dataflow_kernels", "tests/compiler/balance", "tests/compiler/header_pragmas",
               "tests/compiler/diag", "tests/diagnostics"]


def cases() -> list[tuple[str, str, str, float]]:
    """(case name, source, top, clock_ns) for everything the snapshot compiles."""
    found = []
    for toml_path in sorted((REPO / "designs").glob("*/design.toml")):
        data = tomllib.loads(toml_path.read_text())
        for vname, table in sorted(data.get("variants", {}).items()):
            if table.get("kind") != "hls":
                continue
            src = toml_path.parent / [s for s in table["sources"] if s.endswith((".c", ".cpp"))][0]
            # an HLS core inside Verilog (designs/ascon-aead128): the function is hls_top
            found.append((f"design-{toml_path.parent.name}-{vname}", str(src), table.get("hls_top", table["top"]),
                          float(table.get("clock_ns", 10.0))))
    # the AES variants at the default clock as well (two cycles per round: other schedules)
    for v in ("aes_v0", "aes_v1", "aes_v2"):
        found.append((f"design-aes128-ecb-enc-{v}-10ns", str(REPO / f"designs/aes128-ecb-enc/hls/{v}.c"),
                      "aes128_encrypt", 10.0))
    for d in KERNEL_DIRS:
        for src in sorted((REPO / d).glob("*.c")) + sorted((REPO / d).glob("*.cpp")):
            if src.stem.startswith("tb_") or src.stem.endswith("_tb"):
                continue
            top = "top" if d.endswith(("diag", "diagnostics")) else TOPS.get(src.stem, src.stem)
            found.append((f"{d.replace('/', '-')}-{src.stem}", str(src), top, 10.0))
    return found


def compile_case(case: tuple[str, str, str, float]) -> tuple[str, str]:
    """Compiles one case into WORK/<name>; returns (name, error message or "")."""
    from cryptohls.errors import UserError
    from cryptohls.hls import compile_file
    name, src, top, clock_ns = case
    out = WORK / name
    shutil.rmtree(out, ignore_errors=True)
    try:
        compile_file(Path(src), top, clock_ns=clock_ns, out_dir=out)
        return name, ""
    except UserError as err:
        return name, f"UserError: {err}"
    except Exception as err:   # an internal error is part of the behaviour to keep, too
        return name, f"{type(err).__name__}: {err}"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def take(label: str, jobs: int = 2) -> None:
    dest = ROOT / label
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    todo = cases()
    manifest: dict[str, dict] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for name, error in pool.map(compile_case, todo):
            files = {}
            out = WORK / name
            if out.is_dir():
                shutil.copytree(out, dest / name)
                files = {str(p.relative_to(out)): sha(p) for p in sorted(out.rglob("*")) if p.is_file()}
            manifest[name] = {"error": error, "files": files}
            print(f"{name}: {'ERROR ' + error.splitlines()[0] if error else len(files)}", flush=True)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(f"{len(manifest)} cases -> {dest}")


def accepted(path: str) -> bool:
    return path.endswith(".v") or path == "report.json"


def compare(old: str, new: str) -> int:
    a = json.loads((ROOT / old / "manifest.json").read_text())
    b = json.loads((ROOT / new / "manifest.json").read_text())
    bad, other = [], []
    for name in sorted(set(a) | set(b)):
        if name not in a or name not in b:
            bad.append(f"{name}: only in {'new' if name in b else 'old'}")
            continue
        if a[name]["error"] != b[name]["error"]:
            bad.append(f"{name}: error {a[name]['error']!r} -> {b[name]['error']!r}")
        fa, fb = a[name]["files"], b[name]["files"]
        for f in sorted(set(fa) | set(fb)):
            if fa.get(f) == fb.get(f):
                continue
            what = "new file" if f not in fa else "file gone" if f not in fb else "differs"
            (bad if accepted(f) else other).append(f"{name}/{f}: {what}")
    verilog = sum(1 for e in a.values() for f in e["files"] if f.endswith(".v"))
    print(f"{len(a)} cases, {verilog} Verilog files in {old}")
    print("Verilog and report.json: " + ("identical" if not bad else f"{len(bad)} differences"))
    for line in bad:
        print("  " + line)
    print(f"other files (IR dumps, schedules, report.txt): {len(other)} differences")
    for line in other:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "take":
        take(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
