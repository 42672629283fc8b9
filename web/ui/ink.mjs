// Text on a shaded cell: black or white, whichever contrasts more with the colour the cell
// really has. At the luminance where the two are equal (0.179) each gives 4.58:1, so the
// text always keeps at least that, whatever the shade and the colour scheme.

const linear = (v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
const rgbOf = (hex) => (/^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : null);

// 'dark' or 'light' ink for an [r, g, b] background.
export function inkFor([r, g, b]) {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) > 0.179 ? 'dark' : 'light';
}

// The ink for a cell filled with the page's --bar colour at `opacity` over its --background.
export function barInk(opacity) {
  const style = getComputedStyle(document.documentElement);
  const bar = rgbOf(style.getPropertyValue('--bar').trim());
  const ground = rgbOf(style.getPropertyValue('--background').trim());
  if (!bar || !ground) return opacity > 0.55 ? 'light' : 'dark';
  return inkFor(bar.map((v, i) => v * opacity + ground[i] * (1 - opacity)));
}

// How a cell filled with the page's --bar looks as its weight (its opacity) grows, in the
// colour scheme the page is shown in: 'darker' where --bar is darker than the --background
// it covers (the light scheme), 'lighter' where it is lighter (the dark scheme).
export function heavierLooks() {
  const style = getComputedStyle(document.documentElement);
  const bar = rgbOf(style.getPropertyValue('--bar').trim());
  const ground = rgbOf(style.getPropertyValue('--background').trim());
  if (!bar || !ground) return 'darker';
  const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance(bar) < luminance(ground) ? 'darker' : 'lighter';
}

// Runs `redraw` whenever the colour scheme changes while the page is open (the system turns
// dark at dusk): an ink chosen from the page's colours must then be chosen again.
export function onSchemeChange(redraw) {
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', redraw);
}
