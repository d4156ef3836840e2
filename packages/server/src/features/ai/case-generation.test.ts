import { describe, expect, it } from 'vitest';
import { buildCasePrompt, parseCaseAnswer, resolveModule } from './case-generation.ts';

const paths = new Map([
  ['Shop', 1],
  ['Shop/Cart', 2],
  ['Admin/Cart', 3],
  ['Shop/Checkout', 4],
]);

describe('the generation prompt', () => {
  it('asks for 5 cases unless told, lists the deliverables and the JSON shape', () => {
    const en = buildCasePrompt({ lang: 'en_US', prompt: ' Login page ', modulePaths: ['Shop', 'Shop/Cart'] });
    expect(en).toContain('Login page. If no number of test cases is stated above, generate 5 test cases.');
    expect(en).toContain(
      'one of them, written exactly, or an empty string when none fits:\nShop\nShop/Cart\n',
    );
    expect(en).toContain('Return JSON in this format:{"cases":[{"caseName":""');
    const zh = buildCasePrompt({ lang: 'zh_CN', prompt: '登录', count: 8, modulePaths: [] });
    expect(zh).toContain('登录。请生成8条测试用例。');
    expect(zh).toContain('项目还没有交付物');
  });
});

describe('reading the answer', () => {
  it('finds deliverables by exact path, by path in any case, then by a unique last name', () => {
    expect(resolveModule('Shop/Cart', paths)).toEqual({ moduleId: 2, modulePath: 'Shop/Cart' });
    expect(resolveModule(' shop / CHECKOUT ', paths)).toEqual({ moduleId: 4, modulePath: 'Shop/Checkout' });
    expect(resolveModule('Checkout', paths)).toEqual({ moduleId: 4, modulePath: 'Shop/Checkout' });
    expect(resolveModule('Cart', paths)).toBeNull(); // two nodes are named Cart
    expect(resolveModule('', paths)).toBeNull();
  });

  it('accepts a fenced answer, a bare list or a single case, and clamps what it must', () => {
    const one = {
      caseName: 'Log in',
      caseLevel: '7',
      caseStep: [{ stepDescribe: 'Type', stepExpect: 'Shown' }],
    };
    const fenced = parseCaseAnswer(`Sure!\n\`\`\`json\n{"cases":[${JSON.stringify(one)}]}\n\`\`\``, paths);
    expect(fenced).toEqual([
      {
        caseName: 'Log in',
        caseLevel: 5,
        moduleId: null,
        modulePath: null,
        casePreconditions: '',
        caseExpect: 'Shown',
        caseStep: [{ stepDescribe: 'Type', stepExpect: 'Shown' }],
      },
    ]);
    expect(parseCaseAnswer(JSON.stringify([one]), paths)).toHaveLength(1);
    expect(parseCaseAnswer(JSON.stringify(one), paths)).toHaveLength(1);
    expect(parseCaseAnswer(JSON.stringify({ testCases: [one, { caseName: '' }] }), paths)).toHaveLength(1);
    const long = parseCaseAnswer(
      JSON.stringify({ cases: [{ caseName: '😀'.repeat(200), caseLevel: 'high' }] }),
      paths,
    );
    expect(long?.[0]?.caseName.length).toBeLessThanOrEqual(255);
    expect(long?.[0]?.caseName.endsWith('😀')).toBe(true);
    expect(long?.[0]?.caseLevel).toBe(3);
  });

  it('answers null when nothing usable is there', () => {
    expect(parseCaseAnswer('{"cases": [{"caseName": "Add', paths)).toBeNull();
    expect(parseCaseAnswer('I cannot help with that.', paths)).toBeNull();
    expect(parseCaseAnswer('{"cases": []}', paths)).toBeNull();
    expect(parseCaseAnswer('{"cases": [{"caseLevel": 2}]}', paths)).toBeNull();
  });
});
