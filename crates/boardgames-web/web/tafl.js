// Tafl on the board: select a piece (click, drag, or Enter on its square), its legal
// squares are shown, then click, drop or Enter on one. A move may also be typed (d1-d3;
// the captures are found by the rules).

import { t } from "./i18n.js";

export function tafl(ctx) {
  let from = null;

  const moves = () => ctx.legal();
  const targetsFrom = (sq) => moves().filter((m) => m.from === sq).map((m) => m.to);

  function press(sq, how = {}) {
    if (!ctx.myTurn()) return;
    if (sq === null) { from = null; ctx.board.mark(null, []); return; }
    if (from && sq !== from) {
      const m = moves().find((m) => m.from === from && m.to === sq);
      if (m) {
        from = null;
        ctx.board.mark(null, []);
        ctx.submit(m.text, m);
        return;
      }
      if (targetsFrom(sq).length && !how.drop) {
        from = sq;
        ctx.message("");
        ctx.board.mark(from, targetsFrom(sq));
        ctx.announce(t("selected", { square: sq, list: targetsFrom(sq).join(", ") }));
        return;
      }
      ctx.message(t("illegal_click", { square: sq, more: t("selected", { square: from, list: targetsFrom(from).join(", ") || t("no_targets") }) }), true);
      return;
    }
    if (from === sq && !how.drag) {
      from = null;
      ctx.board.mark(null, []);
      return;
    }
    if (targetsFrom(sq).length) {
      from = sq;
      ctx.message("");
      ctx.board.mark(from, targetsFrom(sq));
      ctx.announce(t("selected", { square: sq, list: targetsFrom(sq).join(", ") }));
      return;
    }
    ctx.message(t("not_yours", { square: sq }), true);
  }

  return {
    hits(svg) {
      const map = new Map();
      for (const el of svg.querySelectorAll("rect.square[data-square]")) map.set(el.dataset.square, el);
      return map;
    },
    rows(keys) {
      const files = [...new Set(keys.map((k) => k[0]))].sort();
      const ranks = [...new Set(keys.map((k) => Number(k.slice(1))))].sort((a, b) => b - a);
      return ranks.map((r) => files.map((f) => `${f}${r}`));
    },
    label(sq) {
      const svg = ctx.board.svg;
      const piece = svg.querySelector(`circle.piece[data-square="${sq}"]`);
      const extra = [];
      if (svg.querySelector(`rect.corner[data-square="${sq}"]`)) extra.push("corner");
      if (svg.querySelector(`rect.throne[data-square="${sq}"]`)) extra.push("throne");
      if (svg.querySelector(`circle.visited[data-square="${sq}"]`)) extra.push("visited");
      if (!piece) return [t("square_empty", { square: sq }), ...extra].join(", ");
      const kind = piece.classList.contains("king") ? "king" : piece.classList.contains("attacker") ? t("attackers").toLowerCase() : t("defenders").toLowerCase();
      return [`${sq}, ${kind}`, ...extra].join(", ");
    },
    press,
    grab(sq) { return ctx.myTurn() && targetsFrom(sq).length > 0; },
    reset() { from = null; },
    understand(text) {
      const s = text.trim().toLowerCase().replace(/\s+/g, "");
      const m = moves().find((m) => m.text === s || m.full === s || s.startsWith(m.text + "x"));
      return m ? m.text : null;
    },
  };
}
