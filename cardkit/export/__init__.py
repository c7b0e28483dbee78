"""Files made from drawn cards and reference pages: PNGs, one card per page, Tabletop Simulator
sheets, the rulebook PDF and simulation charts."""
