"""``patience games``: every installed game and preset, with options and plugin."""

import json

from cli_helpers import ANSI, BOX_AND_BLOCKS, run

import patience_core


def test_games_json_describes_every_game_option_and_preset():
    result = run("games", "--json")
    assert result.exit_code == 0
    listed = {g["id"]: g for g in json.loads(result.stdout)}
    specs = patience_core.games()
    assert sorted(listed) == sorted(s.id for s in specs)  # the toy games of the test suite included
    for spec in specs:
        entry = listed[spec.id]
        assert entry["name"] == spec.name
        assert entry["description"] == spec.description
        assert entry["plugin"] == spec.plugin
        assert [o["name"] for o in entry["options"]] == [o.name for o in spec.options]
        for option, shown in zip(spec.options, entry["options"], strict=True):
            assert shown["type"] == type(option.default).__name__
            assert shown["default"] == option.default
            assert shown["help"] == option.help
            assert shown["accepts"] == option.accepts()
        assert [p["id"] for p in entry["presets"]] == [p.id for p in spec.presets]
        for preset, shown in zip(spec.presets, entry["presets"], strict=True):
            assert shown["options"] == dict(preset.options)


def test_games_json_names_the_distribution_of_installed_plugins():
    listed = {g["id"]: g for g in json.loads(run("games", "--json").stdout)}
    assert listed["tripeaks"]["distribution"].startswith("patience-tripeaks ")
    assert listed["pyramid"]["distribution"].startswith("patience-pyramid ")


def test_games_text_shows_each_option_with_type_default_and_help():
    result = run("games")
    assert result.exit_code == 0
    out = result.stdout
    for spec in patience_core.games():
        assert spec.id in out
        assert spec.description in out
        assert f"plugin {spec.plugin}" in out
        for option in spec.options:
            default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
            assert f"{option.name} ({option.kind}, default {default}; {option.accepts()})" in out
            assert option.help in out
        for preset in spec.presets:
            assert f"Preset {preset.id} - {preset.name}" in out


def test_games_plain_has_no_colour_or_drawing():
    result = run("games", "--plain", env={"FORCE_COLOR": "1"})
    assert not ANSI.search(result.stdout)
    assert not BOX_AND_BLOCKS.search(result.stdout)
    coloured = run("games", env={"FORCE_COLOR": "1"})
    assert ANSI.search(coloured.stdout)  # so the check above could fail
