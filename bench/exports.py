"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Export speed: seconds per card for PNGs, the cache's speed-up, TTS and one-card-per-page PDFs.

Star Realms with a 1/8 in bleed, timed in one process:

- the print-and-play ``deck.pdf``, the baseline every ratio is against;
- ``--png`` into an empty folder (every card drawn and rasterised at 300 dpi), then again
  into the same folder (every card found in the cache), and once more after one card changed;
- ``--tts`` (deck sheets and JSON) and ``--single`` (one card per page).

    python bench/exports.py [--repeat 3] [--dpi 300]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from cardkit.app.build import BuildOptions, build_deck
from cardkit.export.png import build_pngs
from cardkit.export.png import images as jobs
from cardkit.export.single import build_single
from cardkit.export.tts import build_tts
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.units import parse_length

GAME = Path(__file__).resolve().parent.parent / "cards" / "star-realms"
BLEED = parse_length("0.125in")


def best(work: Callable[[Path], object], repeat: int, *, fresh: bool = True) -> float:
    """The fastest of ``repeat`` runs of ``work(folder)``, in seconds; ``fresh`` gives each
    run an empty folder, else all runs share one that a first, untimed run filled."""
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "out"
        if not fresh:
            work(folder)
        for _ in range(repeat):
            if fresh and folder.exists():
                shutil.rmtree(folder)
            start = time.perf_counter()
            work(folder)
            times.append(time.perf_counter() - start)
    return min(times)


def one_card_changed(card_set: CardSet) -> CardSet:
    first = card_set.cards[0]
    changed = replace(first, text=first.text + "\nDraw a card.")
    return replace(card_set, cards=(changed, *card_set.cards[1:]))


def one_changed(card_set: CardSet, dpi: float, repeat: int) -> float:
    """The fastest of ``repeat`` PNG exports in which one card changed since the last."""
    changed = one_card_changed(card_set)
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for _ in range(repeat):
            build_pngs(card_set, folder, bleed=BLEED, dpi=dpi)  # the old card back in place
            start = time.perf_counter()
            report = build_pngs(changed, folder, bleed=BLEED, dpi=dpi)
            times.append(time.perf_counter() - start)
            assert len(report.written) == 1, report.written
    return min(times)


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dpi", type=float, default=300.0)
    args = parser.parse_args()
    card_set, found = load_card_set(GAME, str(GAME))
    assert card_set is not None and not found, found[:3]
    cards = len(card_set.cards)
    images = len(jobs(card_set, card_set.cards))  # each card and each back

    def deck(folder: Path) -> object:
        return build_deck(card_set, BuildOptions(bleed=BLEED, output=folder))

    def pngs(folder: Path) -> object:
        return build_pngs(card_set, folder, bleed=BLEED, dpi=args.dpi)

    base = best(deck, args.repeat)
    cold = best(pngs, args.repeat)
    warm = best(pngs, args.repeat, fresh=False)
    redo = one_changed(card_set, args.dpi, args.repeat)
    tts = best(lambda folder: build_tts(card_set, folder), args.repeat)
    single = best(lambda folder: build_single(card_set, folder, bleed=BLEED), args.repeat)

    print(f"Star Realms: {cards} distinct cards, {card_set.total_copies} copies, 1/8 in bleed")
    print(f"deck.pdf (baseline):       {base:6.2f} s")
    per_image = cold / images * 1000
    print(
        f"--png, cold, {args.dpi:g} dpi:     {cold:6.2f} s  {per_image:6.1f} ms per image"
        f"  ({cold / base:.1f}x deck.pdf)"
    )
    print(
        f"--png, all cached:         {warm:6.2f} s  {warm / images * 1000:6.1f} ms per image"
        f"  (cache speed-up {cold / warm:.1f}x)"
    )
    print(f"--png, one card changed:   {redo:6.2f} s  (speed-up {cold / redo:.1f}x over cold)")
    print(f"--tts:                     {tts:6.2f} s  ({tts / base:.1f}x deck.pdf)")
    print(f"--single:                  {single:6.2f} s  ({single / base:.1f}x deck.pdf)")


if __name__ == "__main__":
    main()
