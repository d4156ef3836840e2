/**
 * The menu tree seeded at first start: the original's ids, paths and permission strings, so
 * role grants and existing clients line up. Pages of later features are added by the
 * migration that brings the page.
 */
export interface MenuSeed {
  id: number;
  parent: number;
  name: string;
  /** i18n key of the name: every seeded name has one, so the web shows it in the user's language. */
  key: string;
  type: 'M' | 'C' | 'F';
  path?: string;
  component?: string;
  perms?: string;
  icon?: string;
  hidden?: boolean;
  disabled?: boolean;
  order: number;
}

const dir = (
  id: number,
  parent: number,
  name: string,
  key: string,
  path: string,
  icon: string,
  order: number,
) => ({ id, parent, name, key, type: 'M', path, icon, order }) satisfies MenuSeed;

const page = (
  id: number,
  parent: number,
  name: string,
  key: string,
  path: string,
  component: string,
  perms: string | undefined,
  icon: string,
  order: number,
  hidden = false,
) => ({ id, parent, name, key, type: 'C', path, component, perms, icon, order, hidden }) satisfies MenuSeed;

/**
 * Buttons: consecutive ids under one page, one per permission. Their names are translated by
 * `menu.button.<action>`, one text per action wherever it appears; `keyPrefix` sets apart the
 * buttons whose name says more than the action ('新增团队', add team).
 */
const buttons = (
  firstId: number,
  parent: number,
  prefix: string,
  actions: string[],
  names: string[],
  keyPrefix = '',
) =>
  actions.map(
    (action, i) =>
      ({
        id: firstId + i,
        parent,
        name: names[i] ?? action,
        key: `menu.button.${keyPrefix}${action}`,
        type: 'F',
        perms: `${prefix}:${action}`,
        order: i + 1,
      }) satisfies MenuSeed,
  );

const crud = ['query', 'add', 'edit', 'remove', 'export'];
const crudNames = ['查询', '新增', '修改', '删除', '导出'];

export const MENUS: MenuSeed[] = [
  // Administration (RuoYi back office), shown in the admin section of the sidebar.
  dir(1, 0, '系统管理', 'system.manage', 'system', 'system', 101),
  page(116, 1, '代码生成', 'tool.gen', 'gen', 'tool/gen/index', 'tool:gen:list', 'code', 0),
  page(100, 1, '用户管理', 'system.user', 'user', 'system/user/index', 'system:user:list', 'user', 1),
  page(101, 1, '角色管理', 'system.role', 'role', 'system/role/index', 'system:role:list', 'peoples', 2),
  page(102, 1, '菜单管理', 'system.menu', 'menu', 'system/menu/index', 'system:menu:list', 'tree-table', 3),
  page(103, 1, '部门管理', 'system.dept', 'dept', 'system/dept/index', 'system:dept:list', 'tree', 4),
  page(104, 1, '岗位管理', 'system.post', 'post', 'system/post/index', 'system:post:list', 'post', 5),
  page(105, 1, '字典管理', 'system.dict', 'dict', 'system/dict/index', 'system:dict:list', 'dict', 6),
  page(106, 1, '参数设置', 'system.config', 'config', 'system/config/index', 'system:config:list', 'edit', 7),
  // Every team of the platform (the original's back-office team list).
  page(2006, 1, '团队管理', 'system.team', 'team', 'system/team/index', 'system:team:list', 'peoples', 1),
  ...buttons(2007, 2006, 'system:team', crud, crudNames),
  // The administrator's lock of a team (1.0's admin:team:lock, §13.8, migration 048).
  ...buttons(2161, 2006, 'admin:team', ['lock'], ['锁定']),
  // Every project of the platform, to lock or unlock (1.0's /admin/project, menu 2133).
  page(
    2133,
    1,
    '项目管理',
    'project.manage-all',
    'project',
    'admin/project/index',
    'admin:project:list',
    'tree-table',
    1,
  ),
  ...buttons(2162, 2133, 'admin:project', ['lock'], ['锁定']),
  // The browser tool's screen sizes (none in the original's menus; its permissions were granted to nobody).
  page(
    2150,
    1,
    '屏幕尺寸',
    'browser.screen-size.menu',
    'screen-size',
    'system/ScreenSize/index',
    'system:ScreenSize:list',
    'online',
    8,
  ),
  dir(108, 1, '日志管理', 'system.log', 'log', 'log', 9),
  page(
    500,
    108,
    '操作日志',
    'monitor.operlog',
    'operlog',
    'monitor/operlog/index',
    'monitor:operlog:list',
    'form',
    1,
  ),
  page(
    501,
    108,
    '登录日志',
    'monitor.logininfor',
    'logininfor',
    'monitor/logininfor/index',
    'monitor:logininfor:list',
    'logininfor',
    2,
  ),
  dir(2, 0, '系统监控', 'monitor', 'monitor', 'monitor', 102),
  page(
    109,
    2,
    '在线用户',
    'monitor.online',
    'online',
    'monitor/online/index',
    'monitor:online:list',
    'online',
    1,
  ),
  page(110, 2, '定时任务', 'monitor.job', 'job', 'monitor/job/index', 'monitor:job:list', 'job', 2),
  page(
    112,
    2,
    '服务监控',
    'monitor.server',
    'server',
    'monitor/server/index',
    'monitor:server:list',
    'server',
    4,
  ),
  page(113, 2, '缓存监控', 'monitor.cache', 'cache', 'monitor/cache/index', 'monitor:cache:list', 'redis', 5),
  page(
    114,
    2,
    '缓存列表',
    'monitor.cache-list',
    'cacheList',
    'monitor/cache/list',
    'monitor:cache:list',
    'redis-list',
    6,
  ),
  // Replaces the original's Druid console (111): engine, size, tables and slow queries.
  page(
    2160,
    2,
    '数据库监控',
    'monitor.database',
    'database',
    'monitor/database/index',
    'monitor:database:list',
    'druid',
    7,
  ),
  // The API documentation (GET /v3/api-docs rendered with "try it out"); every registered user sees it.
  dir(3, 0, '系统工具', 'tool', 'tool', 'tool', 103),
  page(115, 3, '表单构建', 'tool.build', 'build', 'tool/build/index', 'tool:build:list', 'build', 1),
  page(
    117,
    3,
    '系统接口',
    'tool.swagger',
    'swagger',
    'tool/swagger/index',
    'tool:swagger:list',
    'swagger',
    3,
  ),
  ...buttons(1000, 100, 'system:user', [...crud, 'import', 'resetPwd'], [...crudNames, '导入', '重置密码']),
  ...buttons(1007, 101, 'system:role', crud, crudNames),
  ...buttons(1012, 102, 'system:menu', crud.slice(0, 4), crudNames),
  ...buttons(1016, 103, 'system:dept', crud.slice(0, 4), crudNames),
  ...buttons(1020, 104, 'system:post', crud, crudNames),
  ...buttons(1025, 105, 'system:dict', crud, crudNames),
  ...buttons(1030, 106, 'system:config', crud, crudNames),
  ...buttons(
    1055,
    116,
    'tool:gen',
    ['query', 'edit', 'remove', 'import', 'preview', 'code'],
    ['生成查询', '生成修改', '生成删除', '导入代码', '预览代码', '生成代码'],
  ),
  ...buttons(2151, 2150, 'system:ScreenSize', crud, crudNames),
  ...buttons(1039, 500, 'monitor:operlog', ['query', 'remove', 'export'], ['查询', '删除', '导出']),
  ...buttons(
    1042,
    501,
    'monitor:logininfor',
    ['query', 'remove', 'export', 'unlock'],
    ['查询', '删除', '导出', '解锁'],
  ),
  ...buttons(
    1046,
    109,
    'monitor:online',
    ['query', 'batchLogout', 'forceLogout'],
    ['查询', '批量强退', '单条强退'],
  ),
  ...buttons(
    1049,
    110,
    'monitor:job',
    ['query', 'add', 'edit', 'remove', 'changeStatus', 'export'],
    [...crudNames.slice(0, 4), '状态修改', '导出'],
  ),

  // The original's "系统 → 成员管理" (2072, 2073) listed the platform's users a second time, beside
  // 系统管理 → 用户管理: it is not seeded (migration 042 takes it out of older databases).

  // Team group.
  dir(2043, 0, '团队', 'team', 'team', '#', 0),
  page(
    2000,
    2043,
    '项目管理',
    'project.manage',
    'project-list',
    'system/project/index',
    'system:project:list',
    'mk-project',
    1,
  ),
  ...buttons(2001, 2000, 'system:project', crud, crudNames),

  // Project group.
  dir(2013, 0, '项目功能', 'project.manage', 'project', 'redis', 1),
  // The project dashboard (the original's 1.0, migration 051): the group's first page.
  page(
    2125,
    2013,
    '项目概览',
    'dashboard',
    'dashboard',
    'system/dashboard/index',
    'system:dashboard:query',
    'dashboard',
    0,
  ),
  page(2074, 2013, '测试用例', 'case', 'case', 'system/case/index', 'system:case:list', 'nested', 1),
  ...buttons(2075, 2074, 'system:case', [...crud, 'import'], [...crudNames, '导入']),
  // Test plans (the original's 1.0, migration 043): after the cases (same order, later id).
  page(2117, 2013, '测试计划', 'plan', 'plan', 'system/plan/index', 'system:plan:list', 'date', 1),
  ...buttons(2118, 2117, 'system:plan', [...crud, 'run'], [...crudNames, '执行']),
  page(
    2019,
    2013,
    '缺陷管理',
    'defect.manage',
    'defect',
    'system/defect/index',
    'system:defect:list',
    'bug',
    2,
  ),
  ...buttons(2020, 2019, 'system:defect', crud, crudNames),
  ...buttons(
    2060,
    2019,
    'system:defect',
    ['assign', 'reject', 'repair', 'pass', 'close', 'open'],
    ['指派', '驳回', '修复', '通过', '关闭', '开启'],
  ),
  page(2025, 2013, '模块', 'module', 'module', 'system/module/index', 'system:module:list', 'cascader', 3),
  ...buttons(2026, 2025, 'system:module', crud, crudNames),
  page(2087, 2013, '报告', 'report', 'report', 'system/report/index', 'system:report:list', 'chart', 4),
  ...buttons(2088, 2087, 'system:report', crud, crudNames),
  page(
    2093,
    2013,
    '文档',
    'doc',
    'document',
    'system/document/index',
    'system:document:list',
    'education',
    5,
  ),
  ...buttons(2094, 2093, 'system:document', crud, crudNames),
  page(
    2052,
    2013,
    '项目设置',
    'project.option',
    'option',
    'system/project/option/index',
    'system:project:option',
    'system',
    6,
  ),
  // The defect attribute page (1.0's /project/defect-fields, a fixed route): its buttons, migration 050.
  ...buttons(
    2163,
    2052,
    'system:project:defect-field',
    ['list', 'add', 'edit', 'remove'],
    ['属性查询', '属性新增', '属性修改', '属性删除'],
    'defect-field-',
  ),
  page(
    2111,
    2013,
    '企业微信',
    'enterprise-wechat',
    'enterprise-wechat',
    'system/project/other/wechat/index',
    'wechat:list',
    '#',
    7,
    true,
  ),
  ...buttons(2112, 2111, 'wechat', ['query', 'save'], ['查询', '保存']),
  page(2107, 2013, '通知', 'notice', 'notice', 'notice/index', 'notice:list', 'message', 8, true),
  ...buttons(2108, 2107, 'notice', ['remove', 'send', 'query'], ['删除', '发送', '查询']),
  page(2114, 2013, '钉钉', 'menu.ding', 'ding', 'system/project/other/ding/index', 'ding:list', '#', 8, true),
  ...buttons(2115, 2114, 'ding', ['query', 'save'], ['查询', '保存']),
  page(
    2081,
    2013,
    '项目API',
    'menu.project-api',
    'project-api',
    'system/api/index',
    'system:api:list',
    '#',
    91,
    true,
  ),
  ...buttons(2082, 2081, 'system:api', crud, crudNames),
  {
    ...page(2044, 2013, '工具', 'tools', 'tools', 'tool/project/index', undefined, 'tool', 93, true),
    disabled: true,
  },
  page(
    2045,
    2013,
    '浏览器工具',
    'browser.tool',
    'browser',
    'tool/project/browser/index',
    undefined,
    '#',
    94,
    true,
  ),
  page(
    2054,
    2013,
    '项目成员',
    'project.project-and-member',
    'project-member',
    'system/project/member/index',
    'system:project:member',
    '#',
    94,
    true,
  ),
  {
    id: 2055,
    parent: 2054,
    name: '添加项目成员',
    key: 'menu.button.project-member-add',
    type: 'F',
    perms: 'system:project:member:add',
    order: 1,
  },
  {
    id: 2070,
    parent: 2054,
    name: '修改项目成员',
    key: 'menu.button.project-member-update',
    type: 'F',
    perms: 'system:project:member:update',
    order: 2,
  },
  {
    id: 2071,
    parent: 2054,
    name: '删除项目成员',
    key: 'menu.button.project-member-remove',
    type: 'F',
    perms: 'system:project:member:remove',
    order: 3,
  },
  page(
    2053,
    2013,
    '项目基础信息',
    'project.base-info',
    'project-base-info',
    'system/project/edit',
    'system:project:edit',
    '#',
    96,
    true,
  ),
  page(
    2100,
    2013,
    'AI模型配置',
    'menu.project-ai',
    'project-ai',
    'system/project/ai/index',
    'system:ai:list',
    '#',
    97,
    true,
  ),
  ...buttons(2101, 2100, 'system:ai', crud, crudNames),

  // Team options group.
  dir(2015, 0, '团队设置', 'team.option', 'team-options', 'dict', 2),
  page(
    2016,
    2015,
    '团队设置',
    'team.option',
    'team-option',
    'system/team/option/index',
    'system:team:query',
    'form',
    1,
  ),
  page(
    2017,
    2015,
    '团队基础信息',
    'team.base-info',
    'team-base-info',
    'system/team/option/base/index',
    'system:team:edit',
    '#',
    2,
    true,
  ),
  page(
    2018,
    2015,
    '团队成员管理',
    'member.manage',
    'team-member',
    'system/team/option/member/index',
    'system:team:member',
    '#',
    3,
    true,
  ),
  ...buttons(
    2057,
    2018,
    'system:team:member',
    ['create', 'invite', 'lock'],
    ['创建成员', '邀请成员', '锁定成员'],
    'member-',
  ),
  ...buttons(
    2047,
    2015,
    'system:team',
    ['add', 'edit', 'remove', 'query', 'list'],
    ['新增团队', '修改团队', '删除团队', '查询团队', '团队列表'],
    'team-',
  ),
];

/**
 * Business grants of the original (`sys_role_menu`), by permission string. Each string lists
 * the roles 3..12 in order; 'x' grants. Pages of a granted button are granted with it.
 * One deliberate change: the default role (10), which every registered user holds, no longer
 * grants editing, deleting or managing the members of a team; those come with the team roles
 * (creator, administrator), so an ordinary member cannot manage a team.
 */
const ROLE_COLUMNS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const GRANTS: Record<string, string> = {
  'system:project:list': 'xxxxxxxxxx',
  'system:project:query': 'xxxxxxxxxx',
  'system:project:add': 'xx.x....xx',
  'system:project:edit': 'xx.x....xx',
  'system:project:remove': 'xx.x....xx',
  'system:project:export': 'xx.xx...xx',
  'system:team:list': '.xxx...x.x',
  'system:team:query': 'xxxx...x.x',
  'system:team:add': '.x.....x.x',
  'system:team:edit': 'xx.......x',
  'system:team:remove': '.........x',
  'system:team:member': 'xx.......x',
  'system:defect:list': '.xxxxxxxxx',
  'system:defect:query': '.xxxxxxxxx',
  'system:defect:add': '.x.xxxx.xx',
  'system:defect:edit': '.x.xxxx.xx',
  'system:defect:remove': '.x.x.x..xx',
  'system:defect:export': '.x.xxxx.xx',
  'system:module:list': '.x.xxxx.xx',
  'system:module:query': '.x.xxxx.xx',
  'system:module:add': '.x.x.x..xx',
  'system:module:edit': '.x.x.x..xx',
  'system:module:remove': '.x.x.x..xx',
  'system:module:export': '.x.x.x..xx',
  'system:project:option': '.x.x....xx',
  'system:project:member': '.x.x....xx',
  'system:project:member:add': '.x.x....xx',
  'system:project:member:update': '.x.x....xx',
  'system:project:member:remove': '.x.x....xx',
  'system:team:member:create': '.x.......x',
  'system:team:member:invite': '.x.......x',
  'system:team:member:lock': '.x.......x',
  'system:defect:assign': '.x.xxx..xx',
  'system:defect:reject': '.x.x.x..xx',
  'system:defect:repair': '.x.xxx..xx',
  'system:defect:pass': '.x.x.x..xx',
  'system:defect:close': '.x.x.x..xx',
  'system:defect:open': '.x.x.x..xx',
  'system:case:list': '.x.xxxxxxx',
  'system:case:query': '.x.xxxxxxx',
  'system:case:add': '.x.x.x..xx',
  'system:case:edit': '.x.x.x..xx',
  'system:case:remove': '.x.x.x..xx',
  'system:case:export': '.x.x.x..xx',
  'system:case:import': '.x.x.x..xx',
  // The original's 1.0: every plan right to team admins, testers and creators; project admins
  // all but running one.
  'system:project:defect-field:list': '.x.x....xx',
  'system:project:defect-field:add': '.x.x....xx',
  'system:project:defect-field:edit': '.x.x....xx',
  'system:project:defect-field:remove': '.x.x....xx',
  'system:dashboard:query': '.xxxxx..xx',
  'system:plan:list': '.x.x.x..xx',
  'system:plan:query': '.x.x.x..xx',
  'system:plan:add': '.x.x.x..xx',
  'system:plan:edit': '.x.x.x..xx',
  'system:plan:remove': '.x.x.x..xx',
  'system:plan:export': '.x.x.x..xx',
  'system:plan:run': '.x...x..xx',
  'system:api:list': '.x.x....xx',
  'system:api:query': '.x.x....xx',
  'system:api:add': '.x.x....xx',
  'system:api:edit': '.x.x....xx',
  'system:api:remove': '.x.x....xx',
  'system:api:export': '.x.x....xx',
  'system:report:list': '.xxxxx.xxx',
  'system:report:query': '.xxxxxxxxx',
  'system:report:add': '.x.x.x..xx',
  'system:report:edit': '.x.x.x..xx',
  'system:report:remove': '.x.x.x..xx',
  'system:report:export': '.x.xxx..xx',
  'system:document:list': '.x.xxx..xx',
  'system:document:query': '.xxxxx..xx',
  'system:document:add': '.xxxxx..xx',
  'system:document:edit': '.x.x....xx',
  'system:document:remove': '.x.x....xx',
  'system:document:export': '.x.xxx..xx',
  'system:ai:list': '.x.x....xx',
  'system:ai:query': '.x.x....xx',
  'system:ai:add': '.x.x....xx',
  'system:ai:edit': '.x.x....xx',
  'system:ai:remove': '.x.x....xx',
  'system:ai:export': '.x.x....xx',
  'notice:list': '.x.xxxxxxx',
  'notice:remove': '.x.xxxxxxx',
  'notice:send': '.x.x....xx',
  'notice:query': '.x.xxxxxxx',
  'wechat:list': '.x.x....xx',
  'wechat:query': '.x.x....xx',
  'wechat:save': '.x.x....xx',
  'ding:list': '.x.x....xx',
  'ding:query': '.x.x....xx',
  'ding:save': '.x.x....xx',
  // The default role (10) every registered user holds: the API documentation is not secret.
  'tool:swagger:list': '.......x..',
};

/** Pages without a permission string that the original grants to project creators. */
const EXTRA_PAGE_GRANTS: Array<[roleId: number, menuId: number]> = [
  [11, 2044],
  [11, 2045],
];

/**
 * The back office: the system-management and monitoring trees. The original seeded all of it
 * into role 2 ("普通角色", ordinary role), so whoever was given that harmless-sounding role could
 * reset any user's password. Buglet seeds role 2 with no grants; the super administrator (1)
 * holds everything implicitly and may grant back-office pages to a role on purpose.
 */
const BACK_OFFICE_ROOTS = [1, 2];

/** Every page and button of the back office, for the migration that took them from role 2. */
export function backOfficeMenuIds(menus: MenuSeed[] = MENUS): number[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const rootOf = (m: MenuSeed): number => {
    let cur = m;
    while (cur.parent !== 0) {
      const parent = byId.get(cur.parent);
      if (!parent) break;
      cur = parent;
    }
    return cur.id;
  };
  return menus.filter((m) => BACK_OFFICE_ROOTS.includes(rootOf(m))).map((m) => m.id);
}

export function roleMenuGrants(menus: MenuSeed[] = MENUS): Array<{ roleId: number; menuId: number }> {
  const pairs = new Set<string>();
  const add = (roleId: number, menuId: number) => pairs.add(`${roleId}:${menuId}`);
  const backOffice = new Set(backOfficeMenuIds(menus));
  for (const menu of menus) {
    // A back-office page or button carries a business permission at times (the team list's
    // system:team:list): the grant of that permission does not hand out the back-office page.
    if (backOffice.has(menu.id)) continue;
    const flags = menu.perms ? GRANTS[menu.perms] : undefined;
    if (!flags) continue;
    ROLE_COLUMNS.forEach((roleId, i) => {
      if (flags[i] === 'x') add(roleId, menu.id);
    });
  }
  for (const [roleId, menuId] of EXTRA_PAGE_GRANTS) add(roleId, menuId);
  return [...pairs].map((p) => {
    const [roleId, menuId] = p.split(':').map(Number);
    return { roleId: roleId ?? 0, menuId: menuId ?? 0 };
  });
}
