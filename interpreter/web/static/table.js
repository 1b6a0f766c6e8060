// The table: one seat's screen, drawn from the server's "state" messages; moves go back as text.
const $ = (id) => document.getElementById(id);
const [, , GAME, TOKEN] = location.pathname.split("/");
const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
let ws = null, state = null, selected = null, retry = 500, stopped = false;
let picked = [];                 // cards picked so far for a move that takes a list of cards
let sent = null;                 // the move sent for this decision, until the server answers

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function screen(name) {          // 'TC' -> '10♣'
  if (!name) return "face-down card";
  if (name === "JK") return "Joker";
  return (name[0] === "T" ? "10" : name.slice(0, -1)) + (SUITS[name.slice(-1)] || name.slice(-1));
}

function cardImg(name) {
  const img = el("img", {src: `/cards/${encodeURIComponent(name || "back")}.svg`, alt: screen(name),
                         draggable: "false"});
  img.onerror = () => img.replaceWith(el("span", {class: "card-text", text: screen(name)}));  // a card no image draws
  return img;
}

// -- the connection ------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${GAME}/${TOKEN}`);
  ws.onopen = () => { retry = 500; $("conn").textContent = ""; };
  ws.onmessage = (ev) => receive(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    sent = null;                   // the server sends the table again on reconnecting
    if (stopped || ev.code === 4001 || ev.code === 4004) return;
    $("conn").textContent = "Reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function play(move) {             // one move a decision: clicks wait until the server answers
  if (sent || !state) return;
  sent = move;
  selected = null;
  picked = [];
  send({type: "move", move: move.move, decision: state.decision});
  draw();
}

function receive(msg) {
  if (msg.type === "error") {
    toast(msg.message);
    if (sent) { sent = null; if (state) draw(); }          // the move was refused: choose again
    if (msg.code === "taken_over") { stopped = true; document.body.dataset.state = "taken-over";
      $("status").textContent = "This seat is open in another window."; }
    else if (!state) { stopped = true; document.body.dataset.state = "refused"; $("status").textContent = msg.message; }
    return;
  }
  if (msg.type === "handover") {
    state = null;
    document.body.dataset.state = "handover";
    $("handover-text").textContent = `Pass the device to ${msg.name}.`;
    $("ready").textContent = `I am ${msg.name}: show my cards`;
    $("handover").hidden = false;
    $("title").textContent = msg.game;
    hideBoard(true);
    $("ready").focus();
    return;
  }
  if (msg.type === "state") {
    $("handover").hidden = true;
    hideBoard(false);
    const ended = state && msg.hands.length > state.hands.length && msg.seat === state.seat;
    state = msg;
    selected = null;
    picked = [];
    sent = null;
    draw();
    if (ended) notice(msg.log.find((line) => line.startsWith(`Hand ${msg.hands.length} is over`)) ||
                      `Hand ${msg.hands.length} is over.`);
  }
}

function hideBoard(h) { $("board").hidden = h; $("side").hidden = h; }

function notice(text) {          // news, not an error: the end of a hand
  toast(text);
  $("toast").classList.add("news");
}

function toast(text) {
  $("toast").classList.remove("news");
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 4000);
}

// -- moves and clicks ------------------------------------------------------------------------------
// A move's parts: {card} {cards} {zone} {seat} {blind} {text}. The first card part is what a click on
// a card chooses; the next part, if any, is its target (a card, a pile, a player).
function firstCard(m) { return m.parts.findIndex((p) => p.card !== undefined); }
function key(p) {
  if (!p) return "";
  if (p.card !== undefined) return "card:" + p.card;
  if (p.zone !== undefined) return "zone:" + p.zone;
  if (p.seat !== undefined) return "seat:" + p.seat;
  if (p.cards !== undefined) return "cards:" + p.cards.join("+");
  return "text:" + JSON.stringify(p);
}
function targetOf(m) {
  const i = firstCard(m);
  return i >= 0 ? m.parts[i + 1] : undefined;
}
// Whether a click on card `name` names target part t: that card, or one card of a set of cards
// (a capture of several table cards): the moves whose set holds it are then offered to choose.
function aims(t, name) {
  return key(t) === "card:" + name || (!!t && t.cards !== undefined && t.cards.includes(name));
}
function targetKeys(t) { return t && t.cards !== undefined ? t.cards.map((c) => "card:" + c) : [key(t)]; }

// A move whose choice is a list of cards and no single card (a set of cards of one rank, cards to pass on):
// its cards are picked one click at a time; it is played when the picked cards are its list and
// no other such move holds them all, else from the buttons the prompt offers.
function cardsOf(m) {
  if (firstCard(m) >= 0) return null;
  const p = m.parts.find((q) => q.cards !== undefined);
  return p ? p.cards : null;
}
function setMoves() { return state.moves.filter((m) => cardsOf(m)); }
function holds(m, cards) { return cards.every((c) => cardsOf(m).includes(c)); }
function exactly(m, cards) { return holds(m, cards) && cardsOf(m).length === cards.length; }

function pickCard(name) {
  const mine = setMoves().filter((m) => cardsOf(m).includes(name));
  if (!mine.length) return;
  picked = picked.includes(name) ? picked.filter((c) => c !== name) : [...picked, name];
  let fit = setMoves().filter((m) => holds(m, picked));
  if (!fit.length) { picked = [name]; fit = mine; }          // a card that does not go with the others
  if (picked.length && fit.length === 1 && exactly(fit[0], picked)) return play(fit[0]);
  draw();
}

function candidates() {
  if (!state || !state.moves.length) return [];
  if (!selected) return state.moves;
  return state.moves.filter((m) => { const i = firstCard(m); return i >= 0 && m.parts[i].card === selected; });
}

function clickCard(name) {
  const moves = state.moves.filter((m) => { const i = firstCard(m); return i >= 0 && m.parts[i].card === name; });
  if (selected && name !== selected) {            // a table card as the target of the selected card,
    const hit = candidates().filter((m) => aims(targetOf(m), name));   // or one card of a target set
    if (hit.length) return chooseAmong(hit);
  }
  if (!moves.length) return pickCard(name);
  if (moves.length === 1) return play(moves[0]);
  if (selected === name) { selected = null; return draw(); }
  selected = name;
  draw();
}

function clickTarget(k) {
  const hit = candidates().filter((m) => key(targetOf(m)) === k);
  chooseAmong(hit);
}

function chooseAmong(moves) {
  if (moves.length === 1) return play(moves[0]);
  if (!moves.length) return;
  drawPrompt(moves, "Which move?");
}

// -- drawing ------------------------------------------------------------------------------------------
function draw() {
  const s = state;
  document.title = `${s.game} — cardrules`;
  $("title").textContent = s.game;
  const me = s.players[s.seat];
  let status;
  if (s.over) status = s.failed ? `The game stopped: ${s.failed}` : s.result;
  else {
    const head = `Hand ${s.hand}` + (s.phase ? ` · ${s.phase}` : "");     // the named phase running now
    status = s.to_move === s.seat ? `${head} · your turn` : `${head} · ${s.names[s.to_move]} to play…`;
  }
  $("status").textContent = status;
  document.body.dataset.state = s.over ? "over" : s.to_move === s.seat ? "your-turn" : "waiting";
  document.body.dataset.hand = s.hand;
  document.body.dataset.handsPlayed = s.hands.length;
  document.body.dataset.decision = s.decision;
  document.body.dataset.seat = s.seat;

  const targets = new Set(), playable = new Set();
  if (!sent) for (const m of s.moves) { const i = firstCard(m); if (i >= 0) playable.add(m.parts[i].card); }
  if (!sent) for (const m of setMoves()) for (const c of cardsOf(m)) playable.add(c);
  if (selected) for (const m of candidates()) for (const k of targetKeys(targetOf(m))) targets.add(k);

  const byOwner = {};
  const shared = [];
  for (const z of s.zones) {
    if (z.owner === null) shared.push(z); else (byOwner[z.owner] = byOwner[z.owner] || []).push(z);
  }
  const others = $("others");
  others.replaceChildren();
  for (let k = 1; k < s.players.length; k++) {
    const p = s.players[(s.seat + k) % s.players.length];
    others.append(drawPlayer(p, byOwner[p.seat] || [], targets, playable, false));
  }
  const middle = $("middle");
  middle.replaceChildren();
  for (const z of shared) middle.append(drawZone(z, targets, playable, false));
  $("mine").replaceChildren(drawPlayer(me, byOwner[s.seat] || [], targets, playable, true));

  drawPrompt(null);
  drawMoves();
  drawScores();
  const log = $("log");
  log.replaceChildren(...s.log.map((line) => el("li", {text: line})));
  log.scrollTop = log.scrollHeight;
}

function drawPlayer(p, zones, targets, playable, mine) {
  const cls = "player" + (p.to_move ? " to-move" : "") + (mine ? " me" : "") +
              (targets.has("seat:" + p.seat) ? " target" : "");
  const head = el("div", {class: "player-head"},
    el("strong", {text: mine ? `${p.name} (you)` : p.name}),
    p.kind !== "human" ? el("span", {class: "kind", text: p.kind}) : null,
    p.dealer ? el("span", {class: "badge", text: "dealer"}) : null,
    el("span", {class: "points", text: `score ${p.score} · total ${p.total}`}));
  const box = el("section", {class: cls, "data-seat": p.seat}, head);
  if (targets.has("seat:" + p.seat)) {
    const b = el("button", {class: "target-button", text: `Choose ${p.name}`});
    b.addEventListener("click", () => clickTarget("seat:" + p.seat));
    box.append(b);
  }
  for (const z of zones) box.append(drawZone(z, targets, playable, mine));
  return box;
}

function drawZone(z, targets, playable, mine) {
  const cards = z.cards;
  const stack = z.visibility === "none" || z.visibility === "top";
  const fan = z.visibility === "owner" || z.visibility === "all_but_owner";
  const isTarget = targets.has("zone:" + z.id);
  const box = el("div", {class: `zone ${stack ? "stack" : fan ? "fan" : "row"}${isTarget ? " target" : ""}` +
                          (mine && fan ? " my-hand" : ""),
                         "data-zone": z.id, title: z.description || ""});
  box.append(el("div", {class: "zone-label", text: `${z.label} (${cards.length})`}));
  const row = el("div", {class: "cards"});
  if (stack) {
    if (cards.length) {
      const top = cards[cards.length - 1];
      const b = cardButton(top, targets, playable, isTarget ? () => clickTarget("zone:" + z.id) : null);
      if (cards.length > 1) b.classList.add("deep");
      row.append(b);
    } else { row.classList.add("none"); row.append(el("span", {class: "empty", text: "empty"})); }
    if (isTarget && !cards.length) {
      const b = el("button", {class: "target-button", text: `Here: ${z.label}`});
      b.addEventListener("click", () => clickTarget("zone:" + z.id));
      row.append(b);
    }
  } else {
    let shown = cards;
    if (z.order) shown = z.order.map((i) => cards[i]);
    if (!cards.length) { row.classList.add("none"); row.append(el("span", {class: "empty", text: "none"})); }
    for (const c of shown) row.append(cardButton(c, targets, playable, null));
    if (isTarget) {
      const b = el("button", {class: "target-button", text: `Here: ${z.label}`});
      b.addEventListener("click", () => clickTarget("zone:" + z.id));
      box.append(b);
    }
  }
  box.append(row);
  return box;
}

function cardButton(name, targets, playable, onTarget) {
  const img = cardImg(name);
  if (!name && !onTarget) return el("span", {class: "card back"}, img);
  const isTarget = (name && targets.has("card:" + name)) || !!onTarget;
  const can = name && playable.has(name);
  if (!can && !isTarget && !onTarget) return el("span", {class: "card", "data-card": name}, img);
  const b = el("button", {class: "card" + (can ? " playable" : "") + (isTarget ? " target" : "") +
                                  (name && (name === selected || picked.includes(name)) ? " selected" : ""),
                          "data-card": name || "", "aria-label": screen(name)}, img);
  b.addEventListener("click", () => (onTarget && !can ? onTarget() : clickCard(name)));
  return b;
}

function drawPrompt(moves, title) {
  const box = $("prompt");
  box.replaceChildren();
  if (!state || state.over) {
    if (state && state.over) box.append(el("p", {class: "result", text: state.failed || state.result}));
    return;
  }
  if (state.to_move !== state.seat) return;
  if (sent) { box.append(el("p", {class: "ask sent", text: `${sent.label}…`})); return; }
  const blind = state.moves.filter((m) => m.parts.length === 1 && m.parts[0].blind !== undefined);
  if (moves) {
    box.append(el("p", {class: "ask", text: title}));
    for (const m of moves) {
      const b = el("button", {class: "choice", text: m.label});
      b.addEventListener("click", () => play(m));
      box.append(b);
    }
  } else if (blind.length === state.moves.length) {
    box.append(el("p", {class: "ask", text: `${blind[0].label.split(" ")[0]}: pick one of ${blind.length} face-down cards` +
                                         (state.fan_from ? ` from ${state.fan_from}` : "")}));
    const row = el("div", {class: "cards blind"});
    for (const m of blind) {
      const b = el("button", {class: "card playable", "data-blind": m.parts[0].blind,
                              "aria-label": `face-down card ${m.parts[0].blind + 1}`}, cardImg(null));
      b.addEventListener("click", () => play(m));
      row.append(b);
    }
    box.append(row);
  } else if (selected) {
    box.append(el("p", {class: "ask", text: `${screen(selected)} selected: now click where it goes (Esc cancels).`}));
  } else if (picked.length) {
    const ready = setMoves().filter((m) => exactly(m, picked));
    box.append(el("p", {class: "ask", text: `Picked ${picked.map(screen).join(" ")}: ` +
                        (ready.length ? "play them, or pick more (Esc cancels)." : "pick more (Esc cancels).")}));
    for (const m of ready) {
      const b = el("button", {class: "choice", text: m.label});
      b.addEventListener("click", () => play(m));
      box.append(b);
    }
  } else {
    box.append(el("p", {class: "ask", text: "Your turn: click a highlighted card, or a move below."}));
  }
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  $("moves-box").hidden = !state.moves.length;
  for (const m of state.moves) {
    const b = el("button", {class: "move", "data-move": m.move, text: m.label});
    if (sent) b.disabled = true;
    b.addEventListener("click", () => play(m));
    list.append(el("li", {}, b));
  }
}

function drawScores() {
  const s = state;
  const t = el("table");
  const head = el("tr", {}, el("th", {text: ""}), ...s.players.map((p) => el("th", {text: p.seat === s.seat ? "You" : p.name})));
  t.append(head);
  s.hands.forEach((r, k) => t.append(el("tr", {}, el("td", {text: `hand ${k + 1}`}),
    ...r.map((x) => el("td", {text: (x > 0 ? "+" : "") + x})))));
  if (!s.over) t.append(el("tr", {}, el("td", {text: `hand ${s.hand} so far`}), ...s.players.map((p) => el("td", {text: String(p.score)}))));
  if (s.so_far) t.append(el("tr", {class: "so-far"}, el("td", {text: "result so far"}), ...s.so_far.map((x) => el("td", {text: x}))));
  t.append(el("tr", {class: "total"}, el("td", {text: "total"}), ...s.players.map((p) => el("td", {text: String(p.total)}))));
  const teams = (s.teams || []).map((g) => el("div", {class: "team"},
    el("span", {class: "dim", text: g.seats.map((p) => p === s.seat ? "You" : s.names[p]).join(" + ") + ": "}),
    `${g.total}` + (s.over ? "" : ` (this hand ${g.score > 0 ? "+" : ""}${g.score})`)));
  $("scores").replaceChildren(t, ...teams);
  const vars = $("variables");
  vars.replaceChildren(...s.variables.map((v) => el("div", {class: "var", title: v.description || ""},
    el("span", {class: "dim", text: v.name + ": "}),
    Array.isArray(v.value) ? v.value.map((x, i) => `${i === s.seat ? "you" : s.names[i]} ${x}`).join(", ") : String(v.value))));
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && (selected || picked.length)) { selected = null; picked = []; draw(); }
});
$("ready").addEventListener("click", () => send({type: "ready"}));
connect();
