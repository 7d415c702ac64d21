"""An independent referee for the Klondike family: the rules written out plainly, on move text.

Nothing here comes from the package but the values it is handed (positions and the rules'
parameters, read field by field): the moves, what builds on what, the draws, redeals, turned
cards and filled spaces are all written again, as a player would check them. It replays a
solver's line move by move and refuses the first illegal one, and it searches small positions
exhaustively (every legal move, draws and redeals one at a time, no pruning) to check the
solver's verdicts.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from dataclasses import dataclass, field

RED = (1, 2)  # diamonds, hearts
MOVE = re.compile(r"(draw|redeal|w|r|t\d+|f\d)(?:-(t\d+|f\d))?(?:x(\d+))?\Z")


class Illegal(Exception):
    """A move the rules do not allow."""


def rank(card: int) -> int:
    return card % 13 + 1


def suit(card: int) -> int:
    return card // 13


@dataclass(frozen=True)
class Rules:
    draw: int = 1
    redeals: int | None = None
    build: str = "alternate"
    wrap: bool = False
    empty: str = "king"
    runs: str = "any"
    back: bool = True
    fill: bool = False
    stop_at_base: bool = False

    @classmethod
    def of(cls, variant: object) -> Rules:
        v = variant
        return cls(
            v.draw,
            v.redeals,
            v.build,
            v.wrap,
            v.empty,
            v.runs,
            v.foundation_back,
            v.fill_from_reserve,
            v.stop_at_base,
        )  # type: ignore[attr-defined]

    def goes_on(self, card: int, below: int, base: int = 1) -> bool:
        """Card on card in a column: one rank lower (king on ace with wrap; never onto the
        base rank nor from the rank under it when building stops at the base), suits per build."""
        lower = rank(below) - 1 if rank(below) > 1 else (13 if self.wrap else 0)
        if rank(card) != lower:
            return False
        if self.stop_at_base and (rank(below) == base or rank(card) == (base + 11) % 13 + 1):
            return False
        red, red_below = suit(card) in RED, suit(below) in RED
        return {
            "alternate": red != red_below,
            "suit": suit(card) == suit(below),
            "colour": red == red_below,
            "other-suit": suit(card) != suit(below),
        }[self.build]


@dataclass
class State:
    rules: Rules
    down: list[list[int]]
    up: list[list[int]]
    stock: list[int]  # next card to draw first
    waste: list[int]  # top last
    found: list[list[int]]  # per suit, bottom first
    reserve: list[int]  # top last
    base: int = 1
    redeals: int = 0
    history: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, position: object, variant: object) -> State:
        p = position
        found = []
        for s in range(4):
            found.append([s * 13 + (p.base - 1 + r) % 13 for r in range(p.foundations[s])])  # type: ignore[attr-defined]
        return cls(
            Rules.of(variant),
            [list(c.down) for c in p.columns],  # type: ignore[attr-defined]
            [list(c.up) for c in p.columns],  # type: ignore[attr-defined]
            list(p.stock),  # type: ignore[attr-defined]
            list(p.waste),  # type: ignore[attr-defined]
            found,
            list(p.reserve),  # type: ignore[attr-defined]
            p.base,  # type: ignore[attr-defined]
            p.passes_used,  # type: ignore[attr-defined]
        )

    def key(self) -> tuple:
        """The whole state, for an exhaustive search (nothing merged)."""
        return (
            tuple(map(tuple, self.down)),
            tuple(map(tuple, self.up)),
            tuple(self.stock),
            tuple(self.waste),
            tuple(len(f) for f in self.found),
            len(self.reserve),
            # Redeals used matter only when they are counted: with no limit, a table after one
            # more redeal is the same table, and counting them would make the search endless.
            self.redeals if self.rules.redeals is not None else 0,
        )

    def copy(self) -> State:
        return State(
            self.rules,
            [list(x) for x in self.down],
            [list(x) for x in self.up],
            list(self.stock),
            list(self.waste),
            [list(x) for x in self.found],
            list(self.reserve),
            self.base,
            self.redeals,
        )

    def won(self) -> bool:
        return sum(len(f) for f in self.found) == 52

    # --- the rules ---------------------------------------------------------------------------------

    def fits_foundation(self, card: int, f: int) -> bool:
        if suit(card) != f:
            return False
        pile = self.found[f]
        if not pile:
            return rank(card) == self.base
        top = rank(pile[-1])
        if len(pile) == 13:
            return False
        return rank(card) == top + 1 or (self.rules.wrap and top == 13 and rank(card) == 1)

    def fits_column(self, card: int, t: int) -> bool:
        if self.up[t]:
            return self.rules.goes_on(card, self.up[t][-1], self.base)
        if self.down[t]:
            return False
        return self.rules.empty == "any" or rank(card) == 13

    def tidy(self) -> None:
        """Turn up the top face-down card of every column left with no face-up card; fill
        spaces from the reserve where the rules say so."""
        for t in range(len(self.up)):
            if not self.up[t] and self.down[t]:
                self.up[t].append(self.down[t].pop())
            if self.rules.fill and not self.up[t] and not self.down[t] and self.reserve:
                self.up[t].append(self.reserve.pop())

    def play(self, text: str) -> None:
        """Play one move given as text; raise Illegal (leaving the state as it was) if it is not legal."""
        before = self.copy()
        try:
            self._play(text)
        except Illegal:
            self.__dict__.update(before.__dict__)
            raise
        self.history.append(text)

    def _play(self, text: str) -> None:
        m = MOVE.match(text)
        if not m:
            raise Illegal(f"not a move: {text!r}")
        src, dst, count = m[1], m[2], int(m[3]) if m[3] else 1
        if src == "draw":
            if dst or m[3] or not self.stock:
                raise Illegal("draw needs cards in the stock")
            for _ in range(min(self.rules.draw, len(self.stock))):
                self.waste.append(self.stock.pop(0))
            return
        if src == "redeal":
            if dst or m[3] or self.stock or not self.waste:
                raise Illegal("redeal needs an empty stock and cards on the waste")
            if self.rules.redeals is not None and self.redeals >= self.rules.redeals:
                raise Illegal("no redeals left")
            self.stock = list(self.waste)
            self.waste = []
            self.redeals += 1
            return
        if dst is None:
            raise Illegal(f"{text!r} names no destination")
        # Take the cards.
        if src == "w":
            if count != 1 or not self.waste:
                raise Illegal("the waste's top card alone moves")
            cards = [self.waste.pop()]
        elif src == "r":
            if count != 1 or not self.reserve:
                raise Illegal("the reserve's top card alone moves")
            cards = [self.reserve.pop()]
        elif src[0] == "f":
            f = int(src[1:]) - 1
            if not self.rules.back:
                raise Illegal("foundation cards stay")
            if count != 1 or not 0 <= f < 4 or not self.found[f]:
                raise Illegal("no foundation card to move")
            cards = [self.found[f].pop()]
        else:
            t = int(src[1:]) - 1
            if not 0 <= t < len(self.up) or count > len(self.up[t]) or count < 1:
                raise Illegal(f"column {src} has no {count} face-up cards")
            run = self.up[t][-count:]
            for below, card in itertools.pairwise(run):
                if not self.rules.goes_on(card, below, self.base):
                    raise Illegal(f"{run} is not a run")
            n = len(self.up[t])
            if self.rules.runs == "one" and count != 1:
                raise Illegal("one card at a time")
            if self.rules.runs == "whole-or-one" and count not in (1, n):
                raise Illegal("a column's top card or its whole run")
            if dst[0] == "f" and count != 1:
                raise Illegal("one card at a time to a foundation")
            del self.up[t][-count:]
            cards = run
        # Put them down.
        if dst[0] == "f":
            f = int(dst[1:]) - 1
            if not 0 <= f < 4 or not self.fits_foundation(cards[0], f):
                raise Illegal(f"{cards[0]} does not go on foundation {dst}")
            self.found[f].append(cards[0])
        else:
            t = int(dst[1:]) - 1
            if not 0 <= t < len(self.up) or (src[0] == "t" and int(src[1:]) - 1 == t):
                raise Illegal(f"no column {dst} to move to")
            if not self.fits_column(cards[0], t):
                raise Illegal(f"{cards[0]} does not go on column {dst}")
            self.up[t].extend(cards)
        self.tidy()

    def moves(self) -> list[str]:
        """Every legal move, as text."""
        out = []
        if self.stock:
            out.append("draw")
        elif self.waste and (self.rules.redeals is None or self.redeals < self.rules.redeals):
            out.append("redeal")
        sources: list[tuple[str, int, list[int]]] = []
        if self.waste:
            sources.append(("w", 1, [self.waste[-1]]))
        if self.reserve:
            sources.append(("r", 1, [self.reserve[-1]]))
        if self.rules.back:
            for f in range(4):
                if self.found[f]:
                    sources.append((f"f{f + 1}", 1, [self.found[f][-1]]))
        for t in range(len(self.up)):
            n = len(self.up[t])
            for count in range(1, n + 1):
                run = self.up[t][-count:]
                if any(not self.rules.goes_on(c, b, self.base) for b, c in itertools.pairwise(run)):
                    break
                if self.rules.runs == "one" and count != 1:
                    break
                if self.rules.runs == "whole-or-one" and count not in (1, n):
                    continue
                sources.append((f"t{t + 1}", count, run))
        for src, count, cards in sources:
            if count == 1 and src[0] != "f":
                for f in range(4):
                    if self.fits_foundation(cards[0], f):
                        out.append(f"{src}-f{f + 1}")
            for t in range(len(self.up)):
                if src == f"t{t + 1}":
                    continue
                if self.fits_column(cards[0], t):
                    out.append(f"{src}-t{t + 1}" + (f"x{count}" if count > 1 else ""))
        return out


def replay(position: object, variant: object, line: tuple[str, ...] | list[str]) -> State:
    """Play ``line`` from ``position`` under ``variant``'s rules; the final state. Raises
    Illegal, naming the move and its place, at the first move the rules do not allow."""
    state = State.of(position, variant)
    for i, text in enumerate(line):
        try:
            state.play(text)
        except Illegal as error:
            raise Illegal(f"move {i + 1} of {len(line)}, {text!r}: {error}") from None
    return state


def exhaustive(position: object, variant: object, limit: int = 200_000) -> bool | None:
    """Whether the position can be won, by breadth-first search over every legal move with
    nothing merged but identical states; None when more than ``limit`` states are reachable."""
    start = State.of(position, variant)
    if start.won():
        return True
    seen = {start.key()}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for text in state.moves():
            child = state.copy()
            child.play(text)
            if child.won():
                return True
            key = child.key()
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                queue.append(child)
    return False
