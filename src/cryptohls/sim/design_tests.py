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
from cryptohls.sim.runner import RunResult, build_and_run


def run_design_tests(variant_name: str, test_file: str | Path, *, test_id: str,
                     simulator: str = "verilator", blocks: int = 1000, seed: int = 1) -> RunResult:
    """Run every cocotb test in ``test_file`` against ``variant_name``.

    The tests read ``CRYPTOHLS_BLOCKS`` (random blocks) and ``CRYPTOHLS_SEED``; outputs go to
    ``build/sim-tests/<test_id>/``.
    """
    variant = find_variant(variant_name)
    test_file = Path(test_file)
    safe_id = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id)
    return build_and_run(
        sources=variant.sources(), top=variant.top, test_module=test_file.stem,
        test_dir=test_file.parent, simulator=simulator,
        run_dir=repo_root() / "build" / "sim-tests" / safe_id, seed=seed,
        extra_env={"CRYPTOHLS_BLOCKS": str(blocks), "CRYPTOHLS_SEED": str(seed)})
