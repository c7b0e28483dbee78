"""Parsed rules text kept between runs (cardkit/rules/kept.py): read back as parsed, never
trusted blindly, never stale, and the same outputs and diagnostics with or without it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from cardkit.cachedir import CACHE_ENV
from cardkit.effects import Node, walk
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.model import Game
from cardkit.rules import kept
from cardkit.rules.kept import KeptRules, Unkept, decode, encode, key_of, sources_digest
from cardkit.rules.parser import RulesParser, rules_parser

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = sorted(path.parent for path in (ROOT / "cards").glob("*/game.yaml")) + sorted(
    path.parent for path in (ROOT / "tests" / "fixtures" / "rules" / "families").glob("*/game.yaml")
)
TEXT = ROOT / "tests" / "fixtures" / "rules" / "text"


@cache
def _lines(folder: Path) -> tuple[RulesParser, tuple[str, ...]]:
    card_set, found = load_card_set(folder, folder.name)
    assert card_set is not None, found
    lines = (line for card in card_set.cards for line in card.text.split("\n") if line.strip())
    return rules_parser(card_set.game), tuple(dict.fromkeys(lines))


def _same(one: object, other: object) -> bool:
    """Equal, and equal in the fields values leave out of ``==`` too (positions)."""
    if isinstance(one, Node) and isinstance(other, Node) and one.pos != other.pos:
        return False
    return encode(one, _vocab_of(one)) == encode(other, _vocab_of(other)) and one == other


def _vocab_of(value: object) -> Vocabulary:
    assert isinstance(value, Node)
    return next(node.vocab for node in walk(value) if node.vocab is not None)


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_every_line_of_every_set_reads_back_as_it_parsed(folder: Path) -> None:
    parser, lines = _lines(folder)
    read = 0
    for line in lines:
        try:
            ability = parser.parse_ability(line)
        except RulesTextError:
            continue
        written = json.loads(json.dumps(encode(ability, parser.vocab)))
        back = decode(written, parser.vocab)
        assert back == ability, line
        assert encode(back, parser.vocab) == encode(ability, parser.vocab), line  # positions too
        pairs = list(zip(walk(back), walk(ability), strict=True))
        assert all((one.vocab is None) == (two.vocab is None) for one, two in pairs), line
        assert all(one.vocab in (None, parser.vocab) for one, _ in pairs), line
        read += 1
    assert read >= len(lines) // 2


def test_values_of_other_classes_are_neither_written_nor_read() -> None:
    parser, lines = _lines(ROOT / "cards" / "star-realms")
    ability = parser.parse_ability(lines[0])
    written = encode(ability, parser.vocab)
    with pytest.raises(Unkept):
        encode(1.5, parser.vocab)
    with pytest.raises(Unkept):
        encode([1, 2], parser.vocab)
    with pytest.raises(Unkept):
        encode(Path("x"), parser.vocab)
    for bad in (
        {**written, "": "Path"},  # not a class of the effects
        {**written, "": "subprocess.Popen"},
        {**written, "colour": "red"},  # not a field of the class
        {**written, "effect": 1.5},  # a float
        {**written, "effect": {"": "$vocab", "x": 1}},
        {"": "Pos", "line": 1},  # rejected by its constructor: no column
        {"": "Draw", "count": -3},  # rejected by its checks
    ):
        with pytest.raises(Unkept):
            decode(bad, parser.vocab)


def _kept(tmp_path: Path, folder: Path) -> tuple[KeptRules, Path]:
    _, lines = _lines(folder)
    reader = KeptRules(Vocabulary.of(_game(folder)), tmp_path)
    for line in lines:
        with contextlib.suppress(RulesTextError):
            reader.parse_ability(line)
    reader.save()
    assert reader.path is not None and reader.path.is_file()
    assert reader.path.stat().st_mode & 0o777 == 0o600
    return reader, reader.path


@cache
def _game(folder: Path) -> Game:
    card_set, _ = load_card_set(folder, folder.name)
    assert card_set is not None
    return card_set.game


def _read_back(tmp_path: Path, folder: Path) -> tuple[KeptRules, dict[str, object]]:
    """A fresh reader of the kept file, and what it gives for every line that parses."""
    parser, lines = _lines(folder)
    reader = KeptRules(Vocabulary.of(_game(folder)), tmp_path)
    found: dict[str, object] = {}
    for line in lines:
        try:
            found[line] = reader.parse_ability(line)
        except RulesTextError:
            continue
        assert _same(found[line], parser.parse_ability(line)), line
    return reader, found


def test_a_second_reader_reads_every_line_back_without_a_parser(tmp_path: Path) -> None:
    folder = ROOT / "cards" / "star-realms"
    _kept(tmp_path, folder)
    reader, found = _read_back(tmp_path, folder)
    assert found and reader._parser is None  # no parser was needed
    assert set(reader.read) == set(found)


def _with_vocab(text: str, **fields: object) -> str:
    data = json.loads(text)
    data["vocab"].update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda text: text[: len(text) // 2],  # cut short by a crash
        lambda text: "",
        lambda text: "[1, 2",
        lambda text: json.dumps({"format": 1}),
        lambda text: text.replace('"format":1', '"format":"1"'),
        lambda text: text.replace('"Gain"', '"Popen"').replace('"Draw"', '"Path"'),
        lambda text: text.replace('"line":1', '"line":1.0').replace('"column":', '"colour":'),
        lambda text: text.replace('"$vocab"', '"vocab"'),
        lambda text: text.replace('"key":"', '"key":"0'),  # another key
        lambda text: text.replace('"Trade"', '"Money"'),  # another vocabulary
        lambda text: "[" * 100_000 + "]" * 100_000,
        lambda text: text.replace('"rejected":[]', '"rejected":[["phrases", 1, ""]]'),
        lambda text: _with_vocab(text, labels=5),
        lambda text: _with_vocab(text, labels=[["ally", "Ally", "bond", 1.5, ""]]),
    ],
    ids=[
        "cut",
        "empty",
        "not-json",
        "no-lines",
        "format",
        "classes",
        "fields",
        "vocab-marker",
        "key",
        "vocabulary",
        "deep",
        "rejected",
        "labels",
        "label",
    ],
)
def test_a_spoilt_file_is_ignored_and_the_lines_parsed(tmp_path: Path, spoil: object) -> None:
    folder = ROOT / "cards" / "star-realms"
    _, path = _kept(tmp_path, folder)
    text = path.read_text()
    assert '"Trade"' in text and '"line":1' in text and '"Gain"' in text
    assert '"rejected":[]' in text and '"labels":[[' in text
    path.write_text(spoil(text))  # type: ignore[operator]
    reader, found = _read_back(tmp_path, folder)  # each value as the parser gives it
    assert len(found) == len(_read_back(tmp_path, folder)[1])
    reader.save()  # and the file is whole again
    assert _read_back(tmp_path, folder)[0]._parser is None


def test_a_file_others_could_have_written_is_never_read_nor_written(tmp_path: Path) -> None:
    folder = ROOT / "cards" / "star-realms"
    _, path = _kept(tmp_path, folder)
    path.chmod(0o664)
    reader, _ = _read_back(tmp_path, folder)
    assert reader._parser is not None and not reader.kept
    reader.save()
    assert path.stat().st_mode & 0o777 == 0o664  # left as it is
    path.unlink()
    path.symlink_to(tmp_path / "elsewhere.json")
    reader, _ = _read_back(tmp_path, folder)
    reader.save()
    assert path.is_symlink() and not (tmp_path / "elsewhere.json").exists()


def test_what_decides_a_parse_is_in_the_key(tmp_path: Path) -> None:
    vocab = Vocabulary.of(_game(ROOT / "cards" / "star-realms"))
    key = key_of(vocab)
    assert key == key_of(replace(vocab))
    assert key != key_of(replace(vocab, resources=(*vocab.resources, ("gems", "Gems"))))
    assert key != key_of(replace(vocab, phrases=(("x", "Do {n} net damage"),)))
    # an edited handler, effect or grammar: another key
    source = Path(kept.__file__).resolve().parent.parent
    copy = tmp_path / "cardkit"
    for name in ("rules", "effects"):
        shutil.copytree(source / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("markup.py", "inflect.py", "errors.py", "model.py"):
        shutil.copy(source / name, copy / name)
    digest = sources_digest(copy)
    assert digest == sources_digest(source)
    for edited in ("rules/handlers.py", "effects/deckbuilding.py", "rules/grammar.lark"):
        path = copy / edited
        text = path.read_text()
        path.write_text(text + "\n# edited\n")
        assert sources_digest(copy) != digest, edited
        path.write_text(text)
    assert sources_digest(copy) == digest


def _cardkit(cache_dir: str, *args: str) -> tuple[int, str, str, bool]:
    """A command in a fresh process: its exit status, output, errors, and whether it
    imported lark."""
    code = (
        "import sys\n"
        "from cardkit.cli import main\n"
        f"status = main({list(args)!r})\n"
        "print('LARK', 'lark' in sys.modules, file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    env = {**os.environ, CACHE_ENV: cache_dir, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    errors, _, imported = done.stderr.rpartition("LARK ")
    return done.returncode, done.stdout, errors, imported.strip() == "True"


def test_builds_are_byte_identical_with_and_without_kept_lines(tmp_path: Path) -> None:
    kept_dir = tmp_path / "cache"
    runs = {}
    for name, cache_dir in (("none", ""), ("cold", str(kept_dir)), ("warm", str(kept_dir))):
        out = tmp_path / name
        status, stdout, errors, lark = _cardkit(
            cache_dir, "build", str(ROOT / "cards" / "star-realms"), "-o", str(out)
        )
        assert status == 0, errors
        said = (stdout + errors).replace(str(out), "OUT")
        runs[name] = (said, (out / "deck.pdf").read_bytes())
        assert lark == (name != "warm"), name  # every line read back: no parser at all
    assert runs["none"] == runs["cold"] == runs["warm"]
    assert list(kept_dir.glob("rules-values-*.json"))


def test_diagnostics_are_the_same_with_and_without_kept_lines(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    shutil.copy(TEXT / "game" / "game.yaml", game / "game.yaml")
    cards = sorted([*(TEXT / "invalid").glob("*.yaml"), *(TEXT / "clean").glob("*.yaml")])
    for number, card in enumerate(cards):  # a name (so an id) of its own: the set builds
        text = re.sub(r"(?m)^  - name: (.*)$", rf"  - name: \1 N{number}", card.read_text())
        (game / card.name).write_text(text)
    kept_dir = tmp_path / "cache"
    for command in ("validate", "build"):
        runs: list[tuple[int, str, bytes]] = []
        for cache_dir in ("", str(kept_dir), str(kept_dir)):
            out = tmp_path / f"out{len(runs)}"
            args = [command, str(game)] + (["-o", str(out)] if command == "build" else [])
            status, stdout, errors, _ = _cardkit(cache_dir, *args)
            pdf = (out / "deck.pdf").read_bytes() if command == "build" else b""
            runs.append((status, (stdout + errors).replace(str(out), "OUT"), pdf))
        said = runs[0][1]
        assert "[CK101]" in said and "[CK103]" in said and "[CK109]" in said, said
        assert runs[0] == runs[1] == runs[2], command


def test_the_phrasing_checks_read_the_kept_lines_and_rejections(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text(
        "id: g\nname: G\nresources:\n  gold: {name: Gold}\ncard_types:\n  unit: {name: Unit}\n"
        "zones:\n  hand: {name: hand}\nphrasing:\n  phrases:\n    hoard: Gain {n} Gold\n"
        "    chant: Sing {n} songs\n    chant2: Sing {n} songs\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text(
        "cards:\n  - name: Bard\n    type: unit\n    text: |-\n      Sing 2 songs.\n"
        "      Gain 1 Gold.\n",
        encoding="utf-8",
    )
    kept_dir = str(tmp_path / "cache")
    runs = [_cardkit(cache_dir, "validate", str(game)) for cache_dir in ("", kept_dir, kept_dir)]
    assert runs[0][0] == 1
    said = runs[0][1] + runs[0][2]
    assert "error[CK061] phrase 'chant2' cannot be read" in said
    assert "warning[CK061] phrase 'Gain {n} Gold' starts with the verb" in said
    assert [run[:3] for run in runs] == [runs[0][:3]] * 3
    assert [run[3] for run in runs] == [True, True, False]  # the third run parses nothing
