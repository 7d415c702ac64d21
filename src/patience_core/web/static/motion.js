// Motion: the page is always drawn as the game stands, then each card that moved slides from
// where it was (a card turned up flips, a new deal flies out of the stock, cards played for you
// go one after another). Only transforms are animated, on cards already in place, so an
// animation never holds up a click and never shows a position the game is not in. With
// prefers-reduced-motion nothing moves.

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
export const motionOn = () => !reduced.matches;

const SLIDE = 190;   // ms
const FLIP = 220;
const DEAL_EACH = 14;
const DEAL = 260;      // ms for one card to land

// Where every card is now, by key, in px relative to the table; and which slots show a face.
export function snapshot(box) {
  const at = new Map();
  const faces = new Map();
  for (const node of box.querySelectorAll(".card")) {
    at.set(node.dataset.key, { x: parseFloat(node.style.left), y: parseFloat(node.style.top) });
    faces.set(node.dataset.slot, Boolean(node.dataset.card));
  }
  return { at, faces };
}

// Slide each card from where `before` had it; flip a card whose slot was face down; a card that
// is new (drawn from the stock) comes from the stock. `order` gives each key a delay rank
// (cards of auto-played moves go one after another); `from` overrides a start (a drop).
export function animate(box, before, { order = new Map(), from = new Map(), drew = false } = {}) {
  if (!motionOn() || !before) return;
  const stock = box.querySelector(".card.stock, .place.stock");
  const stockAt = stock ? { x: parseFloat(stock.style.left), y: parseFloat(stock.style.top) } : null;
  for (const node of box.querySelectorAll(".card")) {
    const key = node.dataset.key;
    const now = { x: parseFloat(node.style.left), y: parseFloat(node.style.top) };
    const fresh = node.dataset.card && !before.at.has(key) && !node.classList.contains("stock");
    const was = from.get(key) || before.at.get(key) || (fresh && drew ? stockAt : null);
    if (fresh && !was && before.faces.get(node.dataset.slot) === false) {
      // A card that came into sight where a face-down card lay (a column's new top): it turns over.
      node.animate([{ transform: "scaleX(0.05)" }, { transform: "none" }],
        { duration: FLIP, delay: (order.get(key) || 0) * 90, easing: "ease-out", fill: "backwards" });
      continue;
    }
    if (fresh && !was) {
      node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: SLIDE, delay: (order.get(key) || 0) * 90, fill: "backwards" });
      continue;
    }
    const delay = (order.get(key) || 0) * 90;
    const flipped = node.dataset.card && before.faces.get(node.dataset.slot) === false;
    if (was && (Math.abs(was.x - now.x) > 0.5 || Math.abs(was.y - now.y) > 0.5)) {
      const dx = was.x - now.x;
      const dy = was.y - now.y;
      const frames = flipped || !before.at.has(key)
        ? [{ transform: `translate(${dx}px, ${dy}px) scaleX(0.05)` }, { transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(0.05)`, offset: 0.35 }, { transform: "none" }]
        : [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }];
      node.animate(frames, { duration: SLIDE + (flipped ? 80 : 0), delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
      node.classList.add("moving");
      setTimeout(() => node.classList.remove("moving"), SLIDE + delay + 80);
    } else if (flipped) {
      node.animate([{ transform: "scaleX(0.05)" }, { transform: "none" }], { duration: FLIP, delay, easing: "ease-out", fill: "backwards" });
    }
  }
}

// A new deal: every card flies out of the stock (or from the top left), one after another.
// `early` (by key): where the deal put a card that auto-play then sent home; it lands there,
// and once every card is dealt it flies home, in the order `order` gives.
export function deal(box, { early = null, order = new Map() } = {}) {
  if (!motionOn()) return;
  const stock = box.querySelector(".card.stock, .place.stock");
  const start = stock ? { x: parseFloat(stock.style.left), y: parseFloat(stock.style.top) } : { x: 0, y: 0 };
  const nodes = [...box.querySelectorAll(".card")].filter((node) => !node.classList.contains("stock"));
  const dealt = nodes.length * DEAL_EACH + DEAL;
  nodes.forEach((node, i) => {
    const now = { x: parseFloat(node.style.left), y: parseFloat(node.style.top) };
    const from = `translate(${start.x - now.x}px, ${start.y - now.y}px)`;
    const easing = "cubic-bezier(.2,.7,.3,1)";
    const first = early && order.has(node.dataset.key) && early.get(node.dataset.key);
    if (!first) {
      node.animate([{ transform: from }, { transform: "none" }], { duration: DEAL, delay: i * DEAL_EACH, easing, fill: "backwards" });
      return;
    }
    // Dealt to its first place, held there, then home.
    const leave = dealt + ((order.get(node.dataset.key) || 1) - 1) * 120;
    const total = leave + SLIDE - i * DEAL_EACH;
    const there = `translate(${first.x - now.x}px, ${first.y - now.y}px)`;
    node.animate([
      { transform: from, offset: 0, easing },
      { transform: there, offset: DEAL / total },
      { transform: there, offset: (leave - i * DEAL_EACH) / total, easing },
      { transform: "none", offset: 1 },
    ], { duration: total, delay: i * DEAL_EACH, fill: "backwards" });
    node.classList.add("moving");
    setTimeout(() => node.classList.remove("moving"), leave + SLIDE + 80);
  });
}

// A card put back where it came from (a drop the rules refuse): from the drop to its place.
export function slideBack(nodes, dx, dy) {
  if (!motionOn()) return;
  for (const node of nodes) {
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 240, easing: "ease-out" });
  }
}

// A refused click: a short shake.
export function shake(node) {
  if (!motionOn() || !node) return;
  node.animate([{ translate: "0 0" }, { translate: "-4px 0" }, { translate: "4px 0" }, { translate: "0 0" }], { duration: 280 });
}

// A win: the cards on the table leap in a wave.
export function celebrate(box) {
  if (!motionOn()) return;
  [...box.querySelectorAll(".card")].forEach((node, i) => {
    node.animate([
      { transform: "none" },
      { transform: `translateY(${-30 - (i % 5) * 6}px) rotate(${(i % 2 ? 1 : -1) * 8}deg)`, offset: 0.4 },
      { transform: "none" },
    ], { duration: 700, delay: i * 25, easing: "ease-in-out" });
  });
}
