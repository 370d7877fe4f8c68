"""Carcassonne: Hunters and Gatherers (first edition, 2002)."""
