"""The grammar of rules text: grammar.lark as shipped (it knows no game), and the terminals and
rules that one game's vocabulary and phrasing append to it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from importlib.resources import files
from typing import Any

from cardkit.effects import ACTIONS, NUMBER_WORDS, STATES
from cardkit.effects.deckbuilding import EVERY_FACTION_TEXT
from cardkit.effects.forms import Piece, pieces
from cardkit.effects.vocab import Vocabulary, inflect
from cardkit.inflect import plural_noun

GRAMMAR_FILE = "grammar.lark"
STARTS = ("card_text", "ability")

# The core verbs of card games: (as written alone or after "you", after "each player", after
# "is" or "have"). A game adds its own (game.yaml 'phrasing: verbs').
CORE_VERBS: tuple[tuple[str, str, str], ...] = (
    ("acquire", "acquires", "acquired"),
    ("add", "adds", "added"),
    ("buy", "buys", "bought"),
    ("choose", "chooses", "chosen"),
    ("destroy", "destroys", "destroyed"),
    ("discard", "discards", "discarded"),
    ("draw", "draws", "drawn"),
    ("gain", "gains", "gained"),
    ("get", "gets", "got"),
    ("give", "gives", "given"),
    ("have", "has", "had"),
    ("heal", "heals", "healed"),
    ("look at", "looks at", "looked at"),
    ("look through", "looks through", "looked through"),
    ("lose", "loses", "lost"),
    ("mill", "mills", "milled"),
    ("name", "names", "named"),
    ("pass", "passes", "passed"),
    ("pay", "pays", "paid"),
    ("place", "places", "placed"),
    ("play", "plays", "played"),
    ("prevent", "prevents", "prevented"),
    ("put", "puts", "put"),
    ("return", "returns", "returned"),
    ("reveal", "reveals", "revealed"),
    ("search", "searches", "searched"),
    ("shuffle", "shuffles", "shuffled"),
    ("tap", "taps", "tapped"),
    ("untap", "untaps", "untapped"),
    ("take", "takes", "taken"),
    ("trigger", "triggers", "triggered"),
    ("leave", "leaves", "left"),
    ("enter", "enters", "entered"),
    ("die", "dies", "died"),
    ("win", "wins", "won"),
    ("finish", "finishes", "finished"),
    ("affect", "affects", "affected"),
    ("cost", "costs", "cost"),
    ("ignore", "ignores", "ignored"),
    ("create", "creates", "created"),
    ("deal", "deals", "dealt"),
    ("control", "controls", "controlled"),
    ("own", "owns", "owned"),
    ("remove", "removes", "removed"),
    ("respond", "responds", "responded"),
    ("make", "makes", "made"),
    ("attack", "attacks", "attacked"),
    ("block", "blocks", "blocked"),
    ("use", "uses", "used"),
    ("count", "counts", "counted"),
    ("spend", "spends", "spent"),
    ("go", "goes", "gone"),
    ("stay", "stays", "stayed"),
    ("break", "breaks", "broken"),
    ("steal", "steals", "stolen"),
    ("hold", "holds", "held"),
    ("keep", "keeps", "kept"),
    ("set", "sets", "set"),
    ("send", "sends", "sent"),
    ("split", "splits", "split"),
    ("find", "finds", "found"),
    ("become", "becomes", "become"),
    # a number or cost changed by an amount: "Reduce the damage by 1", "is lowered by 2"
    ("increase", "increases", "increased"),
    ("reduce", "reduces", "reduced"),
    ("lower", "lowers", "lowered"),
    ("raise", "raises", "raised"),
)
# Common English verbs of card text, regular in their forms (inflected like a game's own).
_REGULAR_VERBS = [
    "access",
    "activate",
    "advance",
    "allocate",
    "assign",
    "attach",
    "avoid",
    "bypass",
    "cancel",
    "change",
    "declare",
    "decrease",
    "defend",
    "distribute",
    "divide",
    "double",
    "equip",
    "exchange",
    "expose",
    "fail",
    "flip",
    "forfeit",
    "guess",
    "halve",
    "host",
    "increase",
    "protect",
    "raise",
    "receive",
    "reduce",
    "refresh",
    "repeat",
    "reset",
    "resolve",
    "rotate",
    "roll",
    "score",
    "select",
    "succeed",
    "suffer",
    "survive",
    "swap",
    "switch",
    "transform",
    "unlock",
    "view",
    "wait",
    "apply",
    "remain",
    "arrange",
    "identify",
    "reorder",
    "collect",
    "call",
    "pick",
    "replay",
    "follow",
    "skip",
    "move",
    "turn over",
]
# Core verbs whose base form starts a rule of its own (kept from the sample games' wording), so
# that only their other forms are generic verbs: "make a Force 2 attack". ("move" is a generic
# verb but before "... from target <place>", grammar.lark's MOVE.)
_REGULAR: tuple[tuple[str, str, str], ...] = tuple(
    (verb, *inflect(verb)) for verb in dict.fromkeys(_REGULAR_VERBS)
)
_OWN_RULES = frozenset({"make", "attack", "block"})
# Words that start what follows a clause, besides a verb's -ing form ("putting").
_TRAILERS = [
    "if",
    "unless",
    "until",
    "after",
    "before",
    "while",
    "where",
    "only",
    "but",
    "in response to",
    "in which",
    "during which",
    "without paying",
    "as",
    "instead of",
    "as long as",
    "as though",
    "as if",
    "except",
    "when",
    "whenever",
]


def grammar_text() -> str:
    """The game-independent grammar, as shipped in the package."""
    return files("cardkit.rules").joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def fold(text: str) -> str:
    """Words as the vocabulary tables key them: single spaces, casefolded."""
    return " ".join(text.split()).casefold()


def _words(name: str) -> str:
    return r"[ \t]+".join(re.escape(word).replace("/", r"\/") for word in name.split())


_END = r"(?![\w-])"
"""The end of a word, as every generated terminal ends."""


def _alternatives(names: Iterable[str]) -> str:
    """A regex matching any of ``names`` as whole words, in any case and spacing. The names
    are laid out as a trie ("d(?:raw|iscard)"), so that the lexer rejects a word at its
    first letters rather than trying every name in turn."""
    words = sorted({fold(name) for name in names if name.split()})
    if not words:
        return r"(?!x)x"  # a game without such names: a terminal that never matches
    return "(?:" + _trie(words) + r")(?![\w-])"


def _as_declared(names: Iterable[str]) -> str:
    """``_alternatives`` of a game's names of cards, but not where the grammar's own words
    stand: a card type named "Other" leaves "a Treasure other than Copper" its "other than"."""
    return r"(?!other[ \t]+than(?![\w-]))" + _alternatives(names)


def _joined(names: Iterable[str]) -> str:
    """A regex of one of ``names`` or several joined by "or"/"and" ("attack or block")."""
    one = _alternatives(names)
    return rf"{one}(?:[ \t]+(?:and\/or|or|and)[ \t]+{one})*"


def _trie(words: list[str]) -> str:
    """The regex of a trie of ``words`` (casefolded, single spaces), longest match first."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _branches(tree)


def _branches(node: dict[str, Any]) -> str:
    ends = "" in node
    parts = [
        _char(char) + _branches(child)
        for char, child in sorted(node.items(), key=lambda item: item[0])
        if char
    ]
    if not parts:
        return ""
    body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
    return f"(?:{body})?" if ends else body


def _char(char: str) -> str:
    if char == " ":
        return r"[ \t]+"
    return re.escape(char).replace("/", r"\/")


def ing(words: str) -> str:
    """A verb's -ing form ('put' -> 'putting', 'trash' -> 'trashing'), for the words after a
    clause (", putting it onto your deck")."""
    first, _, rest = words.partition(" ")
    tail = f" {rest}" if rest else ""
    lower = first.lower()
    if lower.endswith("ie"):
        form = first[:-2] + "ying"
    elif lower.endswith("e") and not lower.endswith("ee"):
        form = first[:-1] + "ing"
    elif re.search(r"(?:^|[^aeiou])[aeiou][bdgmnpt]$", lower) and len(lower) <= 4:
        form = first + first[-1] + "ing"
    else:
        form = first + "ing"
    return form + tail


def verb_forms(vocab: Vocabulary) -> tuple[tuple[str, str, str], ...]:
    """Every verb of the game: the core verbs and its own, each (base, -s form, participle)."""
    own = tuple((words, *own_forms(words)) for words, _, _ in vocab.verbs)
    return CORE_VERBS + _REGULAR + own


def own_forms(words: str) -> tuple[str, str]:
    """A game's verb inflected like the core verb it is or ends with ('set aside' -> 'sets
    aside', 'set aside'; 'overpay' -> 'overpays', 'overpaid'), else by the English rules."""
    first, _, rest = words.partition(" ")
    tail = f" {rest}" if rest else ""
    lower = first.lower()
    for base, s_form, ed in CORE_VERBS:
        if " " in base:
            continue
        prefix = lower[: len(lower) - len(base)]
        if lower.endswith(base) and prefix in ("", "over", "re", "un", "out", "mis"):
            return first[: len(prefix)] + s_form + tail, first[: len(prefix)] + ed + tail
    return inflect(words)


# -- declared forms with slots ---------------------------------------------------------------

SLOT_RULES: dict[str, str] = {
    "n": "slot_n",
    "resource": "slot_resource",
    "card type": "slot_card_type",
    "zone": "slot_zone",
    "card name": "slot_card_name",
    "keyword": "slot_keyword",
    "faction": "slot_faction",
    "factions": "slot_factions",
}
"""The grammar rule that reads each slot of a declared form (effects/forms.py)."""


def _literal_regex(text: str) -> str:
    parts = []
    for word in text.split():
        escaped = re.escape(word).replace("/", r"\/")
        parts.append(escaped)
    tail = r"(?![\w-])" if re.search(r"\w$", text) else ""
    return r"[ \t]+".join(parts) + tail


class _Terminals:
    """Literal terminals of declared forms, one per distinct text and slot after it (so two
    forms that start with the same words share them and the parser tells them apart later).

    Words between two slots look ahead to what the next slot takes and stand before every word
    of the core: the core's own terminal for the same word ("or" before a zone, "then", "per",
    ",") would otherwise win where a slot ends, and "Run {zone} or {zone}" could not be read."""

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.names: dict[tuple[str, str], str] = {}

    def name(self, text: str, slot: str = "") -> str:
        key = (fold(text), slot)
        if key not in self.names:
            self.names[key] = f"DECLARED_{len(self.names)}"
        return self.names[key]

    def lines(self) -> Iterator[str]:
        for (text, slot), name in self.names.items():
            if slot:
                ahead = slot_start(self.vocab, slot)
                yield f"{name}.6: /{_literal_regex(text)}(?=[ \\t{{}}]*(?:{ahead}))/i"
                continue
            # before a verb (VERB.1): "Break {n} subroutine" where "break" is a verb too;
            # words of several before the core's words: "Limit {n} per deck" ("per")
            yield f"{name}.{3 if ' ' in text else 2}: /{_literal_regex(text)}/i"


def slot_start(vocab: Vocabulary, slot: str) -> str:
    """A regex of how a slot's text starts (a superset), for the words before it to look
    ahead to."""
    if slot == "n":
        return rf"[+$\-\u2212\u2013]*[0-9]|{_alternatives(NUMBER_WORDS[1:])}"
    if slot == "resource":
        return _alternatives([n for _, n in vocab.resources] + [n for _, n in vocab.singulars])
    if slot == "card type":
        return _alternatives([n for _, n in vocab.kinds()] + [n for _, n in vocab.plural_names()])
    if slot == "zone":  # a few words of whose it is before the zone's name
        return r"(?:[\w'\u2019-]+[ \t]+){0,3}" + _alternatives(zone_names(vocab))
    if slot == "card name":
        return r"[\"\u201c]|(?-i:[A-Z])"
    if slot == "keyword":
        return _alternatives(name for _, name in vocab.keywords)
    return _alternatives(name for _, name in vocab.factions)


def _slot_symbol(piece: Piece) -> str:
    if piece.slot == "n":
        return {"+": "slot_plus", "$": "slot_dollar", "+$": "slot_plus_dollar"}.get(
            piece.text, "slot_n"
        )
    return SLOT_RULES[piece.slot]


def _rule(
    prefix: str, forms: list[str], terminals: _Terminals, indexes: list[int] | None = None
) -> list[str]:
    """'prefix: prefix_0 | prefix_1 ...' and one rule per declared form (named by the form's
    index in its table)."""
    if not forms:
        return [f"{prefix}: {prefix.upper()}_NONE", f"{prefix.upper()}_NONE: /(?!x)x/"]
    numbers = indexes if indexes is not None else list(range(len(forms)))
    lines = [f"{prefix}: " + " | ".join(f"{prefix}_{i}" for i in numbers)]
    for i, form in zip(numbers, forms, strict=True):
        parts = pieces(form)
        symbols = [
            _slot_symbol(p) if p.slot else terminals.name(p.text, _next_slot(parts, at))
            for at, p in enumerate(parts)
        ]
        lines.append(f"{prefix}_{i}: " + " ".join(symbols))
    return lines


def _next_slot(parts: tuple[Piece, ...], at: int) -> str:
    """The slot right after the words at ``at`` in a form, if they stand between two slots.
    (A form's first words stay as they were: a misspelt value after them, "Double Sea Fok
    Ally", is an error about the value, not text read another way.)"""
    if 0 < at < len(parts) - 1 and parts[at - 1].slot and parts[at + 1].slot:
        return parts[at + 1].slot
    return ""


def _alias_rule(name: str, prefix: str, indexes: list[int]) -> list[str]:
    """'name: prefix_i | ...' over rules that ``_rule`` made (a terminal that never matches
    when there are none)."""
    if not indexes:
        return [f"{name}: {name.upper()}_NONE", f"{name.upper()}_NONE: /(?!x)x/"]
    return [f"{name}: " + " | ".join(f"{prefix}_{i}" for i in indexes)]


def verb_labels(vocab: Vocabulary) -> dict[str, int]:
    """The game's labels that are one of its verbs alone ("Scrap"), by the verb, to their
    index: the grammar reads them as a cost clause of that verb, and the handler as the label."""
    bases = {fold(base) for base, _, _ in verb_forms(vocab)}
    return {
        fold(text): index
        for index, (_, text, _, _, _) in enumerate(vocab.labels)
        if fold(text) in bases
    }


def declared_rules(vocab: Vocabulary) -> str:
    """The rules for the game's declared labels, phrases and shorthand forms."""
    return _declared(vocab)[0]


def declared_words(vocab: Vocabulary) -> dict[str, str]:
    """The terminals of the game's declared forms, to the words each matches."""
    return {name: text for (text, _), name in _declared(vocab)[1].names.items()}


def _declared(vocab: Vocabulary) -> tuple[str, _Terminals]:
    terminals = _Terminals(vocab)
    verbs = verb_labels(vocab)
    labels = [
        (index, text)
        for index, (_, text, _, _, _) in enumerate(vocab.labels)
        if fold(text) not in verbs
    ]
    # a label that starts with words may stand after another label or a cost
    words_first = [(i, text) for i, text in labels if not pieces(text)[0].slot]
    lines = [
        *_rule("label", [text for _, text in labels], terminals, [i for i, _ in labels]),
        *_alias_rule("nested_label", "label", [i for i, _ in words_first]),
        *_rule("phrase", [text for _, text in vocab.phrases], terminals),
        *_rule("shorthand", [form for form, _ in vocab.shorthand], terminals),
        *terminals.lines(),
    ]
    return "\n".join(lines), terminals


def game_terminals(vocab: Vocabulary) -> str:
    """The grammar lines for one game's words (and the words of the effect vocabulary),
    appended to the grammar file's text."""
    types = [name.lower() for _, name in vocab.kinds()]
    specials = [words for _, words in vocab.specials]
    zones = _alternatives(name for _, _, name in vocab.zones)
    cost_words = [name for _, name in vocab.resources] + [sym for _, sym in vocab.symbols]
    verbs = verb_forms(vocab)
    base = [b for b, _, _ in verbs if b not in _OWN_RULES]
    every = {form for forms in verbs for form in forms}
    starts = [
        *every,
        "you may",
        "either",
        *_PLAYERS,
        *vocab.sides,
        *_CLAUSE_STARTS,
        *(f"this {name}" for name in types),
        *(n for _, n, _ in vocab.cost_symbols),
        *(text.split()[0] for text in _first_literals(vocab)),
        " ".join((vocab.all_factions or EVERY_FACTION_TEXT).lower().split()[:2]),
    ]
    ahead = _alternatives(starts)[: -len(r"(?![\w-])")]
    # a card as the subject of the next clause: "and this gets +1/+0", ", and that creature
    # deals damage equal to its attack back"
    subjects = _alternatives(
        [*_CARD_SUBJECTS, *(f"{det} {name}" for det in ("this", "that") for name in types)]
    )[: -len(r"(?![\w-])")]
    acts = _alternatives([s for _, s, _ in verbs] + list(_MODAL_STARTS))
    ahead = f"(?=[ \\t{{}}]+(?:{ahead}(?![\\w-])|{subjects}[ \\t]+{acts}|[+$]|\\d))"
    bases = {fold(b) for b, _, _ in verbs}
    symbols = [
        name
        for _, singular, plural in vocab.cost_symbols
        for name in (singular, plural)
        if fold(singular) not in bases  # "Tap" that is a verb is read as the verb
    ]
    this_kinds = _alternatives(types)
    heads = _alternatives(
        [
            "card",
            "cards",
            "piece of",
            "pieces of",
            "token",
            "tokens",
            *types,
            *(name for _, name in vocab.plural_names()),
            *(name for pair in vocab.nouns for name in pair),
            "pile",
            "piles",
        ]
    )
    nouns = _alternatives(name for pair in vocab.nouns for name in pair)
    resources = [n for _, n in vocab.resources] + [n for _, n in vocab.singulars]
    owners = "(?:your|the|their)"
    a_zone = f"[ \\t{{}}]+(?:{owners}[ \\t{{}}]+)?{zones}"
    trailers = _alternatives([ing(b) for b, _, _ in verbs] + _TRAILERS)[: -len(r"(?![\w-])")]
    stats = [stat.replace("_", " ") for stat in vocab.stats]
    icons = icon_nouns(vocab, every)
    any_span = _alternatives(["turn", *(name for _, name in vocab.spans)])
    counters = [
        f"{name} {word}"
        for name in [n for _, n in vocab.resources] + [n for _, n in vocab.singulars]
        for word in ("counter", "counters", "token", "tokens")
    ]
    return "\n".join(
        (
            "",
            "// Generated from the game's vocabulary.",
            # a resource's name before "card" names cards ("two Action cards"), no amount
            f"RESOURCE.4: /{_alternatives(resources)}(?![ \\t{{}}]+cards?(?![\\w-]))/i",
            f"FACTION.3: /{_alternatives(name for _, name in vocab.factions)}/i",
            f"CARD_TYPE.3: /{_as_declared(name for _, name in vocab.kinds())}/i",
            f"CARD_TYPES.3: /{_as_declared(name for _, name in vocab.plural_names())}/i",
            f"LABEL_WORD: /{_alternatives(label_words(vocab))}/i",
            # not right before a colon: "Production:" is the label of that name
            f"NOUN.3: /{_alternatives([*(name for pair in vocab.nouns for name in pair), *icons])}"
            f"(?![ \\t]*:)/i",
            # the sides a game names as players ("the Diver"), their possessives ("the Diver's",
            # "the heroes'") and the words it writes before cards ("rezzed")
            f"SIDE: /{_alternatives(vocab.sides)}/i",
            f"SIDE_POSS: /{_alternatives(vocab.sides)[: -len(_END)]}(?:'|\u2019)s?{_END}/i",
            f"GAME_ADJ: /{_alternatives([*vocab.adjectives, *vocab.side_adjectives()])}/i",
            # "in" a card the game names by a noun: "in the root of this server"
            f"IN_NOUN.3: /in[ \\t]+(?:the|an?|this|that|each|its|their|your)(?=[ \\t]+{nouns})/i",
            f"SPECIAL.3: /{_alternatives(specials)}/i",
            f"ALL_FACTIONS.3: /{_alternatives([vocab.all_factions or EVERY_FACTION_TEXT])}/i",
            f"KEYWORD.3: /{_alternatives(name for _, name in vocab.keywords)}/i",
            # a keyword in the plural names cards: "two or more Outposts", "all icebreakers"
            f"KEYWORDS.3: /{_alternatives(plural_noun(name) for _, name in vocab.keywords)}/i",
            f"COST_RESOURCE.3: /{_alternatives(cost_words)}/i",
            f"COST_SYMBOL.3: /{_alternatives(symbols)}/i",
            f"RESOURCE_COUNTER.5: /{_alternatives(counters)}/i",
            # a token named by the amount it gives or takes: "your +1 Card token", "his -1 Coin
            # token", "your -2 Coin cost token"
            f"TOKEN_AMOUNT.5: /[+\\-\u2212\u2013][ \\t]?[0-9]{{1,2}}[ \\t]+"
            f"(?:{_alternatives([*resources, 'card', 'cards'])[: -len(_END)]})"
            f"(?:[ \\t]+cost)?(?=[ \\t]+tokens?(?![\\w-]))/i",
            f"STAT.3: /{_alternatives(s.replace('_', ' ') for s in vocab.stats)}/i",
            # a field of cards named as a thing: "the cost of each program", "the strength of
            # each wall is increased by 1", after "the" ("with a cost of 3" is a bound)
            f"STAT_OF.4: /(?<=the[ \\t]){_alternatives(['cost', *stats])}(?=[ \\t]+of[ \\t])/i",
            f"ZONE.3: /{_alternatives(zone_names(vocab))}/i",
            # one of several zones of a kind: "Run a remote server", "in any lane"; not where
            # a qualifier follows ("Win a trick with a card of rank 9": a thing counted)
            f"ZONE_DET.4: /(?:an?|any|each|another|this|that)(?=[ \\t]+{zones}"
            f"(?![ \\t]+(?:piles?|with|of|that|which|who)(?![\\w-])))/i",
            f"ZONE_OR.4: /(?:,[ \\t]*)?(?:or|and\\/or)(?={a_zone})/i",
            # a list of three zones or more: "in your hand, your discard pile or the trade row"
            f"ZONE_OR_COMMA.4: /,(?:[ \\t]*(?:or|and\\/or|and)(?![\\w-]))?(?={a_zone}"
            f"[^.;:\\n]*?[ \\t](?:or|and\\/or|and){a_zone})/i",
            f"NUMBER_WORD: /{_alternatives(NUMBER_WORDS[1:])}/i",
            f"THIS_SPAN: /this[ \\t]+{_alternatives(name for _, name in vocab.spans)}/i",
            # "Your first Machine each round": each of the game's spans, or each turn
            f"EACH_SPAN.4: /(?:each|every)[ \\t]+{any_span}/i",
            # "Next round, you may ...": the next of a span, opening a sentence
            f"NEXT_SPAN.4: /next[ \\t]+{any_span}(?=[ \\t]*,)/i",
            f"THIS_KIND.2: /this[ \\t]+{this_kinds}/i",
            f"SPAN: /{any_span}/i",
            f"PROPERTY: /{_alternatives(p.replace('_', ' ') for p in vocab.properties)}/i",
            # "attack or block": actions joined by "or"/"and" are one (the verb list a clause
            # forbids), so that "or" before "block" is not read as the start of a new clause
            f"ACTION.2: /{_joined(ACTIONS)}/i",
            f"STATE: /{_alternatives(STATES)}/i",
            # a verb before its participle where both are written alike ("cards cost 1 less")
            f"VERB.1: /{_alternatives(base)}|turn(?![\\w-]){_TURNED}/i",
            f"VERB_S: /{_alternatives(s for _, s, _ in verbs)}|turns(?![\\w-]){_TURNED}/i",
            f"VERB_ED: /{_alternatives(ed for _, _, ed in verbs)}/i",
            # not the first word of a zone's name ("your won pile", "the taken cards")
            # nor before a counter ("Hosted agenda counter:", an agenda being a card type too)
            f"ED_ADJ.4: /(?!{zones}){_alternatives(ed for _, _, ed in verbs)}(?=[ \\t]+{heads})"
            f"(?![ \\t]+[\\w-]+[ \\t]+counters?(?![\\w-]))/i",
            # a participle and "by" after cards: "Attacks played by other players"
            f"ED_BY.4: /{_alternatives(ed for _, _, ed in verbs)}[ \\t]+by(?![\\w-])/i",
            f"ADVERB.2: /(?:first|immediately|also|either|each|simultaneously|secretly)"
            f"(?=[ \\t]+{_alternatives(every)})/i",
            f"ZONE_ADJ.2: /{pile_zones(vocab)}/i",
            f"PILE.3: /{pile_word(vocab)}/i",
            f"SUBJECT_NAME.-1: /{subject_name(verbs)}/",
            f"FREE.-3: /(?!{_alternatives([*FUNCTION_WORDS, *every])})[a-z][a-z'\u2019-]*/i",
            # "that", "who", "which" start a relative clause only without a comma before them
            # (", that player discards ..." is a new clause)
            # a verb's -ing form after a subject's cards ("Each wall protecting this server")
            f"ING.3: /{_alternatives([ing(b) for b, _, _ in verbs])}/i",
            f"TRAILER.2: /(?:(?:,[ \\t]*)?(?:{trailers}|to{ahead})|that|who|which)(?![\\w-])/i",
            # "and/or" too: "Destroy target base and/or trash a card"
            f"_AND_VERB.3: /(?:,[ \\t]*and|and(?:\\/or)?)(?![\\w-]){ahead}/i",
            f"_COMMA_VERB.3: /,{ahead}/i",
            # ". or" too: a choice a spreadsheet cell wrote across a full stop
            f"_OR_VERB.3: /(?:[,.][ \\t]*or|or)(?![\\w-]){ahead}/i",
            declared_rules(vocab),
            "",
        )
    )


_TURNED = r"(?=[^.;:\n]*?[ \t](?:over|face[ \t]+(?:up|down))(?![\w-]))"
"""After "turn": the verb "turn" where the card turned is said later in the sentence ("Turn your
token over", "turn it face down"); any other "turn" is the noun ("Take an extra turn")."""

FUNCTION_WORDS = [
    "a",
    "an",
    "the",
    "this",
    "that",
    "these",
    "those",
    "each",
    "every",
    "all",
    "any",
    "some",
    "no",
    "another",
    "other",
    "and",
    "or",
    "but",
    "nor",
    "of",
    "to",
    "in",
    "on",
    "at",
    "by",
    "for",
    "from",
    "with",
    "into",
    "onto",
    "as",
    "if",
    "then",
    "than",
    "it",
    "its",
    "they",
    "them",
    "their",
    "you",
    "your",
    "he",
    "she",
    "his",
    "her",
    "him",
    "we",
    "our",
    "is",
    "are",
    "was",
    "were",
    "be",
]
"""Words of the grammar's own that never start the free words after a clause."""

_PLAYERS = (
    "each opponent",
    "each other player",
    "target player",
    "target opponent",
    "you",
    "they",
    "its controller",
    "its owner",
    "your opponent",
)
"""Players a clause after "and" may start with ("and each opponent loses 1 life")."""
_CARD_SUBJECTS = ("it", "this", "that card", "the card", "each of them")
"""Cards that may start a clause after "and" or a comma when a verb follows them."""
_MODAL_STARTS = ("can", "cannot", "can't", "may", "must", "is", "doesn't", "does not")
"""Words after such a card that make it a clause's subject, besides a verb ("it can't ...")."""
_CLAUSE_STARTS = (
    "target",
    "all your",
    "all enemy",
    "enemy",
    "the affected card",
    "it joins",
    "each player removes",
    "copy",
    "end",
    "replace",
    "make",
    "move",
    "take control of",
    "play only during",
)
"""The first words of the clauses of the sample games' own rules (grammar.lark)."""


def pile_zones(vocab: Vocabulary) -> str:
    """A zone's name before "pile", which names the pile ("an empty Supply pile"); a zone whose
    own name ends in "pile" ("discard pile") stays a zone."""
    names = [name for name in zone_names(vocab) if fold(name).split()[-1] not in ("pile", "piles")]
    return _alternatives(names) + r"(?=[ \t]+piles?(?![\w-]))"


def pile_word(vocab: Vocabulary) -> str:
    """The word 'pile' as the name of cards, but not after a word of the game's labels: "the
    Scrap pile" is a misnamed zone (an error), not a pile named by its label."""
    after = "".join(
        f"(?<!{re.escape(word)}[ \\t])" for word in sorted({fold(w) for w in label_words(vocab)})
    )
    return after + r"piles?(?![\w-])"


def subject_name(verbs: tuple[tuple[str, str, str], ...]) -> str:
    """A card's name (capitalised words) as the subject of a sentence: only before a verb as
    written after a subject ("Hive Wasp gains 3 Gold", "Iron Gate can be advanced"), so that a
    misspelt verb ("Gian 2 Gold") stays an error where it stands."""
    after = _alternatives([*(s for _, s, _ in verbs), *_SUBJECT_VERBS])[: -len(r"(?![\w-])")]
    word = r"[A-Z][\w'\u2019-]*"
    return rf"{word}(?:[ \t]+(?:of[ \t]+(?:the[ \t]+)?)?{word})*(?=[ \t]+(?i:{after})(?![\w-]))"


_SUBJECT_VERBS = ("can", "cannot", "can't", "can\u2019t", "may", "must", "is", "does")


def label_words(vocab: Vocabulary) -> list[str]:
    """The words of the game's labels besides their slots ("Ally" of "{faction} Ally"): text
    names abilities by them ("all of your Red Guild Ally abilities"). Not an English word of
    the grammar's own ("or" and "Two" of "{faction} or {faction} Ally", "Two {faction} Allies"
    stay the words they are: "two or more bases")."""
    own = {*FUNCTION_WORDS, *NUMBER_WORDS}
    return [
        piece.text
        for _, text, _, _, _ in vocab.labels
        for piece in pieces(text)
        if not piece.slot
        and re.fullmatch(r"[A-Za-z][A-Za-z' -]*", piece.text)
        and fold(piece.text) not in own
    ]


def icon_nouns(vocab: Vocabulary, verbs: Iterable[str]) -> list[str]:
    """The nouns of the game's icon words ("Gear", "Gear icon", "Gear icons"), for the words
    that name nothing else (a verb, a resource, a label: an icon "Scrap" that is a verb)."""
    taken = {fold(word) for word in verbs}
    taken |= {fold(name) for _, name in [*vocab.resources, *vocab.singulars, *vocab.kinds()]}
    taken |= {fold(name) for _, name in [*vocab.factions, *vocab.keywords, *vocab.spans]}
    taken |= {fold(name) for pair in vocab.nouns for name in pair}
    taken |= {fold(name) for _, _, name in vocab.zones}
    taken |= {fold(word) for _, text, _, _, _ in vocab.labels for word in text.split()}
    taken |= {fold(name) for _, one, many in vocab.cost_symbols for name in (one, many)}
    taken |= {fold(name) for _, name in vocab.plural_names()}
    words = [word for word in vocab.icons if fold(word) not in taken]
    return [form for word in words for form in (word, f"{word} icon", f"{word} icons")]


def zone_names(vocab: Vocabulary) -> list[str]:
    """The names text writes for the game's zones, singular and plural ("hands")."""
    names = [name for _, _, name in vocab.zones]
    return names + [plural_noun(name) for name in names]


def _first_literals(vocab: Vocabulary) -> Iterator[str]:
    """The first words of the game's phrases and shorthand forms (they start clauses)."""
    for form in [text for _, text in vocab.phrases] + [form for form, _ in vocab.shorthand]:
        first = pieces(form)[0]
        if not first.slot and first.text[:1].isalpha():
            yield first.text
