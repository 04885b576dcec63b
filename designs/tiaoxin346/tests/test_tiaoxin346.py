"""Tiaoxin-346 v2 (KATs and model: tiaoxinv2) in the LWC frame: the 256-bit core in the generated top
tiaoxin346_lwc at W = 256, the same core behind lwc_ccw_gearbox at W = 32 (rtl-w32), and the HLS core
(hls; hls-w32 behind the gearbox, with rtl-w32's cycles); the scenarios are
cryptohls.sim.caesar_frame_tests'; a block of the timing is one 256-bit word.
Also: the full module is lint-clean.

pytest designs/tiaoxin346/tests/test_tiaoxin346.py
"""

from cryptohls.sim.caesar_frame_tests import caesar_frame_tests

# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb, n 32-byte
# blocks (DEC: Tb 2, the frame releases the buffered plaintext after the tag check, one do word per block);
# the HLS core's cycles are the RTL's
TIMING = {("enc", "pt"): (45, 1), ("dec", "pt"): (46, 2), ("enc", "ad"): (44, 1)}
# W = 32 (the core behind lwc_ccw_gearbox): 8 bdi words per 32-byte block (also test_tiaoxin346_w32_timing.py)
TIMING_W32 = {("enc", "pt"): (51, 8), ("dec", "pt"): (49, 16), ("enc", "ad"): (43, 8)}

# KATs: the 49 records at the block edges (no all-KAT run: the model passes all 1089 records)
globals().update(caesar_frame_tests("tiaoxin346", __file__, name="tiaoxinv2", tag_bytes=16, kats_env=None,
                                    timing=TIMING, other_timings={"rtl-w32": TIMING_W32}, block_bytes=32,
                                    random_messages=(4, 10, 100), w32="rtl-w32", hls_w32="hls-w32"))


def test_full_module_lint():
    """The full module (frame at W = 256 + generated top tiaoxin346_lwc + the core) is `verilator
    --lint-only -Wall` clean."""
    import subprocess

    from cryptohls.designs import find_variant
    from cryptohls.lwc.verilog_includes import include_flags

    variant = find_variant("tiaoxin346/rtl")
    files = variant.rtl_sources()
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", *include_flags(files), "--top-module", variant.top,
                           *map(str, files)], capture_output=True, text=True)
    assert proc.returncode == 0 and "%Warning" not in proc.stderr, proc.stderr
