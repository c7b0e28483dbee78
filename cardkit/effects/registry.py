"""The closed vocabulary: every clause, and every effect, as explicit tables."""

from __future__ import annotations

from cardkit.effects.board import (
    Cannot,
    CreateCard,
    DealDamage,
    GrantKeyword,
    KeywordUse,
    ModifyStat,
    OpponentDiscardsKinds,
    PutIntoPlay,
    Reveal,
    SetStat,
    TakeControl,
)
from cardkit.effects.combinators import And, AtEndOf, Choice, Conditional, Sequence, Then
from cardkit.effects.deckbuilding import (
    AcquireFree,
    BanishCards,
    CopyAnother,
    DestroyTarget,
    Discard,
    Draw,
    EveryFaction,
    ForEach,
    Gain,
    GainPerCost,
    NextAcquireOnTop,
    OpponentDiscards,
    PutFromDiscardOnTop,
    PutOnTop,
    Special,
)
from cardkit.effects.moves import (
    DrawKind,
    EndSpan,
    Joins,
    MakeAttack,
    MayBeTargeted,
    MoveCards,
    MoveWithout,
    PlayOnlyDuring,
    PutBackIntoPlay,
    PutInto,
    RemoveCounters,
    ReplaceAll,
)
from cardkit.effects.node import Clause, Effect

CLAUSES: tuple[type[Clause], ...] = (
    Gain,
    GainPerCost,
    Draw,
    Discard,
    OpponentDiscards,
    BanishCards,
    AcquireFree,
    DestroyTarget,
    NextAcquireOnTop,
    PutFromDiscardOnTop,
    CopyAnother,
    EveryFaction,
    Special,
    ForEach,
    KeywordUse,
    CreateCard,
    DealDamage,
    PutOnTop,
    GrantKeyword,
    ModifyStat,
    Cannot,
    SetStat,
    Reveal,
    TakeControl,
    OpponentDiscardsKinds,
    PutIntoPlay,
    PutInto,
    PutBackIntoPlay,
    MoveCards,
    RemoveCounters,
    EndSpan,
    DrawKind,
    Joins,
    MakeAttack,
    MayBeTargeted,
    MoveWithout,
    PlayOnlyDuring,
    ReplaceAll,
)
"""The closed vocabulary of clauses."""

EFFECTS: tuple[type[Effect], ...] = (
    *CLAUSES,
    And,
    Then,
    Choice,
    Conditional,
    AtEndOf,
    Sequence,
)
"""Every kind of effect."""
