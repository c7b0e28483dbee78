"""The rules parser kept between runs: used when safe, rebuilt when corrupt, else ignored."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.rules import parser
from cardkit.rules.parsecache import CACHE_ENV, parser_cache

VOCAB = Vocabulary(
    resources=(("gold", "Gold"),),
    factions=(("red-guild", "Red Guild"),),
    card_types=(("unit", "Unit"),),
)
REPO = Path(__file__).resolve().parent.parent


def fresh_parse(cache: Path, text: str = "Gain 2 Gold.") -> str:
    """``text`` parsed in a new Python process keeping its cache in ``cache``."""
    program = (
        "from cardkit.effects.vocab import Vocabulary\n"
        "from cardkit.rules.parser import parse_card_text\n"
        "v = Vocabulary(resources=(('gold', 'Gold'),), factions=(('red-guild', 'Red Guild'),),"
        " card_types=(('unit', 'Unit'),))\n"
        f"print(parse_card_text({text!r}, v))\n"
    )
    env = {**os.environ, CACHE_ENV: str(cache), "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", program], env=env, capture_output=True, text=True, check=True
    )
    assert done.stderr == ""
    return done.stdout


def only_file(folder: Path, kind: str = "parser-") -> Path:
    """The one kept file of ``kind``: the game's parser, or the tables ("tables-")."""
    (path,) = (each for each in folder.iterdir() if each.name.startswith(kind))
    return path


def test_the_second_run_loads_the_parser_the_first_saved(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = fresh_parse(cache)
    saved = only_file(cache)
    assert saved.stat().st_size > 10_000 and only_file(cache, "tables-").stat().st_size > 10_000
    stamp = saved.stat().st_mtime_ns
    assert fresh_parse(cache) == first  # the same effects from the loaded tables
    assert saved.stat().st_mtime_ns == stamp  # read, not written again
    assert "Gain(amounts=(('gold', 2),))" in first


def test_another_vocabulary_gets_a_file_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = parser.grammar_text() + parser.game_terminals(
        Vocabulary(resources=(("iron", "Iron"),), factions=(), card_types=(("unit", "Unit"),))
    )
    mine = parser.grammar_text() + parser.game_terminals(VOCAB)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    assert parser_cache(mine) != parser_cache(other)
    assert parser_cache(mine) == parser_cache(mine)


def test_a_corrupt_cache_file_is_rebuilt(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    expected = fresh_parse(cache)
    saved = only_file(cache)
    saved.write_bytes(saved.read_bytes()[:5000])  # cut short, as by a crash
    assert fresh_parse(cache) == expected
    assert saved.stat().st_size > 10_000  # written whole again


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file owners and modes are POSIX")
def test_a_file_others_could_have_written_is_never_loaded(tmp_path: Path) -> None:
    """A kept parser is loaded with pickle: a file anyone else can write would run their code."""
    cache = tmp_path / "cache"
    fresh_parse(cache)
    saved = only_file(cache)
    marker = tmp_path / "ran"
    for each in (saved, only_file(cache, "tables-")):
        each.write_bytes(pickle.dumps(_Evil(str(marker))))
        each.chmod(0o666)
    assert "Gain(amounts=(('gold', 2),))" in fresh_parse(cache)
    assert not marker.exists()
    link = cache / "elsewhere"
    saved.rename(link)
    link.chmod(0o600)
    saved.symlink_to(link)  # a link is not followed either
    assert "Gain(amounts=(('gold', 2),))" in fresh_parse(cache)
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="file owners and modes are POSIX")
def test_a_folder_others_can_write_to_keeps_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "shared"
    cache.mkdir()
    cache.chmod(0o777)
    monkeypatch.setenv(CACHE_ENV, str(cache))
    assert parser_cache("grammar") is None
    monkeypatch.setenv(CACHE_ENV, "")  # told to keep none
    assert parser_cache("grammar") is None
    assert "Gain(amounts=(('gold', 2),))" in fresh_parse(cache)
    assert list(cache.iterdir()) == []


class _Evil:
    """Unpickled, it creates a file: proof that a cache file was loaded."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (self.path, "w"))


def _terminals(rules: parser.RulesParser) -> list[tuple[str, object, int]]:
    return [(t.name, t.pattern, t.priority) for t in rules.lark.terminals]


def test_new_words_use_the_kept_tables_and_parse_as_a_parser_built_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that declares one more keyword, resource, faction, zone or verb has the same
    rules: the LALR tables kept for the old words serve it, given its words."""
    from lark.parsers import lalr_analysis

    from cardkit.load.cards import load_card_set

    game = REPO / "cards" / "star-realms"
    card_set, found = load_card_set(game, str(game))
    assert card_set is not None and not found
    words = Vocabulary.of(card_set.game)
    lines = [line for card in card_set.cards for line in card.text.split("\n") if line.strip()]
    more = replace(
        words,
        keywords=(*words.keywords, ("gleam", "Gleam")),
        resources=(*words.resources, ("ore", "Ore")),
        factions=(*words.factions, ("rust-league", "Rust League")),
        verbs=(*words.verbs, ("salvage", "scrap-heap", "")),
        zones=(*words.zones, ("vault", "your", "vault")),
    )
    lines += ["Gain 2 Ore.", "Salvage a card in your hand.", "Gleam"]
    lines += ["Put a card from your vault into your hand.", "Rust League Ally: Gain 1 Ore."]
    lines += ["Gain 2 Ore and.", "Salvage Gleam a card"]  # errors

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    parser._build(words)  # the tables kept for Star Realms' words
    built: list[object] = []
    real = lalr_analysis.LALR_Analyzer.compute_lalr
    monkeypatch.setattr(
        lalr_analysis.LALR_Analyzer, "compute_lalr", lambda self: built.append(self) or real(self)
    )
    given = parser._build(more)
    assert built == []  # no table built again
    assert len(list(tmp_path.glob("tables-*"))) == 1 and len(list(tmp_path.glob("parser-*"))) == 2

    monkeypatch.setenv(CACHE_ENV, "")  # nothing kept: built from the grammar
    afresh = parser._build(more)
    assert built != []
    assert _terminals(given) == _terminals(afresh)
    for line in lines:
        assert _outcome(given, line) == _outcome(afresh, line), line
    assert _outcome(given, "Salvage a card in your hand.").startswith("Ability(")
    assert _outcome(given, "Salvage Gleam a card").startswith("error 1:15 unexpected 'a'")


def _outcome(rules: parser.RulesParser, line: str) -> str:
    try:
        return repr(rules.parse_ability(line))
    except RulesTextError as error:
        return f"error {error.line}:{error.column} {error}"


def test_a_lark_whose_insides_differ_builds_the_parser_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardkit.rules import parsecache

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    other = replace(VOCAB, keywords=(("gleam", "Gleam"),))
    parser._build(VOCAB)  # the tables kept

    def changed(*args: object) -> object:
        raise TypeError("load_grammar() takes 2 positional arguments")

    monkeypatch.setattr(parsecache, "load_grammar", changed)
    rules = parser._build(other)
    gold = parser._build(VOCAB).parse_ability("Gain 2 Gold.")
    assert repr(rules.parse_ability("Gain 2 Gold.")) == repr(gold)
    assert "Gleam" in str(rules.parse_ability("Gleam"))
