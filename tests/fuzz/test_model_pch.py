"""sim/cosim.py runtime_objects: the precompiled verilated.h holds its template instantiations, so a
model's translation unit (cosim's, fuzz/direct_model.py's) does not perform them again (issue 38 item 3)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from cryptohls.sim import cosim
from cryptohls.sim.csim import CXX

pytestmark = pytest.mark.skipif(shutil.which("verilator") is None or shutil.which(CXX) is None,
                                reason="source scripts/env.sh")


def _instantiations(tmp_path, pch) -> int:
    """How many function templates clang instantiates in a file that only includes verilated.h."""
    source, trace = tmp_path / "empty.cpp", tmp_path / "empty.json"
    source.write_text('#include "verilated.h"\n')
    root = cosim.verilator_root()
    subprocess.run([CXX, *cosim._runtime_flags(root, 0), "-include-pch", str(pch), "-c", str(source),
                    "-o", str(tmp_path / "empty.o"), f"-ftime-trace={trace}", "-ftime-trace-granularity=0"],
                   check=True, capture_output=True)
    events = json.loads(trace.read_text())["traceEvents"]
    return sum(1 for event in events if event.get("name") == "InstantiateFunction")


def test_a_model_file_instantiates_no_template_of_the_runtime_headers(tmp_path):
    _, pch = cosim.runtime_objects(["verilated", "verilated_threads"], cosim.verilator_root(), 0)  # a model's set
    assert _instantiations(tmp_path, pch) == 0


@pytest.mark.slow
def test_without_the_flag_every_file_would_instantiate_them(tmp_path):
    # the check above can fail: a PCH built as before leaves the instantiations to each file
    root = cosim.verilator_root()
    header = tmp_path / "plain.h"
    header.write_text('#include "verilated.h"\n')
    pch = tmp_path / "plain.h.pch"
    subprocess.run([CXX, *cosim._runtime_flags(root, 0), "-x", "c++-header", str(header), "-o", str(pch)],
                   check=True, capture_output=True)
    assert _instantiations(tmp_path, pch) > 100
