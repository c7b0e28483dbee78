"""Rulebook templates: a game overrides or extends cardkit's; every failure of a template is
a located, coded diagnostic (the table below), never a traceback, and nothing is written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import main

REPO = Path(__file__).resolve().parents[1]
SKIRMISH = REPO / "tests" / "fixtures" / "rulebook" / "skirmish"


# (template text, the diagnostic it must give, after the template's path)
BAD_TEMPLATES: list[tuple[bytes, str]] = [
    (
        b"line one\n{% for x in %}\n",
        ":2:1: error[CK300]"
        " template syntax error: Expected an expression, got 'end of statement block'",
    ),
    (
        b"{{ reference.title }}\n{{ reference.nope }}\n",
        ":2:1: error[CK301]"
        " template uses something that does not exist: 'Reference object' has no attribute 'nope'",
    ),
    (
        b"{{ missing_name }}\n",
        ":1:1: error[CK301]"
        " template uses something that does not exist: 'missing_name' is undefined",
    ),
    (
        b"\n\n{{ reference.__class__.__mro__ }}\n",
        ":3:1: error[CK302]"
        " template does something the sandbox forbids:"
        " access to attribute '__class__' of 'Reference' object is unsafe.",
    ),
    (
        b"{{ sections[0].title.format.__globals__ }}\n",
        ":1:1: error[CK302]"
        " template does something the sandbox forbids:"
        " access to attribute '__globals__' of 'function' object is unsafe.",
    ),
    (b"\n{% include 'nope.md.j2' %}\n", ":2:1: error[CK303] template 'nope.md.j2' does not exist"),
    (
        b"{{ reference.title // 0 }}\n",
        ":1:1: error[CK304]"
        " template fails: TypeError: unsupported operand type(s) for //: 'str' and 'int'",
    ),
    (b"\xff\xfe{{ reference.title }}\n", ": error[CK305] template is not UTF-8 text (byte 1)"),
]


@pytest.mark.parametrize(("text", "expected"), BAD_TEMPLATES)
def test_a_broken_template_is_a_located_error_and_nothing_is_written(
    skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes, expected: str
) -> None:
    (skirmish / "rulebook" / "reference.md.j2").write_bytes(text)
    out = tmp_path / "out"
    assert main(["rulebook", str(skirmish), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{skirmish}/rulebook/reference.md.j2{expected}" in err.splitlines()
    assert err.rstrip().endswith("1 error; nothing written")
    assert "Traceback" not in err
    assert not out.exists()


def test_an_error_in_an_included_template_points_at_that_file(
    skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (skirmish / "rulebook" / "reference.html.j2").write_text("top\n{% include 'part.html.j2' %}\n")
    (skirmish / "rulebook" / "part.html.j2").write_text("\n\n\n{{ reference.titel }}\n")
    assert main(["rulebook", str(skirmish), "-o", str(tmp_path / "out"), "--format", "html"]) == 1
    assert f"{skirmish}/rulebook/part.html.j2:4:1: error[CK301]" in capsys.readouterr().err


def test_a_failed_run_leaves_the_previous_outputs_as_they_were(
    skirmish: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    assert main(["rulebook", str(skirmish), "-o", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (skirmish / "rulebook" / "reference.html.j2").write_text("{{ nope }}")
    assert main(["rulebook", str(skirmish), "-o", str(out)]) == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_game_template_extends_the_builtin_one(skirmish: Path, tmp_path: Path) -> None:
    (skirmish / "rulebook" / "reference.md.j2").write_text(
        '{% extends "default/reference.md.j2" %}\n'
        "{% block after_sections %}\nPrinted for the {{ reference.title | md }} playtest.\n"
        "{% endblock %}\n"
    )
    assert main(["rulebook", str(skirmish), "-o", str(tmp_path), "--format", "md"]) == 0
    markdown = (tmp_path / "reference.md").read_text(encoding="utf-8")
    assert markdown.startswith("# Skirmish\n")
    assert markdown.rstrip().endswith("Printed for the Skirmish playtest.")


def test_a_game_overrides_a_block_macro_for_its_html(skirmish: Path, tmp_path: Path) -> None:
    (skirmish / "rulebook" / "blocks.html.j2").write_text(
        '{% macro block(b, charts) %}<div class="mine">{{ b.kind }}</div>{% endmacro %}\n'
    )
    assert main(["rulebook", str(skirmish), "-o", str(tmp_path), "--format", "html"]) == 0
    page = (tmp_path / "reference.html").read_text(encoding="utf-8")
    assert '<div class="mine">table</div>' in page and "<table>" not in page


def test_game_text_is_autoescaped_in_a_game_html_template(skirmish: Path, tmp_path: Path) -> None:
    (skirmish / "rulebook" / "reference.html.j2").write_text(
        "{% for s in sections %}{% for b in s.blocks %}{% if b.kind == 'components' %}"
        "{% for g in b.groups %}{% for i in g.items %}<p>{{ i.name }}</p>{% endfor %}"
        "{% endfor %}{% endif %}{% endfor %}{% endfor %}"
    )
    assert main(["rulebook", str(skirmish), "-o", str(tmp_path), "--format", "html"]) == 0
    page = (tmp_path / "reference.html").read_text(encoding="utf-8")
    assert "<p>Teleport &lt;&amp;&gt;</p>" in page


def test_the_reference_package_does_not_import_reportlab() -> None:
    code = (
        "import sys, cardkit.reference.build, cardkit.reference.templating; "
        "print(sorted(m for m in ('reportlab', 'PIL') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_a_template_linking_outside_the_game_folder_is_not_read(
    skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret")
    (skirmish / "rulebook" / "reference.md.j2").symlink_to(secret)
    out = tmp_path / "out"
    assert main(["rulebook", str(skirmish), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert (
        f"{skirmish}/rulebook/reference.md.j2: error[CK306] template 'reference.md.j2' "
        "links outside the game folder; not read"
    ) in err.splitlines()
    assert not out.exists()
