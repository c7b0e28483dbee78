"""`cardkit build` imports only what it uses: each heavy module below costs its import on every
run (start-up is about half of a sample build), so this pins that the build leaves it out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardkit.cachedir import CACHE_ENV
from cardkit.render.fontnames import BOLD, BOLD_ITALIC, FONT, ITALIC

ROOT = Path(__file__).resolve().parent.parent

# module: why the build does without it
NOT_IMPORTED = {
    "lark": "every line of rules text is read back from the run before (rules/kept.py)",
    "cardkit.rules.parser": "the same",
    "reportlab.graphics": "only vector (SVG) pictures are drawn with it; Star Realms has none",
    "urllib.request": "xml.sax.saxutils pulled it in for escape(); html.escape does the same",
    "http.client": "the same",
    "rich.progress": "progress bars are shown on a terminal only",
    "cardkit.rules.check": "a build warns of unparsed text and markup only (rules/unparsed.py)",
    "cardkit.rules.textlint": "what a line that does not parse meant: every line parses",
    "cardkit.rules.grammar": "the same",
    "jsonschema": "every file was checked clean against the same schema before (load/checked.py)",
    "referencing": "the same",
    "yaml": "every YAML file was read in the run before and kept (load/yamlkept.py)",
    "rich": "its output is no terminal: plain lines are written as they are (cli/output.py)",
    "cardkit.effects": "every line of rules text is read back as it prints (rules/printed.py)",
    "cardkit.rules.kept": "the same: no line needs its parse",
    "cardkit.rules.context": "every line is known to parse: only the markup is checked",
    "cardkit.load.spreadsheet": "a game of YAML files reads no spreadsheet (load/rawcard.py)",
    "cardkit.load.tables": "the same",
}


def _loaded_by_build(cache: Path, out: Path) -> set[str]:
    code = (
        "import sys\nfrom cardkit.cli import main\n"
        f"status = main(['build', 'cards/star-realms', '-o', {str(out)!r}])\n"
        "from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames as fonts\n"
        "loaded = [*sys.modules, *(f'font:{name}' for name in fonts())]\n"
        "print(status, ' '.join(sorted(loaded)), file=sys.stderr)"
    )
    env = {**os.environ, CACHE_ENV: str(cache), "PYTHONPATH": str(ROOT)}
    for told in ("FORCE_COLOR", "TTY_COMPATIBLE"):  # rich, told to print as on a terminal
        env.pop(told, None)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    status, *loaded = result.stderr.split("\n")[-2].split()
    assert status == "0", result.stderr
    return set(loaded)


def test_a_build_imports_no_module_it_does_not_use(tmp_path: Path) -> None:
    first = _loaded_by_build(tmp_path / "cache", tmp_path / "one")
    assert {"lark", "cardkit.rules.parser"} <= first  # nothing kept yet: the text is parsed
    again = _loaded_by_build(tmp_path / "cache", tmp_path / "two")
    assert {"cardkit.effects", "cardkit.rules.kept"} <= first
    assert {"reportlab.pdfgen.canvas", "PIL.Image", "cardkit.rules.printed"} <= again
    assert set(NOT_IMPORTED) & again == set()
    # the bundled faces are read when first drawn: Star Realms prints no italic
    assert {f"font:{FONT}", f"font:{BOLD}"} <= again
    assert {f"font:{ITALIC}", f"font:{BOLD_ITALIC}"} & again == set()
    assert (tmp_path / "one" / "deck.pdf").read_bytes() == (
        tmp_path / "two" / "deck.pdf"
    ).read_bytes()
