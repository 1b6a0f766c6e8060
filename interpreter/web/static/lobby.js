// The lobby: choose a rule file, players, seats and options; create the game; list its seat links.
const $ = (id) => document.getElementById(id);
let games = [], kinds = [];
let share = null;                // the server's address on the network, when it listens there

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

function chosen() { return games[Number($("game").value)] || games[0]; }

function drawPlayers() {
  const g = chosen();
  $("game-description").textContent = g.error || g.description || "";
  $("game-description").className = g.error ? "error" : "dim";
  $("create").disabled = !!g.error;
  const sel = $("players");
  sel.replaceChildren();
  if (g.error) { drawSeats(); drawOptions(); return; }
  for (let n = g.min; n <= g.max; n++) sel.append(el("option", {value: n, text: String(n)}));
  sel.value = g.default;
  drawSeats();
  drawOptions();
}

function drawSeats() {
  const n = Number($("players").value) || 0;
  const box = $("seats");
  box.querySelectorAll("label").forEach((x) => x.remove());
  for (let i = 0; i < n; i++) {
    const s = el("select", {id: `seat-${i}`});
    for (const k of kinds) s.append(el("option", {value: k, text: k}));
    s.value = i === 0 ? "human" : (kinds.includes("ismcts") ? "ismcts" : "random");
    const names = (chosen().seat_names || {})[n] || [];
    box.append(el("label", {}, `${names[i] || "Seat " + (i + 1)} `, s));
  }
}

function drawOptions() {
  const g = chosen();
  const box = $("options");
  box.querySelectorAll("label, p").forEach((x) => x.remove());
  box.hidden = !(g.options && g.options.length);
  for (const o of g.options || []) {
    let input;
    if (o.type === "bool") {
      input = el("input", {type: "checkbox", id: `opt-${o.name}`, "data-option": o.name});
      input.checked = !!o.default;
    } else if (o.choices) {
      input = el("select", {id: `opt-${o.name}`, "data-option": o.name});
      for (const c of o.choices) input.append(el("option", {value: c, text: String(c)}));
      input.value = o.default;
    } else {
      input = el("input", {type: "number", id: `opt-${o.name}`, "data-option": o.name, value: o.default});
      if (o.min !== null) input.min = o.min;
      if (o.max !== null) input.max = o.max;
    }
    box.append(el("label", {title: o.description || ""}, `${o.label || o.name} `, input,
                  el("span", {class: "dim", text: o.description ? ` — ${o.description}` : ""})));
  }
}

async function create(ev) {
  ev.preventDefault();
  $("lobby-error").textContent = "";
  const n = Number($("players").value);
  const options = {};
  document.querySelectorAll("[data-option]").forEach((i) => {
    options[i.dataset.option] = i.type === "checkbox" ? i.checked : i.value;
  });
  const body = {
    game: chosen().id, seats: [...Array(n).keys()].map((i) => $(`seat-${i}`).value),
    options, hot_seat: $("hot-seat").checked,
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const r = await fetch("/api/games", {method: "POST", headers: {"content-type": "application/json"},
                                       body: JSON.stringify(body)});
  const data = await r.json();
  if (!r.ok) { $("lobby-error").textContent = data.error; return; }
  const list = $("link-list");
  list.replaceChildren();
  if (data.links.length === 1) { location.assign(data.links[0].url); return; }   // yours alone: take your seat
  // A lobby opened on the server's own machine (127.0.0.1) would give links only that machine can
  // open: when the server listens on the network, the links carry its network address.
  const here = ["127.0.0.1", "localhost", "[::1]", "0.0.0.0"].includes(location.hostname);
  for (const l of data.links) {
    const url = new URL(l.url, share && here ? share : location.href).href;
    const a = el("a", {href: url, class: "seat-link", text: url});
    const copy = el("button", {type: "button", text: "Copy"});
    copy.addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(url));
    const li = el("li", {}, el("strong", {text: l.names.join(", ") + ": "}), a, " ", copy);
    if (l === data.links[0]) {       // the first human seat is the one who created the game
      const go = el("a", {href: l.url, class: "take-seat", text: `Take my seat (${l.names.join(", ")})`});
      li.append(" ", go);
    }
    list.append(li);
  }
  $("links").hidden = false;
  // the links lie under the form, below the window's edge on most screens: bring them into view,
  // the focus on "Take my seat" (Enter takes it)
  $("links").scrollIntoView({block: "start"});
  list.querySelector(".take-seat").focus({preventScroll: true});
}

async function start() {
  const r = await fetch("/api/games");
  const data = await r.json();
  games = data.games; kinds = data.kinds; share = data.share || null;
  const sel = $("game");
  for (const g of games) sel.append(el("option", {value: g.id, text: g.summary ? `${g.name} — ${g.summary}` : g.name}));
  sel.addEventListener("change", drawPlayers);
  sel.addEventListener("change", () => { $("how").href = `/how-to-play/${chosen().id}`; });
  $("how").href = `/how-to-play/${chosen().id}`;
  $("players").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", create);
  drawPlayers();
}
start();
