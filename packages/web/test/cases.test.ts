import { CASE_STEPS_MAX, type ModuleNode, type TestCase } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { defectFromCase } from '../src/features/cases/case-defect.ts';
import {
  caseExportQuery,
  caseFilterQuery,
  caseListQuery,
  pickCaseFilters,
  viewOf,
} from '../src/features/cases/case-query.ts';
import {
  canAddStep,
  insertStep,
  moveStep,
  newStep,
  removeStep,
  type StepDraft,
  stepProblems,
  stepsBody,
  toDrafts,
  updateStep,
} from '../src/features/cases/case-steps.ts';
import { subtreeCaseCounts } from '../src/features/cases/case-tree.ts';
import { buildModuleTree } from '../src/features/modules/module-tree.ts';
import i18n from '../src/lib/i18n.ts';
import { toQueryString } from '../src/lib/query-string.ts';

const texts = (steps: StepDraft[]) => steps.map((s) => s.stepDescribe);
const three = () => toDrafts(['a', 'b', 'c'].map((d) => ({ stepDescribe: d, stepExpect: `${d}!` })));

describe('steps editor', () => {
  it('adds an empty row at the end, or right after a row', () => {
    expect(texts(insertStep(three()))).toEqual(['a', 'b', 'c', '']);
    expect(texts(insertStep(three(), 0))).toEqual(['a', '', 'b', 'c']);
    expect(texts(insertStep(three(), 2))).toEqual(['a', 'b', 'c', '']);
    expect(texts(insertStep([]))).toEqual(['']);
  });

  it('gives every row its own key, kept while rows move', () => {
    const steps = insertStep(three(), 0);
    expect(new Set(steps.map((s) => s.key)).size).toBe(4);
    const moved = moveStep(steps, 0, 1);
    expect(moved[1]?.key).toBe(steps[0]?.key);
  });

  it('stops at the limit of 50 steps', () => {
    const full = Array.from({ length: CASE_STEPS_MAX }, () => newStep({ stepDescribe: 'x' }));
    expect(canAddStep(full)).toBe(false);
    expect(insertStep(full)).toHaveLength(CASE_STEPS_MAX);
    expect(insertStep(full, 3)).toHaveLength(CASE_STEPS_MAX);
    expect(canAddStep(full.slice(1))).toBe(true);
  });

  it('removes a row, and nothing for an index out of range', () => {
    expect(texts(removeStep(three(), 1))).toEqual(['a', 'c']);
    expect(texts(removeStep(three(), 5))).toEqual(['a', 'b', 'c']);
  });

  it('moves a row up or down, but not past either end', () => {
    expect(texts(moveStep(three(), 1, -1))).toEqual(['b', 'a', 'c']);
    expect(texts(moveStep(three(), 1, 1))).toEqual(['a', 'c', 'b']);
    expect(texts(moveStep(three(), 0, -1))).toEqual(['a', 'b', 'c']);
    expect(texts(moveStep(three(), 2, 1))).toEqual(['a', 'b', 'c']);
    expect(texts(moveStep(three(), 7, -1))).toEqual(['a', 'b', 'c']);
  });

  it('changes one field of one row', () => {
    const steps = updateStep(three(), 2, { stepExpect: 'new' });
    expect(steps.map((s) => s.stepExpect)).toEqual(['a!', 'b!', 'new']);
    expect(steps[2]?.stepDescribe).toBe('c');
  });

  it('saves trimmed rows and drops those left entirely empty', () => {
    const steps = [
      newStep({ stepDescribe: '  Open  ', stepExpect: ' page ' }),
      newStep({ stepDescribe: ' ', stepExpect: '' }),
      newStep({ stepDescribe: 'Click', stepExpect: '' }),
    ];
    expect(stepsBody(steps)).toEqual([
      { stepDescribe: 'Open', stepExpect: 'page' },
      { stepDescribe: 'Click', stepExpect: '' },
    ]);
  });

  it('wants a description where an expectation is given, and at most 255 characters', () => {
    const steps = [
      newStep({ stepDescribe: 'ok' }),
      newStep({ stepDescribe: '', stepExpect: 'only the expectation' }),
      newStep(),
      newStep({ stepDescribe: 'x'.repeat(256) }),
      newStep({ stepDescribe: 'y', stepExpect: 'z'.repeat(256) }),
      newStep({ stepDescribe: 'x'.repeat(255), stepExpect: 'z'.repeat(255) }),
    ];
    expect(stepProblems(steps)).toEqual([
      undefined,
      'describe-required',
      undefined,
      'too-long',
      'too-long',
      undefined,
    ]);
  });
});

const CASE: TestCase = {
  caseId: 41,
  projectId: 3,
  caseNum: 12,
  caseName: 'Log in with a valid password',
  moduleId: 7,
  moduleName: 'Login',
  modulePath: 'App/Login',
  caseLevel: 2,
  casePreconditions: 'A user "ann" exists',
  caseExpect: 'The home page shows',
  caseStep: [
    { stepDescribe: 'Open the login page', stepExpect: 'The form shows' },
    { stepDescribe: 'Type the name\nand the password', stepExpect: '' },
    { stepDescribe: 'Press Enter', stepExpect: 'The home page opens' },
  ],
  caseState: 'fail',
  remark: null,
  imgUrls: null,
  annexUrls: null,
  caseData: null,
  caseKey: null,
  createBy: 'ann',
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
  defectProcessingCount: 0,
  defectAuditCount: 0,
  defectRejectedCount: 0,
  defectCloseCount: 0,
};

describe('defect from a test case', () => {
  const en = i18n.getFixedT('en_US');
  const zh = i18n.getFixedT('zh_CN');

  it('names the case, links it, and lists every step and the expected result', () => {
    const prefill = defectFromCase(CASE, en);
    expect(prefill).toMatchObject({
      defectName: '#12 Log in with a valid password',
      moduleId: 7,
      caseId: 41,
      caseLabel: '#12 Log in with a valid password',
    });
    expect(prefill.defectDescribe).toBe(
      [
        'Found with test case [#12](/#/project/case?caseId=41) Log in with a valid password',
        '### Preconditions\nA user "ann" exists',
        '### Steps\n1. Open the login page — expected: The form shows\n2. Type the name and the password\n3. Press Enter — expected: The home page opens',
        '### Expected result\nThe home page shows',
        '### Actual result\n',
      ].join('\n\n'),
    );
  });

  it('from a step: names the step and stops the steps there', () => {
    const prefill = defectFromCase(CASE, en, 1);
    expect(prefill.defectName).toBe('Log in with a valid password — step 2: Type the name and the password');
    expect(prefill.defectDescribe).toContain('at step 2');
    expect(prefill.defectDescribe).toContain('2. Type the name and the password');
    expect(prefill.defectDescribe).not.toContain('Press Enter');
    // The step expects nothing of its own, so the case's expected result stands.
    expect(prefill.defectDescribe).toContain('### Expected result\nThe home page shows');
    expect(prefill.caseId).toBe(41);
  });

  it('from a step with its own expectation: that is the expected result', () => {
    const prefill = defectFromCase(CASE, en, 0);
    expect(prefill.defectDescribe).toContain('### Expected result\nThe form shows');
    expect(prefill.defectDescribe).not.toContain('2. ');
  });

  it('leaves out what the case does not have, and speaks the chosen language', () => {
    const bare = { ...CASE, casePreconditions: null, caseStep: [], moduleId: null };
    const prefill = defectFromCase(bare, zh);
    expect(prefill.defectDescribe).not.toContain('前置条件');
    expect(prefill.defectDescribe).not.toContain('### 步骤');
    expect(prefill.defectDescribe).toContain('### 预期结果\nThe home page shows');
    expect(prefill.moduleId).toBeUndefined();
    expect(defectFromCase(CASE, zh, 2).defectName).toBe('Log in with a valid password — 步骤 3：Press Enter');
  });
});

describe('case list filters and query', () => {
  it('keeps from the URL only what the server would take', () => {
    expect(pickCaseFilters({ name: ' #12 ', level: '3', state: 'fail', module: '9' })).toEqual({
      name: '#12',
      level: '3',
      state: 'fail',
      module: '9',
    });
    expect(pickCaseFilters({ name: '  ', level: '6', state: 'maybe', module: '0' })).toEqual({});
    expect(pickCaseFilters({ level: '1.5', module: '-2' })).toEqual({});
  });

  it('asks the server with its names; the deliverable as params[modulePid] (its subtree)', () => {
    expect(caseFilterQuery({ name: 'login', level: '2', state: 'untested', module: '5' })).toEqual({
      caseName: 'login',
      caseLevel: 2,
      caseState: 'untested',
      params: { modulePid: 5 },
    });
    const query = caseListQuery(
      3,
      { module: '5', sort: 'caseNum', order: 'asc', view: 'card' },
      {
        pageNum: 2,
        pageSize: 20,
      },
    );
    expect(toQueryString(query)).toBe(
      'projectId=3&orderByColumn=caseNum&isAsc=asc&params%5BmodulePid%5D=5&pageNum=2&pageSize=20',
    );
  });

  it('sorts only by the columns the server knows, descending unless asked', () => {
    expect(caseExportQuery(1, { sort: 'caseLevel' })).toEqual({
      projectId: 1,
      orderByColumn: 'caseLevel',
      isAsc: 'desc',
    });
    expect(caseExportQuery(1, { sort: 'password', order: 'asc' })).toEqual({ projectId: 1 });
  });

  it('shows the table unless the URL asks for cards', () => {
    expect(viewOf({ view: 'card' })).toBe('card');
    expect(viewOf({})).toBe('table');
    expect(viewOf({ view: 'calendar' })).toBe('table');
  });
});

const node = (moduleId: number, modulePid: number, caseCount: number): ModuleNode => ({
  moduleId,
  projectId: 1,
  modulePid,
  moduleName: `m${moduleId}`,
  remark: null,
  modulePath: `m${moduleId}`,
  childrenCount: 0,
  defectCount: 0,
  caseCount,
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
});

describe('deliverable tree counts', () => {
  it('counts each node with everything below it', () => {
    const tree = buildModuleTree([node(1, 0, 2), node(2, 1, 3), node(3, 2, 1), node(4, 1, 0), node(5, 0, 4)]);
    expect(Object.fromEntries(subtreeCaseCounts(tree))).toEqual({ 1: 6, 2: 4, 3: 1, 4: 0, 5: 4 });
  });
});
