// The crates' SVG pictures made interactive: every square or point found by its data
// attribute (`data-square` in tafl, `data-point` in trictrac and sugoroku), labelled for
// screen readers, reachable by the keyboard (a roving focus: the arrow keys move, Enter
// or Space acts), clickable and draggable; the legal destinations of a selected piece
// shown as dots, the selection ringed.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The key of the square or point under an element: `d4`, `B7`, `off`. */
export function keyOf(el) {
  const hit = el && el.closest && el.closest("[data-square],[data-point],.tray");
  if (!hit) return null;
  if (hit.dataset.square) return hit.dataset.square;
  if (hit.dataset.point) return hit.dataset.point;
  return "off";
}

/** The key under a pointer event: its target's, else the first under the pointer (a
 * king's crown or a count drawn over a piece carries none). */
function keyAt(e) {
  return keyOf(e.target) || document.elementsFromPoint(e.clientX, e.clientY).map(keyOf).find(Boolean) || null;
}

export class Board {
  /**
   * @param {HTMLElement} container where the picture goes
   * @param {object} game what the game says of its board:
   *   hits(svg) -> Map key -> element (the focusable area of each square or point),
   *   rows(keys) -> array of rows of keys (the keyboard's grid),
   *   label(key) -> the words of a square for a screen reader,
   *   press(key) -> a click, Enter or a drop on a square,
   *   grab(key) -> whether a drag may start on this square.
   */
  constructor(container, game) {
    this.container = container;
    this.game = game;
    this.hits = new Map();
    this.rows = [];
    this.cursor = null;
    this.targets = [];
    this.selected = null;
    this.drag = null;
    container.addEventListener("pointerdown", (e) => this.down(e));
    container.addEventListener("pointermove", (e) => this.move(e));
    container.addEventListener("pointerup", (e) => this.up(e));
    container.addEventListener("pointercancel", () => this.cancelDrag());
    container.addEventListener("keydown", (e) => this.key(e));
  }

  /** Shows a picture and makes it interactive. */
  show(svgText) {
    const keep = this.cursor;
    const hadFocus = this.container.contains(document.activeElement);
    this.container.innerHTML = svgText;
    this.svg = this.container.querySelector("svg");
    if (!this.svg) return;
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.setAttribute("role", "group");
    this.svg.setAttribute("aria-roledescription", "board");
    this.hits = this.game.hits(this.svg);
    this.rows = this.game.rows([...this.hits.keys()]);
    for (const [key, el] of this.hits) {
      el.setAttribute("tabindex", "-1");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", this.game.label(key));
      el.classList.add("hit");
    }
    this.overlay = document.createElementNS(SVG_NS, "g");
    this.overlay.setAttribute("class", "overlay");
    this.overlay.setAttribute("pointer-events", "none");
    this.svg.appendChild(this.overlay);
    this.cursor = keep && this.hits.has(keep) ? keep : this.rows.flat()[0] || null;
    if (this.cursor) this.hits.get(this.cursor).setAttribute("tabindex", "0");
    this.mark(this.selected, this.targets);
    if (hadFocus && this.cursor) this.hits.get(this.cursor).focus({ preventScroll: true });
  }

  /** The centre of a square or point, in the picture's units. */
  centre(key) {
    const el = this.hits.get(key);
    if (!el) return null;
    const b = el.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width, h: b.height };
  }

  /** Rings `selected` and puts a dot on each target. */
  mark(selected, targets) {
    this.selected = selected;
    this.targets = targets || [];
    if (!this.overlay) return;
    this.overlay.replaceChildren();
    for (const el of this.hits.values()) el.classList.remove("selected", "target");
    if (selected && this.hits.has(selected)) {
      const c = this.centre(selected);
      const ring = document.createElementNS(SVG_NS, "rect");
      ring.setAttribute("x", c.x - c.w / 2 + 2);
      ring.setAttribute("y", c.y - c.h / 2 + 2);
      ring.setAttribute("width", c.w - 4);
      ring.setAttribute("height", c.h - 4);
      ring.setAttribute("class", "selection");
      this.overlay.appendChild(ring);
      this.hits.get(selected).classList.add("selected");
    }
    for (const key of this.targets) {
      const c = this.centre(key);
      if (!c) continue;
      const dot = document.createElementNS(SVG_NS, "circle");
      dot.setAttribute("cx", c.x);
      dot.setAttribute("cy", c.y);
      dot.setAttribute("r", Math.max(7, Math.min(c.w, c.h) * 0.2));
      dot.setAttribute("class", "target-dot");
      dot.dataset.target = key;
      this.overlay.appendChild(dot);
      this.hits.get(key).classList.add("target");
    }
    this.showCursor();
  }

  showCursor() {
    if (!this.overlay) return;
    this.overlay.querySelector(".cursor")?.remove();
    if (!this.cursor || !this.focused) return;
    const c = this.centre(this.cursor);
    if (!c) return;
    const r = document.createElementNS(SVG_NS, "rect");
    r.setAttribute("x", c.x - c.w / 2 + 1);
    r.setAttribute("y", c.y - c.h / 2 + 1);
    r.setAttribute("width", c.w - 2);
    r.setAttribute("height", c.h - 2);
    r.setAttribute("class", "cursor");
    this.overlay.appendChild(r);
  }

  /** Moves the keyboard's focus to `key`. */
  focus(key) {
    if (!this.hits.has(key)) return;
    if (this.cursor && this.hits.has(this.cursor)) this.hits.get(this.cursor).setAttribute("tabindex", "-1");
    this.cursor = key;
    const el = this.hits.get(key);
    el.setAttribute("tabindex", "0");
    el.focus({ preventScroll: true });
    this.focused = true;
    this.showCursor();
  }

  key(e) {
    if (!this.cursor) return;
    const rows = this.rows;
    let r = rows.findIndex((row) => row.includes(this.cursor));
    if (r < 0) return;
    let c = rows[r].indexOf(this.cursor);
    switch (e.key) {
      case "ArrowLeft": c = Math.max(0, c - 1); break;
      case "ArrowRight": c = Math.min(rows[r].length - 1, c + 1); break;
      case "ArrowUp": r = Math.max(0, r - 1); c = Math.min(c, rows[r].length - 1); break;
      case "ArrowDown": r = Math.min(rows.length - 1, r + 1); c = Math.min(c, rows[r].length - 1); break;
      case "Home": c = 0; break;
      case "End": c = rows[r].length - 1; break;
      case "Enter": case " ":
        e.preventDefault();
        this.game.press(this.cursor);
        return;
      case "Escape":
        this.game.press(null);
        return;
      default: return;
    }
    e.preventDefault();
    this.focus(rows[r][c]);
  }

  down(e) {
    if (e.button !== 0) return;
    const key = keyAt(e);
    if (!key) return;
    this.focused = false;
    const piece = e.target.closest("circle.piece, circle.dame") ||
      this.svg.querySelector(`circle.piece[data-square="${key}"]`);
    if (piece && this.game.grab(key)) {
      this.drag = { key, piece, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
      try { this.container.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic event */ }
    } else {
      this.drag = { key, piece: null, x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
    }
  }

  move(e) {
    const d = this.drag;
    if (!d || !d.piece) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    if (!d.moved) {
      d.moved = true;
      this.game.press(d.key, { drag: true });
    }
    const m = this.svg.getScreenCTM();
    if (!m) return;
    d.piece.setAttribute("transform", `translate(${dx / m.a} ${dy / m.d})`);
    d.piece.classList.add("dragging");
  }

  up(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.moved && d.piece) {
      d.piece.removeAttribute("transform");
      d.piece.classList.remove("dragging");
      const under = document.elementsFromPoint(e.clientX, e.clientY).map(keyOf).find((k) => k && k !== d.key);
      if (under) this.game.press(under, { drop: true });
      return;
    }
    const key = keyAt(e) || d.key;
    this.game.press(key);
  }

  cancelDrag() {
    if (this.drag && this.drag.piece) {
      this.drag.piece.removeAttribute("transform");
      this.drag.piece.classList.remove("dragging");
    }
    this.drag = null;
  }
}

/** Slides the piece on `from` to `to` and fades the pieces on `gone`, in `ms`. */
export function animate(board, from, to, gone, ms) {
  if (!board.svg || ms <= 0) return Promise.resolve();
  const a = board.centre(from), b = board.centre(to);
  const piece = board.svg.querySelector(`circle.piece[data-square="${from}"]`);
  const moving = piece ? [piece, ...board.svg.querySelectorAll(`text.officer[data-square="${from}"]`)] : [];
  for (const p of moving) {
    p.style.transition = `transform ${ms}ms ease-out`;
    p.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
  }
  for (const sq of gone) {
    for (const p of board.svg.querySelectorAll(`circle.piece[data-square="${sq}"]`)) {
      p.style.transition = `opacity ${ms}ms ease-in`;
      p.classList.add("vanishing");
      p.style.opacity = "0";
    }
  }
  return new Promise((resolve) => setTimeout(resolve, ms));
}
