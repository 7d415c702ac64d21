// Drawing a game from its player view alone: the layout's positions (x in half card widths, y in
// rows of half a card's height, covered_by), the piles (stock, waste, foundations, columns,
// cells, reserves: each with its fan), or, for a game without piles, the stock, the drawn card,
// the waste and the removed cards. No game is named here, so a game installed tomorrow is drawn
// the same way.
//
// A scene is the table in units of half a card (x: half widths, y: half heights); drawScene puts
// it on the page at a card width. Every card and place has a key that stays the same from one
// view to the next, so that motion.js can slide a card from where it was to where it is.

const RANKS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SVG = "http://www.w3.org/2000/svg";
export const RATIO = 1.4;          // a card's height over its width
export const MIN_CARD = 24;        // px: a card narrower than this is too small to touch
export const MAX_CARD = 100;
const GAP = 0.7;                   // units between the layout and the row of piles under it
const LABEL = 0.65;                // units kept under a pile of that row for its label
const DOWN_STEP = 0.3;             // a face-down card of a column shows this much (units)
const UP_STEP = 0.9;               // a face-up card of a column: its rank and suit
const MIN_UP_STEP = 0.6;           // a compressed column still shows every rank
const MIN_DOWN_STEP = 0.12;
const RIGHT_STEP = 0.62;           // a fan to the right (a waste shows its top three)
const FAN_ROOM = 7;                // units a column may grow before the cards are sized smaller
const ROW_GAP = 0.36;              // units between a row of piles and the piles under it

export const isCard = (text) => /^[A2-9TJQK][CDHS](#[1-8])?$/.test(text);  // 7S#2: a second 7S
export const cardsOf = (move) => (move.split("+").every(isCard) ? move.split("+") : []);
export const cardName = (card) => `${RANKS[card[0]]} of ${SUITS[card[1]]}`;
export const cap = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

const KIND_NAMES = { stock: "stock", waste: "waste", foundation: "foundation", tableau: "column", cell: "cell",
  reserve: "reserve", hand: "hand" };

// "column 3", "foundation 1", "the stock": what a person calls a pile.
export function pileName(pile, piles) {
  const word = KIND_NAMES[pile.kind] || pile.kind;
  const same = piles.filter((p) => p.kind === pile.kind);
  if (same.length < 2) return `the ${word}`;
  return `${word} ${same.indexOf(pile) + 1}`;
}

// Whether the game has a stock: a stock pile, or (a game without piles) cards in the stock, a
// pass counted, or a draw played. A game dealt with no stock (Black Hole, Giza) has none.
export function hasStock(view) {
  if (view.piles) return view.piles.some((p) => p.kind === "stock");
  const s = view.stock;
  return s.count > 0 || s.passes_used > 0 || view.moves.some((m) => m === "draw" || m === "redeal")
    || view.legal_moves.includes("draw") || view.legal_moves.includes("redeal");
}

// --- the scene -----------------------------------------------------------------------------------

// Horizontal fans of the layout (a card covered by the one to its right in its row, as Black
// Hole's fans) may close up to `squeeze` of their spacing when the table is too wide.
function fanCompressed(layout, squeeze) {
  if (squeeze >= 1) return (x) => x;
  const byId = new Map(layout.map((p) => [p.id, p]));
  const xs = [...new Set(layout.map((p) => p.x))].sort((a, b) => a - b);
  const inFan = (a, b) => layout.some((p) => p.covered_by.some((id) => {
    const q = byId.get(id);
    return q && q.y === p.y && p.x <= a && q.x >= b && q.x > p.x;
  }));
  const mapped = new Map();
  let at = xs[0];
  mapped.set(xs[0], at);
  for (let i = 1; i < xs.length; i++) {
    const step = xs[i] - xs[i - 1];
    at += inFan(xs[i - 1], xs[i]) ? step * squeeze : step;
    mapped.set(xs[i], at);
  }
  return (x) => mapped.get(x);
}

function layoutCards(view, squeeze) {
  const layout = view.layout;
  if (!layout.length) return { cards: [], places: [], right: 0, bottom: 0 };
  const fx = fanCompressed(layout, squeeze);
  const minX = Math.min(...layout.map((p) => fx(p.x)));
  const minY = Math.min(...layout.map((p) => p.y));
  const cards = [];
  // Lower rows (and, in a row, cards to the right) lie on those they cover.
  const order = layout.map((p, i) => i).sort((a, b) => layout[a].y - layout[b].y || layout[a].x - layout[b].x);
  order.forEach((i, z) => {
    const p = layout[i];
    if (!p.present) return;
    const covering = p.covered_by.map((id) => layout.find((q) => q.id === id)).filter((q) => q && q.present);
    let state;
    if (!p.face_up) state = "face down";
    else if (p.free) state = "free";
    else state = "covered";
    // A second copy of a face (two decks) is named as moves name it: 7S#2.
    const text = p.face_up ? (p.copy ? `${p.card}#${p.copy}` : p.card) : null;
    cards.push({
      key: p.face_up ? `card:${text}` : `down:${p.id}`,
      slot: `pos:${p.id}`,
      card: text,
      x: fx(p.x) - minX,
      y: p.y - minY,
      z,
      pos: p.id,
      free: p.free,
      covered: p.face_up && !p.free,
      side: covering.some((q) => q.y === p.y),  // a fan to the right: only its left edge shows
      label: p.face_up ? `${cardName(p.card)}, ${state}` : "face-down card",
    });
  });
  const right = Math.max(...layout.map((p) => fx(p.x) - minX)) + 2;
  const bottom = Math.max(...layout.map((p) => p.y - minY)) + 2;
  return { cards, right, bottom };
}

// A game without piles: the stock, the drawn card, the waste and the removed cards in a row
// under the layout. Without a stock, the waste is where cards are played: a foundation.
function rowPlaces(view, top, width) {
  const places = [];
  const stock = hasStock(view);
  if (stock) places.push({ id: "stock", kind: "stock" });
  if (stock && view.has_drawn_card) places.push({ id: "drawn", kind: "drawn" });
  // Without a stock the waste only takes cards played from the layout: a foundation. A game
  // that removes cards (a drawn-card game, as Giza) keeps none.
  if (stock || !view.has_drawn_card || view.waste.length) places.push({ id: "waste", kind: stock ? "waste" : "foundation" });
  if (view.has_drawn_card) places.push({ id: "removed", kind: "removed" });
  const span = places.length * 3 - 1;
  // The labels are wider than the cards: half a card to spare on each side.
  const wide = Math.max(width, span + 1);
  const left = (wide - span) / 2;
  places.forEach((p, i) => Object.assign(p, { x: left + i * 3, y: top, labelled: true }));
  return { places, width: wide, bottom: top + 2 + LABEL };
}

function rowCards(view, places) {
  const at = Object.fromEntries(places.map((p) => [p.id, p]));
  const cards = [];
  const { stock, waste, drawn, removed } = view;
  const stockWord = stock.passes === null ? "no limit on passes" : `pass ${stock.passes_used + 1} of ${stock.passes}`;
  if (at.stock) {
    const s = at.stock;
    s.count = stock.count;
    s.label = `Stock ${stock.count}`;
    s.name = `Stock: ${stock.count} card${stock.count === 1 ? "" : "s"}, ${stockWord}`;
    if (stock.count > 0) {
      cards.push({ key: "stock", slot: "stock", card: null, x: s.x, y: s.y, z: 0, src: "stock", index: 0,
        stock: true, count: stock.count, label: s.name });
    }
  }
  if (at.drawn) {
    at.drawn.label = "Drawn";
    at.drawn.name = drawn ? "drawn card" : "drawn card: none";
    if (drawn) cards.push(pileCard(drawn, at.drawn, 0, `${cardName(drawn)}, drawn card`, "drawn"));
  }
  if (at.removed) {
    at.removed.label = `Out ${removed.length}`;
    at.removed.name = `Cards out: ${removed.length}`;
    removed.slice(-2).forEach((card, i) => cards.push(pileCard(card, at.removed, i, `${cardName(card)}, out`, "removed")));
  }
  const w = at.waste;
  if (!w) return cards;
  const wasteWord = w.kind === "foundation" ? "foundation" : "waste";
  w.label = `${cap(wasteWord)} ${waste.length}`;
  w.name = `${cap(wasteWord)}: ${waste.length} card${waste.length === 1 ? "" : "s"}`;
  waste.slice(-2).forEach((card, i, shown) => {
    const top = i === shown.length - 1;
    cards.push(pileCard(card, w, i, top ? `${cardName(card)}, top of the ${wasteWord} (${waste.length} card${waste.length === 1 ? "" : "s"})` : cardName(card), "waste"));
  });
  return cards;
}

function pileCard(card, place, index, label, src) {
  return { key: `card:${card}`, slot: `${src}:${index}`, card, x: place.x, y: place.y, z: 100 + index, src, index, label };
}

// A game with piles: each pile at its spot, fanned as it says.
function pileScene(view, steps) {
  const piles = view.piles;
  const places = [];
  const cards = [];
  const seen = new Map(); // two decks: the second KS is "card:KS#2"
  const keyOf = (card) => {
    const n = (seen.get(card) || 0) + 1;
    seen.set(card, n);
    return n === 1 ? `card:${card}` : `card:${card}#${n}`;
  };
  const minX = Math.min(0, ...piles.map((p) => p.x));
  const minY = Math.min(0, ...piles.map((p) => p.y));
  let right = 0;
  let bottom = 0;
  piles.forEach((pile, n) => {
    const x0 = pile.x - minX;
    const y0 = pile.y - minY;
    const name = pileName(pile, piles);
    const count = pile.count ?? pile.cards.length;
    places.push({ id: pile.id, kind: pile.kind, x: x0, y: y0, count, name: `${cap(name)}: ${count ? `${count} card${count === 1 ? "" : "s"}` : "empty"}`,
      label: pile.kind === "stock" ? "" : "", pile });
    const all = pile.cards;
    let shown = all.map((card, i) => ({ card, i }));
    if (pile.fan === "none" || pile.kind === "stock") shown = shown.slice(-2);
    else if (pile.fan === "right" && pile.kind === "waste") shown = shown.slice(-3);
    const step = steps.get(pile.id) || { up: UP_STEP, down: DOWN_STEP };
    let dx = 0;
    let dy = 0;
    shown.forEach(({ card, i }, k) => {
      const top = i === all.length - 1;
      const faceUp = card !== null;
      const where = top ? "top of" : "in";
      const label = faceUp ? `${cardName(card)}, ${where} ${name}` : `face-down card, ${where} ${name}`;
      cards.push({
        key: faceUp ? keyOf(card) : `down:${pile.id}:${i}`,
        slot: `${pile.id}:${i}`,
        card,
        x: x0 + dx,
        y: y0 + dy,
        z: n * 200 + i,
        src: pile.id,
        index: i,
        run: all.length - i,
        stock: pile.kind === "stock",
        count: pile.kind === "stock" && top ? count : undefined,
        side: pile.fan === "right",
        label: pile.kind === "stock" ? `Stock: ${count} card${count === 1 ? "" : "s"}` : label,
      });
      if (pile.fan === "down") dy += faceUp ? step.up : step.down;
      else if (pile.fan === "right" && k < shown.length - 1) dx += RIGHT_STEP;
    });
    const last = cards.length ? cards[cards.length - 1] : null;
    const extentX = last && last.src === pile.id ? last.x + 2 : x0 + 2;
    const extentY = last && last.src === pile.id ? last.y + 2 : y0 + 2;
    right = Math.max(right, extentX);
    bottom = Math.max(bottom, extentY);
  });
  return { cards, places, right, bottom };
}

// The whole table for a view: cards, places and size in units. `fit` chooses the squeeze of
// the layout's fans and the steps of the columns.
export function buildScene(view, { squeeze = 1, steps = new Map() } = {}) {
  if (view.piles && view.piles.length) {
    const s = pileScene(view, steps);
    const laid = layoutCards(view, squeeze);
    return { cards: [...laid.cards, ...s.cards], places: s.places, width: Math.max(s.right, laid.right),
      height: Math.max(s.bottom, laid.bottom), piles: true };
  }
  const laid = layoutCards(view, squeeze);
  const top = laid.cards.length ? laid.bottom + GAP : 0;
  const row = rowPlaces(view, top, laid.right);
  const shift = (row.width - laid.right) / 2;
  for (const c of laid.cards) c.x += shift;
  const cards = [...laid.cards, ...rowCards(view, row.places)];
  return { cards, places: row.places, width: row.width, height: row.bottom, piles: false };
}

// The card width (px) and the scene that fit `w` x `h` pixels: sized by the width and the
// height; a layout's fans close up before its cards get too small; a long column closes up
// so that it ends above the bottom.
export function fit(view, w, h) {
  view = rowsClosed(view);
  const widthFor = (scene) => Math.floor((w / scene.width) * 2);
  const heightFor = (units) => Math.floor((h / units) * 2 / RATIO);
  let scene = buildScene(view);
  if (scene.piles) {
    // Size the cards for the spots plus some room for columns to grow, not for the longest
    // column: that one closes up instead.
    const spots = Math.max(...view.piles.map((p) => p.y + 2)) - Math.min(0, ...view.piles.map((p) => p.y));
    const grow = Math.min(FAN_ROOM, Math.max(0, scene.height - spots));
    let cw = clamp(Math.min(widthFor(scene), heightFor(spots + grow + 0.2)));
    // A column that still runs past the bottom at its closest steps makes every card smaller,
    // down to the least a finger can touch.
    for (let tries = 0; tries < 6; tries++) {
      const limit = (h / (cw * RATIO)) * 2 - 0.1; // units of height on screen
      scene = buildScene(view, { steps: columnSteps(view, limit) });
      if (scene.height <= limit || cw === MIN_CARD) break;
      cw = clamp(Math.min(cw - 1, Math.floor((cw * limit) / scene.height)));
    }
    return { cw, scene };
  }
  let raw = Math.min(widthFor(scene), heightFor(scene.height));
  for (const squeeze of [0.75, 0.55]) {
    if (raw >= 44 || widthFor(scene) >= heightFor(scene.height)) break;
    const tighter = buildScene(view, { squeeze });
    const raw2 = Math.min(widthFor(tighter), heightFor(tighter.height));
    if (raw2 <= raw) break;
    scene = tighter;
    raw = raw2;
  }
  return { cw: clamp(raw), scene };
}

// The view with its rows of piles brought together: a pile under a row of piles that do not
// fan down (a stock, a waste, foundations, cells) starts ROW_GAP under them, as on a card table
// (PySolFC and Aisleriot leave a margin, not a card's height); under a column that fans down it
// keeps its distance. Piles of one row stay in one row; the order of the rows stays.
export function rowsClosed(view) {
  if (!view.piles || !view.piles.length) return view;
  const levels = [...new Set(view.piles.map((p) => p.y))].sort((a, b) => a - b);
  const wide = (p) => (p.fan === "right" ? 2 + 2 * RIGHT_STEP : 2);
  const overlaps = (p, q) => p.x < q.x + wide(q) && q.x < p.x + wide(p);
  const moved = new Map();
  levels.forEach((level, n) => {
    if (n === 0) { moved.set(level, level); return; }
    const prev = levels[n - 1];
    let y = -Infinity;
    for (const p of view.piles.filter((q) => q.y === level)) {
      for (const q of view.piles.filter((r) => r.y < level && overlaps(p, r))) {
        const top = moved.get(q.y);
        y = Math.max(y, q.fan === "down" ? top + (level - q.y) : top + Math.min(level - q.y, 2 + ROW_GAP));
      }
    }
    if (y === -Infinity) y = moved.get(prev) + Math.min(level - prev, 2 + ROW_GAP);
    moved.set(level, Math.max(y, moved.get(prev)));
  });
  if (levels.every((level) => moved.get(level) === level)) return view;
  return { ...view, piles: view.piles.map((p) => ({ ...p, y: moved.get(p.y) })) };
}

// The steps of each column fanned down that would run past `limit` units: closer, down to steps
// that still show every face-up card's rank and suit.
function columnSteps(view, limit) {
  const steps = new Map();
  const top = Math.min(0, ...view.piles.map((p) => p.y));
  for (const pile of view.piles) {
    if (pile.fan !== "down" || pile.cards.length < 2) continue;
    const downs = pile.cards.slice(0, -1).filter((c) => c === null).length;
    const ups = pile.cards.length - 1 - downs;
    const room = limit - (pile.y - top) - 2;
    const need = downs * DOWN_STEP + ups * UP_STEP;
    if (need <= room || ups + downs === 0) continue;
    let down = Math.max(MIN_DOWN_STEP, DOWN_STEP * Math.max(0, room) / need);
    const up = ups ? Math.max(MIN_UP_STEP, (room - downs * down) / ups) : UP_STEP;
    if (ups && up === MIN_UP_STEP) down = MIN_DOWN_STEP;
    steps.set(pile.id, { up, down });
  }
  return steps;
}

const clamp = (cw) => Math.max(MIN_CARD, Math.min(MAX_CARD, cw));

// --- the page ------------------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function suit(letter, cls) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${letter}`);
  svg.append(use);
  return svg;
}

// One card as a button: a face (rank and suit in the corner, a large suit), or a back. The rank
// is drawn by the style sheet from data-rank, so that what the button shows is no text of its
// own: its name is the card's name ("king of spades"), not "K".
export function cardButton(item, px) {
  const button = el("button", { type: "button", class: "card", "data-key": item.key, "data-slot": item.slot });
  if (item.card) {
    button.classList.add(item.card[1] === "D" || item.card[1] === "H" ? "red" : "black");
    button.dataset.card = item.card;
    button.dataset.rank = item.card[0] === "T" ? "10" : item.card[0];
    button.append(suit(item.card[1], "pip"), suit(item.card[1], "big"));
  } else {
    button.classList.add("back");
  }
  if (item.stock) {
    button.classList.add("stock");
    button.dataset.action = "draw";
    if (item.count !== undefined) button.append(el("span", { class: "count", "aria-hidden": "true", text: String(item.count) }));
  }
  if (item.free) button.classList.add("free");
  if (item.covered) button.classList.add("covered");
  if (item.side) button.classList.add("side");
  if (item.pos) button.dataset.position = item.pos;
  if (item.src) button.dataset.src = item.src;
  if (item.index !== undefined) button.dataset.index = String(item.index);
  if (item.run !== undefined) button.dataset.run = String(item.run);
  button.setAttribute("aria-label", item.label);
  button.tabIndex = -1;
  button.style.left = `${(item.x * px.cw) / 2}px`;
  button.style.top = `${(item.y * px.ch) / 2}px`;
  button.style.zIndex = String(item.z + 1);
  return button;
}

function placeNode(place, px) {
  const node = el("button", { type: "button", class: `place ${place.kind}`, "data-place": place.id, "data-key": `place:${place.id}`,
    "aria-label": place.name || place.label || place.id });
  node.tabIndex = -1;
  node.style.left = `${(place.x * px.cw) / 2}px`;
  node.style.top = `${(place.y * px.ch) / 2}px`;
  if (place.labelled) node.append(el("span", { class: "label", "aria-hidden": "true", text: place.label }));
  return node;
}

// The scene on the page at card width cw: places first (outlines under their cards), then cards.
export function drawScene(box, scene, cw) {
  const px = { cw, ch: cw * RATIO };
  box.style.width = `${(scene.width * cw) / 2}px`;
  box.style.height = `${(scene.height * px.ch) / 2}px`;
  box.style.setProperty("--cw", `${cw}px`);
  box.classList.toggle("compact", cw < 48);
  const nodes = [...scene.places.map((p) => placeNode(p, px)), ...scene.cards.map((c) => cardButton(c, px))];
  box.replaceChildren(...nodes);
  return px;
}
