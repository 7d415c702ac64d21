"""Drawing a game in the terminal, for any game.

Everything comes from the player view (``Game.to_dict("player")``), so nothing hidden can leak,
and the layout is drawn from its spots' own coordinates (x in half card widths, y in rows), so
a new game's shape is drawn right with no change here.

Two styles: a picture (colour when the terminal has it, suit glyphs, card backs) and plain
text for screen readers, where every line reads aloud on its own ("Row 1: face down, ...").

Every line fits the width given: the lines of fields (stock, waste, score...) break between
fields, never inside a word, and the layout picture narrows its cards when it must.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs
from rich.text import Text

from patience_core import Game

_GLYPHS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@attrs.frozen
class Theme:
    """The colours of a drawing: red suits, black suits, card backs (rich styles; "" is the
    terminal's own text colour)."""

    red: str
    black: str
    back: str


THEMES: Final = {
    # Black suits in the terminal's own text colour read on any background.
    "default": Theme(red="red", black="", back="blue"),
    "dark": Theme(red="bright_red", black="bright_white", back="blue"),
    "light": Theme(red="red3", black="black", back="blue3"),
    "plain": Theme(red="", black="", back=""),
}


class Renderer:
    """Draws positions as lines of :class:`rich.text.Text`.

    ``plain``: sentences for screen readers. ``unicode``: suit glyphs and block card backs
    (else letters and ``#``). ``width``: the columns available; every line fits them.
    ``theme``: a name of :data:`THEMES`.
    """

    def __init__(
        self, *, plain: bool = False, unicode: bool = True, width: int = 80, theme: str = "default"
    ) -> None:
        self.plain = plain
        self.unicode = unicode
        self.width = max(width, 20)
        self.theme = THEMES["plain" if plain else theme]

    def _colour(self, suit_letter: str) -> str:
        return self.theme.red if suit_letter in "DH" else self.theme.black

    def fit(self, fields: Sequence[Text | str], sep: str = "    ", indent: str = "") -> list[Text]:
        """``fields`` on as few lines as fit the width: a line breaks between two fields (a field
        longer than the width breaks between its words), never inside a word."""
        lines: list[Text] = []
        line = Text()
        for field in fields:
            part = field if isinstance(field, Text) else Text(field)
            if len(part) > self.width - len(indent):
                pieces = [Text(piece) for piece in _wrap(part.plain, self.width - len(indent))]
            else:
                pieces = [part]
            for piece in pieces:
                if line.plain and len(line) + len(sep) + len(piece) > self.width:
                    lines.append(line)
                    line = Text(indent)
                if line.plain.strip():
                    line.append(sep)
                line.append_text(piece)
        if line.plain:
            lines.append(line)
        return lines

    def sentences(self, text: str) -> list[Text]:
        """Plain text wrapped at words to the width."""
        return [Text(line) for line in _wrap(text, self.width)] or [Text()]

    # --- cards ---------------------------------------------------------------------------

    def card(self, text: str) -> Text:
        """One face-up card in the card's colour: ``4♥`` (``4H`` without glyphs or in plain mode)."""
        if self.plain:
            return Text(text)
        shown = text[0] + _GLYPHS[text[1]] if self.unicode else text
        return Text(shown, style=self._colour(text[1]))

    def move(self, text: str) -> Text:
        """Move text as the player types it, each card in its colour: ``QH+AS``, ``draw``."""
        if self.plain or not all(_is_card(part) for part in text.split("+")):
            return Text(text)
        out = Text()
        for n, part in enumerate(text.split("+")):
            if n:
                out.append("+")
            out.append(part, style=self._colour(part[1]))
        return out

    # --- a whole position ---------------------------------------------------------------------

    def position(
        self, game: Game, *, title: str, legal: bool = True, clock: bool = True, height: int | None = None
    ) -> list[Text]:
        """The lines showing ``game``: title, layout or columns, stock/waste/drawn (and the other
        piles), score, legal moves. ``height``: the lines a screen has, to compress long columns."""
        view = game.to_dict("player")
        if _is_pile_game(view):
            return self._pile_position(game, view, title=title, legal=legal, clock=clock, height=height)
        if self.plain:
            lines = self.sentences(title + ".")
            lines += self.layout_sentences(view["layout"])
        else:
            lines = [Text(line.plain, style="bold") for line in self.fit([title])]
            lines.append(Text())
            lines += self.layout_picture(view["layout"])
            lines.append(Text())
        lines += self.piles(view, has_drawn_card=game.rules.has_drawn_card)
        lines += self.measures(view, game.cards_at_start(), seconds=game.clock.seconds if clock else None)
        if legal and view["status"] == "playing":
            lines += self.legal_moves(view["legal_moves"])
        return lines

    def _pile_position(
        self,
        game: Game,
        view: dict[str, Any],
        *,
        title: str,
        legal: bool,
        clock: bool,
        height: int | None,
    ) -> list[Text]:
        """A game of piles: the piles in a row above the columns, then the columns side by side."""
        seconds = game.clock.seconds if clock else None
        tail = self.measures(view, game.cards_at_start(), seconds=seconds)
        moves = self.legal_moves(view["legal_moves"]) if legal and view["status"] == "playing" else []
        if self.plain:
            lines = self.sentences(title + ".")
            lines += self.pile_sentences(view)
            return lines + tail + moves
        head = [Text(line.plain, style="bold") for line in self.fit([title])]
        top = self.pile_fields(view)
        if view["layout"]:
            top = [Text(), *self.layout_picture(view["layout"]), Text(), *top]
        room = None
        if height is not None:
            # The screen less the rest, a line for a note and one for the prompt: a long list of
            # moves is cut to two lines, or one (``moves`` lists them all), then long columns
            # squeezed.
            rest = len(head) + len(top) + len(tail) + 4
            tall = len(self.columns_picture(view))
            for most in (2, 1):  # the columns come before the list
                if rest + len(moves) + tall > height and len(moves) > most:
                    moves = self.legal_moves(view["legal_moves"], lines=most)
            room = max(height - rest - len(moves), 6)
        columns = self.columns_picture(view, room)
        return [*head, Text(), *top, Text(), *columns, *tail, *moves]

    def pile_fields(self, view: dict[str, Any]) -> list[Text]:
        """Every pile but the columns as fields on as few lines as fit: the stock and its
        passes, the waste (the cards in reach), foundations, cells, reserves, the drawn card."""
        fields: list[Text] = []
        stock = view["stock"]
        for pile in view["piles"]:
            kind, cards = pile["kind"], pile["cards"]
            if kind == "tableau":
                continue
            field = Text(f"{_short_title(pile)} ")
            if kind == "stock":
                count = pile["count"]
                field.append(("░░" if self.unicode else "##") if count else "--", style=self.theme.back)
                field.append(f" {count}")
                passes, used = stock["passes"], stock["passes_used"]
                if passes is None or passes > 1:
                    field.append(f" (pass {used + 1}" + (f" of {passes})" if passes else ")"))
            elif not cards:
                field.append("--")
            elif kind == "waste" and pile["fan"] == "right":
                for n, card in enumerate(cards[-3:]):
                    if n:
                        field.append(" ")
                    field.append_text(self.card(card))
            elif cards[-1] is None:
                field.append(("░░" if self.unicode else "##"), style=self.theme.back)
            else:
                field.append_text(self.card(cards[-1]))
            if kind in ("waste", "reserve") and len(cards) > 1:
                field.append(f" ({len(cards)})", style="dim")
            fields.append(field)
        return self.fit(fields, sep="  ")

    def columns_picture(self, view: dict[str, Any], room: int | None = None) -> list[Text]:
        """The columns side by side, each headed by its id: a face-down part as ``░3`` (how many),
        then the face-up cards top to bottom. A column longer than ``room`` lines keeps its first
        and last cards and says how many lie between (``·4``)."""
        columns = [p for p in view["piles"] if p["kind"] == "tableau"]
        if not columns:
            return []
        width = max(4, min(6, self.width // len(columns)))
        bodies = [self._column_lines(pile) for pile in columns]
        tallest = max(len(b) for b in bodies)
        if room is not None and tallest > room - 1:
            bodies = [_squeezed(b, room - 1) for b in bodies]
            tallest = max(len(b) for b in bodies)
        lines = [Text("".join(p["id"].ljust(width) for p in columns).rstrip(), style="dim")]
        for row in range(tallest):
            text = Text()
            for body in bodies:
                cell = body[row] if row < len(body) else Text()
                text.append_text(cell)
                text.append(" " * (width - len(cell)))
            text.rstrip()
            lines.append(text)
        return lines

    def _column_lines(self, pile: dict[str, Any]) -> list[Text]:
        lines = []
        if pile["down"]:
            lines.append(Text(f"{'░' if self.unicode else '#'}{pile['down']}", style=self.theme.back))
        for card in pile["cards"][pile["down"] :]:
            lines.append(self.card(card))
        if not lines:
            lines.append(Text("--", style="dim"))
        return lines

    def pile_sentences(self, view: dict[str, Any]) -> list[Text]:
        """Every pile in a sentence a line, for screen readers: ``Column 3: two face-down cards,
        then 9S 8H.``"""
        lines = []
        for pile in view["piles"]:
            name = pile["name"][:1].upper() + pile["name"][1:]
            shown = [c for c in pile["cards"] if c is not None]
            down = pile["down"]
            if pile["kind"] == "stock":
                text = f"{name}: {count_words(pile['count'])} card{'s' if pile['count'] != 1 else ''}"
            elif not pile["cards"]:
                text = f"{name}: empty"
            elif pile["kind"] in ("tableau", "reserve"):
                parts = [f"{count_words(down)} face-down card{'s' if down != 1 else ''}"] if down else []
                if shown:
                    parts.append(("then " if down else "") + " ".join(shown))
                text = f"{name}: {', '.join(parts)}"
            elif pile["kind"] == "waste" and pile["fan"] == "right":
                text = f"{name}: {' '.join(shown[-3:])} on top, {len(shown)} in all"
            else:
                text = f"{name}: {shown[-1]}" + (f", {len(shown)} cards" if len(shown) > 1 else "")
            lines += self.sentences(text + ".")
        return lines

    def after_move(self, before: dict[str, Any], after: dict[str, Any], has_drawn_card: bool) -> list[Text]:
        """What a move changed, in sentences: cards newly free, then the piles, measures and moves."""
        if _is_pile_game(after):
            changed = [new for old, new in zip(before["piles"], after["piles"], strict=True) if old != new]
            lines = self.pile_sentences({**after, "piles": changed})
            lines += self.measures(after, after["cards_at_start"])
            if after["status"] == "playing":
                lines += self.legal_moves(after["legal_moves"])
            return lines
        lines = []
        row_of = {y: n for n, y in enumerate(sorted({s["y"] for s in after["layout"]}), 1)}
        freed = [
            f"{spot['card']} in row {row_of[spot['y']]}" + ("" if old["face_up"] else ", turned face up")
            for old, spot in zip(before["layout"], after["layout"], strict=True)
            if spot["free"] and not old["free"]
        ]
        if freed:
            lines += self.sentences(f"Now free: {'; '.join(freed)}.")
        lines += self.piles(after, has_drawn_card=has_drawn_card)
        lines += self.measures(after, after["cards_at_start"])
        if after["status"] == "playing":
            lines += self.legal_moves(after["legal_moves"])
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
            text.rstrip()
            lines.append(text)
        return lines

    def _cell(self, spot: dict[str, Any], cell: int) -> list[tuple[str, str]]:
        if not spot["face_up"]:
            back = ("░" if self.unicode else "#") * (cell if cell == 4 else 2)
            return [(c, self.theme.back) for c in back.ljust(cell)]
        text = spot["card"]
        shown = text[0] + (_GLYPHS[text[1]] if self.unicode else text[1])
        colour = self._colour(text[1])
        if spot["free"]:
            body = f"[{shown}]" if cell == 4 else f"{shown}*"
            return [(c, f"bold {colour}".strip()) for c in body]
        body = f" {shown} " if cell == 4 else f"{shown} "
        return [(c, f"dim {colour}".strip()) for c in body]

    def layout_sentences(self, spots: Sequence[dict[str, Any]]) -> list[Text]:
        """The layout as one sentence per row, top row first, left to right."""
        rows: dict[float, list[dict[str, Any]]] = {}
        for spot in spots:
            rows.setdefault(spot["y"], []).append(spot)
        lines = []
        for n, y in enumerate(sorted(rows), 1):
            words = [_spoken(s) for s in sorted(rows[y], key=lambda s: s["x"])]
            if all(w == "gone" for w in words):
                lines += self.sentences(f"Row {n}: cleared.")
            else:
                lines += self.sentences(f"Row {n}: {', '.join(_runs(words))}.")
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
        if self.plain:  # a sentence a line, each read aloud on its own
            lines = self.sentences(f"Stock: {cards}; {pass_text}.")
            if waste:
                lines += self.sentences(
                    f"Waste: {waste[-1]} on top, {len(waste)} card{'s' if len(waste) > 1 else ''}."
                )
            else:
                lines += self.sentences("Waste: empty.")
            if has_drawn_card:
                lines += self.sentences(f"Drawn card: {view['drawn'] or 'none'}.")
            return lines
        stock_field = Text("Stock ")
        stock_field.append(("░░" if self.unicode else "##") if count else "  ", style=self.theme.back)
        stock_field.append(f" {cards} ({pass_text})")
        waste_field = Text("Waste ")
        if waste:
            waste_field.append_text(self.card(waste[-1]))
            waste_field.append(f" ({len(waste)} cards)" if len(waste) > 1 else "")
        else:
            waste_field.append("empty")
        fields = [stock_field, waste_field]
        if has_drawn_card:
            drawn = Text("Drawn ")
            drawn.append_text(self.card(view["drawn"]) if view["drawn"] else Text("none"))
            fields.append(drawn)
        return self.fit(fields)

    def measures(self, view: dict[str, Any], size: int, *, seconds: float | None = None) -> list[Text]:
        """Score, cards left (of ``size``, the cards left at the deal), moves played and, when
        given, the playing time."""
        moves = len(view["moves"])
        time = "" if seconds is None else clock_text(seconds)
        if self.plain:
            text = (
                f"Score: {view['score']}. Cards left: {view['cards_left']} of {size}. Moves played: {moves}."
            )
            return self.sentences(text + (f" Time: {time}." if time else ""))
        fields = [
            f"Score {view['score']}",
            f"Cards left {view['cards_left']} of {size}",
            f"Moves played {moves}",
        ]
        if time:
            fields.append(f"Time {time}")
        return self.fit(fields)

    def legal_moves(self, moves: Sequence[str], lines: int | None = None) -> list[Text]:
        """The numbered list of legal moves (the numbers are what the prompt accepts), broken
        between moves to fit the width; within ``lines`` lines when given, the last saying how
        many more there are (``+12 more: type moves``)."""
        if not moves:
            return [Text("No legal move." if self.plain else "No legal move")]
        if self.plain:
            return self.sentences(
                "Legal moves: " + ", ".join(f"{n} {m}" for n, m in enumerate(moves, 1)) + "."
            )
        fields: list[Text] = [Text("Legal moves:")]
        for n, move in enumerate(moves, 1):
            entry = Text(f"{n})", style="dim")
            entry.append(" ")
            entry.append_text(self.move(move))
            fields.append(entry)
        out = self.fit(fields, sep="  ", indent="  ")
        shown = len(fields)
        while lines is not None and len(out) > lines and shown > 1:
            shown -= 1
            more = Text(f"+{len(fields) - shown} more: type moves", style="dim")
            out = self.fit([*fields[:shown], more], sep="  ", indent="  ")
        return out

    def deal_text(self, text: str) -> list[Text]:
        head = "Deal text (it shows every card, the face-down ones and the stock order included):"
        return [Text(head, style="bold"), *self.fit(text.split(), sep=" ")]


def _is_pile_game(view: dict[str, Any]) -> bool:
    """A game drawn as piles: one with piles besides the stock, the waste and the drawn card."""
    return any(p["kind"] not in ("stock", "waste", "hand") for p in view.get("piles", ()))


def _short_title(pile: dict[str, Any]) -> str:
    """A pile's name in a field: ``Stock``, ``Waste``, ``f1``... (foundations by their suit)."""
    if pile["kind"] in ("stock", "waste"):
        return str(pile["name"]).capitalize()
    name = str(pile["name"])
    if pile["kind"] == "foundation" and name.endswith(" foundation"):
        suit = name.split()[0]
        return f"{pile['id']} {_GLYPHS.get(suit[0].upper(), '')}".strip() if suit else pile["id"]
    return str(pile["id"])


def _squeezed(lines: list[Text], room: int) -> list[Text]:
    """A column's lines within ``room``: the first kept (and the first face-up card after a
    face-down count, the bottom of the run in sight), the last ones, ``·N`` for those between."""
    if len(lines) <= room or room < 3:
        return lines
    head = 2 if room >= 5 and lines[0].plain[:1] in ("░", "#") and len(lines) > 1 else 1
    keep_end = room - head - 1
    hidden = len(lines) - head - keep_end
    return [*lines[:head], Text(f"·{hidden}", style="dim"), *lines[-keep_end:]]


def _wrap(text: str, width: int) -> list[str]:
    # Never inside a word: a file name or a move longer than the line stays whole.
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)


def _is_card(text: str) -> bool:
    return len(text) == 2 and text[1] in _GLYPHS


def _spoken(spot: dict[str, Any]) -> str:
    if not spot["present"]:
        return "gone"
    if not spot["face_up"]:
        return "face down"
    return f"{spot['card']} free" if spot["free"] else spot["card"]


def _runs(words: list[str]) -> list[str]:
    """Runs of the same word said once with a count in words, so that no count reads like a
    card: ``three face-down cards``, ``two cards gone``."""
    out: list[str] = []
    n = 0
    for i, word in enumerate(words):
        n += 1
        if i + 1 == len(words) or words[i + 1] != word or word not in ("face down", "gone"):
            if n == 1:
                out.append(word)
            elif word == "face down":
                out.append(f"{count_words(n)} face-down cards")
            else:
                out.append(f"{count_words(n)} cards gone")
            n = 0
    return out


def count_words(n: int) -> str:
    """A small count in words (``three``), larger ones in figures.

    >>> count_words(3), count_words(12)
    ('three', '12')
    """
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def clock_text(seconds: float) -> str:
    """A playing time as ``m:ss`` (``h:mm:ss`` past an hour).

    >>> clock_text(65.4), clock_text(3725)
    ('1:05', '1:02:05')
    """
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _row_scale(ys: Iterable[float]) -> int:
    """Text lines per layout row: 1 for whole rows, more when a layout uses half rows."""
    for k in (1, 2, 4):
        if all(abs(y * k - round(y * k)) < 1e-6 for y in ys):
            return k
    return 4
