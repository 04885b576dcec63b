"""cryptohls.sim.lwc_driver.check_do: the key-word check on do (a key word is an error unless it is the
expected word at that position: a published plaintext may hold key bytes, and DEC releases it).

pytest tests/sim/test_lwc_check_do.py
"""

from __future__ import annotations

import pytest

from cryptohls.sim.lwc_driver import check_do

KEY = bytes(range(16))          # words 00010203, 04050607, 08090A0B, 0C0D0E0F


def test_a_published_plaintext_word_equal_to_a_key_word_passes():
    expected = [(0x00010203, False), (0xE0000000, True)]
    check_do(list(expected), expected, [KEY])


def test_a_key_word_where_another_word_was_expected_fails():
    expected = [(0x11111111, False), (0xE0000000, True)]
    with pytest.raises(AssertionError, match="is a key word"):
        check_do([(0x04050607, False), (0xE0000000, True)], expected, [KEY])


def test_a_key_word_past_the_expected_words_fails():
    with pytest.raises(AssertionError, match="is a key word"):
        check_do([(0xE0000000, True), (0x08090A0B, False)], [(0xE0000000, True)], [KEY])
