"""`cardkit sim`: reports, charts and JSON from seeded sweeps; bad input is a coded error."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest
from PIL import Image
from readme_helpers import page
from sim_helpers import ROOT, STAR_REALMS

from cardkit.cli import main
from cardkit.cli.sim import shown_rows
from cardkit.export.simchart import charted_rows
from cardkit.sim.stats import CardRow, Rate

POWER_CARD = ROOT / "tests" / "fixtures" / "sim" / "power-card.yaml"


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["sim", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_report_has_seat_rates_with_intervals_and_per_card_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _sim(
        capsys,
        str(STAR_REALMS),
        "--games",
        "40",
        "--seed",
        "2",
        "--format",
        "json",
        "-o",
        str(tmp_path),
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["game"] == "star-realms" and report["games"] == 40
    seats = report["seats"]
    assert [s["bot"] for s in seats] == ["greedy", "greedy"]
    assert sum(s["wins"] for s in seats) + report["draws"] == 40
    low, high = seats[0]["ci95"]
    assert low < seats[0]["rate"] < high
    assert report["first_player"]["n"] == 40 - report["draws"]
    ids = {card["id"] for card in report["cards"]}
    assert "explorer" in ids and "scout" not in ids  # starters are never bought
    assert json.loads((tmp_path / "report.json").read_text()) == report
    for name in ("seats.png", "cards.png"):
        with Image.open(tmp_path / name) as image:
            assert image.format == "PNG" and image.width == 900
    assert f"wrote {tmp_path / 'seats.png'}" in err


def test_the_same_seed_gives_the_same_bytes_whatever_the_number_of_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        status, _, _ = _sim(
            capsys, str(STAR_REALMS), "--games", "30", "--jobs", jobs, "-o", str(folder)
        )
        assert status == 0
        outputs.append({p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    assert outputs[0] == outputs[1]
    assert set(outputs[0]) == {"cards.png", "report.json", "seats.png"}


def test_text_report_shows_seats_first_player_and_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _sim(
        capsys, str(STAR_REALMS), "--games", "20", "--bots", "greedy,random", "-o", str(tmp_path)
    )
    assert status == 0
    assert "20 games, greedy (A) vs random (B), seed 1, seats alternated" in out
    assert re.search(r"A +│ greedy +│ +\d+ │ +\d+\.\d% \[", out)
    assert "whoever moves first" in out and "win if bought [95% CI]" in out


def test_an_obviously_too_strong_added_card_stands_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _sim(
        capsys,
        str(STAR_REALMS),
        "--add",
        str(POWER_CARD),
        "--games",
        "600",
        "--format",
        "json",
        "-o",
        str(tmp_path),
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["added"] == ["ion-lancer"]
    top = report["cards"][0]
    assert top["id"] == "ion-lancer" and top["added"]
    assert top["edge_ci95"][0] > 0.05  # clearly better than not buying it
    assert [d["slot"] for d in report["pool_delta"]] == ["A", "B", "first"]
    assert report["without_added"]["average_turns"] > 10
    playtesting = page("playtesting.md")
    documented = playtesting[playtesting.index("The JSON report holds") :]
    keys = {*report, *top, *report["pool_delta"][0], *report["seats"][0]}
    assert sorted(k for k in keys if f"`{k}`" not in documented) == []
    assert (tmp_path / "delta.png").is_file()


def test_unknown_bot_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _sim(capsys, str(STAR_REALMS), "--bots", "greedy,gredy")
    assert status == 2
    assert (
        "unknown bot 'gredy' (did you mean 'greedy'?); the bots are random, simple, greedy, mc"
        in err
    )


def test_an_added_card_that_does_not_parse_is_reported_and_nothing_is_simulated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "cards:\n  - name: Glitch\n    type: ship\n    cost: 2\n"
        "    text: Gain 2 Trade and 3 Cmbat.\n",
        encoding="utf-8",
    )
    status, _, err = _sim(capsys, str(STAR_REALMS), "--add", str(bad), "-o", str(tmp_path / "o"))
    assert status == 1
    # a misspelt word where the line stops parsing is CK109 (a line that does not parse);
    # "Gain 2 Trdae." alone now parses (a generic act of gaining 2 of something)
    assert f"{bad}:5:30: error[CK109] unknown word 'Cmbat'" in err and "'glitch'" in err
    assert "1 error; nothing simulated" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("slip", ["Gain 2 Mihgt.", "Gain 1 Coni and 1 Health."])
def test_a_misspelt_resource_the_grammar_reads_is_ck109_as_validate_says_not_ck403(
    slip: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "Gain 2 Mihgt" parses (a card named 'Mihgt'), so the engine found an act it cannot run
    # (CK403); the designer's slip is the spelling, and sim says it in validate's words.
    from cardkit.app.new_game import new_game

    root = new_game("Harbour Lords", tmp_path, kind="deck-builder")
    forge = root / "market" / "forge.yaml"
    forge.write_text(forge.read_text("utf-8").replace("Gain 2 Might.", slip, 1), "utf-8")
    assert main(["validate", str(root)]) == 1
    validated = [line for line in capsys.readouterr().out.splitlines() if line]
    status, out, err = _sim(capsys, str(root), "--games", "4", "-o", str(tmp_path / "o"))
    assert (status, out) == (1, "") and "CK403" not in err
    assert err.splitlines() == [*validated, "1 error; nothing simulated"]
    assert "error[CK109] unknown word " in validated[0]


def test_an_added_card_with_an_id_the_game_has_is_a_ck030_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clash = tmp_path / "clash.yaml"
    clash.write_text("name: Stinger\ntype: ship\ncost: 1\ntext: Gain 9 Combat.\n", "utf-8")
    status, _, err = _sim(capsys, str(STAR_REALMS), "--add", str(clash))
    assert status == 1 and "error[CK030] card id 'stinger'" in err


def test_docs_sim_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    section = page("playtesting.md")
    commands = re.findall(r"^    cardkit (sim .*?)(?:\s+#.*)?$", section, flags=re.MULTILINE)
    assert len(commands) >= 3
    monkeypatch.chdir(ROOT)
    for command in commands:
        args = shlex.split(command)
        if "--games" in args:
            args[args.index("--games") + 1] = "16"
        else:
            args += ["--games", "16"]
        if "mc" in " ".join(args):
            args[args.index("--games") + 1] = "2"
        assert main([*args, "-o", str(tmp_path)]) == 0, command


def test_any_game_with_a_play_declaration_can_be_simulated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = ROOT / "tests" / "fixtures" / "sim" / "tiny-game"
    status, out, err = _sim(
        capsys, str(tiny), "--games", "100", "--format", "json", "-o", str(tmp_path)
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["game"] == "moon-siege" and report["games"] == 100
    assert sum(seat["wins"] for seat in report["seats"]) + report["draws"] == 100
    assert {card["id"] for card in report["cards"]} == {
        "sun-knight",
        "moon-trader",
        "sun-wall",
        "moon-spire",
    }


def test_an_output_folder_that_cannot_be_written_is_an_error_before_any_game_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardkit.sim.runner

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played although the report could not be written")

    monkeypatch.setattr(cardkit.sim.runner, "run_sweep", no_games)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    status, out, err = _sim(capsys, str(STAR_REALMS), "--games", "4", "-o", str(blocker / "sim"))
    assert status == 1 and out == ""
    assert err.startswith(
        f"{blocker / 'sim' / 'report.json'}: error[CK005] cannot write output: "
        f"{str(blocker)!r} is a file, not a folder\n"
        "    hint: choose another place with -o, or make room there\n"
    ), err


def test_an_added_card_outside_the_market_deck_is_a_ck405_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = tmp_path / "extra.yaml"
    extra.write_text(
        "cards:\n  - name: Relic\n    type: ship\n    cost: 2\n    count: 1\n"
        "    deck: explorers\n    text: Gain 2 Trade.\n",
        encoding="utf-8",
    )
    status, _, err = _sim(
        capsys, str(STAR_REALMS), "--add", str(extra), "--games", "4", "-o", str(tmp_path / "o")
    )
    assert status == 0
    assert (
        f"{extra}:6:11: warning[CK405] added card 'relic' belongs to deck 'explorers', not to "
        "'trade' that the market row is dealt from; no game will use it"
    ) in err


def test_the_greedy_bot_against_the_simple_one_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The head-to-head of docs/playtesting.md, on fewer games: greedy wins most of them."""
    status, out, _ = _sim(
        capsys,
        *(str(STAR_REALMS), "--bots", "greedy,simple", "--games", "200", "--seed", "7"),
        *("--jobs", "1", "-o", str(tmp_path)),
    )
    assert status == 0
    assert "200 games, greedy (A) vs simple (B), seed 7, seats alternated" in out
    wins = re.search(r"A +│ greedy +│ +(\d+) │", out)
    assert wins is not None and int(wins.group(1)) > 120


def _row(k: int, wins: int, *, added: bool = False) -> CardRow:
    """A card bought in 200 player-games, ``wins`` of them won, against 100 of 200 otherwise."""
    return CardRow(f"c{k:02}", f"Card {k}", added, 1.0, Rate(wins, 200), Rate(100, 200), ())


def test_the_text_table_shows_the_surest_winners_and_losers_and_every_added_card() -> None:
    rows = [_row(k, 60 + 2 * k) for k in range(40)]  # edges from -20% to +19%
    rows.append(_row(99, 101, added=True))  # a middling added card
    cards = tuple(sorted(rows, key=lambda r: (-r.edge_interval[0], r.id)))  # as summarize does
    shown = shown_rows(cards)
    assert [r.id for r in shown] == [
        *(f"c{k:02}" for k in range(39, 29, -1)),  # the ten surest winners
        *(f"c{k:02}" for k in range(4, -1, -1)),  # the five surest losers, weakest last
        "c99",
    ]


def test_the_edge_chart_draws_every_added_card_whatever_its_edge() -> None:
    rows = [_row(k, 60 + 2 * k) for k in range(40)] + [_row(99, 101, added=True)]
    charted = charted_rows(tuple(rows))
    assert len(charted) == 25 and "c99" in {r.id for r in charted}
    edges = [abs(r.edge) for r in charted]
    assert edges == sorted(edges, reverse=True)  # widest first, the added card in its place
    assert charted_rows(tuple(rows[:-1]))[-1].id not in {r.id for r in charted}  # it made room


def test_a_sweep_of_draws_only_says_so_and_shows_no_first_player_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "sr"
    shutil.copytree(STAR_REALMS, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "  authority: {name: Authority", "  fuel: {name: Fuel}\n  authority: {name: Authority"
    )
    text = text.replace("attack_with: combat", "attack_with: fuel").replace(
        "max_turns: 200", "max_turns: 20"
    )
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    status, out, err = _sim(
        capsys, str(folder), "--games", "4", "--jobs", "1", "-o", str(tmp_path / "o")
    )
    assert status == 0, err
    assert "warning[CK406] no card in play gains 'fuel'" in err
    assert re.search(r"first +│ whoever moves first +│ +0 │ - \(no game decided\)", out), out
    assert "draws 4 (4 at the turn limit)," in out
    assert "every game was a draw: none ended by the game's rules before the turn limit" in out


_JSON_20 = ("--games", "20", "--format", "json", "-o")  # then the output folder


def test_the_game_folder_may_follow_the_added_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    added = ["--add", str(POWER_CARD)]
    status, out, err = _sim(capsys, *added, str(STAR_REALMS), *_JSON_20, str(tmp_path))
    assert status == 0, err
    report = json.loads(out)
    assert report["game"] == "star-realms" and report["added"] == ["ion-lancer"]


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (
            ["--add", str(POWER_CARD)],
            "the game folder is missing: give it first, as in 'cardkit sim GAME --add FILE'",
        ),
        (
            ["--add", str(STAR_REALMS)],
            "argument --add: give a card file or folder to add, then the game",
        ),
        ([], "the game folder is missing: give it first, as in 'cardkit sim GAME --add FILE'"),
    ],
)
def test_a_missing_game_folder_or_added_card_is_a_usage_error(
    args: list[str], told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _sim(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("usage: cardkit sim ") and err.endswith(f"cardkit: error: {told}\n")


HEARTHFIELD = ROOT / "cards" / "hearthfield"
BIG_MONEY_FILE = ROOT / "bench" / "strategies" / "big-money.yaml"


def test_hearthfield_plays_with_the_built_in_bots_and_ends_by_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _sim(
        capsys, str(HEARTHFIELD), "--games", "60", "--jobs", "1", *_JSON_20[2:], str(tmp_path)
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["games"] == 60 and report["timeouts"] == 0
    assert report["draws"] < 6  # ties by the rules: the same points after as many turns
    bought = {row["id"] for row in report["cards"]}
    assert {"castle", "shilling"} <= bought and "penny" not in bought


def test_a_strategy_file_plays_a_seat_by_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = f"greedy,{BIG_MONEY_FILE}"
    status, out, err = _sim(
        capsys,
        str(HEARTHFIELD),
        "--bots",
        bots,
        "--games",
        "40",
        "--jobs",
        "1",
        *_JSON_20[2:],
        str(tmp_path),
    )
    assert status == 0, err
    report = json.loads(out)
    assert report["bots"] == ["greedy", "big-money"] and report["timeouts"] == 0
    greedy, big_money = (seat["wins"] for seat in report["seats"])
    assert greedy > big_money


def test_a_strategy_file_naming_no_card_of_the_game_is_a_located_ck408(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    strategy = tmp_path / "s.yaml"
    strategy.write_text("name: s\nplay: [forje]\nbuy:\n  - {card: castel, coins: 8}\n")
    status, _out, err = _sim(
        capsys, str(HEARTHFIELD), "--bots", f"greedy,{strategy}", "-o", str(tmp_path / "o")
    )
    assert status == 1
    assert f"{strategy}:4:12: error[CK408] unknown card 'castel' (did you mean 'castle'?)" in err
    assert f"{strategy}:2:8: error[CK408] unknown card 'forje' (did you mean 'forge'?)" in err


def test_a_strategy_file_in_a_game_without_supply_piles_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, err = _sim(
        capsys, str(STAR_REALMS), "--bots", f"greedy,{BIG_MONEY_FILE}", "-o", str(tmp_path)
    )
    assert status == 2
    assert "strategies play games of the supply family" in err
