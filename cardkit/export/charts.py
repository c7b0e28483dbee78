"""Charts of the reference pages as reportlab vector drawings: drawn into the PDF as they
are, and turned into SVG for the HTML page and the Markdown's image files."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.graphics import renderSVG
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib.colors import HexColor

from cardkit.reference.content import Chart
from cardkit.render.fonts import BOLD, FONT, register_fonts

WIDTH = 480.0  # points: the text width of an A4 page with 2 cm margins, near enough
HEIGHT = 240.0
_CSS_FONTS = "'DejaVu Sans', Helvetica, Arial, sans-serif"  # inside style="...": no double quotes


def _nice_top(value: float) -> float:
    """The axis maximum: ``value`` rounded up to 1, 2 or 5 times a power of ten."""
    if value <= 0:
        return 1.0
    magnitude = 10 ** (len(str(int(value))) - 1)
    for step in (1, 2, 5, 10):
        if value <= step * magnitude:
            return float(step * magnitude)
    return float(10 * magnitude)


HORIZONTAL_FROM = 9  # named categories from which bars run across, so names stay readable


def chart_drawing(chart: Chart, width: float = WIDTH, height: float = HEIGHT) -> Drawing:
    """A grouped bar chart with a title, axis labels and a legend, ``width`` pt wide.

    The bars stand up, ``height`` pt high; for nine or more categories with names (not
    numbers), they lie down, the drawing as tall as they need."""
    register_fonts()
    return _drawing(chart, width, height)


def _drawing(chart: Chart, width: float, height: float) -> Drawing:
    longest = max((len(name) for name in chart.categories), default=0)
    horizontal = len(chart.categories) >= HORIZONTAL_FROM and longest > 3
    many = len(chart.series) > 1
    legend_width = 110.0 if many else 0.0
    bars: VerticalBarChart | HorizontalBarChart
    if horizontal:
        height = 60 + len(chart.categories) * (5 * max(len(chart.series), 1) + 8)
        bars = HorizontalBarChart()
        bars.x, bars.y = 110, 30
        names, values = bars.categoryAxis, bars.valueAxis
    else:
        bars = VerticalBarChart()
        bars.x, bars.y = 38, 46
        names, values = bars.categoryAxis, bars.valueAxis
    drawing = Drawing(width, height)
    drawing.add(String(0, height - 14, chart.title, fontName=BOLD, fontSize=11))
    bars.width = int(width - bars.x - legend_width - 10)
    bars.height = int(height - bars.y - 40)
    # A horizontal chart draws its first category at the bottom: give them top down.
    order = (lambda values: list(values)[::-1]) if horizontal else list
    bars.data = [order(series.values) for series in chart.series] or [[0.0] * len(chart.categories)]
    for i, series in enumerate(chart.series):
        bars.bars[i].fillColor = HexColor(series.color)
        bars.bars[i].strokeColor = None
    top = _nice_top(max((v for s in chart.series for v in s.values), default=0.0))
    values.valueMin = 0
    values.valueMax = top
    values.valueStep = max(top / 5, 1.0)
    values.labels.fontName = FONT
    values.labels.fontSize = 8
    values.labelTextFormat = "%d"
    names.categoryNames = order(chart.categories)
    names.labels.fontName = FONT
    names.labels.fontSize = 8
    if not horizontal and max((len(c) for c in chart.categories), default=0) > 4:
        names.labels.angle = 30
        names.labels.boxAnchor = "ne"
        names.labels.dx = 4
    bars.barSpacing = 0.5  # type: ignore[assignment]  # points; the stubs say int
    bars.groupSpacing = 6
    drawing.add(bars)
    # The value axis is named where it runs: up the left side, or along the bottom.
    value_label, category_label = chart.y_label, chart.x_label
    if horizontal:
        value_label, category_label = category_label, value_label
    if value_label:
        drawing.add(String(0, height - 28, value_label, fontName=FONT, fontSize=8))
    if category_label:
        drawing.add(String(bars.x + bars.width / 2, 4, category_label, fontName=FONT, fontSize=8))
    if many:
        legend = Legend()
        legend.x = int(width - legend_width + 8)
        legend.y = int(height - 34)
        legend.fontName = FONT
        legend.fontSize = 8
        legend.alignment = "right"
        legend.columnMaximum = 12
        legend.colorNamePairs = [(HexColor(s.color), s.name) for s in chart.series]
        drawing.add(legend)
    return drawing


def chart_svg(chart: Chart) -> str:
    """The chart as a standalone SVG document (without the XML declaration, to inline)."""
    text = renderSVG.drawToString(chart_drawing(chart))
    text = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
    text = re.sub(r"^<!DOCTYPE[^>]*>\s*", "", text)
    # Several charts share one HTML page: give each its own ids, and its title.
    prefix = f"chart-{chart.id}-"
    text = text.replace('id="clip"', f'id="{prefix}clip"').replace(
        "url(#clip)", f"url(#{prefix}clip)"
    )
    text = text.replace('id="group"', f'id="{prefix}group"')
    # Browsers know the card font by no name of reportlab's: name the face the way CSS does.
    text = text.replace(f"font-family: {BOLD};", f"font-family: {_CSS_FONTS}; font-weight: bold;")
    text = text.replace(f"font-family: {FONT};", f"font-family: {_CSS_FONTS};")
    return text.replace("<title>...</title>", f"<title>{escape(chart.title)}</title>", 1)
