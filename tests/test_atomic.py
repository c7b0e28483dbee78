"""Files written from pieces: the pieces in order, nothing joined first, nothing half-written."""

from __future__ import annotations

from pathlib import Path

from cardkit import transaction
from cardkit.atomic import write_atomic


def test_a_file_written_in_pieces_holds_them_in_order(tmp_path: Path) -> None:
    target = tmp_path / "out" / "deck.pdf"
    write_atomic(target, [b"%PDF-1.4\n", b"", b"1 0 obj\n", b"%%EOF\n"])
    assert target.read_bytes() == b"%PDF-1.4\n1 0 obj\n%%EOF\n"
    write_atomic(target, "text é")  # text is written as UTF-8, bytes as they are
    assert target.read_bytes() == "text é".encode()
    assert [p.name for p in target.parent.iterdir()] == ["deck.pdf"]  # no temporary left


def test_a_transaction_stages_pieces_and_writes_them_in_order(tmp_path: Path) -> None:
    with transaction.output_transaction(tmp_path):
        transaction.write(tmp_path / "a.pdf", (b"one ", b"two ", b"three"))
        transaction.write(tmp_path / "b.txt", b"bytes")
        assert not (tmp_path / "a.pdf").exists()  # staged until the transaction commits
    assert (tmp_path / "a.pdf").read_bytes() == b"one two three"
    assert (tmp_path / "b.txt").read_bytes() == b"bytes"
