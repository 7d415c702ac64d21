"""Drawing any game from its layout's coordinates, for games the CLI has never seen."""

import json
from collections.abc import Mapping

import pytest
from cli_helpers import all_game_ids, greedy_moves, run

import patience_core
from patience_core import GameSpec, Layout, Scoring, Spot, hookimpl
from patience_core.blocks.build_on_waste.rules import BuildOnWaste
from patience_core.cli.render import Renderer

GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

# A shape no plugin has: a diamond on half rows, the middle card covered by the two beside it
# on the row below, drawn face down until freed.
DIAMOND = Layout.declare(
    [
        Spot("top", 2, 0, ("left", "right")),
        Spot("left", 0, 0.5, ("bottom",)),
        Spot("right", 4, 0.5, ("bottom",)),
        Spot("bottom", 2, 1),
    ],
    name="diamond",
)


class Diamond(BuildOnWaste):
    layout = DIAMOND
    scoring = Scoring("count", "a point a card")

    def __init__(self, options: Mapping[str, object]) -> None:
        super().__init__(options)
        self.wrap = bool(options["wrap"])

    def dealt_face_up(self) -> int:
        return DIAMOND.free_mask(DIAMOND.full)


DIAMOND_SPEC = GameSpec(
    "test-diamond",
    "Diamond",
    "Four cards on half rows.",
    Diamond,
    options=(patience_core.Option("wrap", False, "K and A are neighbours"),),
)


class DiamondPlugin:
    @hookimpl
    def register_games(self, register):
        register(DIAMOND_SPEC)


@pytest.fixture
def diamond():
    name = patience_core.register_plugin(DiamondPlugin(), "test-diamond-plugin")
    yield "test-diamond"
    patience_core.unregister_plugin(name)


def check_picture(layout, lines, compact=False):
    """Every present card is drawn where its coordinates say, in the cell its state calls for."""
    scale, cell = (2, 3) if compact else (3, 4)
    xs = [s["x"] for s in layout]
    ys = [s["y"] for s in layout]
    yscale = 1 if all(float(y).is_integer() for y in ys) else 2
    for spot in layout:
        line = round((spot["y"] - min(ys)) * yscale)
        col = round((spot["x"] - min(xs)) * scale)
        # Lines are cut after their last card: pad them back for the comparison.
        text = lines[line].plain.ljust(col + cell)[col : col + cell] if line < len(lines) else ""
        if not spot["present"]:
            continue
        if not spot["face_up"]:
            assert text == ("░░ " if compact else "░░░░"), (spot, text)
            continue
        shown = spot["card"][0] + GLYPHS[spot["card"][1]]
        if compact:
            assert text == (f"{shown}*" if spot["free"] else f"{shown} "), (spot, text)
        else:
            assert text == (f"[{shown}]" if spot["free"] else f" {shown} "), (spot, text)


def positions(game_id):
    """The start of a deal, a position part way through it, and its end."""
    game = patience_core.new_game(game_id, seed=5)
    moves = greedy_moves(game)
    yield game.copy()
    for move in moves[: len(moves) // 2]:
        game.play(move)
    yield game.copy()
    for move in moves[len(moves) // 2 :]:
        game.play(move)
    yield game


@pytest.mark.parametrize("game_id", all_game_ids())
def test_each_game_is_drawn_at_its_coordinates(game_id):
    renderer = Renderer(width=100)
    for game in positions(game_id):
        layout = game.to_dict("player")["layout"]
        if any(s["present"] for s in layout):
            check_picture(layout, renderer.layout_picture(layout))


def test_a_new_shape_with_half_rows_is_drawn_right(diamond):
    game = patience_core.new_game(diamond, seed=3)
    layout = game.to_dict("player")["layout"]
    lines = Renderer(width=80).layout_picture(layout)
    assert len(lines) == 3  # rows at y 0, 0.5 and 1 get a line each
    check_picture(layout, lines)
    assert lines[0].plain == "      ░░░░"  # the top card is face down, 2 half widths right of the left one


def test_a_new_game_plays_through_the_command(diamond):
    game = patience_core.new_game(diamond, seed=3)
    moves = greedy_moves(game)
    for move in moves:
        game.play(move)
    result = run("play", diamond, "--seed", "3", "--moves", " ".join(moves))
    assert result.exit_code == 0
    assert "Diamond, deal 3" in result.stdout
    assert ("You won!" if game.is_won() else "Game over, lost") in result.stdout
    listed = json.loads(run("games", "--json").stdout)
    assert "test-diamond" in [g["id"] for g in listed]


def test_gone_cards_leave_a_gap_and_a_cleared_layout_says_so():
    game = patience_core.new_game("pyramid", seed=1)
    game.play("KC")
    lines = Renderer(width=80).layout_picture(game.to_dict("player")["layout"])
    assert lines[6].plain.startswith("      [K♥]")  # KC's cell at column 0 is blank now
    cleared = [dict(s, present=False) for s in game.to_dict("player")["layout"]]
    assert "gone" in Renderer().layout_picture(cleared)[0].plain


def test_narrow_terminals_get_a_compact_drawing():
    layout = patience_core.new_game("tripeaks", seed=1).to_dict("player")["layout"]
    wide = Renderer(width=80).layout_picture(layout)
    narrow = Renderer(width=50).layout_picture(layout)
    assert max(len(line.plain) for line in wide) == 58
    assert max(len(line.plain) for line in narrow) <= 50
    check_picture(layout, narrow, compact=True)
    assert narrow[3].plain.count("*") == 10  # free cards are starred when there is no room for brackets


def test_without_unicode_cards_use_letters():
    layout = patience_core.new_game("tripeaks", seed=1).to_dict("player")["layout"]
    lines = Renderer(unicode=False, width=80).layout_picture(layout)
    assert lines[0].plain.strip() == "####              ####              ####"
    assert "[2C]" in lines[3].plain


def test_plain_rows_name_every_position():
    game = patience_core.new_game("pyramid", seed=1)
    game.play("KC")
    rows = Renderer(plain=True).layout_sentences(game.to_dict("player")["layout"])
    assert rows[0].plain == "Row 1: 7D."
    assert rows[6].plain == "Row 7: gone, KH free, TH free, TS free, JS free, TD free, 8S free."


def test_piles_show_the_drawn_card_only_where_the_game_has_one():
    tripeaks = patience_core.new_game("tripeaks", seed=1)
    pyramid = patience_core.new_game("par-pyramid", seed=1)
    pyramid.play("draw")
    plain = Renderer(plain=True)
    t_lines = [t.plain for t in plain.position(tripeaks, title="t")]
    p_lines = [t.plain for t in plain.position(pyramid, title="p")]
    assert not any(line.startswith("Drawn card") for line in t_lines)
    drawn = pyramid.to_dict("player")["drawn"]
    assert f"Drawn card: {drawn}." in p_lines
    assert "Stock: 23 cards; one pass, no redeal." in t_lines
    assert "Stock: 23 cards; pass 1 of 3, 2 redeals left." in p_lines
    assert "Waste: QC on top, 1 card." in t_lines
    assert any(
        line.startswith("Score: 0. Cards left: 28 of 28. Moves played: 0. Time: 0:0") for line in t_lines
    )
