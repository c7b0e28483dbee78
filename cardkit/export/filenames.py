"""File names made from names in card data (card ids, sizes, backs), kept inside a folder."""

from __future__ import annotations

import hashlib
import re

PLAIN_BACK = "_plain"  # names the plain back in file names; no id starts with "_"
_SAFE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*")


def safe_file_stem(text: str) -> str:
    """``text`` when it is safe as a file name inside a folder; else a name made from its hash.

    Ids are validated when cards load; this is the last line of defence against a name such
    as '../x' writing outside the output folder.
    """
    if _SAFE_NAME.fullmatch(text) and len(text) <= 100:
        return text
    return "card-" + hashlib.sha256(text.encode()).hexdigest()[:16]


_RESERVED = ("back-", "card-")  # backs' files, and ids made from hashes


def front_file_name(card_id: str) -> str:
    """The image file of a card's front: ``<id>.png``, unless that name is another's.

    Backs are ``back-...`` and unsafe ids become ``card-<hash>``; an id that starts with
    either is written ``card-<id>.png``. No two ids, and no id and back, share a file.
    """
    stem = safe_file_stem(card_id)
    if stem == card_id and card_id.startswith(_RESERVED):
        stem = f"card-{card_id}"
    return f"{stem}.png"


def back_file_name(back_id: str, size_name: str) -> str:
    """The image file of a back at one card size: ``back-<back>-<size>.png``."""
    stem = safe_file_stem(back_id) if back_id else PLAIN_BACK
    return f"back-{stem}-{safe_file_stem(size_name)}.png"
