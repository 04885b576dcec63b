"""The induction's time follows `cryptohls verify --timeout` (issue 38): it was capped at 120 s whatever
the limit, so a long --timeout (colm0-aes128/hls at 900 s) gave the unbounded attempt no more time."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cryptohls.verify import relational


class _Stop(Exception):
    pass


@pytest.mark.parametrize("timeout_s", [40, 900, 4000])
def test_decide_gives_the_induction_a_quarter_of_the_timeout(monkeypatch, tmp_path, timeout_s):
    asked = []

    def fake_induction(model, smt, next_, start, seconds, inputs=None):
        asked.append(seconds)
        raise _Stop

    # no miter needed: decide's model, cone and first state stubbed, the induction's budget recorded
    monkeypatch.setattr(relational, "Model", lambda smt, name: SimpleNamespace(inputs={}))
    monkeypatch.setattr(relational, "cone", lambda model, output: {})
    monkeypatch.setattr(relational, "ConeModel", lambda model, next_: SimpleNamespace(next=next_))
    monkeypatch.setattr(relational, "shared_start", lambda model, smt: {})
    monkeypatch.setattr(relational, "induction", fake_induction)
    with pytest.raises(_Stop):
        relational.decide("", 8, timeout_s, tmp_path)
    assert asked == [timeout_s / 4]
