"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Print-and-play build time against the floor, in one process, and PDF bytes per card.

The floor is ../shared/bench/floor_pdf.py: the least reportlab work for a deck (frame, title,
cost, three lines of text, one art image per unique card, crop marks, mirrored backs). It runs
here, in this process, on the same card counts as cardkit:

- the Star Realms deck (136 cards from cards/star-realms), against the floor with as many
  unique cards and about as many copies of each;
- 1,000 generated cards (250 unique Star Realms-style cards with their own art, 4 copies each),
  against the floor with 250 unique cards x 4 copies.

cardkit's time is ``build_deck``: layouts, icons and art loaded, text fitted, faces drawn,
sheets imposed, the PDF written. Loading the card files is timed apart (the floor has none).

    python bench/build.py [--repeat 5] [--floor ../shared/bench/floor_pdf.py]
"""

from __future__ import annotations

import argparse
import json
import runpy
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from cardkit.app.build import DECK_FILE, BuildOptions, build_deck
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "cards" / "star-realms"
FLOOR = REPO.parent / "shared" / "bench" / "floor_pdf.py"
if not FLOOR.is_file():
    FLOOR = Path("/work/shared/bench/floor_pdf.py")


def best(run: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs: this process's own time, so that other work on
    a shared machine does not blur the ratio as much as wall-clock time would."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def floor(script: Path, unique: int, copies: int, out: Path) -> None:
    saved = sys.argv
    sys.argv = [str(script), str(unique), str(copies), str(out)]
    try:
        runpy.run_path(str(script), run_name="__main__")
    finally:
        sys.argv = saved


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, found[:3]
    return card_set


PER_FILE = 1000  # cards per generated file


def generated_game(root: Path, unique: int, copies: int) -> Path:
    """A copy of the Star Realms game folder with ``unique`` new cards, each with art."""
    shutil.copytree(GAME, root, ignore=shutil.ignore_patterns("*.yaml", "trade-deck"))
    shutil.copy(GAME / "game.yaml", root / "game.yaml")
    sample = load(GAME).cards
    (root / "art").mkdir()
    lines = ["cards:"]
    for i in range(unique):
        if i and i % PER_FILE == 0:  # a card file holds at most 200,000 values (CK004)
            done = root / f"generated-{i // PER_FILE - 1:03}.yaml"
            done.write_text("\n".join(lines) + "\n", "utf-8")
            lines = ["cards:"]
        model = sample[i % len(sample)]
        colour = ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)
        Image.new("RGB", (300, 200), colour).save(root / "art" / f"card{i}.png")
        lines += [
            f"  - name: {model.name} Mk {i}",
            f"    id: card-{i}",
            f"    type: {model.type}",
            f"    deck: {model.deck}",
            f"    count: {copies}",
            f"    art: art/card{i}.png",
        ]
        if model.factions:
            lines.append(f"    faction: {model.factions[0]}")
        for field, value in sorted(model.values.items()):  # the type's own fields, as JSON
            if field not in ("name", "id", "type", "deck", "count", "art", "faction", "text"):
                lines.append(f"    {field}: {json.dumps(value)}")
        text = model.text.replace('"', '\\"').replace("\n", "\\n")
        lines.append(f'    text: "{text}"')
    last = root / f"generated-{(unique - 1) // PER_FILE:03}.yaml"
    last.write_text("\n".join(lines) + "\n", "utf-8")
    return root


def compare(
    name: str, card_set: CardSet, unique: int, copies: int, work: Path, args: argparse.Namespace
) -> None:
    out = work / name
    ours = best(lambda: build_deck(card_set, BuildOptions(output=out)), args.repeat)
    theirs = best(
        lambda: floor(args.floor, unique, copies, work / f"{name}-floor.pdf"), args.repeat
    )
    size = (out / DECK_FILE).stat().st_size
    floor_size = (work / f"{name}-floor.pdf").stat().st_size
    cards = card_set.total_copies
    print(f"{name}: {cards} cards ({len(card_set.cards)} unique); floor {unique * copies} cards")
    ratio = ours / theirs
    print(f"  cardkit build: {ours:.2f} s CPU   floor: {theirs:.2f} s CPU   ratio {ratio:.2f}x")
    print(f"  PDF bytes per card: cardkit {size / cards:,.0f}   floor {floor_size / cards:,.0f}")


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--floor", type=Path, default=FLOOR)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        start = time.perf_counter()
        star_realms = load(GAME)
        print(f"loading the Star Realms cards: {time.perf_counter() - start:.2f} s")
        unique = len(star_realms.cards)
        copies = max(1, round(star_realms.total_copies / unique))
        compare("star-realms", star_realms, unique, copies, work, args)
        generated = load(generated_game(work / "generated", 250, 4))
        compare("generated", generated, 250, 4, work, args)
    print("goal: ratio <= 1.5x")


if __name__ == "__main__":
    main()
