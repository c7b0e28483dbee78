"""Syntax errors in rules text as located, worded ``RulesTextError``s: what was found, what
could come there (named by ``TERMINAL_WORDS``), and a did-you-mean."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from cardkit.diagnostics import did_you_mean
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError, UnknownFactionError, UnknownKeywordError
from cardkit.rules.grammar import verb_forms

if TYPE_CHECKING:  # lark is imported only where a line is parsed (kept.py reads lines back)
    from lark.exceptions import UnexpectedInput

_END = "the end of the line"
# How error messages name the terminals whose name does not spell their words.
TERMINAL_WORDS: dict[str, str] = {
    # In the order an error lists them: what most often may stand there first.
    "$END": _END,
    "_NL": _END,
    "NUMBER": "a number",
    "NUMBER_WORD": "a number",
    "PLUS_NUMBER": "a number",
    "MINUS_NUMBER": "a number",
    "DOLLAR_NUMBER": "a number",
    "RESOURCE": "a resource",
    "CARD": "'card'",
    "CARD_TYPE": "a card type",
    "CARD_TYPES": "a card type (plural)",
    "VERB": "a verb ('draw', 'put')",
    "VERB_S": "a verb ('draws')",
    "VERB_ED": "a verb ('played')",
    "DET": "'a'",
    "PLAYER": "a player ('each opponent')",
    "ZONE": "a zone",
    "OWNER": "'your'",
    "KEYWORD": "a keyword",
    "FACTION": "a faction",
    "NAME": "a card name",
    "CARD_NAME": "a card name in quotes",
    "PRONOUN": "'it'",
    "THIS_KIND": "'this' and a card type",
    "_PERIOD": "'.'",
    "_COLON": "':'",
    "_COLON_COST": "':'",
    "_COMMA": "','",
    "LIST_COMMA": "','",
    "CONJ": "'or'",
    "_OR": "'or'",
    "_OR_VERB": "'or'",
    "_AND_VERB": "'and'",
    "_THEN": "', then'",
    "_AMOUNT_SEP": "'and'",
    "_OR_AMOUNT": "'or'",
    "ZONE_OR": "'or'",
    "_OPTION_SEP": "'; or'",
    "YOU_MAY": "'you may'",
    "MAY": "'may'",
    "CAN_NOT": "'cannot'",
    "IS": "'is'",
    "BE": "'be'",
    "HAVE": "'have'",
    "CAN": "'can'",
    "NOT": "'not'",
    "IF": "'if'",
    "FRAME": "'when'",
    "OTHERWISE": "'otherwise'",
    "ONES": "'one'",
    "TARGET": "'target'",
    "UP_TO": "'up to'",
    "ANY_NUMBER_OF": "'any number of'",
    "THAT_MANY": "'that many'",
    "TOP": "'top'",
    "ADJ": "a word for cards ('other')",
    "NOUN": "a noun the game declares",
    "ED_ADJ": "a verb before a card ('installed')",
    "FREE": "another word of rules text",
    "PIECE_OF": "'piece of'",
    "BY": "'by'",
    "LABEL_WORD": "a word of the game's labels",
    "NOTE": "words in parentheses",
    "PART_OF": "'all of your'",
    "OTHER": "'other'",
    "NON": "'non-'",
    "TOKEN": "'token'",
    "COSTING": "'costing'",
    "OF_COST": "'of cost'",
    "COST": "'cost'",
    "EXACTLY": "'exactly'",
    "OR_LESS": "'or less'",
    "OR_MORE": "'or more'",
    "MORE_THAN": "'more than'",
    "MOST": "'the most' or 'the fewest'",
    "MORE": "'more' or 'fewer'",
    "THAN": "'than'",
    "WHO": "'who'",
    "STAT_OF": "a card's field before 'of'",
    "CURRENTLY": "'currently'",
    "YOU_CONTROL": "'you control'",
    "YOU_HAVE": "'you have'",
    "YOU_HAVE_IN_PLAY": "'you have in play'",
    "YOU_DO": "'you do'",
    "WITH": "'with'",
    "AMONG": "'among'",
    "OF": "'of'",
    "FROM": "'from'",
    "_FROM": "'from'",
    "INTO": "'into'",
    "ONTO": "'onto'",
    "TO": "'to'",
    "_TO": "'to'",
    "IN": "'in'",
    "ON": "'on'",
    "AT": "'at'",
    "OUT_OF": "'out of'",
    "ON_TOP": "'on top'",
    "ON_TOP_OF": "'on top of'",
    "ON_THE_BOTTOM_OF": "'on the bottom of'",
    "IN_PLAY": "'in play'",
    "INTO_PLAY": "'into play'",
    "BACK": "'back'",
    "THIS_TURN": "'this turn'",
    "THIS_SPAN": "'this' and a span the game declares",
    "EACH_SPAN": "'each' and a span ('each turn')",
    "TIME_WORDS": "a time ('until end of turn')",
    "SPAN": "'turn' or a span the game declares",
    "FOR_EACH": "'for each'",
    "FOR": "'for'",
    "EQUAL_TO": "'equal to'",
    "THE_NUMBER_OF": "'the number of'",
    "HALF": "'half'",
    "ROUNDED": "'rounded down'",
    "ITS": "'its'",
    "ANY_TARGET": "'any target'",
    "MANNER": "a word such as 'twice' or 'instead'",
    "THIS_WAY": "'this way'",
    "JUST": "'just'",
    "COND_ONLY": "a word of a condition ('already')",
    "STAT": "a card's number field",
    "FIELD_WORD": "'name', 'type' or 'faction'",
    "THE_SAME": "'the same'",
    "AT_LEAST": "'at least'",
    "ZONE_DET": "'a' before a zone",
    "STAT_PAIR": "a change of two stats ('+1/+1')",
    "COST_SYMBOL": "a cost symbol",
    "COST_RESOURCE": "a resource",
    "COST_OPEN": "'('",
    "SPECIAL": "a special effect",
    "ALL_FACTIONS": "the game's sentence for a card of every faction",
    "PROPERTY": "a card's enum field",
    "YOUR_OPPONENTS": "'your opponent's'",
    "AFFECTED_CARD": "'the affected card'",
    "TAKE_CONTROL": "'take control of'",
    "ACTION": "an action ('attack')",
    "_POSSESSIVE": '"\'s"',
    "DICE": "dice ('2D6')",
    "KEYWORD_ARG": "a keyword parameter",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "_SLASH": "'/'",
    "INCLUDING_THIS_ONE": "', including this one'",
    "AT_THE_END_OF": "'at the end of'",
    "ALL_ENEMY": "'all enemy'",
    "ALL_YOUR": "'all your'",
    "AN_ADJACENT": "'an adjacent'",
    "COPY": "'copy'",
    "EACH_PLAYER_REMOVES": "'each player removes'",
    "END": "'end'",
    "ENEMY": "'enemy'",
    "HALVED": "'halved'",
    "IMMEDIATELY": "'immediately'",
    "IT_JOINS": "'it joins'",
    "MAKE": "'make'",
    "MOVE": "'move'",
    "PLAY_ONLY_DURING": "'play only during'",
    "REPLACE": "'replace'",
    "_AGAINST": "'against'",
    "_ALL": "'all'",
    "_ANOTHER": "'another'",
    "_ATTACK": "'attack'",
    "_AT_THIS": "'at this'",
    "_COUNTERS": "'counters'",
    "_EACH_CARD_AT": "'each card at'",
    "_EACH_ENEMY": "'each enemy'",
    "_GET": "'get'",
    "_MAY_BE_TARGETED": "'may be targeted'",
    "_MAY_MOVE_BETWEEN": "'may move between'",
    "_OF_ANOTHER": "'of another'",
    "_WITH": "'with'",
    "_WITHOUT": "'without'",
    "_YOU_HAVE_PLAYED_THIS_TURN": "'you have played this turn'",
    "ABILITY": "'ability'",
    "AGAINST": "'against'",
    "CHOOSE_N": "'choose one'",
    "COUNTER": "'counter'",
    "DAMAGE": "'damage'",
    "DOWN_TO": "'down to'",
    "OFF": "'off'",
    "ONLY": "'only'",
    "OWNER_POSS": "'its owner's'",
    "PAREN_NOTE": "a note in parentheses",
    "PLUS_DOLLAR": "a number",
    "ADVERB": "'first'",
    "PILE": "'pile'",
    "ZONE_ADJ": "a zone",
    "SUBJECT_NAME": "a card name",
    "HERE": "'here'",
    "OTHER_THAN": "'other than'",
    "FROM_BEING": "'from being'",
    "COMMA_FOR": "', for'",
    "AN_ADDITIONAL": "'an additional'",
    "PLAYER_NOUN": "'player'",
    "EACH": "'each'",
    "PT_PAIR": "stats ('2/2')",
    "REMINDER": "reminder text in parentheses",
    "RESOURCE_COUNTER": "a counter ('power counter')",
    "REST": "'the rest'",
    "TOP_OF": "'top of'",
    "TRAILER": "a word such as 'putting' or 'unless'",
    "WORD": "a word",
    "_COMMA_VERB": "','",
    "LABEL_NONE": "a label",
    "PHRASE_NONE": "a phrase of the game",
    "SHORTHAND_NONE": "a shorthand form of the game",
    "NESTED_LABEL_NONE": "a label",
    "ALSO": "'also'",
    "AND_THE_REST": "'and the rest'",
    "AND_TO": "'and to'",
    "A_SPAN": "'a'",
    "COMMA_N": "','",
    "COPY_OF": "'that's a copy of'",
    "COST_BY": "'cost'",
    "DIVIDED": "'divided among'",
    "ED_BY": "a verb and 'by' ('played by')",
    "ING": "a verb ('putting')",
    "OF_THAT_KIND": "'of that type'",
    "OR_N": "'or'",
    "POSSESSIVE": '"\'s"',
    "POSS_DET": "'the'",
    "TARGETS": "'targets'",
    "TARGET_OF": "'the target of'",
    "IN_NOUN": "'in the'",
    "INCLUDED": "', you included,'",
    # (listed last: rarer words, after those an error names first)
    "ZONE_OR_COMMA": "','",
    "KEYWORDS": "a keyword (plural)",
    "HERS_THEIRS": "'yours'",
    "COMMA_OTHERWISE": "', otherwise'",
    "TOKEN_AMOUNT": "a token named by an amount ('+1 Card')",
    "EACH_ING": "'each'",
    "EITHER": "'either'",
    "NEXT_SPAN": "'next turn'",
    "DIRECTION": "'to the left'",
    "SET_OF": "'set of'",
    "_AND_IF": "', and if'",
    "TABLE_N": "a number",
    "AND_UP": "'+'",
    "HAND_SIZE": "'hand size'",
}
_ORDER = {name: index for index, name in enumerate(TERMINAL_WORDS)}
_MAX_SHOWN = 3
_WORD = re.compile(r"[^\s{}.,:]+")
# A sentence that is one word, perhaps with parameters: a keyword, if anything.
_KEYWORD_SENTENCE = re.compile(
    r"(?P<name>[^\W\d_][\w-]*)[ \t{}]*(?P<args>\([^()\n]*\))?[ \t{}]*(?:\.|$)"
)


def _bond_line(vocab: Vocabulary) -> re.Pattern[str]:
    """A line that starts with a bond label of the game ("Red Guild Bond:"), the faction's name as
    written; a pattern that matches nothing when the game declares no bond label."""
    words = {
        text.split("{faction}", 1)[1].strip()
        for _, text, means, _, _ in vocab.labels
        if means == "bond" and "{faction}" in text
    }
    words.discard("")
    if not words:
        return re.compile(r"(?!)")
    after = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(
        rf"(?P<name>[^\W\d_][^:{{}}\n]*?)[ \t{{}}]+(?:{after})[ \t{{}}]*:", re.IGNORECASE
    )


def _shown(terminal: str, declared: dict[str, str] | None = None) -> str:
    """How an error message names a terminal: by its words (the name spells them); a word
    of the game's declared forms by the words declared."""
    if declared and terminal in declared:
        return repr(declared[terminal])
    return TERMINAL_WORDS.get(terminal) or repr(terminal.strip("_").lower().replace("_", " "))


def _absent(vocab: Vocabulary) -> set[str]:
    """The terminals of words the game does not have (no cost symbols, no factions ...): an
    error does not offer them."""
    absent = set()
    for name, words in (
        ("COST_SYMBOL", vocab.cost_symbols),
        ("FACTION", vocab.factions),
        ("KEYWORD", vocab.keywords),
        ("ZONE", vocab.zones),
        ("ZONE_ADJ", vocab.zones),
        ("STAT", vocab.stats),
        ("SPECIAL", vocab.specials),
        ("ALL_FACTIONS", vocab.all_factions),
        ("PROPERTY", vocab.properties),
        ("RESOURCE_COUNTER", vocab.resources),
    ):
        if not words:
            absent.add(name)
    return absent


# Terminals an error names once for all: the first of each group that may stand there ('a
# verb' for its three forms, 'a card type' for its plural, the end of the line for a '.').
_GROUPS = (
    ("$END", "_NL", "_PERIOD"),
    ("VERB", "VERB_S", "VERB_ED"),
    ("CARD_TYPE", "CARD_TYPES"),
    ("NAME", "CARD_NAME"),
    ("RESOURCE", "COST_RESOURCE"),
)
_GROUP_OF = {name: group for group in _GROUPS for name in group}


def _ranked(expected: set[str]) -> list[str]:
    """The terminals that may stand at an error, most common first, one of each group."""
    names = sorted(expected, key=lambda n: (_ORDER.get(n, len(_ORDER)), n))
    return [
        name
        for name in names
        if not any(other in expected for other in _GROUP_OF.get(name, (name,))[: _index(name)])
    ]


Reach = Callable[[str], int | None]
"""Where a text stops parsing: the column (from 1) of its first error, None when it parses."""

# How many of the terminals first in order an error tries in place of the words found, and
# the longest line it tries them in (a line of rules text is seldom 300 characters long).
_TRIED = 6
_REPAIRED = 1000


def _example(name: str, vocab: Vocabulary) -> str | None:
    """Words that a terminal matches, to try in place of the words found; None for one
    without an example."""
    own = {
        "RESOURCE": [n for _, n in vocab.resources],
        "CARD_TYPE": [n.lower() for _, n in vocab.kinds()],
        "CARD_TYPES": [n for _, n in vocab.plural_names()],
        "ZONE": [n for _, _, n in vocab.zones],
        "KEYWORD": [n for _, n in vocab.keywords],
        "FACTION": [n for _, n in vocab.factions],
    }.get(name)
    if own is not None:
        return own[0] if own else None
    if name in ("VERB", "VERB_S", "VERB_ED"):
        return ("draw", "draws", "drawn")[("VERB", "VERB_S", "VERB_ED").index(name)]
    words = TERMINAL_WORDS.get(name, "")
    if name in ("NUMBER", "NUMBER_WORD"):
        return "2"
    if _QUOTED.fullmatch(words) or words in ("'.'", "':'", "','"):
        return words.strip("'")
    return None


def _by_repair(
    names: list[str], text: str, column: int, found: str, vocab: Vocabulary, reach: Reach
) -> list[str]:
    """``names`` with those first that let more of the line parse when they stand in place
    of the words ``found`` at ``column`` (the end of the line: the words cut there): the
    most useful to name. Of the first ``_TRIED``; the order stays among equals."""

    def kept(name: str) -> tuple[bool, int]:
        if name in ("$END", "_NL"):
            tried, shift, whole = text[: column - 1].rstrip(), 0, column - 1
        else:
            example = _example(name, vocab)
            if example is None:
                return False, 0
            tried = text[: column - 1] + example + text[column - 1 + len(found) :]
            shift, whole = len(example) - len(found), len(text) - len(found)
        stopped = reach(tried)
        return (True, whole) if stopped is None else (False, stopped - 1 - shift)

    tried = sorted(names[:_TRIED], key=kept, reverse=True)
    return tried + names[_TRIED:]


def _index(name: str) -> int:
    """Where ``name`` stands in its group (0 for a terminal of no group)."""
    group = _GROUP_OF.get(name)
    return group.index(name) if group else 0


def listed(items: list[str]) -> str:
    """What may come at a place, as an error message says it: 'a number', 'one of 'card'
    or a card type', the first few of a long list and how many more."""
    if not items:
        return "something else"
    if len(items) == 1:
        return items[0]
    if len(items) > _MAX_SHOWN:
        return ", ".join(items[:_MAX_SHOWN]) + " or another word of rules text"
    return ", ".join(items[:-1]) + " or " + items[-1]


_DIGITS = re.compile(r"\d+")
_WORDY = re.compile(r"[0-9]{1,4}[^\W\d]")


def clip(text: str, limit: int = 12) -> str:
    """``text`` cut to ``limit`` characters, '...' marking the cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def syntax_error(
    vocab: Vocabulary,
    text: str,
    exc: UnexpectedInput,
    declared: dict[str, str] | None = None,
    reach: Reach | None = None,
) -> RulesTextError:
    """The located error for text the grammar does not accept: an unknown faction or keyword
    by name, a number out of range, or what was found and what could come there (with
    ``reach``, those first that let more of the line parse in place of what was found)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    expected: set[str] = set()
    found = ""
    at_end = False
    line, column = exc.line, exc.column
    if isinstance(exc, UnexpectedToken):
        expected = set(exc.expected)
        if exc.token.type == "$END":
            at_end = True
            lines = text.rstrip().split("\n") or [""]
            line, column = len(lines), len(lines[-1].rstrip()) + 1
        elif exc.token.type == "_NL":
            return RulesTextError(
                "unexpected line break: an ability is one line of text",
                line=line,
                column=column,
                expected=(_END,),
                found="\n",
            )
        else:
            found = repr(clip(str(exc.token), 40))
    elif isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    line, column = max(line, 1), max(column, 1)
    rest = text.split("\n")[line - 1][column - 1 :]
    if "FACTION" in expected and (match := _bond_line(vocab).match(rest)):
        name = " ".join(match.group("name").split())
        return UnknownFactionError(
            f"unknown faction {name!r}" + did_you_mean(name, [n for _, n in vocab.factions]),
            name=name,
            line=line,
            column=column,
        )
    if "KEYWORD" in expected and (unknown := _unknown_keyword(vocab, text, line, column)):
        return unknown
    names = _ranked(expected - _absent(vocab))
    if reach is not None and not at_end and "\n" not in text and len(text) <= _REPAIRED:
        written = str(exc.token) if isinstance(exc, UnexpectedToken) else rest[:1]
        names = _by_repair(names, text, column, written, vocab, reach)
    shown = list(dict.fromkeys(_shown(name, declared) for name in names))
    digits = _DIGITS.match(rest)
    # digits the grammar cannot take as a number: too many, or not 0-9 (digits of a word,
    # '2nd', are not the number's fault)
    if not at_end and digits and "NUMBER" in expected and not _WORDY.match(rest):
        number = digits.group(0)
        reason = (
            f"number {clip(number)!r} is too large: numbers in rules text go up to 9999"
            if number.isascii()
            else f"{number!r} is not written with the digits 0-9"
        )
        return RulesTextError(reason, line=line, column=column, found=number)
    meant = ""
    if at_end:
        reason = f"the text ends too early: expected {listed(shown)}"
    else:
        suggestion, words, meant = _suggestion(vocab, rest, expected)
        if not found:
            word = _WORD.match(rest)
            found = repr(clip(words or (word.group(0) if word else rest[:1]), 40))
        reason = f"unexpected {found}: expected {listed(shown)}"
        if len(shown) > 1 or suggestion != f" (did you mean {shown[0]}?)":
            reason += suggestion
    return RulesTextError(
        reason,
        line=line,
        column=column,
        expected=tuple(shown),
        found=found.strip("'"),
        suggestion=meant,
    )


def _unknown_keyword(vocab: Vocabulary, text: str, line: int, column: int) -> RulesTextError | None:
    """An UnknownKeywordError when the sentence at the error is one unknown word that
    looks like a keyword: it has parameters, is close to a keyword's name, or is the
    whole line."""
    current = text.split("\n")[line - 1]
    match = _KEYWORD_SENTENCE.match(current, column - 1)
    if match is None:
        return None
    name = match.group("name")
    names = [n for _, n in vocab.keywords]
    suggestion = did_you_mean(name, names)
    whole_line = not current[: column - 1].strip(" \t{}")
    if not (match.group("args") or suggestion or whole_line):
        return None
    return UnknownKeywordError(
        f"unknown keyword {name!r}{suggestion}",
        name=name,
        line=line,
        column=column,
    )


def _suggestion(vocab: Vocabulary, rest: str, expected: set[str]) -> tuple[str, str, str]:
    """' (did you mean ...?)' for the words at the error, among what could come there;
    those words; and what they were likely meant to be."""
    candidates: list[str] = []
    own: set[str] = set()  # the game's own verbs, first among as close ones
    for name in expected:
        if name == "RESOURCE":
            candidates += [n for _, n in vocab.resources]
        elif name == "FACTION":
            candidates += [n for _, n in vocab.factions]
        elif name == "CARD_TYPE":
            candidates += [n.lower() for _, n in vocab.kinds()]
        elif name == "ZONE":
            candidates += [n for _, _, n in vocab.zones]
        elif name == "KEYWORD":
            candidates += [n for _, n in vocab.keywords]
        elif name == "CARD_TYPES":
            candidates += [name for _, name in vocab.plural_names()]
        elif name in ("VERB", "VERB_S", "VERB_ED"):
            index = ("VERB", "VERB_S", "VERB_ED").index(name)
            every = verb_forms(vocab)
            candidates += [forms[index] for forms in every]
            own.update(forms[index].casefold() for forms in every[len(every) - len(vocab.verbs) :])
        elif name not in TERMINAL_WORDS or _QUOTED.fullmatch(TERMINAL_WORDS[name]):
            candidates.append(_shown(name).strip("'"))  # its words: 'card', 'up to'
    words = _WORD.findall(rest)
    if not words or not _LETTER.match(rest) or len(words[0]) < 3:
        return "", "", ""  # punctuation, a number or a short word: no guess is likely
    for size in sorted({len(c.split()) for c in candidates}, reverse=True):
        if size > len(words):
            continue
        phrase = " ".join(words[:size])
        folded = {c.casefold(): c for c in candidates if len(c.split()) == size}
        folded.pop(phrase.casefold(), None)  # the word itself cannot stand there
        suggestion = _closest(phrase.casefold(), folded, own)
        for key, original in folded.items():
            if repr(key) in suggestion and near(phrase.casefold(), key):
                plural = original + "s"  # 'crads' was meant to be 'cards', not 'card'
                if _takes_plural(original, expected) and edit_distance(
                    phrase.casefold(), plural.casefold()
                ) < edit_distance(phrase.casefold(), key):
                    original = plural
                return f" (did you mean {original!r}?)", phrase, original
    return "", "", ""


def _closest(typed: str, choices: Mapping[str, str], own: set[str]) -> str:
    """' (did you mean 'x'?)' for the choice fewest edits from ``typed`` (two letters
    swapped are one edit), among those as few a word of the game's own (``own``: 'rset'
    is its verb 'rest', not the core's 'reset'), then the likeliest by difflib's ratio;
    difflib's pick when none is within two edits."""
    distances = {key: edit_distance(typed, key) for key in choices}
    fewest = min(distances.values(), default=3)
    if fewest > 2:
        return did_you_mean(typed, choices)
    import difflib  # only when a word is wrong

    best = min(
        (key for key, distance in distances.items() if distance == fewest),
        key=lambda key: (key not in own, -difflib.SequenceMatcher(None, typed, key).ratio(), key),
    )
    return f" (did you mean {best!r}?)"


_LETTER = re.compile(r"[^\W\d_]")


def _takes_plural(word: str, expected: set[str]) -> bool:
    """Whether ``word`` may be written in the plural where the error is: 'card' may."""
    return word == "card" and "CARD" in expected


_QUOTED = re.compile(r"'[a-z][a-z ]*[a-z]'")


def near(typed: str, meant: str) -> bool:
    """Whether ``meant`` is close enough to ``typed`` to be what was meant: one edit away
    for a word of up to four letters, two for a longer one ('wizard' is not 'card'), or
    its plural or singular."""
    if edit_distance(typed, meant) <= (1 if len(typed) <= 4 else 2):
        return True
    # the plural for the singular, or the other way round ('infantries', 'infantry')
    return any(
        longer == shorter + end or (end == "ies" and longer == shorter[:-1] + end)
        for longer, shorter in ((typed, meant), (meant, typed))
        for end in ("s", "es", "ies")
    )


def edit_distance(word: str, other: str) -> int:
    """Edits from ``word`` to ``other``: letters dropped, added, changed, or two neighbours
    swapped (optimal string alignment distance)."""
    previous2: list[int] = []
    previous = list(range(len(other) + 1))
    for i, a in enumerate(word, 1):
        current = [i]
        for j, b in enumerate(other, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
            if i > 1 and j > 1 and a == other[j - 2] and word[i - 2] == b:
                cost = min(cost, previous2[j - 2] + 1)
            current.append(cost)
        previous2, previous = previous, current
    return previous[-1]
