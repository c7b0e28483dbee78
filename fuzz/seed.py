"""Write the seed corpora the harnesses start from, and the rules-text dictionary.

    python fuzz/seed.py fuzz/corpus

corpus/rules/ holds every line of rules text in cards/; corpus/loader/ every card file
and game.yaml of tests/fixtures/ and cards/ (the first byte picks how the harness reads
the rest: 0 .yaml, 1 .csv, 2 .xlsx, 3 game.yaml). rules.dict lists the words and marks
of the sample rules text, for libFuzzer's -dict option.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

from cardkit.load.cards import load_card_set

ROOT = Path(__file__).resolve().parent.parent
KIND = {".yaml": 0, ".yml": 0, ".csv": 1, ".xlsx": 2}


def _put(folder: Path, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main(out: Path) -> None:
    words: set[str] = set()
    sources = [ROOT / "cards", ROOT / "tests" / "fixtures"]
    for base in sources:
        for path in sorted(base.rglob("*")):
            if not path.is_file() or path.suffix.lower() not in KIND:
                continue
            data = path.read_bytes()
            kind = 3 if path.name == "game.yaml" else KIND[path.suffix.lower()]
            _put(out / "loader", bytes([kind]) + data)
    for game in sorted((ROOT / "cards").iterdir()):
        card_set, _ = load_card_set(game)
        for card in card_set.cards if card_set else ():
            for line in card.text.splitlines():
                _put(out / "rules", line.encode("utf-8"))
                words.update(re.findall(r"[A-Za-z]+|[^\sA-Za-z0-9]", line))
    entries = sorted(words)
    (out / "rules.dict").write_text(
        "".join(f'"{w}"\n' for w in entries if '"' not in w and "\\" not in w), encoding="utf-8"
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "fuzz" / "corpus")
