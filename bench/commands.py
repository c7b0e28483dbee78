"""Whole commands as the user types them, each in a fresh process, against floors run alongside.

Every figure is the CPU time (user + system, from ``os.wait4``'s resource usage of the child)
and the peak memory of one fresh process, so start-up, imports and loading count, as they do
for the user. Each command and its floor run interleaved, ``--repeat`` rounds (at least 5),
and the figures are medians: CPU time rather than wall time, because the machine is shared.

The commands and their floors (the least work any tool must do for the same output):

- ``cardkit --help``: ``python -c pass`` (the interpreter starting).
- ``cardkit build cards/star-realms``: ``../shared/bench/floor_pdf.py UNIQUE COPIES``, bare
  reportlab drawing as many cards (frame, title, cost, three lines, art, crop marks, backs).
- ``cardkit validate``: load each card file with PyYAML (plain Python) and run one JSON Schema
  check per card with jsonschema, on the same files (the schemas written out beforehand).
- ``build --png`` (300 dpi, empty output folder): pdfium rasterising the same one-card pages
  (from ``cards-<size>.pdf``) and Pillow encoding them as PNG.
- ``build --tts``: the same raster floor at the deck sheets' cell size, pasted into the sheets.
- ``cardkit rulebook``: reportlab platypus laying out the text of cardkit's reference.pdf.
- scaling: ``build`` at 152 cards (Star Realms) and 1,000 distinct generated cards (10,000
  with ``--large``), with time, peak memory and PDF bytes, against ``floor_pdf.py N 1``.
  ``--large`` also runs ``validate`` on 10,000 generated cards.

Rules text parsed in an earlier run is read back from the cache folder (``cardkit/rules/kept.py``),
and as it prints (``cardkit/rules/printed.py``), the art placeholders drawn before are written
again (``cardkit/render/placeholder.py``),
values checked clean against their schemas are not checked again (``cardkit/load/checked.py``)
and YAML files read before are read back (``cardkit/load/yamlkept.py``), as when a designer
builds again: the runs use a cache folder of their own, filled by the first run (not counted).
``--cold`` removes the kept lines, checks, files and placeholders before each run of cardkit
(lark's parse tables stay kept, as before there were kept lines): a first build after an upgrade.

    python bench/commands.py [--repeat 5] [--large] [--only build,png,...] [--cold]

It measures the cardkit that ``python -m cardkit`` imports with this interpreter: run it with
the compiled install to quote release figures, or with PYTHONPATH=. for a working tree.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build import FLOOR, GAME, generated_game, load  #  (bench/build.py)
from validate import generate  #  (bench/validate.py)

REPO = Path(__file__).resolve().parent.parent
# -P: the cardkit this interpreter imports (its install, or PYTHONPATH's), never the checkout the
# commands run in (``python -m`` would put the working folder first on the path).
CARDKIT = [sys.executable, "-P", "-m", "cardkit"]
# As installed: Python's compiled bytecode is cached (a shell may say not to write it, and then
# every run compiles every module again, which no installed cardkit does).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
KEPT: list[Path] = []  # the cache folder whose kept lines and checks go before each run (--cold)
PY = [sys.executable]

FLOOR_VALIDATE = """
import json, sys
from pathlib import Path
import yaml, jsonschema
folder = Path(sys.argv[1])
schemas = json.loads((Path(sys.argv[2])).read_text())
checkers = {t: jsonschema.validators.validator_for(s)(s) for t, s in schemas.items()}
default = sys.argv[3]
for path in sorted(folder.rglob("*.yaml")):
    if path.name == "game.yaml" or "layouts" in path.parts or "tables" in path.parts:
        continue
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        continue
    defaults = data.get("defaults") or {}
    for card in data["cards"]:
        card = {**defaults, **card}
        kind = card.get("type", default)
        if kind in checkers:
            checkers[kind].validate(card)
"""

FLOOR_RASTER = """
import io, json, sys
import pypdfium2
from PIL import Image
plan = json.loads(open(sys.argv[1]).read())  # pages: [[pdf, page, width, height]]
documents = {}
for pdf, page, width, height in plan.get("pages", []):
    if pdf not in documents:
        documents[pdf] = pypdfium2.PdfDocument(pdf)
    sheet = documents[pdf][page]
    scale = width / sheet.get_size()[0]
    image = sheet.render(scale=scale, rev_byteorder=True).to_pil().convert("RGB")
    image = image.crop((0, 0, width, height))
    sheet.close()
    image.save(io.BytesIO(), format="PNG", dpi=(300, 300))
for sheet in plan.get("sheets", []):  # [width, height, columns, rows, [[slot, pdf, page]...]]
    width, height, columns, rows, slots = sheet
    cell_w, cell_h = width // columns, height // rows
    grid = Image.new("RGB", (width, height), "white")
    for slot, pdf, page in slots:
        if pdf not in documents:
            documents[pdf] = pypdfium2.PdfDocument(pdf)
        face = documents[pdf][page]
        image = face.render(scale=cell_w / face.get_size()[0], rev_byteorder=True).to_pil()
        at = ((slot % columns) * cell_w, (slot // columns) * cell_h)
        grid.paste(image.convert("RGB").crop((0, 0, cell_w, cell_h)), at)
        face.close()
    grid.save(io.BytesIO(), format="PNG")
"""

LAUNCH = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(sys.argv[1], "w") as out:
    cpu = usage.ru_utime + usage.ru_stime
    out.write(f"{os.waitstatus_to_exitcode(status)} {cpu} {usage.ru_maxrss} {wall}")
"""

FLOOR_RULEBOOK = """
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate
from xml.sax.saxutils import escape
text = open(sys.argv[1], encoding="utf-8").read()
style = getSampleStyleSheet()["BodyText"]
story = [Paragraph(escape(line)) for line in text.splitlines() if line.strip()]
SimpleDocTemplate(sys.argv[2], pagesize=A4, invariant=1).build(story)
"""


@dataclass(frozen=True)
class Sample:
    cpu: float  # seconds, user + system
    peak: int  # bytes, maximum resident set size
    wall: float  # seconds, noisy on a shared machine: shown for --jobs only


def run(
    command: Sequence[str], *, fresh: Path | None = None, statuses: tuple[int, ...] = (0,)
) -> Sample:
    """One fresh process: its CPU time and peak memory. ``fresh`` is emptied first (no cache).
    ``statuses``: the exit statuses that mean the command did its work."""
    if fresh is not None:
        shutil.rmtree(fresh, ignore_errors=True)
    if command[: len(CARDKIT)] == CARDKIT:
        for folder in KEPT:
            for pattern in (
                "rules-values-*.json",
                "printed-lines-*.json",
                "art-placeholders-*.json",
                "schema-checked-*.json",
                "yaml-read-*.json",
            ):
                for kept in folder.glob(pattern):
                    kept.unlink()
    # A small launcher forks the command, so that its peak memory is its own and not that of
    # this process (a forked child starts with its parent's resident pages).
    with tempfile.TemporaryFile() as errors, tempfile.NamedTemporaryFile("r") as result:
        launch = [sys.executable, "-c", LAUNCH, result.name, *command]
        subprocess.run(
            launch, stdout=subprocess.DEVNULL, stderr=errors, cwd=REPO, env=ENV, check=True
        )
        code, cpu, peak, wall = result.read().split()
        if int(code) not in statuses:
            errors.seek(0)
            tail = errors.read().decode(errors="replace")[-2000:]
            raise SystemExit(f"failed ({code}): {' '.join(command)}\n{tail}")
    return Sample(float(cpu), int(peak) * 1024, float(wall))


@dataclass
class Pair:
    """A command and its floor, timed in alternation."""

    name: str
    ours: Sequence[str]
    floor: Sequence[str]
    fresh: Path | None = None  # emptied before each run of ours
    output: Path | None = None  # the PDF whose size is reported
    floor_output: Path | None = None
    statuses: tuple[int, ...] = (0,)  # of ours: validate exits 1 when it finds errors
    samples: tuple[list[Sample], list[Sample]] = field(default_factory=lambda: ([], []))

    def once(self, round_: int) -> None:
        order = (0, 1) if round_ % 2 == 0 else (1, 0)
        for side in order:
            if side == 0:
                self.samples[0].append(run(self.ours, fresh=self.fresh, statuses=self.statuses))
            else:
                self.samples[1].append(run(self.floor))

    def line(self) -> str:
        ours = statistics.median(s.cpu for s in self.samples[0])
        floor = statistics.median(s.cpu for s in self.samples[1])
        peak = statistics.median(s.peak for s in self.samples[0]) / 2**20
        floor_peak = statistics.median(s.peak for s in self.samples[1]) / 2**20
        text = (
            f"{self.name:<34} {ours:7.2f} s {floor:7.2f} s {ours / floor:6.2f}x"
            f" {peak:7.0f} MB {floor_peak:6.0f} MB"
        )
        if self.output is not None and self.floor_output is not None:
            text += f"  PDF {_kb(self.output)} / {_kb(self.floor_output)}"
        if "--jobs" in self.ours:
            text += f"  wall {statistics.median(s.wall for s in self.samples[0]):.2f} s"
        return text


def _kb(path: Path) -> str:
    return f"{path.stat().st_size / 1024:,.0f} KB"


def _prepare_validate(game: Path, work: Path) -> list[str]:
    """The floor's arguments: the game's card-type schemas written out as JSON."""
    from cardkit.load.game import load_game
    from cardkit.load.schema import card_type_schema

    loaded, _ = load_game(game, str(game))
    assert loaded is not None
    schemas = {kind: card_type_schema(loaded, kind) for kind in loaded.card_types}
    path = work / f"schemas-{game.name}.json"
    path.write_text(json.dumps(schemas), "utf-8")
    return [str(game), str(path), next(iter(loaded.card_types))]


def _prepare_png(game: Path, work: Path, dpi: float) -> Path:
    """The raster floor's plan: the page of cards-<size>.pdf that each PNG of ``--png`` shows."""
    from cardkit.export.png import images
    from cardkit.export.raster import pixels
    from cardkit.export.single import card_size
    from cardkit.render.impose import Face

    out = work / "single"
    run([*CARDKIT, "build", str(game), "-o", str(out), "--single"])
    card_set = load(game)
    first: dict[str, tuple[str, int]] = {}
    pages: dict[str, int] = {}
    for card in card_set.cards:
        size = card_size(card_set, card).name
        at = pages.get(size, 0)
        first[card.id] = (str(out / f"cards-{size}.pdf"), at)
        pages[size] = at + 2 * card.count
    plan = []
    bleed = 3 * 72 / 25.4
    for job in images(card_set, card_set.cards):
        pdf, page = first[job.card.id]
        size = card_size(card_set, job.card)
        width, height = (pixels(side + 2 * bleed, dpi) for side in (size.width, size.height))
        plan.append([pdf, page + (1 if job.face is Face.BACK else 0), width, height])
    path = work / "raster-plan.json"
    path.write_text(json.dumps({"pages": plan}), "utf-8")
    return path


def _prepare_tts(game: Path, work: Path, png_plan: Path) -> Path:
    """The TTS floor's plan: each deck sheet's size and grid, and the card page in each slot
    (from the saved object cardkit writes); the backs as single images at their size."""
    from PIL import Image

    out = work / "tts-probe"
    run([*CARDKIT, "build", str(game), "-o", str(out), "--tts"])
    page_of = {
        job_id: (pdf, page)
        for job_id, (pdf, page, *_) in zip(
            (card.id for card in load(game).cards),
            json.loads(png_plan.read_text("utf-8"))["pages"],
            strict=False,  # fronts first, in card order
        )
    }
    saved = json.loads(next((out / "tts").glob("*.json")).read_text("utf-8"))
    sheets, backs = [], {}
    for deck in saved["ObjectStates"]:
        contained = deck.get("ContainedObjects", [deck])
        ids = deck.get("DeckIDs", [deck.get("CardID", 100)])
        for number, sheet in deck["CustomDeck"].items():
            face = out / "tts" / Path(sheet["FaceURL"]).name
            with Image.open(face) as image:
                width, height = image.size
            slots = {
                card_id % 100: page_of[card["GMNotes"]]
                for card_id, card in zip(ids, contained, strict=True)
                if card_id // 100 == int(number)
            }
            grid = [[slot, *where] for slot, where in sorted(slots.items())]
            sheets.append([width, height, sheet["NumWidth"], sheet["NumHeight"], grid])
            back = out / "tts" / Path(sheet["BackURL"]).name
            with Image.open(back) as image:
                pdf, page = next(iter(slots.values()))
                backs[back.name] = [pdf, page + 1, *image.size]
    path = work / "tts-plan.json"
    path.write_text(json.dumps({"pages": list(backs.values()), "sheets": sheets}), "utf-8")
    return path


def _prepare_rulebook(game: Path, work: Path) -> Path:
    """The rulebook floor's input: the text of cardkit's own reference.pdf."""
    import pypdfium2

    out = work / "rulebook-probe"
    run([*CARDKIT, "rulebook", str(game), "-o", str(out)])
    document = pypdfium2.PdfDocument(str(next(out.rglob("reference.pdf"))))
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    path = work / "rulebook.txt"
    path.write_text(text, "utf-8")
    return path


def pairs(work: Path, args: argparse.Namespace) -> list[Pair]:
    star = load(GAME)
    unique = len(star.cards)
    copies = max(1, round(star.total_copies / unique))
    floor = [*PY, str(args.floor)]
    made: list[Pair] = []
    want: Callable[[str], bool] = lambda name: not args.only or name in args.only  # noqa: E731
    if want("help"):
        made.append(Pair("cardkit --help", [*CARDKIT, "--help"], [*PY, "-c", "pass"]))
    if want("build"):
        out = work / "build"
        made.append(
            Pair(
                f"build star-realms ({star.total_copies} cards)",
                [*CARDKIT, "build", str(GAME), "-o", str(out)],
                [*floor, str(unique), str(copies), str(work / "floor-star.pdf")],
                output=out / "deck.pdf",
                floor_output=work / "floor-star.pdf",
            )
        )
    if want("validate"):
        made.append(
            Pair(
                "validate star-realms",
                [*CARDKIT, "validate", str(GAME)],
                [*PY, "-c", FLOOR_VALIDATE, *_prepare_validate(GAME, work)],
            )
        )
    png_plan = None
    if want("png") or want("tts"):
        png_plan = _prepare_png(GAME, work, 300.0)
    if want("png") and png_plan is not None:
        out = work / "png"
        pngs = len(json.loads(png_plan.read_text())["pages"])
        for jobs in (1, 2):
            made.append(
                Pair(
                    f"build --png ({pngs} images) --jobs {jobs}",
                    [*CARDKIT, "build", str(GAME), "-o", str(out), "--png", "--jobs", str(jobs)],
                    [*PY, "-c", FLOOR_RASTER, str(png_plan)],
                    fresh=out,
                )
            )
    if want("tts") and png_plan is not None:
        out = work / "tts"
        made.append(
            Pair(
                "build --tts",
                [*CARDKIT, "build", str(GAME), "-o", str(out), "--tts"],
                [*PY, "-c", FLOOR_RASTER, str(_prepare_tts(GAME, work, png_plan))],
                fresh=out,
            )
        )
    if want("rulebook"):
        made.append(
            Pair(
                "rulebook star-realms",
                [*CARDKIT, "rulebook", str(GAME), "-o", str(work / "rulebook")],
                [*PY, "-c", FLOOR_RULEBOOK, str(_prepare_rulebook(GAME, work)), "/dev/null"],
            )
        )
    if want("scale"):
        for count in (1_000, 10_000) if args.large else (1_000,):
            game = generated_game(work / f"game-{count}", count, 1)
            out = work / f"build-{count}"
            made.append(
                Pair(
                    f"build {count:,} distinct cards",
                    [*CARDKIT, "build", str(game), "-o", str(out)],
                    [*floor, str(count), "1", str(work / f"floor-{count}.pdf")],
                    output=out / "deck.pdf",
                    floor_output=work / f"floor-{count}.pdf",
                )
            )
    if want("validate") and args.large:
        folder = work / "validate-10000"
        folder.mkdir()
        generate(folder, 10_000)
        made.append(
            Pair(
                "validate 10,000 cards",
                [*CARDKIT, "validate", str(folder)],
                [*PY, "-c", FLOOR_VALIDATE, *_prepare_validate(folder, work)],
                # Star Realms' deck rules (80 trade cards, 20 per faction) do not hold for
                # 10,000 generated cards: validate reports them, and exits 1 as it should.
                statuses=(1,),
            )
        )
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="rounds, at least 5 (default 5)")
    parser.add_argument("--large", action="store_true", help="also 10,000 cards")
    parser.add_argument("--floor", type=Path, default=FLOOR)
    parser.add_argument(
        "--only",
        type=lambda text: set(text.split(",")),
        default=set(),
        help="some of: help,build,validate,png,tts,rulebook,scale",
    )
    parser.add_argument("--cold", action="store_true", help="no rules text kept from before")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        ENV["CARDKIT_CACHE_DIR"] = str(Path(folder) / "cache")
        if args.cold:
            KEPT.append(Path(folder) / "cache")
        made = pairs(Path(folder), args)
        for pair in made:  # a first run, not counted: bytecode compiled, files in the OS cache
            pair.once(0)
            pair.samples[0].clear()
            pair.samples[1].clear()
        for round_ in range(max(1, args.repeat)):
            for pair in made:
                pair.once(round_)
        print(
            f"whole commands, fresh processes; medians of {args.repeat} interleaved runs (after"
            " one not counted) of CPU time (user + system) and peak RSS; rules text "
            + ("parsed afresh (--cold)" if args.cold else "kept from the run before")
        )
        print(f"{'command':<34} {'cardkit':>9} {'floor':>9} {'ratio':>7} {'peak':>10} {'floor':>9}")
        for pair in made:
            print(pair.line())


if __name__ == "__main__":
    main()
