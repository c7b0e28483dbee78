"""Per-card ``suppress``: codes a designer has looked at and chosen to silence on one card.

A card's ``suppress: [CK140, ...]`` removes the diagnostics of those codes that are about that
card. A code that does not exist is an error (CK150: a misspelt code would silence nothing);
a code that no longer fires on the card is a warning (CK151), so suppressions do not outlive
the problem they were written for. The codes about ``suppress`` itself cannot be suppressed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from cardkit.diagnostics import CODES, Diagnostic, did_you_mean, error, warning
from cardkit.model import CardSet

UNSUPPRESSIBLE: frozenset[str] = frozenset({"CK150", "CK151"})
COPY_A_CODE = (
    "copy the code from a diagnostic of the card: the 'CK' and three digits in brackets, "
    "as in 'warning[CK140]'"
)
FIRST_RULES_CODE = "CK100"  # below it: files, YAML, fields (what leaves a card out)


def apply_suppressions(
    card_set: CardSet, found: Iterable[Diagnostic], *, ran: Collection[str] | None = None
) -> list[Diagnostic]:
    """``found`` less the diagnostics its cards suppress, plus CK150/CK151 about ``suppress``.

    ``ran``: the codes the command's checks can report (None: every code). A suppressed code
    outside it is not stale, only not checked by this command (``cardkit validate`` does not
    run the simulator's checks, say).
    """
    wanted, problems = _wanted(card_set)
    kept: list[Diagnostic] = []
    fired: set[tuple[str, str]] = set()
    for diag in found:
        if diag.card is not None and diag.code in wanted.get(diag.card, ()):
            fired.add((diag.card, diag.code))
            continue
        kept.append(diag)
    for card in card_set.cards:
        for index, code in enumerate(card.strings("suppress")):
            if ran is not None and code not in ran:
                continue
            if code in wanted.get(card.id, ()) and (card.id, code) not in fired:
                problems.append(
                    warning(
                        "CK151",
                        f"suppress lists {code} but {code} does not fire on card {card.id!r}",
                        card.location("suppress", index),
                        card=card.id,
                        hint=f"remove {code} from the card's suppress list",
                    )
                )
    return sorted([*kept, *problems], key=lambda d: d.sort_key)


def drop_suppressed(card_set: CardSet, found: Iterable[Diagnostic]) -> list[Diagnostic]:
    """``found`` less the diagnostics its cards suppress, and nothing said about ``suppress``
    itself: for commands that warn of what ``cardkit validate`` checks (``cardkit build``)."""
    wanted, _ = _wanted(card_set)
    return [d for d in found if d.card is None or d.code not in wanted.get(d.card, ())]


def _wanted(card_set: CardSet) -> tuple[dict[str, set[str]], list[Diagnostic]]:
    """The codes each card suppresses, by card id; and CK150 for each it cannot.

    A flawed card (``CardSet.flawed``) suppresses rules codes only: its own field errors
    say why it is left out of the set, and no suppress list may hide that.
    """
    wanted: dict[str, set[str]] = {}
    problems: list[Diagnostic] = []
    loaded = {id(card) for card in card_set.cards}
    for card in (*card_set.cards, *card_set.flawed):
        for index, code in enumerate(card.strings("suppress")):
            where = card.location("suppress", index)
            if code not in CODES:
                problems.append(
                    error(
                        "CK150",
                        f"suppress names unknown code {code!r}"
                        f"{did_you_mean(code, CODES, cutoff=0.8)} on card {card.id!r}",
                        where,
                        card=card.id,
                        hint=COPY_A_CODE,
                    )
                )
            elif code in UNSUPPRESSIBLE:
                problems.append(
                    error(
                        "CK150",
                        f"{code} is about 'suppress' itself and cannot be suppressed "
                        f"on card {card.id!r}",
                        where,
                        card=card.id,
                        hint=f"remove {code} from the list",
                    )
                )
            elif id(card) in loaded or code >= FIRST_RULES_CODE:
                wanted.setdefault(card.id, set()).add(code)
    return wanted, problems
