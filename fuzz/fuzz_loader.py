"""atheris harness: any bytes as a card file (YAML, CSV, XLSX) or as game.yaml give
diagnostics, never an exception.

    python fuzz/fuzz_loader.py -max_total_time=600 fuzz/corpus/loader
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports(include=["cardkit", "yaml", "lark", "contracts"]):
    import contracts

SPACE = contracts.Workspace()
KINDS = (".yaml", ".csv", ".xlsx", "game.yaml")


def test_one_input(data: bytes) -> None:
    if not data:
        return
    kind = KINDS[data[0] % len(KINDS)]
    body = data[1:]
    if kind == "game.yaml":
        contracts.check_game_file(SPACE, body)
    else:
        contracts.check_card_file(SPACE, body, kind)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
