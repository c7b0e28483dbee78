"""atheris harness: rules text never crashes the parser, and what parses prints back.

python fuzz/fuzz_rules.py -max_total_time=600 fuzz/corpus/rules
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports(include=["cardkit", "yaml", "lark", "contracts"]):
    import contracts


def test_one_input(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(4096)
    contracts.check_rules_text(text)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
