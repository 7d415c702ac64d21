// Drawing a game from its player view alone: the layout's positions (x in half card widths,
// y in rows, covered_by), the stock, the drawn card and the waste. No game is named here, so a
// game installed tomorrow is drawn the same way.

const RANKS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SVG = "http://www.w3.org/2000/svg";
const ROW = 0.5; // a row down is half a card: the row below covers the lower half of the one above

export const isCard = (text) => /^[A2-9TJQK][CDHS]$/.test(text);
export const cardsOf = (move) => (move.split("+").every(isCard) ? move.split("+") : []);
export const cardName = (card) => `${RANKS[card[0]]} of ${SUITS[card[1]]}`;
export const moveName = (move) => {
  const cards = cardsOf(move);
  return cards.length ? cards.map(cardName).join(" and ") : move;
};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
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

// One card as a button: a face (rank and suit in the corner, a large suit), or a back.
export function cardButton(card, { key, label, free = false, covered = false, playable = false }) {
  const button = el("button", { type: "button", class: "card", "data-key": key });
  if (card) {
    const rank = card[0] === "T" ? "10" : card[0];
    button.classList.add(card[1] === "D" || card[1] === "H" ? "red" : "black");
    button.dataset.card = card;
    button.append(el("span", { class: "rank", "aria-hidden": "true", text: rank }), suit(card[1], "pip"), suit(card[1], "big"));
  } else {
    button.classList.add("back");
  }
  if (free) button.classList.add("free");
  if (covered) button.classList.add("covered");
  button.setAttribute("aria-label", label);
  button.tabIndex = playable ? 0 : -1;
  return button;
}

// The card width that fits the layout in the width available, within readable bounds.
export function cardWidth(layout, available) {
  const xs = layout.map((p) => p.x);
  const halfWidths = Math.max(...xs) - Math.min(...xs) + 2;
  return Math.max(22, Math.min(84, Math.floor((available / halfWidths) * 2 * 0.98)));
}

// The layout: every position at its coordinates; gone cards leave their place empty.
export function drawLayout(box, view, cw, marks) {
  const layout = view.layout;
  const minX = Math.min(...layout.map((p) => p.x));
  const minY = Math.min(...layout.map((p) => p.y));
  const maxX = Math.max(...layout.map((p) => p.x));
  const maxY = Math.max(...layout.map((p) => p.y));
  const ch = cw * 1.4;
  box.style.width = `${((maxX - minX + 2) * cw) / 2}px`;
  box.style.height = `${(maxY - minY) * ROW * ch + ch}px`;
  const cards = [];
  // Lower rows are drawn later, so they lie on the rows they cover.
  const order = layout.map((p, i) => i).sort((a, b) => layout[a].y - layout[b].y || layout[a].x - layout[b].x);
  for (const i of order) {
    const p = layout[i];
    if (!p.present) continue;
    let label;
    if (!p.face_up) label = "face-down card";
    else label = `${cardName(p.card)}, ${p.free ? "free" : "covered"}`;
    const button = cardButton(p.face_up ? p.card : null, {
      key: `pos-${p.id}`,
      label,
      free: p.free,
      covered: p.face_up && !p.free,
      playable: p.face_up && (p.free || marks.reachable.has(p.card)),
    });
    button.dataset.position = p.id;
    button.style.left = `${((p.x - minX) * cw) / 2}px`;
    button.style.top = `${(p.y - minY) * ROW * ch}px`;
    if (p.card && marks.selected === p.card) button.classList.add("selected");
    if (p.card && marks.hinted.has(p.card)) button.classList.add("hinted");
    cards.push(button);
  }
  box.replaceChildren(...cards);
}

// The stock (a back with its count, or an empty place), the drawn card and the waste's top.
export function drawPiles(places, view, marks) {
  const { stock, waste, drawn } = view;
  const canDraw = view.legal_moves.includes("draw");
  const passes = stock.passes === null ? "no limit on passes" : `pass ${stock.passes_used + 1} of ${stock.passes}`;
  const stockLabel = `Stock: ${stock.count} card${stock.count === 1 ? "" : "s"}, ${passes}${canDraw ? ". Draw a card" : ""}`;
  let stockNode;
  if (stock.count > 0) {
    stockNode = cardButton(null, { key: "stock", label: stockLabel, playable: true });
    stockNode.classList.add("stock");
    if (canDraw) stockNode.classList.add("free");
    stockNode.append(el("span", { class: "count", "aria-hidden": "true", text: String(stock.count) }));
  } else {
    stockNode = el("button", { type: "button", class: "empty stock", "data-key": "stock", "aria-label": stockLabel, text: "empty" });
  }
  if (marks.hinted.has("draw")) stockNode.classList.add("hinted");
  stockNode.dataset.action = "draw";
  fill(places.stock, "Stock", stockNode);

  places.drawn.hidden = !view.has_drawn_card;
  if (view.has_drawn_card) {
    const node = drawn
      ? pileCard(drawn, "drawn", `${cardName(drawn)}, drawn card`, marks)
      : el("div", { class: "empty", text: "no card drawn" });
    fill(places.drawn, "Drawn", node);
  }

  const top = waste.length ? waste[waste.length - 1] : null;
  const wasteNode = top
    ? pileCard(top, "waste", `${cardName(top)}, top of the waste (${waste.length} card${waste.length === 1 ? "" : "s"})`, marks)
    : el("div", { class: "empty", text: "empty" });
  fill(places.waste, `Waste (${waste.length})`, wasteNode);
}

function pileCard(card, key, label, marks) {
  const reachable = marks.reachable.has(card);
  const button = cardButton(card, { key, label, free: reachable, playable: reachable });
  if (marks.selected === card) button.classList.add("selected");
  if (marks.hinted.has(card)) button.classList.add("hinted");
  return button;
}

function fill(place, title, node) {
  const slot = el("div", { class: "slot" }, node);
  place.replaceChildren(slot, el("span", { class: "label", "aria-hidden": "true", text: title }));
}
