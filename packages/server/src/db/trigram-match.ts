/**
 * Whether SQLite's FTS5 trigram index (tokenize 'trigram': case-insensitive, diacritics kept)
 * finds a phrase in a text, decided without asking the index wherever the answer is certain.
 *
 * The index folds every character on its own (A-Z to a-z; other upper-case letters to their
 * lower case, and a few letters to ASCII: the Kelvin sign to k, the long s to s) and a phrase
 * matches where the folded phrase is a substring of the folded text. In ASCII and the scripts
 * without case (CJK, kana, hangul) the index folds only A-Z to a-z, so a text and phrase made of
 * those are decided here. Any other character might fold to something else: it is taken as
 * possibly equal to anything (and certainly equal to itself), so "no" stays certain and "maybe"
 * is left to the index.
 *
 * The keyword walk of the defect list (defect-keyword-page.ts) calls this through SQL for every
 * row it passes, so that a common keyword costs a string search per row, not an index probe.
 */
export const TrigramMatch = { no: 0, yes: 1, maybe: 2 } as const;
export type TrigramMatch = (typeof TrigramMatch)[keyof typeof TrigramMatch];

/** Characters the index folds as toLowerCase does: only A-Z change (checked against SQLite in the test). */
export const isPlainCodePoint = (cp: number) =>
  cp < 0x80 ||
  (cp >= 0x3000 && cp <= 0x9fff) ||
  (cp >= 0xac00 && cp <= 0xd7a3) ||
  (cp >= 0xf900 && cp <= 0xfaff) ||
  (cp >= 0x20000 && cp <= 0x3134f);

/** Any character outside the plain ranges above. */
const NOT_PLAIN =
  /[\u0080-\u2fff\ua000-\uabff\ud7a4-\uf8ff\ufb00-\uffff\u{10000}-\u{1ffff}\u{31350}-\u{10ffff}]/u;
const isAllPlain = (text: string) => !NOT_PLAIN.test(text);

const foldPlain = (cp: number) => (cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp);

/** One text: certain where every character decides, else by comparing code point by code point. */
function matchOne(text: string, phrase: string, isPhrasePlain: boolean): TrigramMatch {
  if (isPhrasePlain && isAllPlain(text))
    return text.toLowerCase().includes(phrase.toLowerCase()) ? TrigramMatch.yes : TrigramMatch.no;
  const t = Array.from(text, (c) => c.codePointAt(0) ?? 0);
  const p = Array.from(phrase, (c) => c.codePointAt(0) ?? 0);
  let best: TrigramMatch = TrigramMatch.no;
  for (let start = 0; start + p.length <= t.length; start++) {
    let window: TrigramMatch = TrigramMatch.yes;
    for (let i = 0; i < p.length; i++) {
      const a = t[start + i] as number;
      const b = p[i] as number;
      if (a === b) continue;
      if (isPlainCodePoint(a) && isPlainCodePoint(b)) {
        if (foldPlain(a) === foldPlain(b)) continue;
        window = TrigramMatch.no;
        break;
      }
      window = TrigramMatch.maybe;
    }
    if (window === TrigramMatch.yes) return TrigramMatch.yes;
    if (window === TrigramMatch.maybe) best = TrigramMatch.maybe;
  }
  return best;
}

/**
 * Whether the index matches `phrase` (three characters or more) in any of the texts (its
 * columns): yes if certainly in one, no if certainly in none, else maybe.
 */
export function trigramMatch(phrase: string, ...texts: (string | null | undefined)[]): TrigramMatch {
  const isPhrasePlain = isAllPlain(phrase);
  let best: TrigramMatch = TrigramMatch.no;
  for (const text of texts) {
    if (!text) continue;
    const one = matchOne(text, phrase, isPhrasePlain);
    if (one === TrigramMatch.yes) return one;
    if (one === TrigramMatch.maybe) best = one;
  }
  return best;
}
