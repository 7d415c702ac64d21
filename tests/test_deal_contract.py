"""The deal contract: every one-deck game deals today exactly what 0.1.0 dealt.

``tests/data/records-v1/deals-v1.json`` holds, for every game and preset of 0.1.0, a digest of
the opening full views of deals 0..999 and the deal text of deals 0..2, written by 0.1.0
(``make_deals.py`` beside it). Views of version 2 add the piles and say ``"version": 2``; with
those two keys put back as version 1 wrote them, every opening view must be the same, so the
deal text, the seeded shuffle, the layout, the stock and the legal moves are unchanged.

A game whose rules changed since (``GameSpec.since_version_1``, ``changed_since_version_1``: the
Pyramid presets that follow PySolFC now turn a card at the deal) opens as 0.1.0 dealt it when
given the options that play the rules of then, as a record of version 1 loads it; the options
added since are left out of its view, as 0.1.0 knew none of them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import patience_core

DEALS = Path(__file__).parent / "data" / "records-v1" / "deals-v1.json"
CONTRACT: dict[str, Any] = json.loads(DEALS.read_text())


def as_version_1(view: dict[str, Any], spec: Any, preset_id: str | None) -> dict[str, Any]:
    """A full view of version 2 as version 1 wrote it: no piles, version 1, the options of then
    and the preset it was played as."""
    old = dict(view)
    del old["piles"]
    old["version"] = 1
    old["options"] = {k: v for k, v in view["options"].items() if k not in spec.since_version_1}
    old["preset"] = preset_id
    return old


def opening_of_0_1_0(game_id: str, seed: int) -> patience_core.Game:
    """Deal ``seed`` of ``game_id`` under the rules 0.1.0 played it by."""
    spec, preset = patience_core.find_game(game_id)
    if preset is not None and preset.id in spec.changed_since_version_1:
        options = {**preset.options, **spec.since_version_1}
        return patience_core.new_game(spec.id, seed=seed, observed=False, **options)
    return patience_core.new_game(game_id, seed=seed, observed=False, **spec.since_version_1)


def test_the_contract_covers_every_one_deck_game_of_0_1_0():
    ids = {game_id for spec in patience_core.games() for game_id in (spec.id, *(p.id for p in spec.presets))}
    missing = sorted(set(CONTRACT) - ids)
    assert not missing, f"games of 0.1.0 no longer installed: {missing}"


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_deals_0_to_999_open_as_in_0_1_0(game_id: str):
    spec, preset = patience_core.find_game(game_id)
    h = hashlib.sha256()
    for seed in range(1000):
        view = opening_of_0_1_0(game_id, seed).to_dict("full")
        h.update(json.dumps(as_version_1(view, spec, preset and preset.id), sort_keys=True).encode())
    assert h.hexdigest() == CONTRACT[game_id]["opening_views_0_999"]


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_deal_text_of_deals_0_to_2_as_in_0_1_0(game_id: str):
    texts = [patience_core.new_game(game_id, seed=seed, observed=False).deal_text() for seed in range(3)]
    assert texts == CONTRACT[game_id]["deal_text"]
