import { DEFAULT_PASSWORD_POLICY } from '@buglet/contracts';

/**
 * Roles, dictionaries and config records the original seeds (ids kept: clients hard-wire some).
 * The texts stay the original's Chinese; the web shows each in the user's language through its
 * i18n key: a role's `key`, `dict.name.<type>`, `dict.<type>.<value>` and `config.name.<key>`.
 */

export const ROLES = [
  {
    roleId: 1,
    roleName: '超级管理员',
    roleKey: 'admin',
    roleSort: 1,
    team: 0,
    project: 0,
    key: 'role.super-admin',
  },
  {
    roleId: 2,
    roleName: '普通角色',
    roleKey: 'common',
    roleSort: 3,
    team: 0,
    project: 0,
    key: 'role.common',
  },
  {
    roleId: 3,
    roleName: '外部人员',
    roleKey: 'outsiders',
    roleSort: 4,
    team: 0,
    project: 0,
    key: 'role.outsiders',
  },
  {
    roleId: 4,
    roleName: '团队管理员',
    roleKey: 'team.admin',
    roleSort: 12,
    team: 1,
    project: 0,
    key: 'team.admin-members',
  },
  {
    roleId: 5,
    roleName: '团队普通人员',
    roleKey: 'team.default',
    roleSort: 13,
    team: 1,
    project: 0,
    key: 'team.ordinary-members',
  },
  {
    roleId: 6,
    roleName: '项目管理员',
    roleKey: 'project.admin',
    roleSort: 22,
    team: 0,
    project: 1,
    key: 'project.admin',
  },
  {
    roleId: 7,
    roleName: '项目开发',
    roleKey: 'project.develop',
    roleSort: 23,
    team: 0,
    project: 1,
    key: 'project.develop',
  },
  {
    roleId: 8,
    roleName: '项目测试',
    roleKey: 'project.tester',
    roleSort: 24,
    team: 0,
    project: 1,
    key: 'project.tester',
  },
  {
    roleId: 9,
    roleName: '项目外部人员',
    roleKey: 'project.outsider',
    roleSort: 25,
    team: 0,
    project: 1,
    key: 'project.outsider',
  },
  {
    roleId: 10,
    roleName: '默认成员',
    roleKey: 'default',
    roleSort: 2,
    team: 0,
    project: 0,
    key: 'role.default',
  },
  {
    roleId: 11,
    roleName: '项目创建人',
    roleKey: 'project.create-by',
    roleSort: 21,
    team: 0,
    project: 1,
    key: 'project.create-by',
  },
  {
    roleId: 12,
    roleName: '团队创建人',
    roleKey: 'team.create-by',
    roleSort: 11,
    team: 1,
    project: 0,
    key: 'team.create-by',
  },
] as const;

type DictRow = [value: string, label: string, listClass: string | null, isDefault?: 'Y'];

export const DICTIONARIES: Array<{ type: string; name: string; data: DictRow[] }> = [
  {
    type: 'sys_user_sex',
    name: '用户性别',
    data: [
      ['0', '男', null, 'Y'],
      ['1', '女', null],
      ['2', '未知', null],
    ],
  },
  {
    type: 'sys_show_hide',
    name: '菜单状态',
    data: [
      ['0', '显示', 'primary', 'Y'],
      ['1', '隐藏', 'danger'],
    ],
  },
  {
    type: 'sys_normal_disable',
    name: '系统开关',
    data: [
      ['0', '正常', 'primary', 'Y'],
      ['1', '停用', 'danger'],
    ],
  },
  {
    type: 'sys_job_status',
    name: '任务状态',
    data: [
      ['0', '正常', 'primary', 'Y'],
      ['1', '暂停', 'danger'],
    ],
  },
  {
    type: 'sys_job_group',
    name: '任务分组',
    data: [
      ['DEFAULT', '默认', null, 'Y'],
      ['SYSTEM', '系统', null],
    ],
  },
  {
    type: 'sys_yes_no',
    name: '系统是否',
    data: [
      ['Y', '是', 'primary', 'Y'],
      ['N', '否', 'danger'],
    ],
  },
  {
    type: 'sys_notice_type',
    name: '通知类型',
    data: [
      ['1', '通知', 'warning', 'Y'],
      ['2', '公告', 'success'],
    ],
  },
  {
    type: 'sys_notice_status',
    name: '通知状态',
    data: [
      ['0', '正常', 'primary', 'Y'],
      ['1', '关闭', 'danger'],
    ],
  },
  {
    type: 'sys_oper_type',
    name: '操作类型',
    data: [
      ['1', '新增', 'info'],
      ['2', '修改', 'info'],
      ['3', '删除', 'danger'],
      ['4', '授权', 'primary'],
      ['5', '导出', 'warning'],
      ['6', '导入', 'warning'],
      ['7', '强退', 'danger'],
      ['8', '生成代码', 'warning'],
      ['9', '清空数据', 'danger'],
      ['0', '其他', 'info'],
    ],
  },
  {
    type: 'sys_common_status',
    name: '系统状态',
    data: [
      ['0', '成功', 'primary'],
      ['1', '失败', 'danger'],
    ],
  },
  {
    type: 'defect_level',
    name: '缺陷等级',
    data: [
      ['urgent', '急', 'danger'],
      ['height', '高', 'warning'],
      ['middle', '中', 'primary', 'Y'],
      ['low', '低', 'info'],
    ],
  },
  {
    type: 'plan_item_state',
    name: '测试计划子项状态',
    data: [
      ['pass', '通过', 'success'],
      ['not_pass', '未通过', 'danger'],
      ['unexecuted', '未执行', 'info', 'Y'],
    ],
  },
];

export const CONFIGS = [
  {
    name: '主框架页-默认皮肤样式名称',
    key: 'sys.index.skinName',
    value: 'skin-blue',
    remark: '界面皮肤（为兼容保留）',
  },
  {
    name: '用户管理-账号初始密码',
    key: 'sys.member.initPassword',
    value: '123456',
    remark: '新成员的初始密码',
  },
  {
    name: '主框架页-侧边栏主题',
    key: 'sys.index.sideTheme',
    value: 'theme-dark',
    remark: 'theme-dark 深色，theme-light 浅色',
  },
  {
    name: '账号自助-验证码开关',
    key: 'sys.account.captchaEnabled',
    value: 'true',
    remark: '登录和注册是否需要验证码（true/false）',
  },
  {
    name: '账号自助-是否开启用户注册功能',
    key: 'sys.account.registerUser',
    value: 'true',
    remark: '是否允许自助注册（true/false）',
  },
  {
    name: '用户登录-黑名单列表',
    key: 'sys.login.blackIPList',
    value: '',
    remark: "以 ';' 分隔的 IP，可用 '*' 通配或 a-b 区间",
  },
  {
    name: '外部调用-允许的内网地址段',
    key: 'sys.outbound.allowRanges',
    value: '',
    remark:
      "以 ',' 分隔的网段（如 10.0.0.0/8、fd00::/8）：项目的 AI 服务器、聊天机器人、Webhook 和浏览器工具可访问这些内网、回环或链路本地地址；本机上的网站填 127.0.0.1/32",
  },
  {
    name: 'AI 服务-平台服务器上可下载的模型',
    key: 'sys.ai.platformModels',
    value: '',
    remark:
      "以 ',' 分隔的模型名（如 qwen2.5:7b），项目管理员可把这些模型下载到平台的 AI 服务器（AI_URL）；其他模型的下载和任何删除只能由超级管理员操作",
  },
  // The password policy (contracts/password-policy.ts), applied wherever a password is set.
  {
    name: '账号安全-密码最小长度',
    key: 'sys.account.passwordMinLength',
    value: String(DEFAULT_PASSWORD_POLICY.minLength),
    remark: '设置、修改或重置密码时的最少字符数（5到20）',
  },
  {
    name: '账号安全-密码须含字母',
    key: 'sys.account.passwordRequireLetter',
    value: String(DEFAULT_PASSWORD_POLICY.requireLetter),
    remark: '新密码是否必须包含字母（true/false）',
  },
  {
    name: '账号安全-密码须含数字',
    key: 'sys.account.passwordRequireDigit',
    value: String(DEFAULT_PASSWORD_POLICY.requireDigit),
    remark: '新密码是否必须包含数字（true/false）',
  },
] as const;
