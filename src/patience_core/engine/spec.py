"""Specs: what a plugin registers. A game is an id, names, options with types, defaults and
help, named presets, the rules class that plays it and perhaps its own solver; a player is a
name, a description and a factory."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from patience_core.engine.deal import Deal
from patience_core.engine.errors import OptionError, quoted
from patience_core.engine.rules import Rules

if TYPE_CHECKING:
    from patience_core.engine.game import Game
    from patience_core.engine.solving import SolveResult

Solver: TypeAlias = "Callable[[Game, int, float | None], SolveResult | None]"
"""A game's own full-information solver: ``solver(game, node_limit, time_limit)`` returns a
:class:`~patience_core.engine.solving.SolveResult`, or None to leave the game to the generic solver
(for option values it does not handle)."""

OptionValue = bool | int | str
_ID = re.compile(r"[a-z][a-z0-9-]*\Z")
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
RESERVED = frozenset({"game_id", "seed", "deal", "observed"})
"""Names an option may not have: they are :func:`patience_core.new_game`'s own arguments."""
_MAX_DIGITS = 40  # longer text is no option value: never handed to int()
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _check_id(_: Any, attribute: attrs.Attribute[str], value: str) -> None:
    if not _ID.match(value):
        raise ValueError(f"{attribute.name} {value!r} must be lowercase letters, digits and '-'")


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _frozen_mapping(values: Mapping[str, OptionValue]) -> Mapping[str, OptionValue]:
    return MappingProxyType(dict(values))


@attrs.frozen
class Option:
    """One option of a game. Its type is the type of its default (bool, int or str).

    ``words`` are values of their own that a whole-number option also takes, such as
    ``"unlimited"``: a limit that is not a number, so no huge number stands in for it.

    >>> wrap = Option("wrap", True, "K and A are neighbours")
    >>> wrap.parse("false"), wrap.kind
    (False, 'bool')
    >>> passes = Option("passes", 1, "passes", minimum=1, maximum=9, words=("unlimited",))
    >>> passes.parse("3"), passes.parse("Unlimited"), passes.accepts()
    (3, 'unlimited', "a whole number >= 1 and <= 9, or 'unlimited'")
    """

    name: str = attrs.field()
    default: OptionValue
    help: str
    choices: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    minimum: int | None = None
    maximum: int | None = None
    words: tuple[str, ...] = attrs.field(default=(), converter=_strings)

    @name.validator
    def _name_ok(self, attribute: attrs.Attribute[str], value: str) -> None:
        if not _NAME.match(value):
            raise ValueError(f"option name {value!r} must be a lowercase identifier")
        if value in RESERVED:
            raise ValueError(f"option name {value!r} is reserved: new_game takes it as an argument")

    def __attrs_post_init__(self) -> None:
        if type(self.default) not in (bool, int, str):
            raise TypeError(
                f"option {self.name!r}: a default is a bool, an int or a str, not {quoted(self.default)}"
            )
        if self.words and type(self.default) is not int:
            raise TypeError(f"option {self.name!r}: only a whole-number option takes words")
        if type(self.default) is int and self.maximum is None:
            # An unbounded number lets one typo run for ever (passes=1000000000000).
            raise ValueError(f"option {self.name!r}: a whole-number option declares its maximum")
        self.check(self.default)  # a default the option itself refuses is a bug in the plugin

    @property
    def kind(self) -> str:
        return type(self.default).__name__

    def accepts(self) -> str:
        """What the option accepts, in words."""
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            low = "" if self.minimum is None else f" >= {self.minimum}"
            high = "" if self.maximum is None else f" <= {self.maximum}"
            words = "".join(f", or {w!r}" for w in self.words)
            return f"a whole number{low}{' and' if low and high else ''}{high}{words}"
        if self.choices:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return "text"

    def check(self, value: object) -> OptionValue:
        """``value`` if this option accepts it, else :class:`OptionError` naming the option."""
        if isinstance(value, str) and value in self.words:
            return value
        ok = type(value) is type(self.default)
        if ok and isinstance(value, int) and not isinstance(value, bool):
            ok = (self.minimum is None or value >= self.minimum) and (
                self.maximum is None or value <= self.maximum
            )
        if ok and isinstance(value, str) and self.choices:
            ok = value in self.choices
        if not ok:
            raise OptionError(f"option {self.name!r} accepts {self.accepts()}, not {quoted(value)}")
        return value  # type: ignore[return-value]

    def parse(self, text: str) -> OptionValue:
        """The value written ``text`` (as typed after ``-o name=``), checked."""
        value: object = text
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            value = True if lowered in _TRUE else False if lowered in _FALSE else text
        elif isinstance(self.default, int) and len(text) <= _MAX_DIGITS:
            try:
                value = int(text.strip())
            except ValueError:
                word = text.strip().lower()
                value = word if word in self.words else text
        return self.check(value)


@attrs.frozen
class Preset:
    """A named set of option values, playable by its own id (``par-pyramid``)."""

    id: str = attrs.field(validator=_check_id)
    name: str
    description: str
    options: Mapping[str, OptionValue] = attrs.field(converter=_frozen_mapping)


def _options(values: Iterable[Option]) -> tuple[Option, ...]:
    return tuple(values)


def _presets(values: Iterable[Preset]) -> tuple[Preset, ...]:
    return tuple(values)


def _check_node_limit(_: Any, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{attribute.name} is a whole number of positions above 0, or None; not {value!r}")


@attrs.frozen
class GameSpec:
    """A game as a plugin registers it.

    ``rules`` is called with the full, checked option mapping and returns the
    :class:`~patience_core.engine.rules.Rules` for one game.
    """

    id: str = attrs.field(validator=_check_id)
    name: str
    description: str
    rules: Callable[[Mapping[str, OptionValue]], Rules]
    options: tuple[Option, ...] = attrs.field(default=(), converter=_options)
    presets: tuple[Preset, ...] = attrs.field(default=(), converter=_presets)
    solver: Solver | None = None
    solver_node_limit: int | None = attrs.field(default=None, validator=_check_node_limit)
    """The node limit ``solver`` runs to when the caller gives none (None: the core's
    :data:`~patience_core.engine.solving.DEFAULT_NODE_LIMIT`), for a solver whose figures are
    measured at a limit of its own."""
    plugin: str = ""
    """The plugin that registered the game; filled in by the registry."""
    family: str = ""
    """The family the game belongs to, for lists that group games."""
    pysol: Callable[[int], Deal] | None = None
    """PySolFC's deal of this game by its number (``--pysol N``), for games pysol-cards
    knows; see :mod:`patience_core.engine.pysol`."""
    since_version_1: Mapping[str, OptionValue] = attrs.field(factory=dict, converter=_frozen_mapping)
    """The options added since version 1 of the records (patience 0.1), at the values that play
    the rules of then: a version 1 record lacks them, and plays with these (docs/model.md)."""
    changed_since_version_1: frozenset[str] = frozenset()
    """The presets whose rules changed since version 1 of the records: a version 1 record of
    one loads as the base game with the preset's options of then (the added ones at their
    ``since_version_1`` values), so that it replays as it was played."""

    def __attrs_post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"game {self.id!r} declares an option twice")
        for preset in self.presets:
            self.resolve(preset.options)  # a preset with a bad option is a bug in the plugin
        self.resolve(self.since_version_1)  # so are added options it lacks or values they refuse
        unknown = self.changed_since_version_1 - {p.id for p in self.presets}
        if unknown:
            raise ValueError(
                f"game {self.id!r}: changed_since_version_1 names no preset of it: {sorted(unknown)}"
            )

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {quoted(name)} (its options: {known})")

    def defaults(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def resolve(
        self, given: Mapping[str, object], base: Mapping[str, OptionValue] | None = None
    ) -> dict[str, OptionValue]:
        """All option values: defaults, then ``base`` (a preset's), then ``given``, each checked.

        A preset fixes its options: ``given`` may not set them to other values.
        """
        values = self.defaults()
        base = base or {}
        for name, value in base.items():
            values[name] = self.option(name).check(value)
        for name, given_value in given.items():
            checked = self.option(name).check(given_value)
            if name in base and checked != base[name]:
                raise OptionError(
                    f"this preset fixes option {name!r} to {base[name]!r}; play {self.id!r} to change it"
                )
            values[name] = checked
        return values

    def parse_options(self, pairs: Mapping[str, str]) -> dict[str, OptionValue]:
        """Typed values for options given as text (``{"wrap": "false"}``)."""
        return {name: self.option(name).parse(text) for name, text in pairs.items()}


@attrs.frozen
class PlayerSpec:
    """A player as a plugin registers it.

    ``factory(**params)`` makes a player. ``full_information`` says the player reads hidden
    cards (the solver): such a player has ``sees_hidden_cards = True`` and a method
    ``choose_seeing_all(game) -> Move`` that :func:`patience_core.players.play_game` calls
    instead of ``choose``.
    """

    name: str = attrs.field()
    description: str
    factory: Callable[..., Any]
    full_information: bool = False
    plugin: str = ""
    """The plugin that registered the player; filled in by the registry."""

    @name.validator
    def _name_ok(self, attribute: attrs.Attribute[str], value: str) -> None:
        if not _ID.match(value):
            raise ValueError(f"player name {value!r} must be lowercase letters, digits and '-'")

    def params(self) -> dict[str, Any]:
        """The parameters the factory takes, with their defaults."""
        return {
            p.name: p.default
            for p in inspect.signature(self.factory).parameters.values()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        }
