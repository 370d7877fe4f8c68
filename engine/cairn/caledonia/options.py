"""Options of a Clans of Caledonia game: the rulebook's variants (all combinable)."""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict, Field


class CaledoniaOptions(BaseModel):
    """Every variant the rulebook names, plus a fixed map for reproducible tables."""

    model_config = ConfigDict(extra="forbid")

    static_imports: bool = Field(
        default=False, description="Static import values: cotton, tobacco and sugar cane are worth 4 VP each.")
    scoring_tiles: bool = Field(
        default=True, description="Play with the round scoring tiles (off: the simplified game).")
    ports: bool = Field(default=True, description="Play with the port bonus tiles (off: the simplified game).")
    tight_map: bool = Field(
        default=False,
        description="Tighter map (2-3 players; no effect otherwise): four spare port tiles cover one land space of each module.")
    clans: bool = Field(
        default=True,
        description="Play with clans (off: starting tiles only, plus 0/2/4/6 pounds by turn order).")
    clan_auction: bool = Field(
        default=False, description="Auction the clans for victory points (experienced players).")
    sides: Optional[str] = Field(
        default=None, pattern=r"^[12]{4}$",
        description="Map module sides for A, B, C, D (e.g. '1221'); random when absent.")
