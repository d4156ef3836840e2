import { describe, expect, it } from 'vitest';
import {
  mottoOf,
  parseMyLife,
  serializeMyLife,
  withMotto,
} from '../src/features/defect-statistics/my-life.ts';

describe("'my life': the note and its motto", () => {
  it('takes the motto from the first line, without its heading mark', () => {
    expect(mottoOf('# Ship 1.0\n\n- [ ] docs')).toBe('Ship 1.0');
    expect(mottoOf('Keep it simple')).toBe('Keep it simple');
    expect(mottoOf('')).toBe('');
  });

  it('writes a new motto into the first line and keeps the rest of the note', () => {
    expect(withMotto('# Ship 1.0\n\n- [ ] docs', 'Ship 2.0')).toBe('Ship 2.0\n\n- [ ] docs');
    expect(withMotto('', 'First')).toBe('First');
  });

  it('keeps a multi-line note through its stored form', () => {
    const note = '# Goals\n\n1. Ship\n2. Rest';
    const stored = serializeMyLife({ color: '#303133', fontSize: '35px', lifeContent: note });
    expect(parseMyLife(stored).lifeContent).toBe(note);
  });
});
