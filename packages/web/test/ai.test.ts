import type { AiCase, AiModel } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { aiUrlProblem, modelNameProblem } from '../src/features/ai/ai-rules.ts';
import {
  applyPullFrame,
  canonicalModel,
  mergeModelRows,
  modelSuggestions,
  type PullView,
  pullPercent,
  pullStarted,
  readPullFrame,
  readRecentModels,
  rememberModel,
} from '../src/features/ai/model-pull.ts';
import {
  addRound,
  batchBody,
  clampCount,
  generationBody,
  markImported,
  needsDeliverable,
  newTopic,
  removeCases,
  shownRound,
  updateCase,
} from '../src/features/cases/ai-conversation.ts';

const frame = (over: Partial<PullView> = {}) => ({
  projectId: 7,
  name: 'qwen2:0.5b',
  state: 'PULLING' as const,
  total: 1000,
  completed: 250,
  layer: '6a0746a1ec1a',
  error: null,
  ...over,
});

const model = (name: string, state: AiModel['state'], over: Partial<AiModel> = {}): AiModel => ({
  name,
  size: state === 'COMPLETED' ? 4_700_000_000 : 0,
  state,
  kind: null,
  ...over,
});

const generated = (over: Partial<AiCase> = {}): AiCase => ({
  caseName: 'Add an item to the cart',
  caseLevel: 2,
  moduleId: null,
  modulePath: null,
  casePreconditions: ' Signed in ',
  caseExpect: 'The cart holds the item',
  caseStep: [
    { stepDescribe: 'Open a product', stepExpect: 'The page shows' },
    { stepDescribe: '  ', stepExpect: '' },
  ],
  ...over,
});

describe('pull frames', () => {
  it('reads only well-formed frames of the project', () => {
    expect(readPullFrame(frame(), 7)?.completed).toBe(250);
    expect(readPullFrame(frame(), 8)).toBeUndefined();
    expect(readPullFrame({ ...frame(), state: 'DONE' }, 7)).toBeUndefined();
    expect(readPullFrame({ name: 'x' }, 7)).toBeUndefined();
    expect(readPullFrame(null, 7)).toBeUndefined();
  });

  it('turns a frame into the percentage of its layer', () => {
    expect(pullPercent(frame({ completed: 0 }))).toBe(0);
    expect(pullPercent(frame({ completed: 250 }))).toBe(25);
    expect(pullPercent(frame({ completed: 999 }))).toBe(99);
    expect(pullPercent(frame({ completed: 1000 }))).toBe(100);
    expect(pullPercent(frame({ completed: 1200 }))).toBe(100);
    // "pulling manifest" comes without figures.
    expect(pullPercent(frame({ total: 0, completed: 0 }))).toBe(0);
    expect(pullPercent({ state: 'PULLING' })).toBe(0);
    expect(pullPercent(frame({ state: 'SUCCESS', total: 0, completed: 0 }))).toBe(100);
    expect(pullPercent({ state: 'COMPLETED' })).toBe(100);
    expect(pullPercent(frame({ state: 'ERROR', completed: 500 }))).toBe(50);
  });

  it('keeps the latest frame per model, `name` and `name:latest` being one', () => {
    let pulls = applyPullFrame(new Map(), pullStarted('llama3'));
    pulls = applyPullFrame(pulls, frame({ name: 'llama3', completed: 100 }));
    pulls = applyPullFrame(pulls, frame({ name: 'llama3:latest', completed: 600 }));
    pulls = applyPullFrame(pulls, frame({ name: 'llava:7b', completed: 10 }));
    expect([...pulls.keys()]).toEqual(['llama3:latest', 'llava:7b']);
    expect(pulls.get('llama3:latest')?.completed).toBe(600);
    expect(canonicalModel('library/qwen2')).toBe('library/qwen2:latest');
    expect(canonicalModel('host:5000/team/model')).toBe('host:5000/team/model:latest');
    expect(canonicalModel('qwen2:7b')).toBe('qwen2:7b');
  });

  it('lays the frames over the list: a bar while pulling, 100 % when done, the error when failed', () => {
    const rows = [
      model('llama3:8b', 'EMPTY', { kind: 'business' }),
      model('llava:7b', 'EMPTY', { kind: 'image' }),
      model('qwen2:0.5b', 'COMPLETED'),
      model('phi3:mini', 'EMPTY'),
    ];
    let pulls = applyPullFrame(new Map(), frame({ name: 'llama3:8b', completed: 500 }));
    pulls = applyPullFrame(pulls, frame({ name: 'llava:7b', state: 'ERROR', error: 'disk full' }));
    pulls = applyPullFrame(pulls, frame({ name: 'tinyllama', completed: 0, total: 0 }));
    pulls = applyPullFrame(
      pulls,
      frame({ name: 'phi3:mini', state: 'SUCCESS', total: 2000, completed: 2000 }),
    );
    const merged = mergeModelRows(rows, pulls);
    expect(merged.map((r) => [r.name, r.state])).toEqual([
      ['llama3:8b', 'PULLING'],
      ['tinyllama', 'PULLING'],
      ['llava:7b', 'ERROR'],
      ['phi3:mini', 'COMPLETED'],
      ['qwen2:0.5b', 'COMPLETED'],
    ]);
    const llama = merged[0];
    expect(llama && pullPercent(llama)).toBe(50);
    expect(llama?.kind).toBe('business');
    expect(merged[2]?.error).toBe('disk full');
    expect(merged[3]).toMatchObject({ isJustPulled: true, size: 2000 });
    expect(merged[3] && pullPercent(merged[3])).toBe(100);
    // The list alone, in the original's order.
    expect(mergeModelRows(rows, new Map()).map((r) => r.name)).toEqual([
      'llama3:8b',
      'llava:7b',
      'phi3:mini',
      'qwen2:0.5b',
    ]);
  });
});

describe('model names', () => {
  it('remembers the last nine downloads, newest first, once each', () => {
    let recent: string[] = [];
    for (let i = 1; i <= 11; i++) recent = rememberModel(recent, `m${i}`);
    recent = rememberModel(recent, ' m5 ');
    expect(recent).toEqual(['m5', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm4', 'm3']);
    expect(rememberModel(recent, '  ')).toEqual(recent);
  });

  it('suggests the server names then the recent ones, filtered by what is typed', () => {
    const defaults = ['llama3:8b', 'llava:7b'];
    expect(modelSuggestions(defaults, ['qwen2', 'llava:7b'])).toEqual(['llama3:8b', 'llava:7b', 'qwen2']);
    expect(modelSuggestions(defaults, ['qwen2'], 'LLA')).toEqual(['llama3:8b', 'llava:7b']);
  });

  it('reads the stored names defensively', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readRecentModels(storage('["a",1,"b"]'))).toEqual(['a', 'b']);
    expect(readRecentModels(storage('{"a":1}'))).toEqual([]);
    expect(readRecentModels(storage('not json'))).toEqual([]);
    expect(readRecentModels(storage(null))).toEqual([]);
  });

  it('checks a name and an address as the server does', () => {
    expect(modelNameProblem('')).toBe('ai.model.name.required');
    expect(modelNameProblem('  ')).toBe('ai.model.name.required');
    expect(modelNameProblem('bad name')).toBe('ai.model.name.invalid');
    expect(modelNameProblem('registry.host:5000/team/model:tag')).toBeUndefined();
    expect(aiUrlProblem('')).toBeUndefined();
    expect(aiUrlProblem(null)).toBeUndefined();
    expect(aiUrlProblem('http://10.0.0.5:11434')).toBeUndefined();
    expect(aiUrlProblem('ftp://host')).toBe('ai.url.invalid');
    expect(aiUrlProblem('localhost:11434')).toBe('ai.url.invalid');
    expect(aiUrlProblem(`http://h/${'a'.repeat(520)}`)).toBe('ai.url.invalid');
  });
});

describe('the conversation', () => {
  const answer = (n: number, context: number[]) => ({
    cases: Array.from({ length: n }, (_v, i) => generated({ caseName: `Case ${i + 1}` })),
    context,
  });
  const at = { seconds: 3, time: '10:00:00' };

  it('starts a topic without context, then carries the returned context on', () => {
    let c = newTopic();
    expect(generationBody(c, 7, '  Checkout page ', 5)).toEqual({
      projectId: 7,
      prompt: 'Checkout page',
      count: 5,
    });
    c = addRound(c, { prompt: ' Checkout page ', count: 5, ...at }, answer(5, [1, 2, 3]));
    expect(c.context).toEqual([1, 2, 3]);
    expect(generationBody(c, 7, 'Also coupons', 3)).toEqual({
      projectId: 7,
      prompt: 'Also coupons',
      count: 3,
      context: [1, 2, 3],
    });
    c = addRound(c, { prompt: 'Also coupons', count: 3, ...at }, answer(3, [1, 2, 3, 4]));
    expect(c.rounds.map((r) => [r.num, r.prompt, r.generated])).toEqual([
      [1, 'Checkout page', 5],
      [2, 'Also coupons', 3],
    ]);
    expect(shownRound(c)?.num).toBe(2);
    expect(shownRound(c)?.cases.map((d) => d.key)).toEqual(['2-1', '2-2', '2-3']);
    expect(c.context).toEqual([1, 2, 3, 4]);
    // An answer without context keeps the topic's.
    c = addRound(c, { prompt: 'More', count: 1, ...at }, answer(1, []));
    expect(c.context).toEqual([1, 2, 3, 4]);
    // A new topic forgets all of it.
    expect(generationBody(newTopic(), 7, 'x', 5)).not.toHaveProperty('context');
  });

  it('keeps the count within 1–50, 5 when unset', () => {
    expect([clampCount(undefined), clampCount(null), clampCount(0), clampCount(2.6), clampCount(99)]).toEqual(
      [5, 5, 1, 3, 50],
    );
  });

  it('edits, removes and marks imported in the round shown only', () => {
    let c = addRound(newTopic(), { prompt: 'a', count: 2, ...at }, answer(2, [1]));
    c = addRound(c, { prompt: 'b', count: 2, ...at }, answer(2, [2]));
    c = { ...c, shown: 0 };
    c = updateCase(c, '1-1', { caseName: 'Renamed', moduleId: 4 });
    c = removeCases(c, ['1-2']);
    c = markImported(c, ['1-1'], 9);
    expect(c.rounds[0]?.cases).toMatchObject([
      { key: '1-1', caseName: 'Renamed', moduleId: 4, isImported: true },
    ]);
    expect(c.rounds[0]?.generated).toBe(2);
    expect(c.rounds[1]?.cases.map((d) => [d.caseName, d.isImported])).toEqual([
      ['Case 1', false],
      ['Case 2', false],
    ]);
    // The import's deliverable goes to the cases that had none.
    c = { ...c, shown: 1 };
    c = markImported(c, ['2-1', '2-2'], 9);
    expect(c.rounds[1]?.cases.map((d) => d.moduleId)).toEqual([9, 9]);
  });
});

describe('the batch import body', () => {
  const drafts = () =>
    addRound(
      newTopic(),
      { prompt: 'p', count: 3, seconds: 1, time: '' },
      {
        cases: [
          generated({ caseName: ' With a deliverable ', moduleId: 3, modulePath: 'Shop/Cart' }),
          generated({ caseName: 'Without one' }),
          generated({ caseName: 'Also without', casePreconditions: '' }),
        ],
        context: [],
      },
    ).rounds[0]?.cases ?? [];

  it('gives the chosen deliverable to the cases without one and keeps the others', () => {
    const cases = drafts();
    expect(needsDeliverable(cases)).toBe(true);
    expect(needsDeliverable(cases.slice(0, 1))).toBe(false);
    const { body, problems } = batchBody(7, cases, 11);
    expect(problems).toEqual([]);
    expect(body.map((b) => [b.caseName, b.moduleId])).toEqual([
      ['With a deliverable', 3],
      ['Without one', 11],
      ['Also without', 11],
    ]);
    expect(body[0]).toEqual({
      projectId: 7,
      caseName: 'With a deliverable',
      moduleId: 3,
      caseLevel: 2,
      casePreconditions: 'Signed in',
      caseExpect: 'The cart holds the item',
      caseStep: [{ stepDescribe: 'Open a product', stepExpect: 'The page shows' }],
    });
    expect(body[2]?.casePreconditions).toBeNull();
  });

  it('names the cases the server would refuse instead of sending a batch that fails', () => {
    const cases = drafts();
    expect(batchBody(7, cases, undefined).problems).toEqual([
      { key: '1-2', problem: 'module' },
      { key: '1-3', problem: 'module' },
    ]);
    const broken = [
      { ...cases[0], caseName: '  ' },
      { ...cases[1], caseExpect: '' },
    ] as typeof cases;
    const { body, problems } = batchBody(7, broken, 11);
    expect(body).toEqual([]);
    expect(problems).toEqual([
      { key: '1-1', problem: 'title' },
      { key: '1-2', problem: 'expect' },
    ]);
  });
});
