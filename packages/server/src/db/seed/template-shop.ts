import type { Lang } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';
import type { Db } from '../connect.ts';

/**
 * The template shop's built-in catalogue, in both languages. Kept in step with the database at
 * start (rows keyed `shop:<name>:<lang>`), so a new release's catalogue replaces the old one; a
 * project adds a shop template by copying it, and its copy is then its own.
 */
interface ShopTemplate {
  name: string;
  moduleType: string;
  title: Record<Lang, string>;
  content: Record<Lang, string>;
}

const CATALOGUE: ShopTemplate[] = [
  {
    name: 'test-summary',
    moduleType: 'test',
    title: { zh_CN: '测试总结报告', en_US: 'Test summary' },
    content: {
      zh_CN: `# \${api.project.projectName} 测试总结报告

:-- 本项目共有 \${api.case.total} 个测试用例、\${api.defect.total} 个缺陷，其中 \${api.defect.openTotal} 个尚未解决。

## 用例执行情况
$table{api.case.byState}

## 缺陷状态分布
$table{api.defect.byState}

## 缺陷级别分布
$table{api.defect.byLevel}

## 结论
（在此填写测试结论与遗留风险。）
`,
      en_US: `# \${api.project.projectName} test summary

:-- The project has \${api.case.total} test cases and \${api.defect.total} defects, \${api.defect.openTotal} of them still open.

## Test execution
$table{api.case.byState}

## Defects by status
$table{api.defect.byState}

## Defects by priority
$table{api.defect.byLevel}

## Conclusion
(Write the conclusion and the remaining risks here.)
`,
    },
  },
  {
    name: 'release-readiness',
    moduleType: 'release',
    title: { zh_CN: '发布就绪检查', en_US: 'Release readiness' },
    content: {
      zh_CN: `# \${api.project.projectName} 发布就绪检查

- [ ] 所有紧急与高级别缺陷已解决
- [ ] 用例全部执行，失败用例已评估
- [ ] 发布说明已更新

## 未解决缺陷（\${api.defect.openTotal} 个）
$table{api.defect.open[projectNum,defectName,defectLevel,defectStateName,handleBy]}

## 缺陷级别
$table{api.defect.byLevel}

## 用例覆盖
$table{api.case.byModule}
`,
      en_US: `# \${api.project.projectName} release readiness

- [ ] Every urgent and high defect is resolved
- [ ] Every case has run; failures are assessed
- [ ] Release notes are up to date

## Open defects (\${api.defect.openTotal})
$table{api.defect.open[projectNum,defectName,defectLevel,defectStateName,handleBy]}

## Defects by priority
$table{api.defect.byLevel}

## Case coverage
$table{api.case.byModule}
`,
    },
  },
  {
    name: 'defect-trend',
    moduleType: 'defect',
    title: { zh_CN: '缺陷趋势', en_US: 'Defect trend' },
    content: {
      zh_CN: `# \${api.project.projectName} 缺陷趋势（近 14 天）

每天新建与解决（或关闭）的缺陷数：

$table{api.defect.trend}

## 按类型
$table{api.defect.byType}

## 按交付物
$table{api.defect.byModule}
`,
      en_US: `# \${api.project.projectName} defect trend (last 14 days)

Defects created and resolved (or closed) each day:

$table{api.defect.trend}

## By type
$table{api.defect.byType}

## By deliverable
$table{api.defect.byModule}
`,
    },
  },
  {
    name: 'open-by-handler',
    moduleType: 'defect',
    title: { zh_CN: '按处理人统计未解决缺陷', en_US: 'Open defects by assignee' },
    content: {
      zh_CN: `# \${api.project.projectName} 未解决缺陷

共 \${api.defect.openTotal} 个未解决缺陷。

## 按处理人
$table{api.defect.byHandler}

## 明细
$table{api.defect.open[projectNum,defectName,defectLevel,handleBy,updateTime]}
`,
      en_US: `# \${api.project.projectName} open defects

\${api.defect.openTotal} defects are open.

## By assignee
$table{api.defect.byHandler}

## Details
$table{api.defect.open[projectNum,defectName,defectLevel,handleBy,updateTime]}
`,
    },
  },
  {
    name: 'case-coverage',
    moduleType: 'test',
    title: { zh_CN: '交付物用例覆盖', en_US: 'Case coverage by deliverable' },
    content: {
      zh_CN: `# \${api.project.projectName} 用例覆盖

共 \${api.case.total} 个测试用例。

$table{api.case.byModule}

## 用例明细
$card{api.case.list}
`,
      en_US: `# \${api.project.projectName} test-case coverage

\${api.case.total} test cases in all.

$table{api.case.byModule}

## The cases
$card{api.case.list}
`,
    },
  },
  {
    name: 'weekly-status',
    moduleType: 'status',
    title: { zh_CN: '项目周报', en_US: 'Weekly status' },
    content: {
      zh_CN: `# \${api.project.projectName} 周报

## 本周进展
（在此填写。）

## 缺陷
共 \${api.defect.total} 个，未解决 \${api.defect.openTotal} 个。

$table{api.defect.trend}

## 最近变更的缺陷
$table{api.defect.list[projectNum,defectName,defectStateName,handleBy,updateTime]}

## 成员
$table{api.member.all}
`,
      en_US: `# \${api.project.projectName} weekly status

## Progress this week
(Write it here.)

## Defects
\${api.defect.total} in all, \${api.defect.openTotal} open.

$table{api.defect.trend}

## Recently changed defects
$table{api.defect.list[projectNum,defectName,defectStateName,handleBy,updateTime]}

## Members
$table{api.member.all}
`,
    },
  },
];

export const SHOP_TEMPLATE_COUNT = CATALOGUE.length;

/** Writes the catalogue into the database: new entries added, changed ones updated, none lost. */
export async function syncTemplateShop(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('sysReportTemplate')
    .select(['templateId', 'templateKey', 'templateTitle', 'templateContent', 'moduleType', 'templateLang'])
    .where('isShop', '=', 1)
    .execute();
  const byKey = new Map(existing.map((r) => [r.templateKey, r]));
  const now = formatDateTime();
  for (const entry of CATALOGUE) {
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const templateKey = `shop:${entry.name}:${lang}`;
      const row = {
        templateTitle: entry.title[lang],
        templateContent: entry.content[lang],
        moduleType: entry.moduleType,
        templateLang: lang,
      };
      const stored = byKey.get(templateKey);
      if (stored === undefined)
        await db
          .insertInto('sysReportTemplate')
          .values({
            ...row,
            templateKey,
            isShop: 1,
            projectId: null,
            updateTime: now,
            majorVersion: 1,
            minorVersion: 0,
          })
          .execute();
      else if (
        stored.templateTitle !== row.templateTitle ||
        stored.templateContent !== row.templateContent ||
        stored.moduleType !== row.moduleType ||
        stored.templateLang !== row.templateLang
      )
        // Only what a new release changed is written: most starts write nothing.
        await db
          .updateTable('sysReportTemplate')
          .set(row)
          .where('templateId', '=', stored.templateId)
          .execute();
    }
  }
}
