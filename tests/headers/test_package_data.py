"""The headers HLS C++ includes (ap_int.h, hls_stream.h, ...) are package data: a pip install of cryptohls
compiles and csims `#include "ap_int.h"` without the repository (before issue 39 the compiler looked for
them in <repo>/include, beside the package, which an installed package does not have)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import cryptohls
from cryptohls.frontend.driver import REPO_INCLUDE
from cryptohls.sim.csim import include_dir

PACKAGE = Path(cryptohls.__file__).resolve().parent
PYPROJECT = PACKAGE.parents[1] / "pyproject.toml"


def test_headers_sit_in_the_package():
    assert REPO_INCLUDE.resolve().parent == PACKAGE
    assert include_dir() == REPO_INCLUDE
    assert {"ap_int.h", "hls_stream.h", "hls_math.h", "iostream"} <= {p.name for p in REPO_INCLUDE.iterdir()}


def test_package_data_ships_every_header():
    globs = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-data"]["cryptohls"]
    headers = [str(p.relative_to(PACKAGE)) for p in sorted(REPO_INCLUDE.rglob("*")) if p.is_file()]
    assert headers and all(any(fnmatch.fnmatchcase(h, g) and "/" not in h[len("include/"):] for g in globs)
                           for h in headers), headers
