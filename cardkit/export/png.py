"""One PNG per card, with its bleed, for print services that take images (MakePlayingCards...).

``png/<card id>.png`` for each card (once, however many copies it has; ``card-<card id>.png``
for an id that starts with ``back-`` or ``card-``) and ``png/back-<back>-<size>.png`` for each
back, at 300 dpi by default: a poker card with a
1/8 in bleed is exactly 825 x 1125 pixels. Each image is the card's one-card PDF page
rasterised, so it shows exactly what the PDFs print.

Drawing and rasterising are the slow part, so they are skipped for a card whose image would
not change: the cache ``png/.cardkit-cache.json`` keeps, for each file, a key made from the
card's data and own files (its art), everything else its drawing reads (see ``fingerprint``:
game.yaml, the game's other files, cardkit's drawing code and templates, library versions)
and the options (size, bleed, resolution), and the hash of the PNG written. A card whose
key matches and whose file is still the one written is not redrawn (nor are its drawing
warnings found again).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardkit import transaction
from cardkit.diagnostics import Diagnostic
from cardkit.export.filenames import back_file_name, front_file_name, safe_file_stem
from cardkit.export.fingerprint import card_data, drawing_fingerprint, key_of
from cardkit.export.raster import png_bytes, rasterise_pages, round_corners
from cardkit.export.single import card_page, card_size, print_boxes
from cardkit.model import Card, CardSet
from cardkit.render.impose import Face
from cardkit.render.pdf import render_pdf
from cardkit.render.sides import back_faces, back_key, printed_fronts
from cardkit.render.style import CardStyle, prepare_style
from cardkit.workers import START_FAILURES, abandon, start_pool

Progress = Callable[[int, int], None]

PNG_FOLDER = "png"
CACHE_FILE = ".cardkit-cache.json"
CACHE_FORMAT = 1
DEFAULT_DPI = 300.0


@dataclass(frozen=True, slots=True)
class Job:
    """One image to make: a card's front, or a back (drawn from a card that has it)."""

    name: str  # file name inside the png folder
    card: Card
    face: Face


@dataclass(slots=True)
class PngReport:
    """What a PNG export did."""

    written: list[Path] = field(default_factory=list)  # rasterised and written
    unchanged: list[Path] = field(default_factory=list)  # already up to date: skipped
    removed: list[Path] = field(default_factory=list)  # of cards no longer in the set
    diagnostics: list[Diagnostic] = field(default_factory=list)


def images(card_set: CardSet, cards: Sequence[Card]) -> list[Job]:
    """One front per card and one back per distinct back and card size, in card order (the
    other face of a double-faced card is its back)."""
    fronts: list[Job] = []
    backs: dict[str, Job] = {}
    faces = back_faces(card_set.game, card_set.cards)
    for card in printed_fronts(card_set.game, cards):  # a double-faced card's back: a back
        fronts.append(Job(front_file_name(card.id), card, Face.FRONT))
        back_id = back_key(card_set.game, card, faces)
        name = back_file_name(back_id, card_size(card_set, card).name)
        backs.setdefault(name, Job(name, card, Face.BACK))
    return fronts + list(backs.values())


# What a worker process draws with: the card set and style, sent once when it starts.
_worker: tuple[CardSet, CardStyle] | None = None

BATCH = 32  # images drawn into one PDF: its fonts and pictures embedded once for them all


def _start_worker(card_set: CardSet, style: CardStyle) -> None:
    global _worker
    _worker = (card_set, style)


def _draw(
    card_set: CardSet, style: CardStyle, batch: Sequence[Job], bleed: float, dpi: float
) -> Iterator[tuple[bytes, list[Diagnostic]]]:
    """Each image of ``batch`` in order, as it is made: the card's one-card page, rasterised
    and encoded; and the warnings drawing it found (those of a PDF go with its first image).

    The pages of a run of cards of one size are drawn into one PDF, as the one-card PDFs
    would draw each: the same page, and the same pixels (a font subset holds more glyphs,
    each the same), with the fonts and pictures embedded once."""
    start = 0
    while start < len(batch):
        size = card_size(card_set, batch[start].card)
        end = start + 1
        while end < len(batch) and card_size(card_set, batch[end].card) == size:
            end += 1
        run = batch[start:end]
        pages = [card_page(job.card, size, bleed, face=job.face) for job in run]
        pdf, found = render_pdf(
            card_set.game, pages, style=style, print_boxes=print_boxes(size, bleed)
        )
        images = rasterise_pages(pdf, range(len(run)), dpi=dpi)
        for number, (job, image) in enumerate(zip(run, images, strict=True)):
            layout = style.layout(job.card)
            if layout is not None and layout.corners > 0:
                image = round_corners(image, layout.corners, bleed, dpi)
            yield png_bytes(image, dpi), found if number == 0 else []
        start = end


def _draw_in_worker(
    batch: Sequence[Job], bleed: float, dpi: float
) -> list[tuple[bytes, list[Diagnostic]]]:
    assert _worker is not None
    return list(_draw(*_worker, batch, bleed, dpi))


def _batches(todo: Sequence[Job], jobs: int) -> list[Sequence[Job]]:
    """``todo`` cut into runs of at most ``BATCH`` images, at least one per process."""
    size = max(1, min(BATCH, -(-len(todo) // max(1, jobs))))
    return [todo[start : start + size] for start in range(0, len(todo), size)]


def _draw_all(
    card_set: CardSet, style: CardStyle, todo: list[Job], bleed: float, dpi: float, jobs: int
) -> Iterator[tuple[bytes, list[Diagnostic]]]:
    """Each image of ``todo`` in order, drawn here or on ``jobs`` processes."""
    batches = _batches(todo, jobs)
    if jobs <= 1 or len(batches) <= 1:
        return _here(card_set, style, batches, bleed, dpi)
    pool = start_pool(
        min(jobs, len(batches)), initializer=_start_worker, initargs=(card_set, style)
    )
    if pool is None:  # the system starts no workers: drawn here, the same bytes
        return _here(card_set, style, batches, bleed, dpi)
    return _in_order(pool, card_set, style, batches, bleed, dpi)


def _here(
    card_set: CardSet,
    style: CardStyle,
    batches: Sequence[Sequence[Job]],
    bleed: float,
    dpi: float,
) -> Iterator[tuple[bytes, list[Diagnostic]]]:
    for batch in batches:
        yield from _draw(card_set, style, batch, bleed, dpi)


def _in_order(
    pool: ProcessPoolExecutor,
    card_set: CardSet,
    style: CardStyle,
    batches: list[Sequence[Job]],
    bleed: float,
    dpi: float,
) -> Iterator[tuple[bytes, list[Diagnostic]]]:
    """The images drawn on ``pool`` in order; those left when a worker is lost, drawn here."""
    drawn = 0
    n = len(batches)
    lost = False
    try:
        for results in pool.map(_draw_in_worker, batches, [bleed] * n, [dpi] * n):
            yield from results
            drawn += 1
    except START_FAILURES:
        lost = True
        abandon(pool)
    finally:
        if not lost:  # done, or the caller stopped reading
            pool.shutdown(cancel_futures=True)
    yield from _here(card_set, style, batches[drawn:], bleed, dpi)


def _read_cache(path: Path) -> dict[str, dict[str, str]]:
    """The cache's entries; an unreadable or foreign cache is an empty one (all redone)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
        return {}
    files = data.get("files")
    if not isinstance(files, dict):
        return {}
    return {
        name: entry
        for name, entry in files.items()
        if isinstance(entry, dict)
        and isinstance(entry.get("key"), str)
        and isinstance(entry.get("sha256"), str)
    }


def _up_to_date(path: Path, entry: dict[str, str] | None, key: str) -> bool:
    if entry is None or entry["key"] != key:
        return False
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
    except OSError:
        return False


def build_pngs(
    card_set: CardSet,
    folder: Path,
    *,
    bleed: float,
    dpi: float = DEFAULT_DPI,
    prune: bool = False,
    progress: Progress | None = None,
    jobs: int = 1,
) -> PngReport:
    """Write ``<folder>/png/``: a PNG per card and per back, redrawing only what changed, on
    ``jobs`` processes (the files are the same whatever their number).

    Inside an output transaction (``cardkit build``) the images, the removals and the cache
    change together or not at all. Alone (the live preview), each PNG is written atomically as
    it is made and the cache last (also when a later card fails), so an interrupted export
    leaves only whole files and a cache that is true. With
    ``prune`` (a build of every card), images an earlier build wrote for cards that are gone
    are deleted, if they are still the bytes the export wrote; files the cache does not list,
    or that were changed since, are never touched.
    """
    target = folder / PNG_FOLDER
    cache_path = target / CACHE_FILE
    cache = _read_cache(cache_path)
    report = PngReport()
    todo = images(card_set, card_set.cards)
    faces = back_faces(card_set.game, card_set.cards)
    fingerprint = drawing_fingerprint(card_set.game, cards=card_set.cards, output=folder)
    done = 0
    try:
        pending: list[tuple[Job, str]] = []
        for job in todo:
            size = card_size(card_set, job.card)
            options = (job.face.value, f"bleed {bleed!r}", f"{dpi!r} dpi", repr(size))
            what = card_data(card_set.game, job.card) if job.face is Face.FRONT else job.name
            face = faces.get(job.card.id) if job.face is Face.BACK else None
            if face is not None:  # a double-faced card's back: the other card, drawn
                what = card_data(card_set.game, face)
            key = key_of(fingerprint, what, *options)
            if _up_to_date(target / job.name, cache.get(job.name), key):
                report.unchanged.append(target / job.name)
                done += 1
                if progress is not None:
                    progress(done, len(todo))
            else:
                pending.append((job, key))
        if pending:  # the style is loaded once, and only when something is drawn
            style, problems = prepare_style(card_set.game, card_set.cards)
            report.diagnostics.extend(problems)
            drawn = _draw_all(card_set, style, [job for job, _ in pending], bleed, dpi, jobs)
            for (job, key), (data, found) in zip(pending, drawn, strict=True):
                report.diagnostics.extend(found)
                transaction.write(target / job.name, data)
                cache[job.name] = {"key": key, "sha256": hashlib.sha256(data).hexdigest()}
                report.written.append(target / job.name)
                done += 1
                if progress is not None:
                    progress(done, len(todo))
        if prune:
            wanted = {job.name for job in todo}
            for name in sorted(set(cache) - wanted):
                entry = cache.pop(name)
                stem = name.removesuffix(".png")
                if not (name.endswith(".png") and safe_file_stem(stem) == stem):
                    continue  # never '../x.png'
                # only the file the export wrote: one edited by hand since is the user's
                if _up_to_date(target / name, entry, entry["key"]):
                    transaction.remove(target / name)
                    report.removed.append(target / name)
    finally:
        if report.written or report.removed:
            content = {"format": CACHE_FORMAT, "files": dict(sorted(cache.items()))}
            transaction.write(cache_path, json.dumps(content, indent=1) + "\n")
    report.diagnostics.sort(key=lambda d: d.sort_key)
    return report
