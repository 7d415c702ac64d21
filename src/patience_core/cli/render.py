"""Drawing a game in the terminal, for any game.

Everything comes from the player view (``Game.to_dict("player")``), so nothing hidden can leak,
and the layout is drawn from its spots' own coordinates (x in half card widths, y in rows), so
a new game's shape is drawn right with no change here.

Two styles: a picture (colour when the terminal has it, suit glyphs, card backs) and plain
text for screen readers, where every line reads aloud on its own ("Row 1: face down, ...").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from rich.text import Text

from patience_core import Game

_GLYPHS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED: Final = "red"
BLACK: Final = "bright_white"
BACK: Final = "blue"


class Renderer:
    """Draws positions as lines of :class:`rich.text.Text`.

    ``plain``: sentences for screen readers. ``unicode``: suit glyphs and block card backs
    (else letters and ``#``). ``width``: the columns available, to choose a compact drawing
    for wide layouts.
    """

    def __init__(self, *, plain: bool = False, unicode: bool = True, width: int = 80) -> None:
        self.plain = plain
        self.unicode = unicode
        self.width = width

    # --- cards ---------------------------------------------------------------------------

    def card(self, text: str) -> Text:
        """One face-up card in the card's colour: ``4♥`` (``4H`` without glyphs or in plain mode)."""
        if self.plain:
            return Text(text)
        shown = text[0] + _GLYPHS[text[1]] if self.unicode else text
        return Text(shown, style=RED if text[1] in "DH" else BLACK)

    def move(self, text: str) -> Text:
        """Move text as the player types it, each card in its colour: ``QH+AS``, ``draw``."""
        if self.plain or not all(_is_card(part) for part in text.split("+")):
            return Text(text)
        out = Text()
        for n, part in enumerate(text.split("+")):
            if n:
                out.append("+")
            out.append(part, style=RED if part[1] in "DH" else BLACK)
        return out

    # --- a whole position ---------------------------------------------------------------------

    def position(self, game: Game, *, title: str, legal: bool = True) -> list[Text]:
        """The lines showing ``game``: title, layout, stock/waste/drawn, score, legal moves."""
        view = game.to_dict("player")
        lines = [Text(title + ".", style="bold")] if self.plain else [Text(title, style="bold")]
        if self.plain:
            lines += self.layout_sentences(view["layout"])
        else:
            lines.append(Text())
            lines += self.layout_picture(view["layout"])
            lines.append(Text())
        lines += self.piles(view, has_drawn_card=game.rules.has_drawn_card)
        lines.append(self.measures(view, len(game.rules.layout)))
        if legal and view["status"] == "playing":
            lines.append(self.legal_moves(view["legal_moves"]))
        return lines

    def after_move(self, before: dict[str, Any], after: dict[str, Any], has_drawn_card: bool) -> list[Text]:
        """What a move changed, in sentences: cards newly free, then the piles, measures and moves."""
        lines = []
        row_of = {y: n for n, y in enumerate(sorted({s["y"] for s in after["layout"]}), 1)}
        freed = [
            f"{spot['card']} in row {row_of[spot['y']]}" + ("" if old["face_up"] else ", turned face up")
            for old, spot in zip(before["layout"], after["layout"], strict=True)
            if spot["free"] and not old["free"]
        ]
        if freed:
            lines.append(Text(f"Now free: {'; '.join(freed)}."))
        lines += self.piles(after, has_drawn_card=has_drawn_card)
        lines.append(self.measures(after, len(after["layout"])))
        if after["status"] == "playing":
            lines.append(self.legal_moves(after["legal_moves"]))
        return lines

    def layout_picture(self, spots: Sequence[dict[str, Any]]) -> list[Text]:
        """The layout drawn at its coordinates. Free cards are bracketed (``[4♥]``), cards in
        sight but covered are dimmed, face-down cards are card backs, gone cards leave a gap."""
        if not any(s["present"] for s in spots):
            return [Text("(every layout card is gone)", style="dim")]
        xs = [s["x"] for s in spots]
        ys = [s["y"] for s in spots]
        left, top = min(xs), min(ys)
        # A card is 2 half widths; 3 columns a half width draws cards 4 wide with a gap of 2.
        scale = 3 if (max(xs) - left) * 3 + 4 <= self.width else 2
        cell = 4 if scale == 3 else 3
        yscale = _row_scale(ys)
        grid: dict[int, list[tuple[str, str]]] = {}
        for spot in sorted(spots, key=lambda s: (s["y"], s["x"])):
            if not spot["present"]:
                continue
            col = round((spot["x"] - left) * scale)
            row = grid.setdefault(round((spot["y"] - top) * yscale), [])
            if len(row) < col + cell:
                row += [(" ", "")] * (col + cell - len(row))
            row[col : col + cell] = self._cell(spot, cell)
        lines = []
        for n in range(max(grid, default=-1) + 1):
            text = Text()
            for char, style in grid.get(n, []):
                text.append(char, style=style or None)
            lines.append(text)
        return lines

    def _cell(self, spot: dict[str, Any], cell: int) -> list[tuple[str, str]]:
        if not spot["face_up"]:
            back = ("░" if self.unicode else "#") * (cell if cell == 4 else 2)
            return [(c, BACK) for c in back.ljust(cell)]
        text = spot["card"]
        shown = text[0] + (_GLYPHS[text[1]] if self.unicode else text[1])
        colour = RED if text[1] in "DH" else BLACK
        if spot["free"]:
            body = f"[{shown}]" if cell == 4 else f"{shown}*"
            return [(c, f"bold {colour}") for c in body]
        body = f" {shown} " if cell == 4 else f"{shown} "
        return [(c, f"dim {colour}") for c in body]

    def layout_sentences(self, spots: Sequence[dict[str, Any]]) -> list[Text]:
        """The layout as one sentence per row, top row first, left to right."""
        rows: dict[float, list[dict[str, Any]]] = {}
        for spot in spots:
            rows.setdefault(spot["y"], []).append(spot)
        lines = []
        for n, y in enumerate(sorted(rows), 1):
            words = [_spoken(s) for s in sorted(rows[y], key=lambda s: s["x"])]
            if all(w == "gone" for w in words):
                lines.append(Text(f"Row {n}: cleared."))
            else:
                lines.append(Text(f"Row {n}: {', '.join(_runs(words))}."))
        return lines

    def piles(self, view: dict[str, Any], *, has_drawn_card: bool) -> list[Text]:
        """Stock (cards and passes), waste top, and the drawn card for games that keep one."""
        stock = view["stock"]
        passes, used = stock["passes"], stock["passes_used"]
        if passes is None:
            pass_text = f"pass {used + 1}, no limit"
        elif passes == 1:
            pass_text = "one pass, no redeal"
        else:
            left = passes - used - 1
            pass_text = f"pass {used + 1} of {passes}, {left} redeal{'s' if left != 1 else ''} left"
        count = stock["count"]
        cards = f"{count} card{'s' if count != 1 else ''}"
        waste = view["waste"]
        if self.plain:
            lines = [Text(f"Stock: {cards}; {pass_text}.")]
            if waste:
                lines.append(
                    Text(f"Waste: {waste[-1]} on top, {len(waste)} card{'s' if len(waste) > 1 else ''}.")
                )
            else:
                lines.append(Text("Waste: empty."))
            if has_drawn_card:
                lines.append(Text(f"Drawn card: {view['drawn'] or 'none'}."))
            return lines
        back = "░░" if self.unicode else "##"
        line = Text("Stock ")
        line.append(back if count else "  ", style=BACK)
        line.append(f" {cards} ({pass_text})    Waste ")
        if waste:
            line.append_text(self.card(waste[-1]))
            line.append(f" ({len(waste)} cards)" if len(waste) > 1 else "")
        else:
            line.append("empty")
        if has_drawn_card:
            line.append("    Drawn ")
            line.append_text(self.card(view["drawn"]) if view["drawn"] else Text("none"))
        return [line]

    def measures(self, view: dict[str, Any], size: int) -> Text:
        moves = len(view["moves"])
        text = f"Score {view['score']}    Cards left {view['cards_left']} of {size}    Moves played {moves}"
        if self.plain:
            text = (
                f"Score: {view['score']}. Cards left: {view['cards_left']} of {size}. Moves played: {moves}."
            )
        return Text(text)

    def legal_moves(self, moves: Sequence[str]) -> Text:
        """The numbered list of legal moves: the numbers are what the prompt accepts."""
        if not moves:
            return Text("No legal move." if self.plain else "No legal move")
        if self.plain:
            return Text("Legal moves: " + ", ".join(f"{n} {m}" for n, m in enumerate(moves, 1)) + ".")
        out = Text("Legal moves:")
        for n, move in enumerate(moves, 1):
            out.append(f"  {n})", style="dim")
            out.append(" ")
            out.append_text(self.move(move))
        return out

    def deal_text(self, text: str) -> list[Text]:
        return [Text("Deal text:" if self.plain else "Deal text", style="bold"), Text(text)]


def _is_card(text: str) -> bool:
    return len(text) == 2 and text[1] in _GLYPHS


def _spoken(spot: dict[str, Any]) -> str:
    if not spot["present"]:
        return "gone"
    if not spot["face_up"]:
        return "face down"
    return f"{spot['card']} free" if spot["free"] else spot["card"]


def _runs(words: list[str]) -> list[str]:
    """Runs of the same word said once with a count: ``3 face down``, ``2 gone``."""
    out: list[str] = []
    n = 0
    for i, word in enumerate(words):
        n += 1
        if i + 1 == len(words) or words[i + 1] != word or word not in ("face down", "gone"):
            out.append(f"{n} {word}" if n > 1 else word)
            n = 0
    return out


def _row_scale(ys: Iterable[float]) -> int:
    """Text lines per layout row: 1 for whole rows, more when a layout uses half rows."""
    for k in (1, 2, 4):
        if all(abs(y * k - round(y * k)) < 1e-6 for y in ys):
            return k
    return 4
