"""`cardkit serve` end to end: a real headless Chromium (Debian's package, driven by
selenium) watches a copy of the Star Realms sample while its YAML is edited."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
# Without the background-networking flags Chromium's own connections are refused here.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no Chromium installed (apt-get install -y chromium chromium-driver; .ci/run does)",
)

CARD = "Blob Miner"
CARD_ID = "blob-miner"
CARD_FILE = "trade-deck/blob.yaml"
COST_LINE = "  - name: Blob Miner\n    type: ship\n    cost: {}\n"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``cardkit serve`` on a copy of cards/star-realms, on a free port: (address, game)."""
    game = tmp_path / "star-realms"
    shutil.copytree(ROOT / "cards" / "star-realms", game)
    process = subprocess.Popen(
        [sys.executable, "-m", "cardkit", "serve", str(game), "--port", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stdout is not None
        found = re.search(r"http://\S+/", process.stdout.readline())
        assert found, process.stderr.read() if process.stderr else ""
        yield found.group(0), game
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def browser() -> Iterator[object]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="cardkit-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _set_cost(game: Path, old: str, new: str) -> None:
    path = game / CARD_FILE
    text = path.read_text(encoding="utf-8")
    assert COST_LINE.format(old) in text
    path.write_text(text.replace(COST_LINE.format(old), COST_LINE.format(new)), encoding="utf-8")


def _cost_line(game: Path) -> int:
    lines = (game / CARD_FILE).read_text(encoding="utf-8").splitlines()
    return lines.index("  - name: Blob Miner") + 3


# What the page shows of one card, read in one step (the page swaps its content live).
READ_CARD = """
var figure = document.querySelector(arguments[0]);
if (!figure) { return null; }
var image = figure.querySelector("img");
return {
  name: figure.querySelector(".name").textContent,
  checking: document.querySelector(".summary").textContent.indexOf("checking") >= 0,
  src: image ? image.src : null,
  drawn: image ? image.complete && image.naturalWidth > 0 : false,
  problems: Array.from(figure.querySelectorAll("li.problem")).map(function (li) {
    return li.textContent.replace(/\\s+/g, " ").trim();
  }),
};
"""


def test_the_page_follows_edits_of_the_yaml(server: tuple[str, Path], browser: object) -> None:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.support.ui import WebDriverWait

    assert isinstance(browser, WebDriver)
    address, game = server
    browser.get(address)

    def card(driver: WebDriver) -> dict[str, object]:
        shown = driver.execute_script(READ_CARD, f'figure[data-card="{CARD_ID}"]')
        return shown or {}

    # The card's name in the rendered gallery, with its picture (a cold start draws them all,
    # then checks them: the page says 'checking…' until it has).
    first = WebDriverWait(browser, 60, 0.05).until(
        lambda d: (c := card(d)).get("drawn") and not c["checking"] and c
    )
    assert first["name"] == CARD

    # Its cost edited in the YAML: a new picture within 3 s, with no action in the page.
    _set_cost(game, "2", "5")
    start = time.monotonic()
    second = WebDriverWait(browser, 3, 0.05).until(
        lambda d: (c := card(d)).get("drawn") and c["src"] != first["src"] and c
    )
    assert time.monotonic() - start <= 3.0
    assert second["problems"] == []

    # A broken field: the located problem beside the card.
    _set_cost(game, "5", "-1")
    where = f"{game.name}/{CARD_FILE}:{_cost_line(game)}:11"
    broken = WebDriverWait(browser, 10, 0.05).until(lambda d: (c := card(d)).get("problems") and c)
    [told] = broken["problems"]
    assert where in told
    assert "error[CK024] cost must be a whole number >= 0, got -1" in told
    assert broken["drawn"]  # its last good picture stays beside the problem

    # Fixed: the problem goes, and the card is drawn with its new cost.
    _set_cost(game, "-1", "4")
    WebDriverWait(browser, 10, 0.05).until(lambda d: not card(d).get("problems"))
    WebDriverWait(browser, 10, 0.05).until(
        lambda d: (c := card(d)).get("drawn") and c["src"] not in (first["src"], second["src"])
    )
