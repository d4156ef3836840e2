/**
 * Colour contrast (WCAG 2.x): text must stand 4.5:1 against its background. The theme colour a
 * person picks is darkened (keeping its hue) until white text on it, and it as text on white, reach
 * that, so buttons and links stay readable whatever was picked.
 */
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The colour, darkened step by step towards black until white reads on it at `ratio` (4.5 by default). */
export function readableOnWhite(hex: string, ratio = 4.5): string {
  if (!/^#[0-9a-fA-F]{6}/.test(hex)) return hex;
  const n = Number.parseInt(hex.slice(1, 7), 16);
  let [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let i = 0; i < 40 && contrast(`#${hex2(r)}${hex2(g)}${hex2(b)}`, '#ffffff') < ratio; i++) {
    [r, g, b] = [r * 0.95, g * 0.95, b * 0.95];
  }
  return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
}
