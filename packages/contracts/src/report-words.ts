import { DEFECT_LEVELS, DEFECT_TYPES } from './defect.ts';
import type { ReportLabels } from './report-directives.ts';

export type ReportLang = 'zh_CN' | 'en_US';

/**
 * The words of a rendered report, in both languages, in one place: the server writes text
 * snapshots with them and the web fills live reports and the editor's field picker with them.
 */
const COLUMNS: Record<ReportLang, Record<string, string>> = {
  zh_CN: {
    projectNum: '序号',
    defectTypeName: '缺陷类型',
    defectLevel: '缺陷级别',
    defectName: '缺陷标题',
    defectStateName: '缺陷状态',
    moduleName: '交付物',
    moduleVersion: '交付物版本',
    defectDescribe: '缺陷描述',
    handleBy: '处理人',
    createBy: '创建人',
    createTime: '创建时间',
    updateBy: '更新人',
    updateTime: '更新时间',
    planStartTime: '计划开始',
    planEndTime: '计划结束',
    imgList: '图片',
    annexList: '附件',
    caseNum: '用例编号',
    caseName: '用例名称',
    caseLevel: '用例级别',
    casePreconditions: '前置条件',
    caseExpect: '预期结果',
    caseStep: '测试步骤',
    caseState: '测试状态',
    remark: '备注',
    stepDescribe: '步骤描述',
    stepExpect: '步骤预期',
    nickName: '昵称',
    userName: '账号',
    state: '状态',
    type: '类型',
    level: '级别',
    handler: '处理人',
    module: '交付物',
    count: '数量',
    percent: '占比',
    total: '用例数',
    pass: '通过',
    fail: '失败',
    untested: '未测试',
    passRate: '通过率',
    day: '日期',
    created: '新建',
    closed: '解决或关闭',
    planItemState: '执行结果',
    defectCount: '缺陷数',
  },
  en_US: {
    projectNum: 'No.',
    defectTypeName: 'Defect type',
    defectLevel: 'Defect priority',
    defectName: 'Defect title',
    defectStateName: 'Defect status',
    moduleName: 'Deliverable',
    moduleVersion: 'Deliverable version',
    defectDescribe: 'Description',
    handleBy: 'Assignees',
    createBy: 'Created by',
    createTime: 'Created',
    updateBy: 'Updated by',
    updateTime: 'Updated',
    planStartTime: 'Planned start',
    planEndTime: 'Planned end',
    imgList: 'Images',
    annexList: 'Attachments',
    caseNum: 'Case no.',
    caseName: 'Case name',
    caseLevel: 'Case level',
    casePreconditions: 'Preconditions',
    caseExpect: 'Expected result',
    caseStep: 'Steps',
    caseState: 'Test result',
    remark: 'Notes',
    stepDescribe: 'Step',
    stepExpect: 'Expected result',
    nickName: 'Name',
    userName: 'Account',
    state: 'Status',
    type: 'Type',
    level: 'Priority',
    handler: 'Assignee',
    module: 'Deliverable',
    count: 'Count',
    percent: 'Share',
    total: 'Cases',
    pass: 'Passed',
    fail: 'Failed',
    untested: 'Not tested',
    passRate: 'Pass rate',
    day: 'Day',
    created: 'Created',
    closed: 'Resolved or closed',
    planItemState: 'Result',
    defectCount: 'Defects',
  },
};

const TYPES: Record<ReportLang, readonly string[]> = {
  zh_CN: ['BUG', '任务', '需求'],
  en_US: ['Bug', 'Task', 'Request'],
};
const LEVELS: Record<ReportLang, readonly string[]> = {
  zh_CN: ['紧急', '高', '中', '低'],
  en_US: ['Urgent', 'High', 'Medium', 'Low'],
};
const STATES: Record<ReportLang, readonly string[]> = {
  zh_CN: ['待处理', '待审核', '已解决', '已驳回', '已关闭'],
  en_US: ['Pending', 'In review', 'Resolved', 'Rejected', 'Closed'],
};
const CASE_STATES: Record<ReportLang, Record<string, string>> = {
  zh_CN: { untested: '未测试', pass: '通过', fail: '失败' },
  en_US: { untested: 'Not tested', pass: 'Passed', fail: 'Failed' },
};

const PLAN_ITEM_STATES: Record<ReportLang, Record<string, string>> = {
  zh_CN: {
    pass: '通过',
    not_pass: '未通过',
    unexecuted: '未执行',
    blocked: '受阻',
    skipped: '跳过',
    retest: '待复测',
  },
  en_US: {
    pass: 'Passed',
    not_pass: 'Failed',
    unexecuted: 'Not run',
    blocked: 'Blocked',
    skipped: 'Skipped',
    retest: 'To retest',
  },
};

export function reportLabels(lang: ReportLang): ReportLabels {
  return {
    column: (field) => COLUMNS[lang][field] ?? field,
    defectType: (type) => TYPES[lang][DEFECT_TYPES.indexOf(type as never)] ?? type,
    defectLevel: (level) => LEVELS[lang][DEFECT_LEVELS.indexOf(level as never)] ?? level,
    defectState: (state) => STATES[lang][state] ?? String(state),
    caseState: (state) => CASE_STATES[lang][state] ?? state,
    planItemState: (state) => PLAN_ITEM_STATES[lang][state] ?? state,
    more: (count) => (lang === 'zh_CN' ? `……另有 ${count} 条未列出` : `… and ${count} more not listed`),
    none: () => (lang === 'zh_CN' ? '（无）' : '(none)'),
  };
}

/** Every column word exists in both languages (a test checks it against the directive fields). */
export const REPORT_COLUMN_WORDS = COLUMNS;
