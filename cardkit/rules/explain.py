"""A card's rules text as an indented tree of its effects: what the parser understood."""

from __future__ import annotations

from cardkit.effects import (
    Ability,
    AbilityCost,
    And,
    AtEndOf,
    Bond,
    Choice,
    Conditional,
    CreateCard,
    Effect,
    ForEach,
    KeywordUse,
    OnBanish,
    Primary,
    Sequence,
    Special,
    Then,
    Trigger,
)
from cardkit.effects.core import Costs
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.model import Card, Game
from cardkit.rules.parser import rules_parser

INDENT = "  "


def _trigger(trigger: Trigger, vocab: Vocabulary) -> str:
    if isinstance(trigger, Primary):
        return "primary"
    if isinstance(trigger, OnBanish):
        return vocab.removal_verb()  # the game's word: "scrap"
    if isinstance(trigger, Bond):
        name = vocab.faction(trigger.faction)
        count = 2 if trigger.double else 1
        label = (vocab.label_text("bond", count) or "").lower() or (
            "double {faction} bond" if trigger.double else "{faction} bond"
        )
        said = label.replace("{faction}", name)
        if trigger.double:
            return f"{said} (two other {name} cards in play)"
        return f"{said} (another {name} card in play)"
    if isinstance(trigger, AbilityCost):
        paid = " and ".join(f"{n} {vocab.resource(r)}" for r, n in trigger.costs)
        return f"activated: pay {paid} from the card ({trigger.label(vocab)})"
    if isinstance(trigger, Costs):
        return f"cost: {trigger.label(vocab)}"
    # a label of the game's own ('Forced', 'Subroutine', 'Trace 3 - If successful'), perhaps
    # with a cost after it or under another label: every other trigger says its words
    return f"labelled: {trigger.label(vocab)}"


def effect_tree(effect: Effect, vocab: Vocabulary, depth: int = 0) -> list[str]:
    """The lines of ``effect``'s tree, each indented by its depth."""
    pad = INDENT * depth
    children: tuple[Effect, ...]
    if isinstance(effect, Sequence):
        label, children = "in order", effect.effects
    elif isinstance(effect, And):
        label, children = "all of", effect.effects
    elif isinstance(effect, Then):
        label, children = "one after another", effect.effects
    elif isinstance(effect, Choice):
        label, children = "choose one", effect.options
    elif isinstance(effect, Conditional):
        label, children = f"if {effect.condition.phrase(vocab)}", (effect.effect,)
    elif isinstance(effect, AtEndOf):
        when = "this turn" if effect.this_turn else f"this {vocab.span(effect.duration)}"
        label, children = f"at the end of {when} (delayed)", (effect.effect,)
    elif isinstance(effect, ForEach):
        label, children = f"for each {effect.counted.phrase(vocab)}", (effect.effect,)
    elif isinstance(effect, Special):
        return [f"{pad}special {effect.key!r}: {effect.phrase(vocab)}"]
    elif isinstance(effect, KeywordUse):
        return [f"{pad}keyword {effect.phrase(vocab)}"]
    elif isinstance(effect, CreateCard):
        return [f"{pad}{effect.phrase(vocab)} (card {effect.name!r})"]
    else:
        return [pad + effect.phrase(vocab)]
    lines = [pad + label]
    for child in children:
        lines += effect_tree(child, vocab, depth + 1)
    return lines


def ability_tree(ability: Ability, vocab: Vocabulary, depth: int = 0) -> list[str]:
    lines = [INDENT * depth + _trigger(ability.trigger, vocab)]
    return lines + effect_tree(ability.effect, vocab, depth + 1)


def explain(card: Card, game: Game) -> str:
    """The card's name and kind, then each line of its text with the tree it parses to."""
    parser = rules_parser(game)
    vocab = parser.vocab
    kind = game.card_types[card.type].name if card.type in game.card_types else card.type
    factions = [vocab.faction(f) for f in card.factions]
    lines = [f"{card.name} ({', '.join([kind.lower(), *factions])})"]
    text_lines = [line for line in card.text.split("\n") if line.strip()]
    if not text_lines:
        lines.append(INDENT + "(no rules text)")
    for text in text_lines:
        lines.append(INDENT + text.strip())
        try:
            ability = parser.parse_ability(text)
        except RulesTextError as exc:
            lines.append(INDENT * 2 + f"! does not parse: {exc}")
            continue
        lines += ability_tree(ability, vocab, 2)
    return "\n".join(lines) + "\n"
