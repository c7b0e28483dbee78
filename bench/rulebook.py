"""Slice bench: part of a warm process, not a command as the user runs it (commands.py).

Reference-page throughput: each stage of `cardkit rulebook` against loading the cards,
measured in one process on a generated game.

Loading (and validating) the cards is the baseline every command pays; the figures say what
the content model, the templates and the PDF cost on top, as multiples of it.

    python bench/rulebook.py [--cards 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from validate import generate  # bench/validate.py: the same generated game

from cardkit.app.rulebook import make_reference
from cardkit.export.charts import chart_svg
from cardkit.export.reference_pdf import reference_pdf
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.reference.templating import TemplateRenderer, render_html, render_markdown


def best(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found[:3]
    return card_set


def main() -> None:
    print("slice bench: parts of a warm process, not whole commands (see bench/commands.py)")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(folder, args.cards)
        load_s, card_set = best(lambda: load(folder), args.repeat)
        model_s, (reference, _) = best(lambda: make_reference(card_set), args.repeat)
        svg_s, svgs = best(lambda: {c.id: chart_svg(c) for c in reference.charts}, args.repeat)
        renderer = TemplateRenderer(folder, str(folder))
        html_s, (page, _) = best(lambda: render_html(renderer, reference, svgs), args.repeat)
        md_s, _ = best(lambda: render_markdown(renderer, reference, {}), args.repeat)
        pdf_s, pdf = best(lambda: reference_pdf(reference), args.repeat)
    print(f"cards:                    {args.cards:,}")
    print(f"load + validate (base):   {load_s:.3f} s")
    for name, seconds in (
        ("content model (parse)", model_s),
        ("charts as SVG", svg_s),
        ("HTML template", html_s),
        ("Markdown template", md_s),
        ("PDF (two passes)", pdf_s),
    ):
        print(f"{name + ':':<26}{seconds:.3f} s  {seconds / load_s:.2f}x base")
    print(f"HTML {len(page):,} characters, PDF {len(pdf):,} bytes")


if __name__ == "__main__":
    main()
