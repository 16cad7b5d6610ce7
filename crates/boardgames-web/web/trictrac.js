// Trictrac on the board: a play is one or two moves (one per number), picked dame by dame
// (a dame then its destination, twice), a dame played tout d'une by its last point at
// once, the coin taken par puissance like any two moves; tenir and s'en aller answered by
// buttons; a play may also be typed, with or without its throw.

import { t } from "./i18n.js";

const POINTS = (side) => Array.from({ length: 12 }, (_, i) => `${side}${i + 1}`);

const key = (m) => `${m.from}-${m.to}`;

/** `moves` less `taken` (each taken move removed once), or null if one is missing. */
function remaining(moves, taken) {
  const left = moves.map(key);
  for (const m of taken) {
    const i = left.indexOf(key(m));
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return moves.filter((m) => {
    const i = left.indexOf(key(m));
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

/** The moves of a typed play: `6-5: b1-b7, b1-b6` gives `["B1-B7", "B1-B6"]`. */
function typedMoves(text) {
  const body = text.includes(":") ? text.slice(text.indexOf(":") + 1) : text;
  return body.split(/[\s,]+/).filter(Boolean).map((s) => s.toUpperCase());
}

/** A dame's moves by its two ends: `B1-B6-B12` becomes `B1-B12`. */
function ends(moves) {
  return moves.map((m) => { const p = m.split("-"); return `${p[0]}-${p[p.length - 1]}`; }).sort().join(" ");
}

export function trictrac(ctx) {
  let chosen = [];
  let from = null;

  const plays = () => ctx.legal().filter((a) => a.kind === "play");
  const candidates = () => plays().map((p) => ({ p, left: remaining(p.moves, chosen) })).filter((c) => c.left);

  function targetsFrom(point) {
    const out = new Set();
    for (const { p, left } of candidates()) {
      for (const m of left) if (m.from === point) out.add(m.to);
      if (chosen.length === 0 && p.toutDUne && p.moves[0].from === point) out.add(p.moves[1].to);
    }
    return [...out];
  }

  function refresh() {
    ctx.board.mark(from, from ? targetsFrom(from) : []);
    ctx.pending(chosen.length ? t("chosen", { moves: chosen.map(key).join(", ") }) : "");
  }

  function reset() {
    chosen = [];
    from = null;
  }

  function submit(p) {
    reset();
    ctx.board.mark(null, []);
    ctx.pending("");
    ctx.submit(p.text);
  }

  function press(point, how = {}) {
    if (!ctx.myTurn()) return;
    if (point === null) { reset(); refresh(); return; }
    if (from && point !== from) {
      const targets = targetsFrom(from);
      if (targets.includes(point)) {
        // A single move of a remaining play, or a dame's two numbers at once.
        const move = { from, to: point };
        const withMove = candidates().filter(({ left }) => left.some((m) => key(m) === key(move)));
        if (withMove.length) {
          chosen = [...chosen, move];
          from = null;
          const done = candidates().find(({ left }) => left.length === 0);
          const more = candidates().some(({ left }) => left.length > 0);
          if (done && !more) return submit(done.p);
          if (done && more) {
            // The play may stop here (impuissance) or go on: a second click on the same
            // dame plays on, Enter in the field plays what is chosen.
            ctx.pendingPlay(done.p.text);
          }
          // The dame just moved goes on by default.
          if (targetsFrom(point).length) from = point;
          refresh();
          return;
        }
        const whole = candidates().find(({ p }) => p.toutDUne && p.moves[0].from === from && p.moves[1].to === point);
        if (whole) return submit(whole.p);
      }
      if (targetsFrom(point).length && !how.drop) {
        from = point;
        refresh();
        return;
      }
      ctx.message(t("illegal_click", { square: point, more: "" }), true);
      return;
    }
    if (from === point && !how.drag) {
      from = null;
      refresh();
      return;
    }
    if (targetsFrom(point).length) {
      from = point;
      ctx.message("");
      refresh();
      ctx.announce(t("selected", { square: point, list: targetsFrom(point).join(", ") }));
      return;
    }
    ctx.message(chosen.length || from ? t("illegal_click", { square: point, more: "" }) : t("not_yours", { square: point }), true);
  }

  return {
    hits(svg) {
      const map = new Map();
      for (const el of svg.querySelectorAll(".fleche[data-point]")) map.set(el.dataset.point, el);
      const tray = svg.querySelector(".tray");
      if (tray) map.set("off", tray);
      return map;
    },
    rows() {
      return [[...POINTS("N"), "off"], [...POINTS("B"), "off"]];
    },
    label(point) {
      if (point === "off") return t("off_label");
      const svg = ctx.board.svg;
      const dames = svg.querySelectorAll(`circle.dame[data-point="${point}"]`);
      if (!dames.length) return t("point_empty", { point });
      const count = svg.querySelector(`text.count[data-point="${point}"]`);
      const n = count ? count.textContent : dames.length;
      const colour = dames[0].classList.contains("white") ? t("white") : t("black");
      return t("point_label", { point, count: n, colour: colour.toLowerCase() });
    },
    press,
    grab(point) {
      return ctx.myTurn() && targetsFrom(point).length > 0;
    },
    reset() { reset(); },
    /** The legal action of a typed text, or null. */
    understand(text) {
      const legal = ctx.legal();
      const trimmed = text.trim();
      const exact = legal.find((a) => a.text.toLowerCase() === trimmed.toLowerCase());
      if (exact) return exact.text;
      const typed = typedMoves(trimmed);
      if (!typed.length || !typed.every((m) => m.includes("-"))) return null;
      const sorted = [...typed].sort().join(" ");
      for (const p of plays()) {
        const mine = p.moves.map(key);
        if ([...mine].sort().join(" ") === sorted) return p.text;
      }
      for (const p of plays()) {
        const whole = p.toutDUne ? [`${p.moves[0].from}-${p.moves[1].to}`] : p.moves.map(key);
        if (ends(whole) === ends(typed)) return p.text;
      }
      return null;
    },
  };
}
