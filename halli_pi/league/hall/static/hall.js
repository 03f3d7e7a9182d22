// The hall's scoreboard: asks /api/scoreboard every two seconds and draws it. Every text
// from a table (names, reasons) goes in with textContent: a table cannot put markup here.
"use strict";

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function drawTables(tables) {
  const box = document.getElementById("tables");
  box.replaceChildren();
  for (const t of tables) {
    const s = t.state || {};
    const card = el("div", null, "table" + (t.mismatches || t.errors.length || t.waiting ? " flag" : ""));
    card.append(el("strong", t.table));
    const players = s.players || [];
    const cards = s.cards || [];
    const who = players.map((p, i) => p + (cards[i] !== undefined ? " " + cards[i] : "")).join(", ");
    card.append(el("div", "game " + (s.game || 0) + (s.over ? " (over)" : "") + (s.ended ? ", packed up" : "")));
    card.append(el("div", who));
    card.append(el("div", t.finished + " of " + t.games + " games finished"));
    if (t.mismatches) card.append(el("div", t.mismatches + " ruling(s) differ from the replay"));
    for (const g of t.gaps) card.append(el("div", "gap: " + gapText(g)));
    if (t.gaps_filled) card.append(el("div", t.gaps_filled + " gap(s) filled by late messages"));
    if (t.behind) card.append(el("div", t.behind + " message(s) the table has numbered are not here yet"));
    for (const e of t.errors) card.append(el("div", e));
    box.append(card);
  }
}

// "seq 5-7 missing (session 1a2b3c4d): game 2 on is not counted until they come".
function gapText(g) {
  const runs = g.missing.map((r) => (r[0] === r[1] ? r[0] : r[0] + "-" + r[1])).join(", ");
  return "seq " + runs + " missing (session " + g.session.slice(0, 8) + "): game " + g.game +
    " on is not counted until they come (" + g.waiting + " message(s) held)";
}

function drawUncounted(gaps) {
  const box = document.getElementById("uncounted");
  box.replaceChildren();
  for (const g of gaps) box.append(el("p", "Not counted: " + g.table + ", " + gapText(g), "flag"));
}

function drawStandings(lines) {
  const body = document.querySelector("#standings tbody");
  body.replaceChildren();
  lines.forEach((l, i) => {
    const row = el("tr");
    for (const v of [i + 1, l.player, l.points, l.games, l.sole_wins, l.shared_wins, l.correct, l.wrong,
                     l.best_ms === null ? "" : l.best_ms.toFixed(0)]) row.append(el("td", v));
    body.append(row);
  });
}

function drawFastest(rings) {
  const list = document.getElementById("fastest");
  list.replaceChildren();
  for (const r of rings) list.append(el("li", r.player + " " + r.reaction_ms.toFixed(0) + " ms (" + r.table + ", game " + r.game + ")"));
}

async function resolve(id) {
  const pin = document.getElementById("pin").value;
  const answer = await fetch("/api/resolve", {
    method: "POST", headers: {"Content-Type": "application/json", "X-Hall-Pin": pin},
    body: JSON.stringify({dispute: id, note: "looked at"}),
  });
  const body = await answer.json();
  document.getElementById("status").textContent = answer.ok ? "" : body.error;
  refresh();
}

function drawDisputed(items) {
  const list = document.getElementById("disputed");
  const open = new Set([...list.querySelectorAll("img")].map((i) => i.dataset.id));
  list.replaceChildren();
  if (!items.length) list.append(el("li", "none: every table's rulings agree with the replay"));
  for (const d of items) {
    const item = el("li", null, d.resolved ? "resolved" : "");
    item.append(el("span", d.table + " ruling " + (d.ruling ?? "?") + ": " + d.why.join(", ") + " - " + (d.reason || "")));
    if (d.evidence) {
      const show = el("button", "photo");
      const draw = () => {
        const img = el("img");
        img.dataset.id = d.id;
        img.alt = "evidence of ruling " + d.ruling;
        img.src = "/thumb/" + encodeURIComponent(d.table) + "/" + d.ruling + ".jpg";
        item.append(img);
        show.remove();
      };
      show.addEventListener("click", draw);
      item.append(show);
      if (open.has(d.id)) draw();
    }
    if (!d.resolved) {
      const done = el("button", "looked at");
      done.addEventListener("click", () => resolve(d.id));
      item.append(done);
    }
    list.append(item);
  }
}

async function refresh() {
  try {
    const answer = await fetch("/api/scoreboard", {cache: "no-store"});
    const board = await answer.json();
    document.getElementById("league").textContent = board.league;
    document.getElementById("status").textContent =
      board.trouble || (board.following ? "" : "not connected to the broker");
    drawTables(board.tables);
    drawStandings(board.standings);
    drawUncounted(board.uncounted);
    drawFastest(board.fastest);
    drawDisputed(board.disputed);
  } catch (err) {
    document.getElementById("status").textContent = "the hall is not answering";
  }
}

refresh();
setInterval(refresh, 2000);
