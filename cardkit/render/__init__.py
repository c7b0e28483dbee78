"""Drawing cards and sheets: layouts (pure data and geometry: units, impose, layoutfile,
style), faces, backs and sheets drawn with reportlab, pictures decoded with Pillow and svglib.
reportlab, Pillow, svglib and pypdfium2 are imported here and in ``cardkit.export`` only (the
import contracts in pyproject.toml say so, and tests/test_layers.py checks it)."""
