"""The live preview's web side (``cardkit serve``): pages over snapshots of a game."""
