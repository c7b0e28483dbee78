"""The effect vocabulary: frozen values whose canonical text is their ``str``.

An ability is a trigger and an effect. Effects nest in three levels, and the levels are what
keep the text unambiguous (so that parsing ``str(effect)`` gives ``effect`` back):

- a *clause* is one verb phrase: ``Gain 2 Gold``, ``draw a card``, ``you may scrap a card in
  your hand``;
- a *chain* joins clauses in one sentence with "and" (``And``), ", then" (``Then``) or "or"
  (``Choice``); a chain never holds another chain;
- a *sentence* is a clause, a chain, or ``If <condition>, <chain>``; a ``Sequence`` is two or
  more sentences.

Values hold ids (resource, faction and card type ids), never display names, so that they
compare by meaning. Rendering needs the names: ``effect.text(vocab)`` renders with any
``Vocabulary``, and ``str(effect)`` renders with the vocabulary the parser captured in the
value (``vocab``, which like ``pos`` takes no part in comparison). Without a captured
vocabulary, ids are shown as they are.

The installed package is compiled with mypyc (``hatch_build.py`` compiles every module of this
package, a new one too), so its classes keep to what mypyc compiles the same as Python runs
it: no class attribute in a class body (``separator = ": "``, even as a ``ClassVar``: mypyc
would make it a dataclass field), a property instead (``Trigger.separator``); a field is
typed as widely as its check in ``__post_init__`` allows (compiled, a value of a type the field
does not declare is refused with a TypeError before the check runs: ``Conditional.effect``);
a dataclass that is not a ``Node`` and crosses processes says how it pickles
(``cardkit.frozen``).
``tests/test_compiled.py`` checks the first rule and the pickling of parsed values; an effect
class written in Python elsewhere (``cardkit/sim/coremoves.py``) needs nothing more than before.
"""

from __future__ import annotations

from cardkit.effects.abilities import (
    ON_BANISH,
    PRIMARY,
    Ability,
    AbilityCost,
    Bond,
    OnBanish,
    Primary,
    Trigger,
    walk,
)
from cardkit.effects.board import (
    ACTIONS,
    SCOPES,
    STATES,
    Cannot,
    CreateCard,
    DealDamage,
    GrantKeyword,
    KeywordUse,
    ModifyStat,
    OpponentDiscardsKinds,
    PutIntoPlay,
    Reveal,
    Scope,
    SetStat,
    TakeControl,
)
from cardkit.effects.combinators import (
    And,
    AtEndOf,
    Chain,
    Choice,
    Condition,
    Conditional,
    IfYouDo,
    InPlay,
    Sentence,
    Sequence,
    Then,
)
from cardkit.effects.deckbuilding import (
    AcquireFree,
    BanishCards,
    BanishedThisTurn,
    CopyAnother,
    Counted,
    DestroyTarget,
    Discard,
    DiscardedThisWay,
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
    Place,
    PlayOnlyDuring,
    PutBackIntoPlay,
    PutInto,
    RemoveCounters,
    ReplaceAll,
)
from cardkit.effects.node import (
    NUMBER_WORDS,
    Clause,
    Effect,
    Node,
    Pos,
    number_word,
)
from cardkit.effects.registry import (
    CLAUSES,
    EFFECTS,
)
from cardkit.effects.zones import (
    DECK,
    TOP_OF,
    Destination,
    Zone,
    zone_words,
)

__all__ = [
    "ACTIONS",
    "CLAUSES",
    "DECK",
    "EFFECTS",
    "NUMBER_WORDS",
    "ON_BANISH",
    "PRIMARY",
    "SCOPES",
    "STATES",
    "TOP_OF",
    "Ability",
    "AbilityCost",
    "AcquireFree",
    "And",
    "AtEndOf",
    "BanishCards",
    "BanishedThisTurn",
    "Bond",
    "Cannot",
    "Chain",
    "Choice",
    "Clause",
    "Condition",
    "Conditional",
    "CopyAnother",
    "Counted",
    "CreateCard",
    "DealDamage",
    "Destination",
    "DestroyTarget",
    "Discard",
    "DiscardedThisWay",
    "Draw",
    "DrawKind",
    "Effect",
    "EndSpan",
    "EveryFaction",
    "ForEach",
    "Gain",
    "GainPerCost",
    "GrantKeyword",
    "IfYouDo",
    "InPlay",
    "Joins",
    "KeywordUse",
    "MakeAttack",
    "MayBeTargeted",
    "ModifyStat",
    "MoveCards",
    "MoveWithout",
    "NextAcquireOnTop",
    "Node",
    "OnBanish",
    "OpponentDiscards",
    "OpponentDiscardsKinds",
    "Place",
    "PlayOnlyDuring",
    "Pos",
    "Primary",
    "PutBackIntoPlay",
    "PutFromDiscardOnTop",
    "PutInto",
    "PutIntoPlay",
    "PutOnTop",
    "RemoveCounters",
    "ReplaceAll",
    "Reveal",
    "Scope",
    "Sentence",
    "Sequence",
    "SetStat",
    "Special",
    "TakeControl",
    "Then",
    "Trigger",
    "Zone",
    "number_word",
    "walk",
    "zone_words",
]

# Every module of the package, those __init__ takes no name from too: loaded before the line
# below (tests/test_compiled.py checks that importing the package loads them all).
from cardkit.effects import core as core
from cardkit.effects import spans as spans

if "__slots__" not in vars(Node):
    # Compiled by mypyc (hatch_build.py), Node holds pos and vocab in fields of its C struct
    # and has no __slots__. Said once every compiled class of the package is made (mypyc makes
    # no class under a base with __slots__), so that a dataclass with slots=True subclassing
    # Node in Python (cardkit/sim/coremoves.py, a test's) uses those fields, as it does
    # uncompiled, and adds no slots of its own that compiled code would never read.
    setattr(Node, "__slots__", ("pos", "vocab"))  # noqa: B010 (mypy: no __slots__ to assign)
