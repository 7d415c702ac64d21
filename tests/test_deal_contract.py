"""The deal contract: every one-deck game deals today exactly what 0.1.0 dealt.

``tests/data/records-v1/deals-v1.json`` holds, for every game and preset of 0.1.0, a digest of
the opening full views of deals 0..999 and the deal text of deals 0..2, written by 0.1.0
(``make_deals.py`` beside it). Views of version 2 add the piles and say ``"version": 2``; with
those two keys put back as version 1 wrote them, every opening view must be the same, so the
deal text, the seeded shuffle, the layout, the stock and the legal moves are unchanged.
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


def as_version_1(view: dict[str, Any]) -> dict[str, Any]:
    """A full view of version 2 as version 1 wrote it: no piles, and version 1."""
    old = dict(view)
    del old["piles"]
    old["version"] = 1
    return old


def test_the_contract_covers_every_one_deck_game_of_0_1_0():
    ids = {game_id for spec in patience_core.games() for game_id in (spec.id, *(p.id for p in spec.presets))}
    missing = sorted(set(CONTRACT) - ids)
    assert not missing, f"games of 0.1.0 no longer installed: {missing}"


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_deals_0_to_999_open_as_in_0_1_0(game_id: str):
    h = hashlib.sha256()
    for seed in range(1000):
        view = patience_core.new_game(game_id, seed=seed, observed=False).to_dict("full")
        h.update(json.dumps(as_version_1(view), sort_keys=True).encode())
    assert h.hexdigest() == CONTRACT[game_id]["opening_views_0_999"]


@pytest.mark.parametrize("game_id", sorted(CONTRACT))
def test_deal_text_of_deals_0_to_2_as_in_0_1_0(game_id: str):
    texts = [patience_core.new_game(game_id, seed=seed, observed=False).deal_text() for seed in range(3)]
    assert texts == CONTRACT[game_id]["deal_text"]
