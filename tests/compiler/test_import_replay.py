"""The dumped ``ir/<name>.import.ir`` holds every input of the passes, loop directives included
(frontend/loop_directives.py): parsing the dump and running the pass pipeline on it gives the
``ir/<name>.ir`` the compile wrote, for the top and for an INLINE-off sub-module."""

from __future__ import annotations

from cryptohls.hls import compile_file
from cryptohls.ir import parse_function, print_function
from cryptohls.passes.pipeline import run_pipeline

# a PIPELINEd loop in a sub-module, and in the top a nest kept apart by LOOP_FLATTEN off and a loop
# that would be fully unrolled (full-unroll) or pipelined (auto-pipeline) without its directive
KERNEL = """\
#include <stdint.h>

uint32_t mix(uint32_t a, uint32_t b) {
#pragma HLS INLINE off
    uint32_t s = a;
    for (int i = 0; i < 8; i++) {
#pragma HLS PIPELINE II=1
        s = (s << 1) ^ (s >> 3) ^ b;
    }
    return s;
}

uint32_t replay(const uint32_t x[4], uint32_t k) {
    uint32_t acc = 0;
    ROWS: for (int r = 0; r < 4; r++) {
        COLS: for (int c = 0; c < 4; c++) {
#pragma HLS PIPELINE II=1
#pragma HLS LOOP_FLATTEN off
            acc += x[r] ^ (uint32_t)c;
        }
    }
    uint32_t t = k;
    for (int j = 0; j < 3; j++) {
#pragma HLS LOOP_TRIPCOUNT min=3 max=3
        t = t * 5u + 1u;
    }
    return mix(acc, t);
}
"""


def test_import_dump_replays_the_passes(build_dir):
    src = build_dir / "replay.c"
    src.write_text(KERNEL)
    compile_file(src, "replay", out_dir=build_dir / "out")
    ir_dir = build_dir / "out" / "ir"
    for name in ("replay", "mix"):
        dumped = (ir_dir / f"{name}.import.ir").read_text()
        assert '"pipeline":{' in dumped.splitlines()[0], name   # the directives are in the dump's header
        fn = parse_function(dumped)
        run_pipeline(fn)
        assert print_function(fn) == (ir_dir / f"{name}.ir").read_text(), name
    header = (ir_dir / "replay.import.ir").read_text().splitlines()[0]
    assert '"flatten_off":[' in header and '"directive_loops":[' in header
