"""docs/tripeaks.md is true: its Python examples run, and its pictures and example game are what
the engine gives (the functions below wrote them)."""

from __future__ import annotations

import doctest
from pathlib import Path

import patience_core
from patience_core import Game

DOC = Path(__file__).resolve().parents[3] / "docs" / "tripeaks.md"
EXAMPLE_SEED = 124
EXAMPLE_LINE = (
    "draw KC AD draw 8H 9D TD 9H 8C 9C TS JS draw 4H 5D 4S 3S 2S AS KH QC JH TH JD draw AC 2H 3H "
    "draw 5S 6C 7C 6S"
)
EXAMPLE_MOVES = EXAMPLE_LINE.split(" ")


def picture(game: Game | None = None) -> str:
    """The layout drawn from its coordinates: position ids, or the player view's cards (## face down)."""
    spots = patience_core.new_game("tripeaks", seed=0).rules.layout.spots
    view = game.to_dict("player")["layout"] if game else None
    lines: dict[float, str] = {}
    for i, spot in enumerate(spots):
        if view is None:
            text = spot.id
        elif not view[i]["present"]:
            text = ""
        else:
            text = view[i]["card"] or "##"
        line = lines.get(spot.y, "")
        column = int(spot.x * (3 if view is None else 2))
        lines[spot.y] = line + " " * (column - len(line)) + text
    return "\n".join(lines[y].rstrip() for y in sorted(lines))


def example_table() -> str:
    """The example game, move by move, as a Markdown table."""
    game = patience_core.new_game("tripeaks", seed=EXAMPLE_SEED)
    classic = patience_core.new_game("tripeaks", seed=EXAMPLE_SEED, scoring="classic")
    rows = [
        "| # | Move | What happens | Score | Classic | Stock | Left |",
        "|---|------|--------------|------:|--------:|------:|-----:|",
    ]
    for n, move in enumerate(EXAMPLE_MOVES, 1):
        before = game.to_dict("player")["layout"]
        game.play(move)
        classic.play(move)
        after = game.to_dict("player")
        if move == "draw":
            what = f"draws {after['waste'][-1]}"
        else:
            where = next(b["id"] for b in before if b["card"] == move)
            what = f"plays {move} from {where} on {after['waste'][-2]}"
        turned = [
            f"{a['card']} ({a['id']})"
            for a, b in zip(after["layout"], before, strict=True)
            if a["card"] and not b["card"]
        ]
        if turned:
            what += "; turns up " + " and ".join(turned)
        cleared = [i for i in (1, 2, 3) if before[i - 1]["present"] and not after["layout"][i - 1]["present"]]
        if cleared:
            what += f"; peak {cleared[0]} is cleared"
        cells = [
            n,
            f"`{move}`",
            what,
            game.score(),
            classic.score(),
            after["stock"]["count"],
            game.cards_left(),
        ]
        rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(rows)


def test_the_docs_examples_run():
    failures, tried = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 10
    assert failures == 0


def test_the_docs_pictures_and_example_game_are_what_the_engine_gives():
    text = DOC.read_text()
    assert picture() in text
    assert picture(patience_core.new_game("tripeaks", seed=EXAMPLE_SEED)) in text
    assert example_table() in text
    assert " ".join(EXAMPLE_MOVES) in text.replace("\n...     ", " ")


def test_the_example_game_is_won_on_its_seed():
    game = patience_core.new_game("tripeaks", seed=EXAMPLE_SEED)
    for move in EXAMPLE_MOVES:
        game.play(move)
    assert game.status() == "won"
