"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

The whole ``cardkit validate`` command on cards whose rules text mostly does not parse.

Such a set is where the spell check (CK109) works hardest: every line that does not parse
has its words looked up, and the typos among them get a did-you-mean. The bench copies the
Star Realms game folder (without its cards) to a temporary folder, writes one card file of
generated cards -- ordinary card-game English the grammar does not take, with typos planted
in some lines and game jargon no dictionary knows -- and times ``python -m cardkit validate``
in a fresh process, as a user waits for it: wall time, and the command's CPU time (user +
system, which other work on a shared machine slows less). It times the cardkit this
interpreter imports (``-P``): run it with the compiled install to quote release figures, or
with PYTHONPATH=. for a working tree.

    python bench/spelling.py [--cards 2000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "cards" / "star-realms"
FACTIONS = ("blob", "machine-cult", "star-empire", "trade-federation")
NUMBERS = ("one", "two", "three", "four", "1", "2", "3", "5")
THINGS = ("card", "ship", "base", "creature", "unit", "program", "hero", "minion", "ally")
PLACES = ("hand", "deck", "discard pile", "trade row", "graveyard", "stack", "archives")
# Lines in the words other card games use; most of them the grammar does not take.
LINES = (
    "When you play this, trash a {thing} from your {place}.",
    "Whenever a {thing} enters play, each opponent loses {n} life.",
    "Exhaust this {thing}: Prevent the next {n} damage dealt to target {thing}.",
    "Sacrifice a {thing}: Destroy target {thing} with power {n} or less.",
    "Draw {n} cards, then put a card from your hand on the bottom of your {place}.",
    "Tap an untapped {thing} you control: Add {n} mana of any color.",
    "Your opponent reveals their hand and you choose a {thing} from it.",
    "Heal {n} damage from each friendly {thing} and gain {n} armor.",
    "Whenever an opponent discards a card, gain {n} Trade.",
    "At the start of your turn, look at the top {n} cards of your deck.",
    "Pay {n} Trade: Draw a card.",
    "Each other player discards down to {n} cards in hand.",
    "Return target {thing} to its owner's {place}.",
    "Reveal the top card of your deck. If it is a base, put it into your hand.",
    "Choose one: gain {n} Combat; or draw a card.",
    "You may trash up to {n} {thing}s from your {place}.",
    "If you played a base this turn, gain {n} Authority.",
    "Put a card from the trade row on top of your deck.",
    "Search your {place} for a {thing} of cost {n} or less and shuffle it.",
    "Installed cards cost {n} less to play this turn.",
    "This ship can't be blocked unless your opponent pays {n} Trade.",
    "Gain {n} Trade for each base you control.",
    "After the first time you scrap a card this turn, draw a card.",
    "Until end of turn, your ships get +{n} Combat.",
    "Subroutine: End the run unless the runner pays {n} credits.",
    "When this is rezzed, place {n} power counters on it.",
    "Quasarflux {n}: the Zorblak fleet surges forward.",
    "Gain {n} Combat.",
    "Draw a card.",
)


def _typo(word: str, rng: random.Random) -> str:
    """A realistic slip in ``word``: two letters swapped, one dropped or doubled, a vowel
    changed."""
    if len(word) < 4 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[: i - 1] + word[i] + word[i - 1] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    vowels = "aeiou"
    return word[:i] + rng.choice(vowels.replace(word[i], "")) + word[i + 1 :]


def _line(rng: random.Random) -> str:
    line = rng.choice(LINES).format(
        n=rng.choice(NUMBERS), thing=rng.choice(THINGS), place=rng.choice(PLACES)
    )
    if rng.random() < 0.3:  # a typo in one word of every third line or so
        words = line.split(" ")
        i = rng.randrange(len(words))
        words[i] = _typo(words[i], rng)
        line = " ".join(words)
    return line


def generate(folder: Path, cards: int) -> None:
    """The game folder without its cards, and one file of ``cards`` generated cards."""
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("frontiers"))
    for path in [*folder.glob("*.yaml"), *(folder / "trade-deck").glob("*.yaml")]:
        if path.name != "game.yaml":
            path.unlink()
    rng = random.Random(15)
    lines = ["cards:"]
    for i in range(cards):
        lines += [
            f"  - name: Generated Card {i}",
            f"    faction: {FACTIONS[i % 4]}",
            "    type: ship",
            "    deck: trade",
            f"    cost: {i % 9}",
            "    text: |-",
        ]
        lines += [f"      {_line(rng)}" for _ in range(1 + i % 3)]
    (folder / "generated.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def run(folder: Path) -> tuple[float, float, str]:
    """Seconds the whole command takes in a fresh process (wall, then CPU of the command), and
    its last line of output."""
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cardkit", "validate", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    return seconds, cpu, lines[-1] if lines else ""


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--cards", type=int, default=2000)
    options.add_argument("--keep", type=Path, help="write the game here and keep it")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp) / "game"
        if folder.exists():
            shutil.rmtree(folder)
        generate(folder, args.cards)
        seconds, cpu, summary = run(folder)
    print(
        f"cardkit validate, {args.cards} cards of mostly unparsed text: {seconds:.2f} s"
        f" ({cpu:.2f} s CPU)"
    )
    print(f"  ({summary})")


if __name__ == "__main__":
    main()
