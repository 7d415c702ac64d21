"""Makes the records of this folder: saved games, a statistics file and a server's games file,
written by patience 0.1.0 before the table of piles (the commit named in README.md).

Kept so the test data can be read as what it is; running it again with a later version makes
records of that version, not of 0.1.0.

    python tests/data/records-v1/make.py tests/data/records-v1
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import patience_core
from patience_core.userdata.records import save_game
from patience_core.userdata.stats import Store
from patience_core.web.games import Games


def ids() -> list[str]:
    out = []
    for spec in patience_core.games():
        if spec.plugin in ("golf",):  # the tutorial's example game is not part of the catalog
            continue
        out.append(spec.id)
        out += [p.id for p in spec.presets]
    return sorted(out)


def played(game_id: str, seed: int, moves: int, rng: random.Random, **options: object) -> patience_core.Game:
    game = patience_core.new_game(game_id, seed=seed, observed=False, **options)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def main(folder: Path) -> None:
    saves = folder / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    expected: dict[str, dict[str, object]] = {}
    rng = random.Random(20261201)
    for game_id in ids():
        for seed, moves in ((1, 0), (2, 12), (3, 400)):
            game = played(game_id, seed, moves, rng)
            if moves == 12 and len(game.moves) >= 3:
                game.undo()
                game.undo()  # two moves kept for redo
            name = f"{game_id}-{seed}.json"
            save_game(game, saves / name)
            expected[name] = game.to_dict("full")
    # A typed deal (no seed) and the variants of the options that change the table most.
    specials = [
        ("tripeaks", {"free_start": True, "scoring": "pysol"}),
        ("tripeaks", {"open_peaks": True, "wrap": False, "scoring": "streaks"}),
        ("pyramid", {"pair_with_covered": True, "passes": 3, "draw": 3}),
        ("pyramid", {"passes": "unlimited", "draw": 3}),
        ("golf", {"kings": "dead"}),
    ]
    for n, (game_id, options) in enumerate(specials):
        game = played(game_id, 100 + n, 200, rng, **options)
        name = f"{game_id}-options-{n}.json"
        save_game(game, saves / name)
        expected[name] = game.to_dict("full")
    deal = patience_core.Deal.from_seed(77)
    typed = patience_core.new_game("pyramid", deal=str(deal), observed=False)
    for _ in range(30):
        if typed.is_over():
            break
        typed.play(rng.choice(typed.legal_moves()))
    save_game(typed, saves / "pyramid-typed-deal.json")
    expected["pyramid-typed-deal.json"] = typed.to_dict("full")
    (folder / "expected.json").write_text(json.dumps(expected, indent=0, sort_keys=True) + "\n")

    # Statistics: finished games of several games, as the terminal records them.
    stats_path = folder / "stats.sqlite3"
    stats_path.unlink(missing_ok=True)
    store = Store(stats_path)
    for n, game_id in enumerate(("tripeaks", "golf", "pyramid", "par-pyramid", "black-hole")):
        game = played(game_id, 10 + n, 1000, rng)
        assert game.is_over()
        store.record(game, finished_at=f"2026-11-30T12:0{n}:00+00:00", assisted=n == 2)
    summaries = [s.to_json() for s in store.summaries()]
    (folder / "stats-expected.json").write_text(json.dumps(summaries, indent=1, sort_keys=True) + "\n")

    # The server's games file: games in progress and one finished.
    server = folder / "server"
    for old in server.glob("*"):
        old.unlink()
    server.mkdir(exist_ok=True)
    games = Games(server, stats=Store(server / "stats.sqlite3"))
    states = {}
    for game_id, seed in (("tripeaks", 5), ("pyramid", 6), ("golf", 7), ("king-tut", 8)):
        state = games.create(game_id, seed=seed)
        for _ in range(15):
            view = state["view"]
            if view["status"] != "playing":
                break
            state = games.play(state["id"], rng.choice(view["legal_moves"]))
        states[state["id"]] = {k: state[k] for k in ("version", "view", "redo", "counted", "assisted")}
    games.close()
    (folder / "server-expected.json").write_text(json.dumps(states, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
