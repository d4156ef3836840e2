/** The motto of the "My life" panel, stored as JSON text in the user config (`lifeContent`). */
export interface MyLife {
  color: string;
  fontSize: string;
  lifeContent: string;
}

export const LIFE_MAX_LENGTH = 32;
/** The note written on the "My life" page (the panel's motto is its short form). */
export const LIFE_NOTE_MAX = 10_000;
export const LIFE_FONT_SIZES = ['45px', '35px', '20px'] as const;
export const LIFE_DEFAULT: MyLife = { color: '#303133', fontSize: '35px', lifeContent: '' };

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/**
 * The stored motto. Text that is not our JSON (an older plain string) is shown as the motto itself;
 * a colour or size we do not offer falls back to the default, so the card always renders.
 */
export function parseMyLife(text: string | null | undefined): MyLife {
  if (!text) return { ...LIFE_DEFAULT };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ...LIFE_DEFAULT, lifeContent: text };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ...LIFE_DEFAULT, lifeContent: typeof value === 'string' ? value : text };
  }
  const v = value as Record<string, unknown>;
  const color =
    typeof v.color === 'string' && COLOUR.test(v.color.trim()) ? v.color.trim() : LIFE_DEFAULT.color;
  const fontSize =
    typeof v.fontSize === 'string' && (LIFE_FONT_SIZES as readonly string[]).includes(v.fontSize)
      ? v.fontSize
      : LIFE_DEFAULT.fontSize;
  const lifeContent = typeof v.lifeContent === 'string' ? v.lifeContent : '';
  return { color, fontSize, lifeContent };
}

export function serializeMyLife(life: MyLife): string {
  return JSON.stringify({ color: life.color, fontSize: life.fontSize, lifeContent: life.lifeContent.trim() });
}

/** The note's first line, without a heading mark: the motto the panel shows. */
export function mottoOf(note: string): string {
  return (note.split('\n')[0] ?? '').replace(/^#+\s*/, '').trim();
}

/** The note with its first line replaced by a new motto (the panel's dialog writes only that line). */
export function withMotto(note: string, motto: string): string {
  const rest = note.split('\n').slice(1);
  return [motto.trim(), ...rest].join('\n');
}
