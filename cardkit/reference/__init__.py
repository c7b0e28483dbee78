"""Reference pages of a game's rulebook: a content model built from the cards, and the
jinja2 templates that turn it into HTML and Markdown. jinja2 is imported here and nowhere
else in cardkit (the PDF is drawn from the same model by ``cardkit.export.reference_pdf``)."""
