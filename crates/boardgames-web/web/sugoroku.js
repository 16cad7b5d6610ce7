// Sugoroku on the board: a game of dice alone. The person throws his own dice (the button,
// or Enter on the board); the picture shows each camp's pawns, reserves and captures.

import { t } from "./i18n.js";

export function sugoroku(ctx) {
  return {
    hits(svg) {
      // Each camp's points, found by their pawns' data-point and their place: the board is
      // read through the panel's words; the picture itself takes the focus as one area.
      const map = new Map();
      map.set("board", svg);
      return map;
    },
    rows(keys) { return [keys]; },
    label() { return t("board_label"); },
    press(key) {
      if (key && ctx.myTurn()) ctx.submit("throw");
    },
    grab() { return false; },
    reset() {},
    understand(text) { return /^(throw|t|lancer|l)?$/i.test(text.trim()) ? "throw" : null; },
  };
}
