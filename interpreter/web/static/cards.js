// Cards on the page: a standard card as the server's SVG face (/cards/NAME.svg), any other deck's
// card drawn here (its rank and suit in the corners, in its suit's colour); every card is one
// element whose accessible name is the card in words ("queen of spades"), or "face-down card".
const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
const SUIT_WORDS = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};
const RANK_WORDS = {A: "ace", K: "king", Q: "queen", J: "jack", T: "10"};
const STANDARD = /^([2-9TJQKA][CDHS]|JK)$/;

function split(name, deck) {      // [rank, suit] of a canonical name, by the deck's suits
  if (deck && deck.named && deck.named.includes(name)) return [name, ""];   // a card by name: 'Wild'
  const suits = (deck && deck.suits) || Object.keys(SUITS);
  let suit = "";
  for (const s of suits) if (name.endsWith(s) && s.length > suit.length && s.length < name.length) suit = s;
  return [name.slice(0, name.length - suit.length), suit];
}

function standard(deck) {
  return !deck || deck.suits.every((s) => s in SUITS);
}

export function screen(name) {   // 'TC' -> '10♣'
  if (!name) return "face-down card";
  if (name === "JK") return "Joker";
  const [r, s] = split(name);
  return (r === "T" ? "10" : r) + (SUITS[s] || s);
}

export function cardWords(name, deck) {   // 'QS' -> 'queen of spades'
  if (!name) return "face-down card";
  if (name === "JK") return "joker";
  const [r, s] = split(name, deck);
  const rank = RANK_WORDS[r] || r;
  const suit = standard(deck) ? SUIT_WORDS[s] || s : s;
  return suit ? `${rank} of ${suit}` : rank;
}

function red(suit, deck) {
  const c = deck && deck.colors ? deck.colors[suit] : null;
  return c ? /red/i.test(c) : suit === "H" || suit === "D";
}

function ink(suit, deck) {        // a suit's own colour ('green', 'gold'), if the browser knows it
  const c = deck && deck.colors ? deck.colors[suit] : null;
  return c && !red(suit, deck) && typeof CSS !== "undefined" && CSS.supports("color", c) ? c : null;
}

function drawn(name, deck) {      // a card of a deck the server has no pictures for
  const [r, s] = split(name, deck);
  const rank = r === "T" ? "10" : r;
  const suit = standard(deck) ? SUITS[s] || s : s;
  const short = suit.length > 2 ? suit.slice(0, 2) : suit;     // a suit's word, shortened in the corners
  const face = document.createElement("span");
  face.className = "face drawn" + (red(s, deck) ? " red" : "");
  const own = ink(s, deck);       // yellow, green, blue ... drawn in their colour, not all black
  if (own) { face.classList.add("inked"); face.style.setProperty("--ink", own); }
  // a rank written as a word ('Knight', 'WildDrawFour') is sized by its length, so it fits the card
  face.style.setProperty("--len", Math.max(rank.length, short.length, 1));
  const part = (cls, text) => {
    const e = document.createElement("span");
    e.className = cls;
    e.textContent = text;
    return e;
  };
  const mid = part("mid", "");
  mid.append(part("rank", rank), part("suit", suit));
  face.append(part("tl", `${rank}\n${short}`), mid, part("br", `${rank}\n${short}`));
  return face;
}

export function cardEl(name, deck, tag = "span") {
  const e = document.createElement(tag);
  e.className = "card" + (name ? "" : " back");
  const words = cardWords(name, deck);
  if (tag === "button") { e.type = "button"; e.setAttribute("aria-label", words); }
  else { e.setAttribute("role", "img"); e.setAttribute("aria-label", words); }
  if (name) e.dataset.card = name;
  if (!name || (STANDARD.test(name) && standard(deck))) {
    const img = document.createElement("img");
    img.src = `/cards/${encodeURIComponent(name || "back")}.svg`;
    img.alt = "";
    img.draggable = false;
    img.onerror = () => img.replaceWith(drawn(name, deck));
    e.append(img);
  } else {
    e.append(drawn(name, deck));
  }
  return e;
}
