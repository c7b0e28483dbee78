"""File names made from card data never leave their folder."""

from __future__ import annotations

import pytest

from cardkit.export.filenames import back_file_name, safe_file_stem


@pytest.mark.parametrize("name", ["blob-miner", "scout", "v2.1", "a_b", "x" * 100])
def test_ids_are_their_own_file_names(name: str) -> None:
    assert safe_file_stem(name) == name


@pytest.mark.parametrize(
    "name", ["", "..", "../x", "a/b", "a\\b", ".hidden", "Blob Miner", "x" * 101, "a..b", "nul\0"]
)
def test_anything_else_becomes_a_hash_name(name: str) -> None:
    stem = safe_file_stem(name)
    assert stem.startswith("card-") and len(stem) == 21
    assert stem == safe_file_stem(name)  # stable
    assert all(c.isalnum() or c == "-" for c in stem)


def test_backs_are_named_by_back_and_size() -> None:
    assert back_file_name("stone", "poker") == "back-stone-poker.png"
    assert back_file_name("", "token") == "back-_plain-token.png"
    assert back_file_name("../up", "poker").startswith("back-card-")
