/**
 * The keyboard (1.0's shortcut system): `g` then a letter goes to a page, Space then a letter runs
 * an action, Ctrl/Cmd+K searches everything, `?` shows the keys. Letters are unique per panel; the
 * person's own letters (kept on the server with the layout settings) win over the defaults; a
 * letter taken twice or reserved is refused where it is chosen.
 */

/** A page of the menus by its path, and its letter unless the person chose another. */
export const GO_DEFAULTS: Record<string, string> = {
  '/project/defect': 'd',
  '/project/case': 'c',
  '/project/plan': 'p',
  '/project/module': 'j',
  '/project/dashboard': 'y',
  '/project/report': 'r',
  '/project/document': 'f',
  '/project/option': 'o',
  '/team/project-list': 'x',
  '/index': 'h',
  '/notice/index': 'n',
  '/member/profile': 'u',
  '/member/keyboard': 'k',
};

/** The actions of the Space panel, by id, and their letters. */
export const ACTION_DEFAULTS: Record<string, string> = {
  'new-defect': 'e',
  'assign-to-me': 'i',
  'switch-team': 'l',
  theme: 'd',
  help: 'h',
};

/**
 * Letters no action may take (1.0's pool for page actions: the browser's and the system's own
 * chords use them with Ctrl/Cmd, and muscle memory goes with them).
 */
export const RESERVED_ACTION_KEYS = ['a', 'c', 'm', 'n', 'q', 't', 'v', 'x', 'z'] as const;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz123456789'.split('');

export interface Command {
  /** `go:<path>` or `action:<id>`. */
  id: string;
  title: string;
  run: () => void;
  /** Only on some pages (a defect open, say). */
  isAvailable?: boolean;
}

export interface Lettered extends Command {
  key: string;
}

/**
 * Letters for a panel: the person's choice, else the default, else the first free letter (then
 * digits), never one taken in the same panel.
 */
export function assignLetters(
  commands: readonly Command[],
  defaults: Record<string, string>,
  own: Record<string, string>,
): Lettered[] {
  const taken = new Set<string>();
  const wanted = commands.map((c) => own[c.id] ?? defaults[c.id.replace(/^(go|action):/, '')]);
  const out: (Lettered | undefined)[] = commands.map(() => undefined);
  // The chosen and default letters first, in order, so a later page cannot take an earlier one's.
  commands.forEach((c, i) => {
    const key = wanted[i];
    if (key && !taken.has(key)) {
      taken.add(key);
      out[i] = { ...c, key };
    }
  });
  commands.forEach((c, i) => {
    if (out[i]) return;
    const key = LETTERS.find((l) => !taken.has(l));
    if (!key) return;
    taken.add(key);
    out[i] = { ...c, key };
  });
  return out.filter((c): c is Lettered => c !== undefined);
}

/** Why a letter cannot be chosen for a command of a panel, or undefined when it can. */
export function letterProblem(
  letter: string,
  id: string,
  panel: readonly Lettered[],
  isAction: boolean,
): 'invalid' | 'reserved' | 'conflict' | undefined {
  if (!/^[a-z0-9]$/.test(letter)) return 'invalid';
  if (isAction && (RESERVED_ACTION_KEYS as readonly string[]).includes(letter)) return 'reserved';
  if (panel.some((c) => c.key === letter && c.id !== id)) return 'conflict';
  return undefined;
}

export { isOverlayOpen, isOwnedByFocus } from '../lib/keyboard.ts';
