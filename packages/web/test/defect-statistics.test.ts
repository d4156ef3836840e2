import { describe, expect, it } from 'vitest';
import { LIFE_DEFAULT, parseMyLife, serializeMyLife } from '../src/features/defect-statistics/my-life.ts';
import {
  PROGRESS_COLOURS,
  percentDone,
  progressColour,
  rankColour,
  summarizeStates,
} from '../src/features/defect-statistics/statistic-figures.ts';
import { isFilterOn, toggleFilter } from '../src/features/defect-statistics/statistic-filters.ts';
import {
  addPanel,
  DEFAULT_LAYOUT,
  movePanel,
  type PanelEntry,
  parseLayout,
  removePanel,
  serializeLayout,
} from '../src/features/defect-statistics/statistic-layout.ts';

const names = (panels: PanelEntry[] | undefined) => panels?.map((p) => p.name);

describe('statistic layout', () => {
  it('shows the default set when nothing is saved', () => {
    expect(parseLayout(undefined)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
  });

  it('falls back to the default set for text that is not a JSON array', () => {
    expect(parseLayout('{not json')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{"name":"MyLife"}')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('"MyLife"')).toEqual(DEFAULT_LAYOUT);
  });

  it('keeps an empty saved layout empty (the user removed every panel)', () => {
    expect(parseLayout('[]')).toEqual([]);
  });

  it('drops unknown names, malformed entries and repeats, keeping the order and params', () => {
    const text = JSON.stringify([
      { name: 'MyLife' },
      { name: 'Burndown' },
      'DefectType',
      null,
      { name: 'DefectModule', params: { size: 3 } },
      { name: 'MyLife', params: { again: true } },
      { name: 'DefectType', params: 'not an object' },
    ]);
    expect(parseLayout(text)).toEqual([
      { name: 'MyLife' },
      { name: 'DefectModule', params: { size: 3 } },
      { name: 'DefectType' },
    ]);
  });

  it('writes the JSON text the server stores and reads it back', () => {
    const panels: PanelEntry[] = [{ name: 'DefectState' }, { name: 'MyLife', params: { a: 1 } }];
    const text = serializeLayout(panels);
    expect(text).toBe('[{"name":"DefectState"},{"name":"MyLife","params":{"a":1}}]');
    expect(parseLayout(text)).toEqual(panels);
  });

  it('moves a panel to another place without touching the input', () => {
    const panels: PanelEntry[] = [{ name: 'DefectState' }, { name: 'DefectType' }, { name: 'DefectModule' }];
    expect(names(movePanel(panels, 0, 2))).toEqual(['DefectType', 'DefectModule', 'DefectState']);
    expect(names(movePanel(panels, 2, 0))).toEqual(['DefectModule', 'DefectState', 'DefectType']);
    expect(names(movePanel(panels, 1, 2))).toEqual(['DefectState', 'DefectModule', 'DefectType']);
    expect(names(panels)).toEqual(['DefectState', 'DefectType', 'DefectModule']);
  });

  it('leaves the order as it is for moves out of range', () => {
    const panels: PanelEntry[] = [{ name: 'DefectState' }, { name: 'DefectType' }];
    for (const [from, to] of [
      [0, -1],
      [1, 2],
      [5, 0],
      [0, 0],
      [0.5, 1],
    ] as const) {
      expect(names(movePanel(panels, from, to))).toEqual(['DefectState', 'DefectType']);
    }
  });

  it('adds a panel at the end only once, and removes one by name', () => {
    const panels: PanelEntry[] = [{ name: 'DefectState' }];
    expect(names(addPanel(panels, 'MyLife'))).toEqual(['DefectState', 'MyLife']);
    expect(addPanel(panels, 'DefectState')).toBeUndefined();
    expect(names(removePanel([...panels, { name: 'MyLife' }], 'DefectState'))).toEqual(['MyLife']);
  });
});

describe('status panel figures', () => {
  const row = (id: number, k: string, a: number, d = 0, w = 0) => ({ id, k, a, d, w });

  it('merges processing and rejected into pending, resolved into closed', () => {
    const summary = summarizeStates([
      row(0, 'PROCESSING', 5, 1, 2),
      row(1, 'AUDIT', 2, 0, 1),
      row(2, 'RESOLVED', 1, 0, 0),
      row(3, 'REJECTED', 3, 2, 3),
      row(4, 'CLOSED', 4, 1, 4),
    ]);
    expect(summary.all).toEqual({ a: 15, d: 4, w: 10 });
    expect(summary.groups).toEqual([
      { key: 'pending', a: 8, d: 3, w: 5, states: [0, 3] },
      { key: 'audit', a: 2, d: 0, w: 1, states: [1] },
      { key: 'closed', a: 5, d: 1, w: 4, states: [4, 2] },
    ]);
  });

  it('filters closed by resolved only when there are resolved defects', () => {
    const summary = summarizeStates([row(0, 'PROCESSING', 1), row(2, 'RESOLVED', 0), row(4, 'CLOSED', 2)]);
    expect(summary.groups.find((g) => g.key === 'closed')?.states).toEqual([4]);
  });

  it('counts zero for states the server left out', () => {
    const summary = summarizeStates([]);
    expect(summary.all).toEqual({ a: 0, d: 0, w: 0 });
    expect(summary.groups.map((g) => [g.key, g.a])).toEqual([
      ['pending', 0],
      ['audit', 0],
      ['closed', 0],
    ]);
  });
});

describe('deliverable ranking figures', () => {
  it('computes the finished share, 0 for a deliverable without defects', () => {
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(3, 3)).toBe(100);
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(5, 4)).toBe(100);
  });

  it('colours the bar by the original thresholds', () => {
    expect(progressColour(0)).toBe(PROGRESS_COLOURS.purple);
    expect(progressColour(19)).toBe(PROGRESS_COLOURS.purple);
    expect(progressColour(20)).toBe(PROGRESS_COLOURS.red);
    expect(progressColour(39)).toBe(PROGRESS_COLOURS.red);
    expect(progressColour(40)).toBe(PROGRESS_COLOURS.orange);
    expect(progressColour(59)).toBe(PROGRESS_COLOURS.orange);
    expect(progressColour(60)).toBe(PROGRESS_COLOURS.blue);
    expect(progressColour(79)).toBe(PROGRESS_COLOURS.blue);
    expect(progressColour(80)).toBe(PROGRESS_COLOURS.green);
    expect(progressColour(100)).toBe(PROGRESS_COLOURS.green);
  });

  it('cycles the five rank colours across pages', () => {
    expect(rankColour(1)).toBe(PROGRESS_COLOURS.red);
    expect(rankColour(2)).toBe(PROGRESS_COLOURS.orange);
    expect(rankColour(5)).toBe(PROGRESS_COLOURS.purple);
    expect(rankColour(6)).toBe(PROGRESS_COLOURS.red);
    expect(rankColour(0)).toBe(PROGRESS_COLOURS.purple);
  });
});

describe('panel filters', () => {
  it('sets a filter, and clears it when it is already applied', () => {
    expect(toggleFilter({}, 'module', '0')).toEqual({ module: '0' });
    expect(toggleFilter({ module: '0' }, 'module', '0')).toEqual({ module: '' });
    expect(toggleFilter({ module: '4' }, 'module', '0')).toEqual({ module: '0' });
  });

  it('compares id lists in any order', () => {
    expect(isFilterOn({ states: '3,0' }, 'states', '0,3')).toBe(true);
    expect(isFilterOn({ states: '0' }, 'states', '0,3')).toBe(false);
    expect(isFilterOn({ handler: '7' }, 'handler', '7')).toBe(true);
    expect(isFilterOn({}, 'type', 'BUG')).toBe(false);
    expect(toggleFilter({ states: '3,0' }, 'states', '0,3')).toEqual({ states: '' });
  });
});

describe('my life', () => {
  it('reads the stored JSON', () => {
    const text = serializeMyLife({ color: '#ff0000', fontSize: '20px', lifeContent: ' Carpe diem ' });
    expect(parseMyLife(text)).toEqual({ color: '#ff0000', fontSize: '20px', lifeContent: 'Carpe diem' });
  });

  it('shows plain text as the motto and falls back for what it cannot use', () => {
    expect(parseMyLife(null)).toEqual(LIFE_DEFAULT);
    expect(parseMyLife('just words')).toEqual({ ...LIFE_DEFAULT, lifeContent: 'just words' });
    expect(parseMyLife('{"color":"red;background:url(x)","fontSize":"99px","lifeContent":7}')).toEqual(
      LIFE_DEFAULT,
    );
  });
});
