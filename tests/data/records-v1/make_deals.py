"""Makes deals-v1.json: for every game and preset of patience 0.1.0, a digest of the opening
position (the full view) of deals 0..999, a digest of the deal text of deals 0..999 (each text
and a newline), and the deal text of deals 0..2.

    python tests/data/records-v1/make_deals.py tests/data/records-v1/deals-v1.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import patience_core


def digest(game_id: str, seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        view = patience_core.new_game(game_id, seed=seed, observed=False).to_dict("full")
        h.update(json.dumps(view, sort_keys=True).encode())
    return h.hexdigest()


def text_digest(game_id: str, seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        h.update(patience_core.new_game(game_id, seed=seed, observed=False).deal_text().encode() + b"\n")
    return h.hexdigest()


def main(out: Path) -> None:
    data = {}
    for spec in patience_core.games():
        if spec.plugin == "golf":  # the tutorial's example
            continue
        for game_id in (spec.id, *(p.id for p in spec.presets)):
            data[game_id] = {
                "opening_views_0_999": digest(game_id, range(1000)),
                "deal_text_0_999": text_digest(game_id, range(1000)),
                "deal_text": [patience_core.new_game(game_id, seed=s).deal_text() for s in range(3)],
            }
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
