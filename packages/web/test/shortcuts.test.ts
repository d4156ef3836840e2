import { describe, expect, it } from 'vitest';
import { assignLetters, letterProblem } from '../src/layout/shortcuts.ts';

const command = (id: string) => ({ id, title: id, run: () => {} });

describe('the keyboard letters', () => {
  it('gives each page its default, the person’s own letter first, the rest the first free ones', () => {
    const lettered = assignLetters(
      [
        command('go:/project/defect'),
        command('go:/project/case'),
        command('go:/somewhere'),
        command('go:/else'),
      ],
      { '/project/defect': 'd', '/project/case': 'c' },
      { 'go:/project/case': 'a' },
    );
    expect(lettered.map((c) => [c.id, c.key])).toEqual([
      ['go:/project/defect', 'd'],
      ['go:/project/case', 'a'],
      ['go:/somewhere', 'b'],
      ['go:/else', 'c'],
    ]);
  });

  it('never gives one letter twice in a panel', () => {
    const lettered = assignLetters([command('go:/a'), command('go:/b')], { '/a': 'x', '/b': 'x' }, {});
    expect(new Set(lettered.map((c) => c.key)).size).toBe(2);
  });

  it('refuses reserved, taken and odd letters where they are chosen', () => {
    const panel = assignLetters([command('action:one'), command('action:two')], { one: 'e', two: 'i' }, {});
    expect(letterProblem('q', 'action:one', panel, true)).toBe('reserved');
    expect(letterProblem('q', 'go:/x', panel, false)).toBeUndefined();
    expect(letterProblem('i', 'action:one', panel, true)).toBe('conflict');
    expect(letterProblem('!', 'action:one', panel, true)).toBe('invalid');
    expect(letterProblem('e', 'action:one', panel, true)).toBeUndefined();
  });
});
