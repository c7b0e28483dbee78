"""The use cases: one module per command's work, each taking paths or a loaded game and
options, and returning values and diagnostics; none prints or exits.

- ``validate``: every problem of a game's cards (``validate``, ``check_cards``);
- ``build``: deck.pdf and its exports (``make_deck``, ``add_exports``, ``build``);
- ``rulebook``: the reference pages, made in memory then written (``make_rulebook``);
- ``importing``: a spreadsheet's cards as YAML (``import_spreadsheet``);
- ``fmt``: rules text in canonical wording (``plan_formatting``, ``format_cards``);
- ``sim``: seeded games between bots (``prepare``, ``play``, ``write_report``);
- ``new_game``: a new game folder from a template;
- ``game`` (opening a game folder), ``options`` (the options, light to import) and
  ``selection`` (cards by id or name) serve them.

The command line (``cardkit.cli``) is a thin layer over these, and so is the public API
(``cardkit.api``).
"""
