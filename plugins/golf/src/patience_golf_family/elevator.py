"""Elevator and Escalator: Relaxed Golf on a pyramid of 28 cards (docs/elevator.md)."""

from __future__ import annotations

from collections.abc import Mapping

from patience_core import BuildOnWaste, GameSpec, Layout, Option, Preset
from patience_core.engine.spec import OptionValue
from patience_golf_family.scoring import CARDS

LAYOUT = Layout.pyramid(7, name="elevator")


class Elevator(BuildOnWaste):
    """Elevator (21 cards face down) or, with ``open``, Escalator (all face up). The block's
    defaults are Relaxed Golf's: ranks wrap, the first stock card starts the waste."""

    layout = LAYOUT
    scoring = CARDS

    def __init__(self, options: Mapping[str, OptionValue]) -> None:
        super().__init__(options)
        self.open = bool(options["open"])

    def dealt_face_up(self) -> int:
        # Only the bottom row is dealt face up; a card turns up once both cards on it are gone.
        return LAYOUT.full if self.open else LAYOUT.free_mask(LAYOUT.full)


SPEC = GameSpec(
    id="elevator",
    name="Elevator",
    description="Relaxed Golf on a pyramid: play free cards one rank up or down onto the waste.",
    rules=Elevator,
    family="Golf",
    options=(Option("open", False, "deal all 28 pyramid cards face up (Escalator)"),),
    presets=(
        Preset("escalator", "Escalator", "Elevator with every pyramid card dealt face up", {"open": True}),
    ),
)
