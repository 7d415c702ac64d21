"""``patience show``: a deal at the start, its deal text, and every kind of bad input."""

import json
import re

import pytest
from cli_helpers import ANSI, BOX_AND_BLOCKS, all_game_ids, run

import patience_core
from patience_core import Deal

GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def glyph(card: str) -> str:
    return card[0] + GLYPHS[card[1]]


@pytest.mark.parametrize("game_id", all_game_ids())
def test_show_prints_the_deal_text_only_when_asked(game_id):
    """The deal text shows the face-down cards and the stock order: a spoiler, on request only."""
    text = patience_core.new_game(game_id, seed=7).deal_text()  # the game's own deck and numbering
    result = run("show", game_id, "--seed", "7", "--plain")
    assert result.exit_code == 0
    assert f"patience play {game_id} --seed 7" in result.stdout
    assert text not in " ".join(result.stdout.split())
    assert "Deal text" not in result.stdout
    asked = run("show", game_id, "--seed", "7", "--deal-text", "--plain").stdout
    assert text in " ".join(asked.split())
    assert "it shows every card, the face-down ones and the stock order included" in asked


@pytest.mark.parametrize("game_id", all_game_ids())
def test_show_never_draws_a_face_down_card(game_id):
    game = patience_core.new_game(game_id, seed=11)
    view = game.to_dict("full")
    hidden = [s["card"] for s in view["layout"] if not s["face_up"]]
    shown = [s["card"] for s in view["layout"] if s["face_up"]]
    picture = run("show", game_id, "--seed", "11").stdout
    for card in hidden:
        assert glyph(card) not in picture
    for card in shown:
        assert glyph(card) in picture
    plain = run("show", game_id, "--seed", "11", "--plain").stdout
    for card in hidden:
        assert not re.search(rf"\b{card}\b", plain)
    if hidden:
        assert re.search("face.down", plain)


def test_show_deal_text_round_trips():
    text = str(Deal.from_seed(99))
    result = run("show", "pyramid", "--deal", text, "--json", "--deal-text")
    data = json.loads(result.stdout)
    assert data["deal"] == text
    assert data["seed"] is None
    assert data["position"]["view"] == "player"
    assert "deal" not in json.loads(run("show", "pyramid", "--deal", text, "--json").stdout)


def test_show_random_deal_names_its_seed():
    data = json.loads(run("show", "tripeaks", "--json", "--deal-text").stdout)
    assert isinstance(data["seed"], int)
    assert data["deal"] == str(Deal.from_seed(data["seed"]))


def test_show_without_a_game_lists_the_games():
    result = run("show")
    assert result.exit_code == 0
    for spec in patience_core.games():
        assert f"  {spec.id} - {spec.name}" in result.stdout
    assert "par-pyramid" in result.stdout
    assert "Show one with: patience show GAME" in result.stdout


def test_show_options_and_presets():
    data = json.loads(
        run("show", "tripeaks", "-s", "1", "-o", "wrap=false", "-o", "open-peaks=yes", "--json").stdout
    )
    assert data["options"]["wrap"] is False
    assert data["options"]["open_peaks"] is True
    assert all(s["face_up"] for s in data["position"]["layout"])  # T14: open peaks show every card
    data = json.loads(run("show", "par-pyramid", "-s", "1", "--json").stdout)
    assert (data["game"], data["preset"], data["options"]["passes"]) == ("pyramid", "par-pyramid", 3)


def test_show_plain_reads_line_by_line():
    result = run("show", "tripeaks", "--seed", "1", "--plain")
    lines = result.stdout.splitlines()
    assert lines[1] == "Row 1: three face-down cards."
    assert lines[4].startswith("Row 4: ")
    row4 = " ".join(lines[4 : lines.index(next(x for x in lines if x.startswith("Stock")))])
    assert row4.count("free") == 10
    assert all(len(line) <= 80 for line in lines)
    assert not ANSI.search(result.stdout)
    assert not BOX_AND_BLOCKS.search(result.stdout)


def test_no_color_gives_plain_output():
    result = run("show", "pyramid", "--seed", "1", env={"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert not ANSI.search(result.stdout)
    assert "Row 7:" in result.stdout


def test_colour_marks_red_suits():
    result = run("show", "pyramid", "--seed", "1", env={"FORCE_COLOR": "1"})
    red = re.findall(r"\x1b\[[0-9;]*31m([^\x1b]*)", result.stdout)
    assert any("♥" in text or "♦" in text for text in red)
    assert not any("♠" in text or "♣" in text for text in red)


# --- errors: a message naming the problem, a non-zero exit code, no traceback ----------------------


def error_of(*args):
    result = run(*args)
    assert result.exit_code != 0
    assert result.stdout == ""
    return result.stderr


def test_unknown_option_names_it_and_lists_the_options():
    err = error_of("show", "tripeaks", "-o", "colour=red")
    assert "no option 'colour'" in err
    assert "wrap" in err
    assert "scoring" in err


def test_malformed_option_says_key_value():
    err = error_of("show", "tripeaks", "-o", "wrap")
    assert "'wrap' is not KEY=VALUE" in err
    assert "options of tripeaks: " in err
    assert "wrap" in err.split("options of tripeaks: ")[1]
    assert "`patience show tripeaks` says what each accepts" in err


def test_bad_option_value_says_what_it_accepts():
    err = error_of("show", "pyramid", "-o", "passes=0")
    assert "'passes' accepts a whole number >= 1" in err
    err = error_of("show", "pyramid", "-o", "win=most")
    assert "one of 'pyramid', 'all'" in err


def test_preset_fixed_option_cannot_change():
    err = error_of("show", "par-pyramid", "-o", "passes=1")
    assert "fixes option 'passes'" in err


def test_bad_deal_token_is_named():
    cards = str(Deal.from_seed(1)).split()
    cards[5] = "ZZ"
    err = error_of("show", "tripeaks", "--deal", " ".join(cards))
    assert "card 6 of the deal" in err
    assert "'ZZ'" in err


def test_missing_and_duplicate_cards_are_named():
    cards = str(Deal.from_seed(1)).split()
    duplicate = cards[0]
    lost = cards[1]
    cards[1] = duplicate
    err = error_of("show", "tripeaks", "--deal", " ".join(cards))
    assert f"repeated: {duplicate}" in err
    assert f"missing: {lost}" in err
    err = error_of("show", "tripeaks", "--deal", " ".join(cards[:51]))
    assert "51 cards" in err


def test_seed_and_deal_together_and_bad_seed():
    assert "not both" in error_of("show", "tripeaks", "--seed", "1", "--deal", str(Deal.from_seed(1)))
    assert "a seed is a whole number" in error_of("show", "tripeaks", "--seed", "-3")
    result = run("show", "tripeaks", "--seed", "many")
    assert result.exit_code == 2
    assert "--seed" in result.output
