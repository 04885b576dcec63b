"""``split_top_level`` (frontend/llparse.py) splits text without brackets or quotes at once; with them,
character by character. Both ways must give the same parts."""

from __future__ import annotations

import random

from cryptohls.frontend.llparse import split_nested, split_top_level


def test_plain_text_splits_as_nested_text_would():
    assert split_top_level("line: 3, column: 5, scope: !7") == ["line: 3", "column: 5", "scope: !7"]
    assert split_top_level("a,, b ,") == ["a", "", "b"]          # inner empty parts kept, a last one not
    assert split_top_level("") == [] and split_top_level(" , ") == [""]
    assert split_top_level("ptr @g, i64 0", " ") == ["ptr", "@g,", "i64", "0"]
    assert split_top_level('name: "a, b", type: !{!1, !2}') == ['name: "a, b"', "type: !{!1, !2}"]


def test_the_fast_path_agrees_with_the_character_loop():
    rng = random.Random(38)
    for _ in range(3000):
        text = "".join(rng.choice('ab ,:"()[]{}<>!1') for _ in range(rng.randint(0, 10)))
        plain = "".join(c for c in text if c not in '"()[]{}<>')
        # a bracket forces the character loop; the same text without brackets takes the fast path,
        # and must split as the loop splits it (the loop is the reference: brackets guard nothing there)
        assert split_top_level(plain) == split_nested(plain)
        assert split_top_level(text) == split_nested(text)

