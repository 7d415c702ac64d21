"""``patience play``: piped sessions, --moves, --json, the end of a game, every game and option."""

import json
from pathlib import Path

import pytest
from cli_helpers import all_game_ids, find_deal, greedy_moves, run

import patience_core
from patience_core.userdata.records import autosave_path, save_game
from patience_core.userdata.stats import Store


def session(*args, commands):
    return run("play", *args, input="".join(f"{c}\n" for c in commands))


def test_piped_session_plays_undoes_and_refuses_illegal_moves():
    game = patience_core.new_game("tripeaks", seed=1)
    first = str(game.legal_moves()[0])
    result = session("tripeaks", "--seed", "1", commands=[first, "undo", "9H", "zz", "quit"])
    assert result.exit_code == 0
    out = result.stdout
    assert f"> {first}" in out
    assert f"Took back {first}." in out
    assert "illegal move 9H: 9H is not in sight (face down or in the stock)" in out
    assert "there is no 'zz' move here" in out
    assert out.count("TriPeaks, deal 1") == 3  # the start, after the move, after the undo; not after errors


def test_numbers_pick_from_the_moves_shown():
    game = patience_core.new_game("tripeaks", seed=1)
    legal = [str(m) for m in game.legal_moves()]
    result = session("tripeaks", "-s", "1", "--plain", commands=["2", str(len(legal) + 5), "quit"])
    assert f"Legal moves: {', '.join(f'{n} {m}' for n, m in enumerate(legal, 1))}." in result.stdout
    assert f"Played {legal[1]}." in result.stdout
    after = patience_core.new_game("tripeaks", seed=1)
    after.play(legal[1])
    n = len(after.legal_moves())
    assert f"there is no move {len(legal) + 5}: choose a number from 1 to {n}" in result.stdout


def test_several_moves_on_a_line_stop_at_the_first_illegal():
    game = patience_core.new_game("tripeaks", seed=2)
    moves = greedy_moves(game)[:3]
    result = session(
        "tripeaks", "-s", "2", "--plain", commands=[f"{moves[0]} {moves[1]} 9H {moves[2]}", "quit"]
    )
    assert f"Played {moves[0]} {moves[1]}, then stopped: illegal move 9H" in result.stdout
    assert "Moves played: 2." in result.stdout


def test_plain_mode_says_what_a_move_changed():
    game = patience_core.new_game("tripeaks", seed=2)
    moves = greedy_moves(game)[:2]
    before = game.to_dict("player")["layout"]
    for move in moves:
        game.play(move)
    after = game.to_dict("player")["layout"]
    freed = [s["card"] for old, s in zip(before, after, strict=True) if s["free"] and not old["free"]]
    assert freed  # the deal was chosen so that these moves uncover cards
    result = session("tripeaks", "-s", "2", "--plain", commands=[" ".join(moves), "quit"])
    out = result.stdout.split("> ")[1]  # the answer to the line of moves
    assert out.splitlines()[1] == f"Played {' '.join(moves)}."
    assert out.splitlines()[2].startswith("Now free: ")
    for card in freed:
        assert f"{card} in row 3, turned face up" in out
    assert "Row 1:" not in out  # not the whole table again


def test_hint_moves_help_restart_board():
    result = session(
        "pyramid",
        "-s",
        "1",
        "--plain",
        commands=["hint", "moves", "help", "restart", "draw", "restart", "board", "q"],
    )
    out = result.stdout
    hint_line = next(line for line in out.splitlines() if "Hint: " in line)
    suggested = hint_line.split("Hint: ")[1].split()[0]
    assert suggested in {"KC", "KH", "draw"}  # the legal moves at the start of deal 1
    assert "unseen cards" in hint_line  # the stock is face down: the hint says how sure it is
    assert "save [FILE]" in out
    assert "Already at the start of the deal." in out
    assert "Back at the start of the deal; redo plays the moves again." in out
    assert out.count("Moves played: 0.") == 3  # the start, after the second restart, and the board
    assert out.count("Moves played: 1.") == 1  # after the draw


def test_quit_keeps_an_unfinished_game_and_resume_continues_it():
    game = patience_core.new_game("tripeaks", seed=1)
    first = str(game.legal_moves()[0])
    result = session("tripeaks", "-s", "1", commands=[first, "quit"])
    assert "patience play --resume" in result.stdout
    saved = json.loads(autosave_path().read_text())
    assert saved["moves"] == [first]
    result = session("--resume", "--plain", commands=["quit"])
    assert result.exit_code == 0
    assert "Resumed the game kept when you last quit: 1 moves played so far." in result.stdout
    assert "Moves played: 1." in result.stdout
    assert "TriPeaks, deal 1." in result.stdout


def test_quit_without_a_move_keeps_the_previous_autosave():
    session("tripeaks", "-s", "1", commands=["draw", "quit"])
    before = autosave_path().read_bytes()
    session("pyramid", "-s", "2", commands=["quit"])
    assert autosave_path().read_bytes() == before


def test_end_of_input_is_quit():
    session("tripeaks", "-s", "4", commands=["draw"])
    assert json.loads(autosave_path().read_text())["moves"] == ["draw"]


def test_resume_without_autosave_and_with_deal_options_are_errors():
    result = run("play", "--resume")
    assert result.exit_code == 1
    assert "no unfinished game to resume" in result.stderr
    result = run("play", "--resume", "x.json", "--seed", "3")
    assert result.exit_code == 1
    assert "drop --seed, --deal, --pysol and -o" in result.stderr
    result = run("play")
    assert result.exit_code == 1
    assert "name a game to play" in result.stderr
    for gid in all_game_ids():
        assert gid in result.stderr


def test_save_and_resume_a_file():
    result = session("pyramid", "-s", "3", commands=["draw", "save mine.json", "draw", "save", "quit"])
    assert "Saved to mine.json." in result.stdout
    # The second save went to the same file.
    assert json.loads(Path("mine.json").read_text())["moves"] == ["draw", "draw"]
    result = session("--resume", "mine.json", "--plain", commands=["quit"])
    assert "Moves played: 2." in result.stdout


def test_save_defaults_to_game_and_deal():
    session("tripeaks", "-s", "8", commands=["draw", "save", "quit"])
    assert json.loads(Path("tripeaks-8.json").read_text())["moves"] == ["draw"]


# --- --moves and --json ---------------------------------------------------------------------------------


def test_moves_plays_and_prints_the_final_position():
    seed, moves = find_deal("tripeaks", won=True)
    result = run("play", "tripeaks", "--seed", str(seed), "--moves", " ".join(moves))
    assert result.exit_code == 0
    assert "You won! Cards left 0" in result.stdout
    assert Store().count() == 0  # a --moves run is a check, not a game played
    assert not autosave_path().exists()


def test_moves_stops_at_the_first_illegal_move_with_exit_1():
    game = patience_core.new_game("tripeaks", seed=2)
    moves = greedy_moves(game)[:2]
    result = run("play", "tripeaks", "-s", "2", "--moves", f"{moves[0]} {moves[1]} 9H draw")
    assert result.exit_code == 1
    assert "move 3 (9H) is illegal: 9H is not in sight" in result.stderr
    assert "Moves played 2" in result.stdout  # the position before the illegal move


def test_moves_after_the_end_and_bad_text_are_named():
    seed, moves = find_deal("tripeaks", won=False)
    result = run("play", "tripeaks", "-s", str(seed), "--moves", " ".join([*moves, "draw"]))
    assert result.exit_code == 1
    assert f"move {len(moves) + 1} (draw) comes after the end of the game (lost)" in result.stderr
    result = run("play", "tripeaks", "-s", "1", "--moves", "draw 4Q")
    assert result.exit_code == 1
    assert "move 2: not a move: '4Q'" in result.stderr


def test_json_prints_the_player_view():
    game = patience_core.new_game("tripeaks", seed=6)
    moves = greedy_moves(game)[:5]
    result = run("play", "tripeaks", "-s", "6", "--moves", " ".join(moves), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    for move in moves:
        game.play(move)
    assert data == game.to_dict("player")
    assert "deal" not in data
    assert "seed" not in data
    assert all(s["card"] is None for s in data["layout"] if not s["face_up"])


def test_json_with_piped_commands_keeps_stdout_for_the_json():
    result = session("pyramid", "-s", "1", "--json", commands=["draw", "quit"])
    data = json.loads(result.stdout)
    assert data["moves"] == ["draw"]
    assert "Pyramid, deal 1" in result.stderr


# --- the end of a game ----------------------------------------------------------------------------------


def test_a_won_game_says_so_counts_once_and_offers_a_new_deal():
    seed, moves = find_deal("tripeaks", won=True)
    result = session("tripeaks", "-s", str(seed), "--count", commands=[*moves, "new", "quit"])
    assert result.exit_code == 0
    assert "You won! Cards left 0" in result.stdout
    assert "Type new for a new deal, undo, replay to watch it again, save [FILE], or quit." in result.stdout
    assert "A new deal: TriPeaks, deal " in result.stdout
    (summary,) = Store().summaries()
    assert (summary.played, summary.won) == (1, 1)


def test_piped_commands_count_only_with_count():
    """What counts (docs/cli.md): a game finished at a terminal, or from a pipe with --count."""
    seed, moves = find_deal("tripeaks", won=True)
    result = session("tripeaks", "-s", str(seed), commands=[*moves, "quit"])
    assert "Not counted in the statistics: the moves came from a pipe" in result.stdout
    assert Store().count() == 0
    session("tripeaks", "-s", str(seed), "--count", commands=[*moves, "quit"])
    assert Store().count() == 1


def test_a_lost_game_says_so_and_n_leaves():
    seed, moves = find_deal("pyramid", won=False)
    game = patience_core.new_game("pyramid", seed=seed)
    for move in moves:
        game.play(move)
    result = session("pyramid", "-s", str(seed), "--count", commands=[*moves, "maybe", "n"])
    assert (
        f"Game over, lost: no legal move is left. Cards left {game.cards_left()}, score {game.score()}, time"
        in (result.stdout)
    )
    assert result.stdout.count("Type new for a new deal, undo") == 3  # asked, 'maybe', asked again
    assert not autosave_path().exists()
    assert Store().count("pyramid") == 1


def test_a_finished_kept_game_stays_kept_until_the_player_says_forget():
    seed, moves = find_deal("tripeaks", won=True)
    session("tripeaks", "-s", str(seed), commands=moves[:3])
    assert autosave_path().exists()
    result = session("--resume", "--count", commands=[*moves[3:], "n"])
    assert "forget to remove the kept game" in result.stdout
    assert patience_core.load_game(json.loads(autosave_path().read_text())).is_won()  # kept, finished
    assert Store().count() == 1
    result = session("--resume", commands=["replay", "forget", "quit"])
    assert f"Replayed {len(moves)} moves. You won!" in result.stdout
    assert "The kept game is removed." in result.stdout
    assert not autosave_path().exists()
    assert Store().count() == 1


def test_resuming_a_finished_game_does_not_count_it_again(tmp_path):
    seed, moves = find_deal("tripeaks", won=False)
    game = _finish(patience_core.new_game("tripeaks", seed=seed), moves)
    save_game(game, tmp_path / "end.json")
    result = session("--resume", str(tmp_path / "end.json"), "--count", commands=["n"])
    assert "Game over, lost" in result.stdout
    assert Store().count() == 0
    session("--resume", str(tmp_path / "end.json"), "--count", commands=["undo"])  # and input ends
    assert Store().count() == 0


# --- every game and every option ---------------------------------------------------------------------


def option_cases():
    for spec in patience_core.games():
        for gid in (spec.id, *(p.id for p in spec.presets)):
            fixed = dict(next((p.options for p in spec.presets if p.id == gid), {}))
            for option in spec.options:
                if option.name in fixed:
                    continue
                if isinstance(option.default, bool):
                    values = [not option.default]
                elif isinstance(option.default, int):
                    values = [option.default + 1]
                else:
                    values = [c for c in option.choices if c != option.default]
                for value in values:
                    text = str(value).lower() if isinstance(value, bool) else str(value)
                    yield gid, option.name, text, value


@pytest.mark.parametrize(("game_id", "name", "text", "value"), list(option_cases()))
def test_every_option_plays_to_the_end(game_id, name, text, value):
    game = patience_core.new_game(game_id, seed=12, **{name: value})
    moves = greedy_moves(game)
    over = _finish(game.copy(), moves).is_over()  # a game of piles may stop short of its end
    result = session(
        game_id,
        "-s",
        "12",
        "-o",
        f"{name}={text}",
        "--plain",
        "--count",
        commands=[*moves, "n" if over else "quit"],
    )
    assert result.exit_code == 0
    assert f"{name}={text}" in result.stdout.splitlines()[0]
    if over:
        assert ("You won!" if _finish(game, moves).is_won() else "Game over, lost") in result.stdout
        (summary,) = Store().summaries(game_id)
        assert summary.options[name] == value
        assert summary.label == f"{name}={text}"
    else:
        assert "Your game is kept" in result.stdout  # quit before the end, saved to resume


def _finish(game, moves):
    for move in moves:
        game.play(move)
    return game


@pytest.mark.parametrize("game_id", all_game_ids())
def test_every_game_plays_to_the_end(game_id):
    game = patience_core.new_game(game_id, seed=21)
    moves = greedy_moves(game)
    over = _finish(game.copy(), moves).is_over()  # a game of piles may stop short of its end
    result = session(game_id, "-s", "21", "--count", commands=[*moves, "n" if over else "quit"])
    assert result.exit_code == 0
    _finish(game, moves)
    if over:
        assert f"Cards left {game.cards_left()}, score {game.score()}, time" in result.stdout
        assert Store().summaries(game_id)[0].played == 1
    else:
        assert "Your game is kept" in result.stdout  # quit before the end, saved to resume


# --- issue 16, finding 4: a move number in digits int() refuses -----------------------------------


@pytest.mark.parametrize("word", ["²", "①", "٣", "¹²", "9" * 5000, "0", "00"])
def test_a_move_number_in_other_digits_is_a_clear_error(word):
    for args, stdin in ((["--moves", word], None), ([], f"{word}\nquit\n")):
        result = run("play", "tripeaks", "--seed", "1", "--plain", *args, input=stdin)
        assert "Traceback" not in result.output
        text = result.stderr if args else result.stdout
        [error] = [line for line in text.splitlines() if "not a move" in line or "there is no move" in line]
        assert len(error) < 200
