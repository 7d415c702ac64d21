"""The terminal draws every game of the Klondike and FreeCell families readably on a small
screen: at 80x24 and 60x20 the table, the measures, the moves, a note and the prompt fit; a long
column is squeezed to its first and last cards with the count of those between, and the
face-down count is shown."""

from __future__ import annotations

import pytest
from rich.console import Console

import patience_core
from patience_core import Game
from patience_core.cli.render import Renderer
from patience_core.cli.session import Session
from patience_core.cli.settings import Settings
from patience_core.engine.cards import parse_card_index

FAMILIES = ("klondike", "freecell")
GAME_IDS = sorted(
    gid
    for spec in patience_core.games()
    if spec.family in FAMILIES
    for gid in (spec.id, *(p.id for p in spec.presets))
)
SIZES = [(80, 24), (60, 20)]
RUN = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D", "AS"]


def with_long_column(game: Game) -> Game:
    """``game`` with K to A in alternate colours laid on its last column, over what that column
    holds (face down in games that deal cards face down): 13 face-up cards and more."""
    table = game.table
    run = tuple(parse_card_index(c) for c in RUN)
    columns = [i for i, spec in enumerate(table.specs) if spec.kind.value == "tableau"]
    down = list(table.down)
    for i, pile in enumerate(table.piles):
        down[i] -= sum(1 for c in pile[: down[i]] if c in run)
        table.piles[i] = tuple(c for c in pile if c not in run)
    last = columns[-1]
    if down[last]:
        down[last] = len(table.piles[last])  # what lay under the run is face down
    table.piles[last] += run
    table.down = tuple(down)
    return game


def screen(game: Game, width: int, height: int, *, with_help: bool = False) -> list[str]:
    """What a redrawn terminal of ``width`` x ``height`` shows after a move: the table and a note."""
    console = Console(width=width, height=height, force_terminal=True, color_system=None, record=True)
    s = Session(
        game, console, Renderer(width=width), interactive=True, settings=Settings(auto=False), height=height
    )
    if with_help:
        s.handle(["help"])
    s.note("Type a move (such as 4H or draw), a move number, or help.")
    with console.capture() as capture:
        s.refresh(position=True)
    return capture.get().replace("\x1b[H\x1b[2J", "").replace("\x1b[2J\x1b[H", "").splitlines()


def column_ids(game: Game) -> list[str]:
    return [spec.id for spec in game.table.specs if spec.kind.value == "tableau"]


def fits(lines: list[str], width: int, height: int) -> None:
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    assert len(lines) + 1 <= height, f"{len(lines)} lines and the prompt on {height}"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_each_game_of_the_pile_families_fits_at_the_deal_and_shows_every_column(game_id, width, height):
    game = patience_core.new_game(game_id, seed=4, observed=False)
    for with_help in (False, True):
        lines = screen(game, width, height, with_help=with_help)
        fits(lines, width, height)
    text = "\n".join(screen(game, width, height))
    header = next(line for line in text.splitlines() if line.split()[:1] == [column_ids(game)[0]])
    assert header.split() == column_ids(game)  # every column, in order
    assert "Legal moves:" in text
    assert "Cards left" in text
    view = game.to_dict("player")
    for pile in view["piles"]:
        if pile["kind"] == "tableau" and pile["down"]:
            assert f"░{pile['down']}" in text  # the face-down count, never the cards


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_long_column_is_squeezed_to_fit_keeping_the_run_s_ends_and_the_count_between(
    game_id, width, height
):
    game = with_long_column(patience_core.new_game(game_id, seed=4, observed=False))
    lines = screen(game, width, height)
    fits(lines, width, height)
    text = "\n".join(lines)
    hidden = sum(int(word[1:]) for line in lines for word in line.split() if word.startswith("·"))
    shown = sum(1 for c in RUN if any(Renderer(width=width).card(c).plain in line for line in lines))
    if height == 20:
        assert hidden > 0  # 13 cards and more do not fit 20 lines with the rest: squeezed
    assert shown + hidden >= len(RUN)  # every card of the run is shown or counted
    assert any("A♠" in line for line in lines)  # the top card, the one in reach
    column = game.to_dict("player")["piles"][game.table.pile_index[column_ids(game)[-1]]]
    if column["down"]:
        assert f"░{column['down']}" in text  # the face-down count
        assert any("K♠" in line for line in lines)  # the run's bottom card, what a space would take
    else:
        first = Renderer(width=width).card(column["cards"][0]).plain
        assert any(first in line for line in lines)  # the column's first card


@pytest.mark.parametrize("game_id", ["klondike", "freecell"])
def test_a_long_list_of_moves_is_cut_to_two_lines_on_a_small_screen_and_moves_lists_them(game_id):
    game = with_long_column(patience_core.new_game(game_id, seed=4, observed=False))
    lines = screen(game, 60, 20)
    start = next(i for i, line in enumerate(lines) if line.startswith("Legal moves:"))
    listed = lines[start : start + 3]
    if len(game.legal_moves()) > 8:
        assert any("more: type moves" in line for line in listed)
    assert "more: type moves" not in "\n".join(screen(game, 200, 200))  # a big screen lists them all


def test_without_a_screen_height_nothing_is_squeezed():
    game = with_long_column(patience_core.new_game("klondike", seed=4, observed=False))
    lines = [line.plain for line in Renderer(width=80).position(game, title="Klondike")]
    assert not any("·" in line for line in lines)
    assert all(any(Renderer(width=80).card(c).plain in line for line in lines) for c in RUN)


@pytest.mark.parametrize("game_id", ["klondike", "freecell"])
def test_the_table_leaves_room_for_several_notes_below_it(game_id):
    game = with_long_column(patience_core.new_game(game_id, seed=4, observed=False))
    console = Console(width=60, height=20, force_terminal=True, color_system=None, record=True)
    s = Session(game, console, Renderer(width=60), interactive=True, settings=Settings(auto=False), height=20)
    for n in range(3):
        s.note(f"Note {n}.")
    with console.capture() as capture:
        s.refresh(position=True)
    lines = capture.get().replace("\x1b[H\x1b[2J", "").replace("\x1b[2J\x1b[H", "").splitlines()
    fits(lines, 60, 20)
    assert lines[0].startswith(game.spec.name.split()[0])  # the title has not scrolled away


def test_at_the_deal_with_the_opening_notes_freecell_s_columns_stay_whole_and_the_moves_give_way():
    game = patience_core.new_game("freecell", seed=7, observed=False)
    console = Console(width=60, height=20, force_terminal=True, color_system=None, record=True)
    s = Session(game, console, Renderer(width=60), interactive=True, settings=Settings(auto=False), height=20)
    for n in range(3):
        s.note(f"Note {n}.")
    with console.capture() as capture:
        s.refresh(position=True)
    lines = capture.get().replace("\x1b[H\x1b[2J", "").replace("\x1b[2J\x1b[H", "").splitlines()
    fits(lines, 60, 20)
    assert not any("·" in line for line in lines)  # every card of the deal in sight
    assert any("more: type moves" in line for line in lines)


@pytest.mark.parametrize(("game_id", "example"), [("spider-1", "t3-t9 or deal"), ("tripeaks", "4D or draw")])
def test_the_opening_note_shows_moves_of_the_game_in_play(game_id, example):
    seed = 3 if game_id == "spider-1" else 2
    game = patience_core.new_game(game_id, seed=seed, observed=False)
    console = Console(width=80, height=24, force_terminal=True, color_system=None, record=True)
    s = Session(
        game,
        console,
        Renderer(width=80),
        interactive=True,
        settings=Settings(auto=False),
        height=24,
        read=lambda prompt: None,
    )
    s.run()
    assert f"Type a move (such as {example}), a move number, or help." in console.export_text()
