// Replaying a record: pasted or opened from a file (read in the browser, at most the
// server's limit), checked by the server (every action replayed by the rules crates), then
// stepped through with the buttons or the arrow keys, each step's picture and comment.

import * as api from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const MAX_BYTES = 4 << 20;

const replay = { id: null, steps: [], k: 0, length: 0 };

async function show(k) {
  const frame = await api.replayFrame(replay.id, Math.max(0, Math.min(k, replay.length)));
  replay.k = frame.k;
  const board = $("replay-board");
  board.innerHTML = frame.svg;
  board.querySelector("svg")?.removeAttribute("width");
  board.querySelector("svg")?.removeAttribute("height");
  $("r-counter").textContent = t("step_of", { k: frame.k, n: replay.length });
  $("r-counter").dataset.k = String(frame.k);
  const info = $("r-info");
  const step = replay.steps[frame.k - 1];
  info.textContent = step ? `${step.text}${step.comment ? ` — ${step.comment}` : ""}` : "";
  if (frame.over) info.append(document.createElement("br"), `${t("result")}: ${frame.over}`);
  for (const li of $("r-log").children) li.classList.toggle("current", Number(li.dataset.k) === frame.k);
  $("r-log").querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

export async function openReplayText(text, ui) {
  const answer = await api.openReplay(text);
  document.getElementById("page-record").value = text;
  replay.id = answer.id;
  replay.steps = answer.replay.steps;
  replay.length = answer.replay.length;
  const log = $("r-log");
  log.replaceChildren(...replay.steps.map((s, i) => {
    const li = document.createElement("li");
    li.dataset.k = String(i + 1);
    li.textContent = s.text;
    li.tabIndex = 0;
    li.addEventListener("click", () => show(i + 1).catch((e) => ui.message(ui.errorText(e), true)));
    return li;
  }));
  $("replay-view").hidden = false;
  await show(0);
}

export function initReplay(ui) {
  const go = (k) => show(k).catch((e) => ui.message(ui.errorText(e), true));
  $("replay-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    ui.message("");
    let text = $("replay-text").value;
    const file = $("replay-file").files[0];
    if (file) {
      if (file.size > MAX_BYTES) {
        ui.message(t("err_file_large", { n: MAX_BYTES }), true);
        return;
      }
      text = await file.text();
    }
    try {
      await openReplayText(text, ui);
    } catch (err) {
      ui.message(ui.errorText(err), true);
    }
  });
  $("r-first").addEventListener("click", () => go(0));
  $("r-prev").addEventListener("click", () => go(replay.k - 1));
  $("r-next").addEventListener("click", () => go(replay.k + 1));
  $("r-last").addEventListener("click", () => go(replay.length));
  $("replay-view").addEventListener("keydown", (e) => {
    const moves = { ArrowLeft: replay.k - 1, ArrowRight: replay.k + 1, Home: 0, End: replay.length };
    if (e.key in moves && e.target.tagName !== "TEXTAREA") {
      e.preventDefault();
      go(moves[e.key]);
    }
  });
}
