"""One module per use case (build, rulebook, import, new game): each takes paths and options
and returns values and diagnostics. The command line is a thin layer over these, and so is the
public API in ``cardkit.api``."""
