"""Keyword checks: each keyword a text uses is one the game declares, with the parameters it
declares, on a card type it may appear on, agreeing with the field it stands for.

CK103 (unknown keyword) comes from the parser (see ``context.py``); the others are here.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.effects import GrantKeyword, KeywordUse
from cardkit.inflect import article
from cardkit.model import Card, Game, Keyword, KeywordParam
from cardkit.rules.context import CheckContext, ParsedLine


def keyword_uses(
    context: CheckContext, lines: list[ParsedLine], *, granted: bool = True
) -> Iterator[tuple[ParsedLine, KeywordUse]]:
    """Every keyword written in a card's parsed lines, with its line; without ``granted``,
    only the card's own (not those it gives other cards: "Target unit gains Stealth")."""
    for parsed in lines:
        nodes = context.nodes(parsed)
        given = {id(n.keyword) for n in nodes if isinstance(n, GrantKeyword)}
        for node in nodes:
            if isinstance(node, KeywordUse) and (granted or id(node) not in given):
                yield parsed, node


def _column(use: KeywordUse) -> int:
    return use.pos.column if use.pos else 1


def arg_columns(text: str, use: KeywordUse) -> list[int]:
    """The 1-based column of each parameter of ``use`` in its line ``text``."""
    opening = text.find("(", _column(use) - 1)
    if opening < 0:
        return []
    columns, at = [], opening + 1
    for _ in use.args:
        while at < len(text) and text[at] in " \t{}":
            at += 1
        columns.append(at + 1)
        while at < len(text) and text[at] not in "/)":
            at += 1
        at += 1
    return columns


def _param_problem(arg: int | str, param: KeywordParam, game: Game, names: set[str]) -> str:
    """What is wrong with ``arg`` as ``param`` ('' when nothing)."""
    if param.kind == "integer":
        if not isinstance(arg, int):
            return f"must be a whole number, not {arg!r}"
        if param.minimum is not None and arg < param.minimum:
            return f"must be at least {param.minimum}, not {arg}"
        if param.maximum is not None and arg > param.maximum:
            return f"must be at most {param.maximum}, not {arg}"
        return ""
    table = {
        "faction": [f.name for f in game.factions.values()],
        "resource": [r.name for r in game.resources.values()],
        "card": sorted(names),
    }.get(param.kind)
    if table is None or str(arg).casefold() in {t.casefold() for t in table}:
        return ""
    return f"must name a {param.kind} of the game, not {arg!r}{did_you_mean(str(arg), table)}"


def _choices(param: KeywordParam, game: Game) -> list[str] | None:
    """The names a parameter naming a faction or resource may take (None: any value)."""
    if param.kind == "faction":
        return [f.name for f in game.factions.values()]
    if param.kind == "resource":
        return [r.name for r in game.resources.values()]
    return None


def _takes(param: KeywordParam, game: Game) -> str:
    """What ``param`` takes, as a hint says it: 'a whole number from 1 to 6'."""
    if param.kind == "integer":
        low, high = param.minimum, param.maximum
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number of at least {low}"
        if high is not None:
            return f"a whole number of at most {high}"
        return "a whole number"
    choices = _choices(param, game)
    if choices is not None:
        listed = ", ".join(map(repr, choices)) if choices else "none"
        return f"one of the game's {param.kind}s ({listed})"
    return "the name of a card of the set" if param.kind == "card" else f"a {param.kind}"


def _param_hint(arg: int | str, param: KeywordParam, game: Game) -> str:
    """What to write in place of a parameter that is wrong: a placeholder written as is
    ('Transport(x)') is told so; anything else, what the parameter takes."""
    takes = _takes(param, game)
    if isinstance(arg, str) and arg.strip().casefold() == param.name.casefold():
        return f"{arg!r} is a placeholder: write {takes} in its place"
    return f"write {takes}"


def _signature(keyword: Keyword) -> str:
    if not keyword.params:
        return keyword.name
    return f"{keyword.name}({'/'.join(p.name for p in keyword.params)})"


def _check_params(
    context: CheckContext, card: Card, parsed: ParsedLine, use: KeywordUse, keyword: Keyword
) -> Iterator[Diagnostic]:
    where = f"in rules text of {card.id!r}"
    params, args = keyword.params, use.args
    hint = f"write it as {_signature(keyword)!r}"
    if params:
        hint += " with " + " and ".join(
            f"{p.name} {_takes(p, context.card_set.game)}" for p in params
        )
    if len(args) != len(params):
        if not params:
            problem = "takes no parameters"
        elif len(args) < len(params):
            missing = ", ".join(repr(p.name) for p in params[len(args) :])
            problem = f"is missing parameter {missing}"
        else:
            problem = f"takes {len(params)} parameter{'s' * (len(params) > 1)}, not {len(args)}"
        yield error(
            "CK104",
            f"keyword {keyword.name!r} {problem} {where}",
            context.at(card, parsed.line, _column(use)),
            card=card.id,
            hint=hint,
        )
        return
    names = {c.name for c in context.card_set.cards}
    for arg, param, column in zip(args, params, arg_columns(parsed.text, use), strict=False):
        problem = _param_problem(arg, param, context.card_set.game, names)
        if problem:
            yield error(
                "CK104",
                f"parameter {param.name!r} of keyword {keyword.name!r} {problem} {where}",
                context.at(card, parsed.line, column),
                card=card.id,
                hint=_param_hint(arg, param, context.card_set.game),
            )


def check_keyword_params(context: CheckContext) -> list[Diagnostic]:
    """CK104: a keyword's parameters against its declaration."""
    keywords = context.card_set.game.keywords
    found: list[Diagnostic] = []
    for card in context.card_set.cards:
        for parsed, use in keyword_uses(context, context.parsed.get(card.id, [])):
            if use.keyword in keywords:
                found += _check_params(context, card, parsed, use, keywords[use.keyword])
    return found


def check_keyword_cards(context: CheckContext) -> list[Diagnostic]:
    """CK105/CK106/CK107: keywords against the card's type and the field they stand for."""
    game = context.card_set.game
    found: list[Diagnostic] = []
    for card in context.card_set.cards:
        written: set[str] = set()
        for parsed, use in keyword_uses(context, context.parsed.get(card.id, []), granted=False):
            keyword = game.keywords.get(use.keyword)
            if keyword is None:
                continue
            written.add(keyword.id)
            at = context.at(card, parsed.line, _column(use))
            type_name = game.card_types[card.type].name.lower()
            if keyword.card_types and card.type not in keyword.card_types:
                allowed = " or ".join(game.card_types[t].name.lower() for t in keyword.card_types)
                found.append(
                    error(
                        "CK105",
                        f"keyword {keyword.name!r} on {article(type_name)}: it may appear only "
                        f"on {article(allowed)}, in rules text of {card.id!r}",
                        at,
                        card=card.id,
                        hint=f"remove {keyword.name!r} from the text, or change the card's type",
                    )
                )
                continue
            spec = game.card_types[card.type].field(keyword.field) if keyword.field else None
            if spec is not None and card.get(spec.name) is not True:
                found.append(
                    error(
                        "CK106",
                        f"rules text says {keyword.name!r} but the card does not set "
                        f"'{spec.name}: true', in rules text of {card.id!r}",
                        at,
                        card=card.id,
                        hint=f"set '{spec.name}: true', or remove {keyword.name!r} from the text",
                    )
                )
        found += _missing_keywords(context, card, written)
        found += _granted_to_wrong_type(context, card)
    return found


def _granted_to_wrong_type(context: CheckContext, card: Card) -> Iterator[Diagnostic]:
    """CK105 for "Target unit gains Walled" when Walled may appear only on forts."""
    game = context.card_set.game
    for parsed in context.parsed.get(card.id, []):
        for node in context.nodes(parsed):
            if not isinstance(node, GrantKeyword):
                continue
            keyword = game.keywords.get(node.keyword.keyword)
            group = game.card_groups.get(node.what)
            members = group.card_types if group is not None else (node.what,)
            if keyword is None or not keyword.card_types or set(members) <= set(keyword.card_types):
                continue
            allowed = " or ".join(game.card_types[t].name.lower() for t in keyword.card_types)
            target = (
                game.card_types[node.what].name.lower()
                if node.what in game.card_types
                else group.name.lower()
                if group is not None
                else node.what
            )
            yield error(
                "CK105",
                f"keyword {keyword.name!r} granted to a {target}: it may appear only on "
                f"a {allowed}, in rules text of {card.id!r}",
                context.at(card, parsed.line, _column(node.keyword)),
                card=card.id,
                hint=f"grant it to a {allowed}, or grant another keyword",
            )


def _missing_keywords(context: CheckContext, card: Card, written: set[str]) -> Iterator[Diagnostic]:
    for keyword in context.card_set.game.keywords.values():
        if not keyword.text_required or keyword.field is None or keyword.id in written:
            continue
        if card.get(keyword.field) is True and (
            not keyword.card_types or card.type in keyword.card_types
        ):
            yield error(
                "CK107",
                f"the card sets '{keyword.field}: true' but its rules text lacks "
                f"{keyword.name!r}, which the game requires in {card.id!r}",
                card.location(keyword.field),
                card=card.id,
                hint=f"add the line '{_signature(keyword)}.' to the text",
            )
