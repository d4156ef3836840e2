import { describe, expect, it } from 'vitest';
import { DEFECT_LEVELS, DEFECT_TYPES } from './defect.ts';
import { REPORT_SOURCES, type ReportCase, type ReportData, type ReportDefect } from './report-data.ts';
import { directiveMarkdown, parseDirective, type ReportLabels, sourceFields } from './report-directives.ts';
import { createReportMarkdown, reportNeeds, snapshotReport } from './report-markdown.ts';
import { REPORT_COLUMN_WORDS, reportLabels } from './report-words.ts';

const labels: ReportLabels = {
  column: (f) => `«${f}»`,
  defectType: (t) => `type:${t}`,
  defectLevel: (l) => `level:${l}`,
  defectState: (s) => `state:${s}`,
  caseState: (s) => `case:${s}`,
  planItemState: (s) => `item:${s}`,
  more: (n) => `and ${n} more`,
  none: () => '(none)',
};

const XSS = '<img src=x onerror=alert(1)>';
const defect = (n: number, over: Partial<ReportDefect> = {}): ReportDefect => ({
  defectId: n,
  projectNum: n,
  defectType: 'BUG',
  defectLevel: 'urgent',
  defectState: 0,
  defectName: `Defect ${n}`,
  defectDescribe: 'line one\nline two',
  moduleName: 'Login',
  moduleVersion: '1.0',
  handleBy: ['Ann', 'Bob'],
  createBy: 'Cy',
  createTime: '2026-11-01 10:00:00',
  updateBy: null,
  updateTime: '2026-11-02 10:00:00',
  planStartTime: null,
  planEndTime: null,
  imgUrls: '/profile/upload/a.png,javascript:alert(1)',
  annexUrls: '/profile/upload/spec.pdf',
  ...over,
});
const testCase = (n: number): ReportCase => ({
  caseId: n,
  caseNum: n,
  caseName: `Case ${n}`,
  moduleName: null,
  caseLevel: 2,
  casePreconditions: 'signed in',
  caseExpect: 'it works',
  caseStep: [{ stepDescribe: 'open', stepExpect: 'opens' }],
  caseState: 'pass',
  remark: null,
  createBy: 'Cy',
  createTime: '2026-11-01 10:00:00',
  updateTime: '2026-11-01 10:00:00',
});

const data = (over: Partial<ReportData> = {}): ReportData => ({
  project: {
    projectId: 7,
    projectName: 'Shop <b>',
    projectIcon: '/profile/upload/icon.png',
    projectIntroduce: null,
    createBy: 'Cy',
    createTime: '2026-01-01 00:00:00',
    updateTime: null,
  },
  defect: {
    total: 250,
    openTotal: 120,
    list: [defect(1, { defectName: XSS }), defect(2)],
    open: [defect(1)],
  },
  case: { total: 3, list: [testCase(1), testCase(2), testCase(3)] },
  member: { all: [{ userId: 1, userName: 'ann', nickName: 'Ann', roleIds: [] }] },
  stats: {
    'api.defect.byState': [
      { key: '0', name: null, count: 3 },
      { key: '2', name: null, count: 1 },
    ],
    'api.defect.byHandler': [{ key: '0', name: null, count: 2 }],
    'api.case.byModule': [{ key: '1', name: 'Login', total: 4, pass: 3, fail: 1, untested: 0 }],
    'api.defect.trend': [{ day: '2026-11-01', created: 2, closed: 1 }],
  },
  ...over,
});

describe('parseDirective', () => {
  it('reads every directive form', () => {
    expect(parseDirective('${api.project.projectName}')).toEqual({
      kind: 'variable',
      path: 'api.project.projectName',
    });
    expect(parseDirective('$t{api.case.total}')).toEqual({ kind: 'variable', path: 'api.case.total' });
    expect(parseDirective('$text{api.project}')).toEqual({ kind: 'variable', path: 'api.project' });
    expect(parseDirective('  ${api.defect.openTotal}  ')).toEqual({
      kind: 'variable',
      path: 'api.defect.openTotal',
    });
    expect(parseDirective('$img{api.project.projectIcon}')).toEqual({
      kind: 'image',
      path: 'api.project.projectIcon',
    });
    expect(parseDirective('$image["style":"width:100px;height:80px;"]{api.project.projectIcon}')).toEqual({
      kind: 'image',
      path: 'api.project.projectIcon',
      width: 100,
      height: 80,
    });
    expect(parseDirective('$card{api.case.list}')).toEqual({ kind: 'card', source: 'api.case.list' });
    expect(parseDirective('$table{api.defect.list[projectNum,defectName:Title: long]}')).toEqual({
      kind: 'table',
      source: 'api.defect.list',
      columns: [{ field: 'projectNum' }, { field: 'defectName', header: 'Title: long' }],
    });
    const table = parseDirective('$table{api.case.list}');
    expect(table).toMatchObject({ kind: 'table', source: 'api.case.list' });
    expect(table?.kind === 'table' && table.columns.map((c) => c.field)).toEqual(
      sourceFields('api.case.list'),
    );
  });

  it('leaves malformed directives as text', () => {
    for (const text of [
      '${api.project.password}',
      '${api.nothing}',
      '${api.project.projectName',
      '$table{api.defect.list[nope]}',
      '$table{api.defect.list[projectNum,]}',
      '$table{api.secret.list}',
      '$card{api.defect.list}',
      '$img{api.project.projectName}',
      '$table{api.defect.list} trailing',
      'text ${api.case.total}',
      '$tab{api.defect.list}',
      '',
    ])
      expect(parseDirective(text), text).toBeNull();
  });
});

describe('directiveMarkdown', () => {
  const md = createReportMarkdown({ uploadBase: '/api' });
  const html = (source: string, d = data()) => md.render(source, { report: { data: d, labels } });

  it('fills values, escaped', () => {
    expect(html('${api.project.projectName}')).toBe('<p>Shop &lt;b&gt;</p>\n');
    expect(html('${api.project.projectIntroduce}')).toBe('');
    expect(html('Cases: ${api.case.total}, open ${api.defect.openTotal} of $t{api.defect.total}.')).toBe(
      '<p>Cases: 3, open 120 of 250.</p>\n',
    );
    expect(html('${api.project}')).toContain('&quot;projectName&quot;:&quot;Shop &lt;b&gt;&quot;');
  });

  it('writes a defect table with translated values and only upload images', () => {
    const out = html('$table{api.defect.list}');
    expect(out).toContain('<th>«projectNum»</th>');
    expect(out).toContain('<td>type:BUG</td>');
    expect(out).toContain('<td>level:urgent</td>');
    expect(out).toContain('<td>state:0</td>');
    expect(out).toContain('<td>line one line two</td>');
    expect(out).toContain('<img src="/api/profile/upload/a.png"');
    expect(out).toContain('href="/api/profile/upload/spec.pdf"');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('<p>and 248 more</p>');
  });

  it('runs nothing from HTML in data', () => {
    const out = html('$table{api.defect.list[defectName]}');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toMatch(/<img[^>]*onerror/);
    const piped = html(
      '$table{api.defect.list[defectName]}',
      data({ defect: { total: 1, openTotal: 0, list: [defect(1, { defectName: 'a | b\n# c' })] } }),
    );
    expect(piped).toContain('<td>a | b # c</td>');
  });

  it("writes chosen columns with the author's headers", () => {
    const out = html('$table{api.defect.open[projectNum:No.,handleBy]}');
    expect(out).toContain('<th>No.</th>');
    expect(out).toContain('<td>Ann, Bob</td>');
    expect(out).toContain('and 119 more');
  });

  it('writes counts with their share of the whole', () => {
    const out = html('$table{api.defect.byState}');
    expect(out).toMatch(/<td>state:0<\/td>\s*<td>3<\/td>\s*<td>75%<\/td>/);
    expect(html('$table{api.defect.byHandler}')).toContain('<td>(none)</td>');
    expect(html('$table{api.case.byModule}')).toMatch(
      /<td>Login<\/td>\s*<td>4<\/td>\s*<td>3<\/td>\s*<td>1<\/td>\s*<td>0<\/td>\s*<td>75%<\/td>/,
    );
    expect(html('$table{api.defect.trend}')).toMatch(/<td>2026-11-01<\/td>\s*<td>2<\/td>\s*<td>1<\/td>/);
    expect(html('$table{api.member.all}')).toContain('<td>ann</td>');
  });

  it('fills a plan’s figures and its items’ table, and leaves them blank without a plan', () => {
    const withPlan = data({
      plan: {
        info: { planName: 'Release <3>', passCount: 7, itemTotal: 10, passRate: '70%', planVersion: null },
        itemTotal: 12,
        items: [
          {
            caseNum: 4,
            caseName: 'Pay | twice',
            moduleName: 'Cart',
            planItemState: 'unexecuted',
            planItemResult: 'retest',
            defectCount: 1,
            updateBy: 'Tess',
            updateTime: '2026-11-29 10:00:00',
          },
        ],
      },
    });
    expect(
      html(
        '${api.plan.planName}: ${api.plan.passCount}/${api.plan.itemTotal} (${api.plan.passRate})',
        withPlan,
      ),
    ).toBe('<p>Release &lt;3&gt;: 7/10 (70%)</p>\n');
    const table = md.render('$table{api.plan.items[caseNum,caseName,planItemState]}', {
      report: { data: withPlan, labels },
    });
    expect(table).toContain('<td>Pay | twice</td>');
    expect(table).toContain('<td>item:retest</td>');
    expect(table).toContain('and 11 more');
    expect(html('${api.plan.planName}')).toBe('');
    expect(parseDirective('${api.plan.nothing}')).toBeNull();
  });

  it('says so when a table has no rows', () => {
    expect(html('$table{api.defect.byType}')).toContain('<td>(none)</td>');
  });

  it('writes case cards with their steps', () => {
    const out = html('$card{api.case.list}');
    expect(out.match(/<h4>/g)).toHaveLength(3);
    expect(out).toContain('<h4>1 Case 1</h4>');
    expect(out).toContain('<strong>«casePreconditions»</strong>: signed in');
    expect(out).toMatch(/<td class="md-align-right">1<\/td>\s*<td>open<\/td>\s*<td>opens<\/td>/);
  });

  it('cuts case cards with a line saying how many are left', () => {
    const many = Array.from({ length: 60 }, (_, i) => testCase(i + 1));
    const out = directiveMarkdown(
      { kind: 'card', source: 'api.case.list' },
      data({ case: { total: 400, list: many } }),
      labels,
    );
    expect(out.match(/^#### /gm)).toHaveLength(50);
    expect(out).toContain('and 350 more');
  });

  it('sizes the project icon, and shows nothing for a built-in icon', () => {
    expect(html('$image["style":"width:100px;height:100px;"]{api.project.projectIcon}')).toContain(
      '<img src="/api/profile/upload/icon.png" alt="projectIcon" width="100" height="100">',
    );
    const builtIn = data();
    builtIn.project.projectIcon = 'project-icon-3';
    expect(html('$img{api.project.projectIcon}', builtIn)).not.toContain('<img');
  });

  it('leaves directives in code, quotes and lists as written, and malformed ones as text', () => {
    const out = html(
      '```\n$table{api.defect.list}\n```\n\n> $table{api.defect.list}\n\n- $card{api.case.list}\n\n    $table{api.defect.list}\n\n$table{api.defect.list[nope]}\n\n`${api.case.total}`',
    );
    expect(out).not.toContain('<table');
    expect(out).toContain('$table{api.defect.list[nope]}');
    expect(out).toContain('<code>${api.case.total}</code>');
  });

  it('shows directives as written without data', () => {
    expect(md.render('$table{api.defect.list}\n\n${api.case.total}')).toBe(
      '<p>$table{api.defect.list}</p>\n<p>${api.case.total}</p>\n',
    );
  });

  it('ends a paragraph at a directive line', () => {
    expect(html('Intro\n$table{api.member.all}')).toMatch(/^<p>Intro<\/p>\n<table>/);
  });
});

describe('reportNeeds', () => {
  it('names every source a report draws on, once', () => {
    const md = createReportMarkdown();
    expect(
      reportNeeds(
        md,
        '$table{api.defect.list}\n$card{api.case.list}\n$table{api.defect.list[projectNum]}\n${api.case.total}\n```\n$table{api.member.all}\n```',
      ),
    ).toEqual(['api.defect.list', 'api.case.list']);
  });
});

describe('snapshotReport', () => {
  const md = createReportMarkdown();
  const source =
    '# ${api.project.projectName}\nOpen: ${api.defect.openTotal} (`${api.defect.total}`)\n$table{api.defect.byState}\nAfter\n```\n${api.case.total}\n```';

  it('writes every directive out as plain Markdown and keeps the rest', () => {
    const text = snapshotReport(md, source, data(), labels);
    expect(text).toContain('# Shop \\<b\\>');
    expect(text).toContain('Open: 120 (`${api.defect.total}`)');
    expect(text).toContain('| state\\:0 | 3 | 75% |');
    expect(text).toContain('```\n${api.case.total}\n```');
    expect(text).toContain('\nAfter\n');
  });

  it('stays the same when the data changes later', () => {
    const text = snapshotReport(md, source, data(), labels);
    const later = data({ defect: { total: 1, openTotal: 1, list: [] } });
    expect(md.render(text, { report: { data: later, labels } })).toContain('Open: 120');
    expect(md.render(text, {})).toBe(md.render(text, { report: { data: later, labels } }));
  });

  it('renders the same as the live report did at that moment', () => {
    const live = md.render(source, { report: { data: data(), labels } });
    const frozen = md.render(snapshotReport(md, source, data(), labels), {});
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    expect(text(frozen)).toBe(text(live));
  });
});

describe('report words', () => {
  it('name every column of every source in both languages', () => {
    const fields = [
      ...new Set([...REPORT_SOURCES.flatMap((s) => sourceFields(s)), 'stepDescribe', 'stepExpect']),
    ];
    for (const lang of ['zh_CN', 'en_US'] as const)
      expect(
        fields.filter((f) => !(f in REPORT_COLUMN_WORDS[lang])),
        lang,
      ).toEqual([]);
    const en = reportLabels('en_US');
    expect([
      en.defectType('TASK'),
      en.defectLevel('height'),
      en.defectState(3),
      en.caseState('fail'),
    ]).toEqual(['Task', 'High', 'Rejected', 'Failed']);
    expect(reportLabels('zh_CN').more(3)).toContain('3');
  });

  it("speak the app's English: assignee, status, priority, request, in sentence case", () => {
    const en = reportLabels('en_US');
    expect(
      ['handleBy', 'handler', 'defectStateName', 'state', 'defectLevel', 'level', 'remark'].map(en.column),
    ).toEqual(['Assignees', 'Assignee', 'Defect status', 'Status', 'Defect priority', 'Priority', 'Notes']);
    expect([
      en.defectType('BUG'),
      en.defectType('DEMAND'),
      en.defectState(1),
      en.caseState('untested'),
    ]).toEqual(['Bug', 'Request', 'In review', 'Not tested']);
    const words = [
      ...Object.values(REPORT_COLUMN_WORDS.en_US),
      ...DEFECT_TYPES.map(en.defectType),
      ...DEFECT_LEVELS.map(en.defectLevel),
      ...[0, 1, 2, 3, 4].map(en.defectState),
      ...['untested', 'pass', 'fail'].map(en.caseState),
    ];
    // Only the first word of a label is capitalised.
    expect(words.filter((w) => /\s[A-Z]/.test(w))).toEqual([]);
    // The Chinese stays as it was.
    const zh = reportLabels('zh_CN');
    expect([zh.column('handleBy'), zh.defectType('DEMAND'), zh.defectState(1)]).toEqual([
      '处理人',
      '需求',
      '待审核',
    ]);
  });
});
