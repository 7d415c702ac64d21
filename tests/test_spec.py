"""Game specs and options: checking and parsing values, errors that name the option and what it
accepts, presets that fix their options."""

from __future__ import annotations

import pytest

from patience_core import GameSpec, Option, OptionError, Preset, Rules

WRAP = Option("wrap", True, "K and A are neighbours")
PASSES = Option("passes", 1, "passes through the stock", minimum=1, maximum=3)
DEPTH = Option("depth", 2, "any depth from 0", minimum=0, maximum=10**6)
SCORING = Option("scoring", "runs", "how to score", choices=("runs", "classic"))
NAME = Option("player", "anyone", "free text")


def spec(**kw) -> GameSpec:
    fields = {
        "id": "demo",
        "name": "Demo",
        "description": "a game for tests",
        "rules": Rules,
        "options": (WRAP, PASSES, SCORING),
        "presets": (Preset("demo-par", "Par", "three passes, classic", {"passes": 3, "scoring": "classic"}),),
    }
    fields.update(kw)
    return GameSpec(**fields)


# --- Option --------------------------------------------------------------------------------------


def test_kinds_and_what_they_accept():
    assert [o.kind for o in (WRAP, PASSES, SCORING, NAME)] == ["bool", "int", "str", "str"]
    assert WRAP.accepts() == "true or false"
    assert PASSES.accepts() == "a whole number >= 1 and <= 3"
    assert DEPTH.accepts() == "a whole number >= 0 and <= 1000000"
    assert Option("n", 5, "h", maximum=9).accepts() == "a whole number <= 9"
    assert SCORING.accepts() == "one of 'runs', 'classic'"
    assert NAME.accepts() == "text"


@pytest.mark.parametrize(
    ("option", "value"),
    [
        (WRAP, True),
        (WRAP, False),
        (PASSES, 1),
        (PASSES, 3),
        (DEPTH, 0),
        (DEPTH, 10**6),
        (SCORING, "classic"),
        (NAME, ""),
        (NAME, "Ada"),
    ],
)
def test_check_returns_an_accepted_value(option, value):
    assert option.check(value) == value
    assert type(option.check(value)) is type(option.default)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        (WRAP, 1),  # a number is not a bool
        (WRAP, "true"),  # text is parsed with parse(), not check()
        (WRAP, None),
        (PASSES, 0),  # below the minimum
        (PASSES, 4),  # above the maximum
        (PASSES, True),  # a bool is not a number here
        (PASSES, 2.0),
        (PASSES, "2"),
        (DEPTH, -1),
        (SCORING, "none"),
        (SCORING, "Runs"),
        (SCORING, 1),
        (NAME, 3),
    ],
)
def test_check_refuses_naming_the_option_and_what_it_accepts(option, value):
    with pytest.raises(OptionError) as info:
        option.check(value)
    message = str(info.value)
    assert f"option {option.name!r}" in message
    assert option.accepts() in message
    assert repr(value) in message
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("YES", True),
        (" on ", True),
        ("1", True),
        ("false", False),
        ("No", False),
        ("off", False),
        ("0", False),
    ],
)
def test_bool_parse(text, value):
    assert WRAP.parse(text) is value


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        (PASSES, "2", 2),
        (PASSES, " 3 ", 3),
        (DEPTH, "0", 0),
        (SCORING, "classic", "classic"),
        (NAME, " x ", " x "),
    ],
)
def test_parse_reads_typed_values(option, text, value):
    assert option.parse(text) == value
    assert type(option.parse(text)) is type(value)


@pytest.mark.parametrize(
    ("option", "text"),
    [
        (WRAP, "maybe"),
        (WRAP, ""),
        (PASSES, "two"),
        (PASSES, "0"),
        (PASSES, "1.5"),
        (DEPTH, "-1"),
        (SCORING, "RUNS"),
        (SCORING, ""),
    ],
)
def test_parse_refuses_naming_the_option(option, text):
    with pytest.raises(OptionError) as info:
        option.parse(text)
    assert f"option {option.name!r} accepts {option.accepts()}" in str(info.value)


@pytest.mark.parametrize("name", ["Wrap", "open-peaks", "2nd", "", "a b"])
def test_option_names_are_lowercase_identifiers(name):
    with pytest.raises(ValueError, match="lowercase identifier"):
        Option(name, True, "h")


# --- GameSpec ------------------------------------------------------------------------------------


def test_defaults_and_resolve_without_a_preset():
    demo = spec()
    assert demo.defaults() == {"wrap": True, "passes": 1, "scoring": "runs"}
    assert demo.resolve({}) == demo.defaults()
    assert demo.resolve({"wrap": False, "passes": 2}) == {"wrap": False, "passes": 2, "scoring": "runs"}


def test_resolve_checks_every_given_value():
    with pytest.raises(OptionError, match="option 'passes' accepts a whole number >= 1 and <= 3, not 9"):
        spec().resolve({"passes": 9})


def test_an_unknown_option_is_named_with_the_options_there_are():
    with pytest.raises(OptionError) as info:
        spec().resolve({"colour": "red"})
    message = str(info.value)
    assert "'colour'" in message
    assert "wrap, passes, scoring" in message
    with pytest.raises(OptionError, match=r"no option 'x' \(its options: none\)"):
        spec(options=(), presets=()).option("x")


def test_a_preset_fixes_its_options():
    demo = spec()
    par = demo.presets[0]
    assert demo.resolve({}, par.options) == {"wrap": True, "passes": 3, "scoring": "classic"}
    # The same value again is fine; the options the preset leaves open stay open.
    assert demo.resolve({"passes": 3, "wrap": False}, par.options)["wrap"] is False
    with pytest.raises(OptionError) as info:
        demo.resolve({"passes": 2}, par.options)
    message = str(info.value)
    assert "'passes'" in message
    assert "3" in message
    assert "'demo'" in message  # play the game itself to change it


def test_a_preset_with_a_bad_option_is_a_bug_caught_at_declaration():
    with pytest.raises(OptionError, match="'passes'"):
        spec(presets=(Preset("bad", "Bad", "", {"passes": 7}),))
    with pytest.raises(OptionError, match="'colour'"):
        spec(presets=(Preset("bad", "Bad", "", {"colour": "red"}),))


def test_an_option_declared_twice_is_refused():
    with pytest.raises(ValueError, match="'demo' declares an option twice"):
        spec(options=(WRAP, PASSES, Option("wrap", False, "again")), presets=())


@pytest.mark.parametrize("bad", ["Demo", "my game", "", "-x", "x_y"])
def test_game_and_preset_ids_are_lowercase_with_dashes(bad):
    with pytest.raises(ValueError, match="lowercase letters"):
        spec(id=bad)
    with pytest.raises(ValueError, match="lowercase letters"):
        Preset(bad, "n", "d", {})


def test_parse_options_types_text_values():
    assert spec().parse_options({"wrap": "off", "passes": "2"}) == {"wrap": False, "passes": 2}
    with pytest.raises(OptionError, match="'passes'"):
        spec().parse_options({"passes": "many"})


def test_preset_options_are_read_only():
    par = spec().presets[0]
    with pytest.raises(TypeError):
        par.options["passes"] = 1  # type: ignore[index]
    assert dict(par.options) == {"passes": 3, "scoring": "classic"}


# --- issue 16, finding 6: every numeric option has a maximum ----------------------------------------


def test_a_whole_number_option_must_declare_its_maximum():
    with pytest.raises(ValueError, match="'n': a whole-number option declares its maximum"):
        Option("n", 5, "h")
    with pytest.raises(ValueError, match="declares its maximum"):
        Option("n", 5, "h", minimum=0)
    assert Option("n", 5, "h", maximum=9).maximum == 9


def test_every_installed_numeric_option_is_bounded():
    import patience_core

    numeric = [(s.id, o) for s in patience_core.games() for o in s.options if o.kind == "int"]
    assert numeric  # Pyramid's passes at least
    for game_id, option in numeric:
        assert option.maximum is not None, (game_id, option.name)
    passes = patience_core.find_game("pyramid")[0].option("passes")
    assert passes.maximum is not None
    assert passes.maximum <= 9  # a small number: the rule texts play one to three passes


@pytest.mark.parametrize("text", ["1000000000000", "9" * 5000, "-" + "9" * 5000, "1e9", "0x10"])
def test_a_huge_or_odd_number_is_refused_quoting_a_few_characters(text):
    with pytest.raises(OptionError) as info:
        PASSES.parse(text)
    assert len(str(info.value)) < 160
