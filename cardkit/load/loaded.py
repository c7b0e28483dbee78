"""What reading a YAML file gives: its value, where each part was written, and its problems.

Apart from the reader (``yamlsource.py``, which loads PyYAML) so that the files kept from an
earlier run (``yamlkept.py``) are given back without loading it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardkit.diagnostics import Diagnostic, SourceMap


@dataclass
class LoadedYaml:
    value: Any
    source: SourceMap
    diagnostics: list[Diagnostic]
