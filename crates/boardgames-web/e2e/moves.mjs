// Playing on the page as a person does: clicks at the centre of a square or point of the
// picture, or the keyboard alone.

/** The centres (page pixels) of the board's squares or points holding a class of piece. */
export async function centre(page, key, container = "#board") {
  return page.evaluate(({ key, container }) => {
    const svg = document.querySelector(`${container} svg`);
    const el = key === "off" ? svg.querySelector(".tray") : svg.querySelector(`.hit[data-square="${key}"], .hit[data-point="${key}"]`);
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, { key, container });
}

/** Clicks on square or point `key` of the board. */
export async function clickKey(page, key) {
  const c = await centre(page, key);
  await page.mouse.click(c.x, c.y);
}

/** The keys of the squares or points holding the pieces of `selector` (`circle.piece.attacker`, `circle.dame.white`). */
export async function keysOf(page, selector) {
  return page.evaluate((selector) => [...new Set([...document.querySelectorAll(`#board svg ${selector}`)].map((e) => e.dataset.square || e.dataset.point))], selector);
}

/** The legal destinations shown on the board. */
export async function targets(page) {
  return page.evaluate(() => [...document.querySelectorAll("#board .target-dot")].map((d) => d.dataset.target));
}

/** Clicks on each of `keys` until one shows destinations; its key and destinations, or null. */
export async function selectAny(page, keys, pick = (list) => list[0]) {
  for (const k of keys) {
    await clickKey(page, k);
    const t = await targets(page);
    if (t.length) return { from: k, to: pick(t) };
    // A second click on the same square would unselect: the next one replaces it.
  }
  return null;
}
