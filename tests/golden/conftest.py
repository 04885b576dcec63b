"""Shared fixtures for the golden-model tests: the published vectors and a seeded RNG."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cryptohls.golden.vectors import load_aes_vectors, load_misty1_vectors

# Fixed seed so a failing random case reproduces; each test derives its own stream from it.
RANDOM_SEED = 20261122


@pytest.fixture(scope="session")
def aes_vectors() -> dict[str, Any]:
    return load_aes_vectors()


@pytest.fixture(scope="session")
def misty1_vectors() -> dict[str, Any]:
    return load_misty1_vectors()


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """A Random seeded from RANDOM_SEED and the test's name (independent of test order)."""
    return random.Random(f"{RANDOM_SEED}:{request.node.nodeid}")
