// What a card on the table can do, read from the view's legal moves alone: the moves that start
// from it, where each goes, the move text for putting it anywhere (legal or not: the server says
// why not), and the one a click plays. Two kinds of move text: card moves ("4D", "QH+AS", a game
// without piles) and pile moves ("t3-f4", "t1-t4x3").

import { cardsOf } from "./table.js";

const PILE_MOVE = /^([a-z]\d*)-([a-z]\d*)(?:x(\d+))?$/;
export const WORDS = ["draw", "deal", "redeal"];

export function parsePileMove(move) {
  const m = PILE_MOVE.exec(move);
  return m ? { src: m[1], dst: m[2], n: m[3] ? Number(m[3]) : 1 } : null;
}

export class Moves {
  constructor(view) {
    this.view = view;
    this.legal = view.legal_moves;
    this.piles = new Map((view.piles || []).map((p) => [p.id, p]));
    // Where a card played alone goes: a game's removed cards, else its foundation or waste.
    const home = (view.piles || []).find((p) => p.kind === "foundation") || (view.piles || []).find((p) => p.kind === "waste");
    this.home = home ? home.id : view.has_drawn_card ? "removed" : "waste";
  }

  isPileMove(item) { return item.src !== undefined && this.piles.has(item.src); }

  // [{ move, to: { place } | { card } }] for the card `item` (a scene card's data).
  from(item) {
    const out = [];
    if (this.isPileMove(item)) {
      for (const move of this.legal) {
        const m = parsePileMove(move);
        if (m && m.src === item.src && m.n === item.run) out.push({ move, to: { place: m.dst } });
      }
    }
    if (item.card && (!this.isPileMove(item) || item.run === 1)) {
      // A waste card is shown by its face alone; in two decks its move may name its copy (7S#2).
      const face = (c) => c.split("#")[0];
      for (const exact of [true, false]) {
        for (const move of this.legal) {
          const cards = cardsOf(move);
          const mine = cards.find((c) => (exact ? c === item.card : face(c) === item.card));
          if (!mine) continue;
          if (cards.length === 1) out.push({ move, to: { place: this.home } });
          else out.push({ move, to: { card: cards.find((c) => c !== mine) } });
        }
        if (out.length || item.card.includes("#")) break;
      }
    }
    return out;
  }

  // The move text for putting `item` on `target` ({ place } or { card, src }).
  onto(item, target) {
    if (this.isPileMove(item)) {
      const dst = target.place || target.src;
      if (!dst || dst === item.src) return null;
      return `${item.src}-${dst}${item.run > 1 ? `x${item.run}` : ""}`;
    }
    if (!item.card) return null;
    if (target.place === this.home) return item.src === this.home ? null : item.card;
    if (target.card && target.card !== item.card) {
      const legal = this.legal.find((m) => { const c = cardsOf(m); return c.length === 2 && c.includes(item.card) && c.includes(target.card); });
      return legal || `${item.card}+${target.card}`;
    }
    return null;
  }

  // The move a click plays: the only one, or the obvious one (the only one to a foundation; the
  // only one onto cards rather than into an empty place); null when the player must choose.
  obvious(item) {
    const moves = this.from(item);
    if (moves.length === 1) return moves[0].move;
    if (!moves.length) return null;
    if (!this.isPileMove(item)) {
      const alone = moves.filter((m) => cardsOf(m.move).length === 1);
      return alone.length === 1 ? alone[0].move : null;
    }
    const kind = (m) => this.piles.get(m.to.place)?.kind;
    const home = moves.filter((m) => kind(m) === "foundation");
    if (home.length === 1) return home[0].move;
    const onto = moves.filter((m) => kind(m) === "tableau" && this.piles.get(m.to.place).cards.length > 0);
    if (onto.length === 1) return onto[0].move;
    return null;
  }

  // The move a double click (or F) plays: the card to a foundation.
  homeMove(item) {
    const moves = this.from(item);
    if (!this.isPileMove(item)) return moves.find((m) => cardsOf(m.move).length === 1)?.move || null;
    return moves.find((m) => this.piles.get(m.to.place)?.kind === "foundation")?.move || null;
  }

  // What the stock does now: draw, deal a row, or turn the waste over.
  stockWord() { return WORDS.find((w) => this.legal.includes(w)) || null; }
}

// A move said in words: "the seven of spades and the six of hearts", "column 3 to foundation 4".
export function describe(move, view, names) {
  if (WORDS.includes(move)) return `the ${move}`;
  const cards = cardsOf(move);
  if (cards.length) return cards.map(names.card).join(" and ");
  const m = parsePileMove(move);
  if (m && view.piles) {
    const src = view.piles.find((p) => p.id === m.src);
    const dst = view.piles.find((p) => p.id === m.dst);
    if (src && dst) return `${m.n > 1 ? `${m.n} cards` : "a card"} from ${names.pile(src)} to ${names.pile(dst)}`;
  }
  return move;
}
