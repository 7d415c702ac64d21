"""``patience play`` as players expect it: redo, new deals, a demo, settings (auto-play, themes,
"still winnable?"), winnable deals, times, saving and replaying at the end, and a screen that
fits the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli_helpers import ANSI, find_deal, run
from rich.console import Console

import patience_core
from patience_core.cli.render import THEMES, Renderer
from patience_core.cli.session import Session, help_lines
from patience_core.cli.settings import Settings, load_settings, save_settings, settings_path
from patience_core.solver import next_winnable_deal_full_information
from patience_core.userdata.records import autosave_path
from patience_core.userdata.stats import Store


def session(*args, commands):
    return run("play", *args, input="".join(f"{c}\n" for c in commands))


# --- redo, new, demo ----------------------------------------------------------------------------------


def test_redo_plays_again_what_undo_took_back():
    result = session(
        "tripeaks", "-s", "2", "--plain", commands=["4D", "5S", "undo", "undo", "redo", "redo", "redo"]
    )
    out = result.stdout
    assert "Took back 5S." in out
    assert "Played 4D again." in out
    assert "Played 5S again." in out
    assert "Nothing to redo: no move was taken back since the last move." in out


def test_new_asks_before_abandoning_a_game_in_progress():
    result = session("tripeaks", "-s", "2", commands=["4D", "new", "n", "new 7", "y", "quit"])
    out = result.stdout
    assert "Abandon this game (1 moves played)? (y/n)" in out
    assert "Carrying on with this game." in out
    assert "A new deal: TriPeaks, deal 7." in out
    assert "TriPeaks, deal 7" in out.splitlines()[-12:][0] or "TriPeaks, deal 7" in out


def test_new_without_a_move_played_asks_nothing_and_bad_numbers_are_one_line():
    result = session("pyramid", "-s", "2", commands=["new 5", "new x", "new 1..3", "quit"])
    out = result.stdout
    assert "Abandon" not in out
    assert "A new deal: Pyramid, deal 5." in out
    assert "deal numbers are written FIRST..LAST" in out
    assert "new takes one deal number, such as: new 42" in out


def test_new_winnable_deals_a_deal_the_solver_proves_winnable():
    result = session("pyramid", "-s", "2", commands=["new winnable", "quit"])
    line = next(x for x in result.stdout.splitlines() if x.startswith("A new deal: Pyramid, deal "))
    seed = int(line.removeprefix("A new deal: Pyramid, deal ").rstrip("."))
    assert patience_core.solve_full_information(patience_core.new_game("pyramid", seed=seed)).won


@pytest.mark.parametrize("game_id", ["tripeaks", "pyramid", "par-pyramid", "golf"])
def test_demo_plays_the_rest_and_the_game_is_not_counted(game_id):
    result = session(game_id, "-s", "3", "--count", commands=["demo greedy", "quit"])
    out = result.stdout
    assert "Demo: the greedy player plays the rest." in out
    assert "Demo plays " in out
    assert "Not counted in the statistics: the demo finished this game." in out
    assert ("You won!" in out) or ("Game over, lost" in out)
    assert Store().count() == 0


def test_demo_with_the_hint_player_and_an_unknown_player():
    result = session("tripeaks", "-s", "3", commands=["demo nobody", "demo", "quit"])
    out = result.stdout
    assert "unknown player 'nobody'" in out
    assert "Demo: the hint player plays the rest." in out


def test_demo_by_the_solver_says_it_sees_every_card():
    result = session("tripeaks", "-s", "3", commands=["demo solver", "quit"])
    assert "SEEING EVERY HIDDEN CARD" in result.stdout
    assert "You won!" in result.stdout


# --- the end: save, replay, undo ---------------------------------------------------------------------


def test_a_finished_game_can_be_saved_replayed_and_taken_back(tmp_path):
    seed, moves = find_deal("tripeaks", won=True)
    path = tmp_path / "won.json"
    result = session("tripeaks", "-s", str(seed), commands=[*moves, f"save {path}", "replay", "undo", "quit"])
    out = result.stdout
    assert f"Saved to {path}. Replay it with: patience replay {path}" in out
    assert f"Replayed {len(moves)} moves. You won!" in out
    assert "Replay, move 1: " in out
    assert f"Took back {moves[-1]}." in out
    saved = patience_core.load_game(json.loads(path.read_text()))
    assert saved.is_won()
    assert not saved.clock.running
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0
    assert "You won" in replayed.stdout or "Result: won" in replayed.stdout


# --- auto-play, "still winnable?", winnable deals -------------------------------------------------------


def draw_only_line() -> tuple[int, list[str]]:
    """A TriPeaks deal and the moves that reach a position where draw is the only move."""
    for seed in range(300):
        game = patience_core.new_game("tripeaks", seed=seed, observed=False)
        moves = []
        while not game.is_over() and len(moves) < 40:
            legal = game.legal_moves()
            if len(moves) > 0 and [str(m) for m in legal] == ["draw"]:
                return seed, moves
            move = next((m for m in legal if str(m) != "draw"), legal[0])
            moves.append(str(game.play(move)))
    raise AssertionError("none found")


def test_auto_play_is_off_for_piped_commands_and_on_with_auto():
    seed, moves = draw_only_line()
    plain = session("tripeaks", "-s", str(seed), commands=[*moves, "quit"])
    assert "Auto-played" not in plain.stdout
    auto = session("tripeaks", "-s", str(seed), "--auto", commands=[*moves, "quit"])
    assert "Auto-played: draw" in auto.stdout


def test_still_winnable_is_said_after_each_move_and_counted_apart():
    seed, moves = find_deal("tripeaks", won=True)
    result = session("tripeaks", "-s", str(seed), "--still-winnable", "--count", commands=[*moves, "quit"])
    assert "Still winnable: yes, this deal can still be won." in result.stdout
    (summary,) = Store().summaries()
    assert summary.assisted
    assert "still winnable asked" in summary.label
    session("tripeaks", "-s", str(seed), "--count", commands=[*moves, "quit"])
    plain, helped = Store().summaries()
    assert (plain.assisted, helped.assisted) == (False, True)
    assert plain.played == helped.played == 1


def test_the_winnable_command_asks_once_and_marks_the_game():
    result = session("pyramid", "-s", "17", commands=["winnable", "quit"])
    assert "Still winnable: no, this deal cannot be won any more" in result.stdout
    assert "the solver looked at the hidden cards; this game is counted apart" in result.stdout


def test_play_winnable_deals_the_next_winnable_deal():
    result = session("pyramid", "--winnable", "-s", "1", commands=["quit"])
    expected = next_winnable_deal_full_information("pyramid", 1)
    assert f"Pyramid, deal {expected}" in result.stdout
    refused = run("play", "pyramid", "--winnable", "--deal", str(patience_core.Deal.from_seed(1)))
    assert refused.exit_code == 1
    assert "--winnable chooses a deal number; drop --deal and --pysol" in refused.stderr


# --- settings -------------------------------------------------------------------------------------------


def test_set_changes_a_setting_and_bad_ones_are_one_line():
    result = session(
        "tripeaks", "-s", "1", commands=["set", "set auto off", "set theme neon", "set x y", "quit"]
    )
    out = result.stdout
    assert "Settings: auto off, theme default, still winnable off." in out  # piped: auto starts off
    assert "theme is one of default, dark, light, plain, not 'neon'" in out
    assert "no setting 'x': the settings are auto, theme and winnable" in out
    assert not settings_path().exists(), "a piped session does not change the kept settings"


def test_settings_are_kept_and_a_damaged_file_is_a_warning():
    assert load_settings() == (Settings(), None)
    save_settings(Settings(auto=False, theme="light"))
    assert load_settings() == (Settings(auto=False, theme="light"), None)
    settings_path().write_text("{not json")
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None
    assert "using the defaults" in problem
    settings_path().write_text(json.dumps({"theme": "neon"}))
    assert "theme is one of" in (load_settings()[1] or "")
    result = session("tripeaks", "-s", "1", commands=["quit"])
    assert result.exit_code == 0
    assert "Warning: the settings in" in result.stderr


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_themes_colour_black_suits_so_that_they_read(theme):
    renderer = Renderer(theme=theme)
    black = renderer.card("8S")
    red = renderer.card("8H")
    styles = {str(span.style) for span in black.spans} | {str(black.style)}
    assert "bright_white" not in styles or theme == "dark"
    if theme == "plain":
        assert not str(red.style)
    else:
        assert "red" in str(red.style)


def test_the_default_theme_leaves_black_suits_in_the_terminal_s_own_colour():
    console = Console(color_system="truecolor", force_terminal=True, width=80)
    with console.capture() as capture:
        console.print(Renderer(theme="default").card("8S"))
    assert not ANSI.search(capture.get().replace("\x1b[0m", ""))


def test_play_theme_option_is_checked():
    result = run("play", "tripeaks", "--theme", "neon", "--moves", "draw")
    assert result.exit_code == 1
    assert "theme is one of default, dark, light, plain" in result.stderr


# --- the screen fits the terminal ----------------------------------------------------------------------


def screen(game_id: str, width: int, height: int, moves: int, with_help: bool) -> list[str]:
    """What a redrawn terminal shows: the table and the notes (a session's own refresh)."""
    console = Console(width=width, height=height, force_terminal=True, color_system=None, record=True)
    game = patience_core.new_game(game_id, seed=4, observed=False)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(game.legal_moves()[0])
    renderer = Renderer(width=width)
    s = Session(game, console, renderer, interactive=True, settings=Settings(auto=False), height=height)
    if with_help:
        s.handle(["help"])
    s.note("Type a move (such as 4H or draw), a move number, or help.")
    with console.capture() as capture:
        s.refresh(position=True)
    text = capture.get().replace("\x1b[H\x1b[2J", "")
    return text.splitlines()


@pytest.mark.parametrize("game_id", ["tripeaks", "pyramid", "par-pyramid", "golf"])
@pytest.mark.parametrize(("width", "height"), [(80, 24), (60, 20)])
@pytest.mark.parametrize("moves", [0, 5, 15])
def test_every_game_fits_80x24_and_60x20_with_the_prompt(game_id, width, height, moves):
    for with_help in (False, True):
        lines = screen(game_id, width, height, moves, with_help)
        assert all(len(line) <= width for line in lines), max(lines, key=len)
        assert len(lines) + 1 <= height  # and the prompt
        words = " ".join(lines).split()
        assert "emp" not in words, "a word broken at the edge"


def test_the_status_line_breaks_between_fields_never_inside_a_word():
    game = patience_core.new_game("par-pyramid", seed=5)
    for width in (80, 60, 45):
        lines = Renderer(width=width).position(game, title="Par Pyramid, deal 5")
        texts = [t.plain for t in lines]
        assert all(len(t) <= width for t in texts)
        joined = " ".join(texts)
        assert "Waste empty" in joined
        assert "Drawn none" in joined


def test_help_fits_24_rows_beside_the_table_or_alone():
    lines = help_lines(Renderer(width=80))
    assert len(lines) <= 10
    assert all(len(t.plain) <= 80 for t in lines)
    narrow = help_lines(Renderer(width=60))
    assert len(narrow) <= 18
    assert all(len(t.plain) <= 60 for t in narrow)


def test_plain_counts_never_read_like_cards():
    game = patience_core.new_game("tripeaks", seed=1)
    rows = [t.plain for t in Renderer(plain=True).layout_sentences(game.to_dict("player")["layout"])]
    assert rows[0] == "Row 1: three face-down cards."
    game.play(game.legal_moves()[0])
    for _ in range(3):
        game.play(game.legal_moves()[0])
    spoken = " ".join(
        t.plain for t in Renderer(plain=True).layout_sentences(game.to_dict("player")["layout"])
    )
    assert " 2 gone" not in spoken
    assert " 3 gone" not in spoken


# --- the command's help --------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["80", "60"])
def test_patience_help_never_cuts_a_description(width):
    env = {**os.environ, "COLUMNS": width, "TERM": "dumb"}
    out = subprocess.run(
        [sys.executable, "-m", "patience_core.cli", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    commands = out.split("Commands:")[1]
    assert "..." not in commands
    for name in ("games", "show", "play", "replay", "stats", "solve", "simulate", "bench"):
        assert f"  {name} " in commands
    assert all(len(line) <= int(width) for line in out.splitlines())


def test_stats_show_the_fastest_win_and_the_mean_time():
    seed, moves = find_deal("tripeaks", won=True)
    session("tripeaks", "-s", str(seed), "--count", commands=[*moves, "quit"])
    (summary,) = Store().summaries()
    assert summary.fastest_win is not None
    assert summary.mean_seconds is not None
    assert summary.fastest_win >= 0
    out = run("stats", "--plain").stdout
    assert "fastest win 0:0" in out
    assert "mean time 0:0" in out


def test_quitting_stops_the_clock_and_resuming_starts_it_where_it_stopped():
    session("tripeaks", "-s", "1", commands=["draw", "quit"])
    kept = json.loads(autosave_path().read_text())
    assert isinstance(kept["seconds"], float)
    kept["seconds"] = 61.0
    autosave_path().write_text(json.dumps(kept))
    result = session("--resume", "--plain", commands=["quit"])
    assert "Time: 1:01." in result.stdout


def test_the_screen_counts_cards_left_from_the_cards_at_start():
    """Triangle's and Pyramid's win=all count every card: the screen says "52 of 52", not
    "52 of 28"."""
    for args in (["triangle"], ["pyramid", "-o", "win=all"], ["tripeaks"]):
        result = run("play", *args, "--seed", "3", "--plain", input="quit\n")
        total = 28 if args == ["tripeaks"] else 52
        assert f"Cards left: {total} of {total}." in result.stdout, result.stdout[-500:]
