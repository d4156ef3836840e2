import type { Generated } from 'kysely';

/** Table shapes as Kysely sees them (camelCase; the SQL columns are snake_case). */
export interface UserTable {
  userId: Generated<number>;
  deptId: number | null;
  userName: string;
  nickName: string;
  userType: string;
  email: string | null;
  phoneNumber: string | null;
  sex: string | null;
  avatar: string | null;
  password: string;
  status: string;
  delFlag: string;
  loginIp: string | null;
  loginDate: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
  dingUserId: string | null;
  wechatUserId: string | null;
  /** 1: the password was chosen by someone else and must be changed first (migration 039). */
  passwordChangeRequired: Generated<number>;
}

export interface RoleTable {
  roleId: Generated<number>;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: string | null;
  menuCheckStrictly: number;
  deptCheckStrictly: number;
  status: string;
  delFlag: string;
  isTeamRole: number;
  isProjectRole: number;
  roleNameI18nKey: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface MenuTable {
  menuId: Generated<number>;
  menuName: string;
  menuNameI18nKey: string | null;
  parentId: number;
  orderNum: number;
  path: string | null;
  component: string | null;
  query: string | null;
  isFrame: string;
  isCache: string;
  menuType: 'M' | 'C' | 'F';
  visible: string;
  status: string;
  perms: string | null;
  icon: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface RoleMenuTable {
  roleId: number;
  menuId: number;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

export interface DeptTable {
  deptId: Generated<number>;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  delFlag: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface PostTable {
  postId: Generated<number>;
  postCode: string;
  postName: string;
  postSort: number;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface UserPostTable {
  userId: number;
  postId: number;
}

export interface RoleDeptTable {
  roleId: number;
  deptId: number;
}

export interface UserConfigTable {
  userConfigId: Generated<number>;
  userId: number;
  currentTeamId: number | null;
  currentProjectId: number | null;
  lifeContent: string | null;
  /** zh_CN or en_US; null until the person picks one. */
  lang: string | null;
  /** The layout settings drawer's values as JSON (contracts `uiSettings`). */
  uiSettings: string | null;
}

/** Memberships: the team and project features fill them; permissions read them. */
export interface UserTeamTable {
  userTeamId: Generated<number>;
  userId: number;
  teamId: number;
  isLock: number;
  createTime: string | null;
}

export interface UserTeamRoleTable {
  userTeamId: number;
  roleId: number;
}

export interface UserProjectTable {
  userProjectId: Generated<number>;
  userId: number;
  projectId: number;
  collect: Generated<number>;
  createTime: string | null;
}

export interface TeamTable {
  teamId: Generated<number>;
  teamName: string;
  teamIcon: string | null;
  introduce: string | null;
  isDel: number;
  /** Locked by the administrator: read-only for everyone in it (migration 048). */
  isLock: Generated<number>;
  lockRemark: string | null;
  createBy: string | null;
  createById: number | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface ProjectTable {
  projectId: Generated<number>;
  projectName: string;
  projectIcon: string | null;
  projectIntroduce: string | null;
  teamId: number;
  projectState: number;
  isArchived: number;
  /** Locked by the administrator: read-only for everyone in it (migration 048). */
  isLock: Generated<number>;
  lockRemark: string | null;
  /** Which built-in defect attributes are on, and their order: `{fieldKey: {enabled, sortOrder}}` (migration 050). */
  defectBuiltinFieldConfig: Generated<string | null>;
  createBy: string | null;
  createById: number | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface UserProjectRoleTable {
  userProjectId: number;
  roleId: number;
}

export interface DictTypeTable {
  dictId: Generated<number>;
  dictName: string;
  dictType: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface DictDataTable {
  dictCode: Generated<number>;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass: string | null;
  listClass: string | null;
  isDefault: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface ConfigTable {
  configId: Generated<number>;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface LoginLogTable {
  infoId: Generated<number>;
  userName: string;
  ipaddr: string | null;
  loginLocation: string | null;
  browser: string | null;
  os: string | null;
  status: string;
  msg: string | null;
  loginTime: string;
}

/** The operation log (features/oper-log): every write through the API, the original's columns. */
export interface OperLogTable {
  operId: Generated<number>;
  title: string | null;
  businessType: number;
  method: string | null;
  requestMethod: string | null;
  operatorType: number;
  operName: string | null;
  deptName: string | null;
  operUrl: string | null;
  operIp: string | null;
  operLocation: string | null;
  operParam: string | null;
  jsonResult: string | null;
  status: number;
  errorMsg: string | null;
  operTime: string;
  costTime: number;
}

export interface SessionTable {
  tokenId: string;
  userId: number;
  loginTime: string;
  expireAt: number;
  ipaddr: string | null;
  browser: string | null;
  os: string | null;
  isDefaultPassword: number;
}

/** A person's TOTP secret; `isEnabled` 0 while the enrolment waits for its first code. */
export interface UserTotpTable {
  userId: number;
  secret: string;
  isEnabled: number;
  /** The last time step a code was accepted for: a code is never taken twice. */
  lastStep: number;
  createTime: string;
  enabledTime: string | null;
}

export interface UserRecoveryCodeTable {
  codeId: Generated<number>;
  userId: number;
  /** SHA-256 of the normalised code. */
  codeHash: string;
  usedTime: string | null;
}

/** Between the password step and the code step of a sign-in (features/totp). */
export interface LoginTicketTable {
  /** SHA-256 of the ticket handed out. */
  ticketHash: string;
  userId: number;
  expireAt: number;
  failures: number;
  isDefaultPassword: number;
}

export interface KvTable {
  k: string;
  v: string;
  expireAt: number;
}

export interface TempFileTable {
  fileId: Generated<number>;
  fileName: string;
  fileUrl: string;
  fileType: number;
  srcUrl: string | null;
  createById: number | null;
  createTime: string | null;
}

/** Scheduled jobs (features/jobs); `firedUntil`/`runningUntil` are the scheduler's shared state (epoch ms). */
export interface JobTable {
  jobId: Generated<number>;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  firedUntil: number;
  runningUntil: number;
  runningToken: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface JobLogTable {
  jobLogId: Generated<number>;
  jobId: number | null;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  jobMessage: string | null;
  status: string;
  exceptionInfo: string | null;
  fireTime: string | null;
  startTime: string;
  stopTime: string | null;
  costTime: number | null;
  createTime: string;
}

/** One row per tick claimed: the instance that inserts it runs the tick. */
export interface JobLeaseTable {
  jobId: number;
  fireTime: number;
  instanceId: string;
  claimedAt: number;
}

/** The browser tool's screen sizes; width and height as the original stores them ('390px'). */
export interface ScreenSizeTable {
  screenSizeId: Generated<number>;
  name: string;
  width: string | null;
  height: string | null;
  remark: string | null;
}

export interface ProjectCounterTable {
  projectId: number;
  kind: string;
  counter: number;
}

export interface DefectTable {
  defectId: Generated<number>;
  projectId: number;
  projectNum: number;
  defectType: number;
  defectName: string;
  defectDescribe: string | null;
  defectLevel: string;
  defectState: number;
  moduleId: number | null;
  moduleVersion: string | null;
  imgUrls: string | null;
  annexUrls: string | null;
  caseId: number | null;
  planStartTime: string | null;
  planEndTime: string | null;
  lastFixerId: number | null;
  isDeleted: number;
  /** Who asked for it, in words (migration 047). */
  sponsor: string | null;
  /** The project's own fields, `{fieldKey: value}` as JSON (migration 050). */
  customFields: Generated<string | null>;
  createBy: string | null;
  createById: number;
  createTime: string;
  updateBy: string | null;
  updateTime: string;
}

export interface ProjectApiTable {
  apiId: string;
  projectId: number;
  /** The hidden user that stands for the key (creator of what it pushes). */
  userId: number;
  keyHash: string;
  /** JSON array of addresses and CIDR ranges; null or empty: any address. */
  whiteList: string | null;
  expireTime: string | null;
  remark: string | null;
  enabled: number;
  /** JSON `{area: [action…]}`; null or empty: every capability. */
  features: string | null;
  lastUsedTime: string | null;
  lastUsedIp: string | null;
  createById: number | null;
  createTime: string;
  /** Who handles what it pushes without a handler (a project member), or none (migration 040). */
  defaultHandlerId: Generated<number | null>;
  /** Its calls refused since its last accepted one. */
  refusedInRow: Generated<number>;
}

/** A key's refused calls, the newest 50 kept (migration 040). */
export interface ProjectApiRefusalTable {
  refusalId: Generated<number>;
  apiId: string;
  method: string;
  url: string;
  ipaddr: string | null;
  code: number;
  reason: string | null;
  createTime: string;
}

export interface DefectPushTable {
  defectId: number;
  projectId: number;
  defectKey: string | null;
  defectGroupKey: string | null;
  keyHash: string | null;
  groupHash: string | null;
  fingerprint: string | null;
  occurrences: number;
  firstSeen: string;
  lastSeen: string;
  /** JSON array of the versions it was seen in, oldest first. */
  versions: string | null;
  /** The version of its latest push (migration 040). */
  lastVersion: Generated<string | null>;
}

export interface DefectHandlerTable {
  defectId: number;
  userId: number;
  position: number;
}

export interface DefectLogTable {
  defectLogId: Generated<number>;
  defectId: number;
  defectLogType: number;
  defectLogDescribe: string | null;
  receiveBy: string;
  createById: number;
  createTime: string;
}

export interface CommentTable {
  commentId: Generated<number>;
  commentContent: string;
  moduleType: string;
  correlationId: number;
  parentId: number | null;
  createById: number;
  createTime: string;
}

export interface UserDefectTable {
  userDefectId: Generated<number>;
  defectId: number;
  userId: number;
  collect: number;
}

export interface DefectShardTable {
  defectShardId: string;
  defectId: number;
  createById: number;
  passwordHash: string | null;
  agingHour: number;
  agingAt: number | null;
  defaultLang: string | null;
  createTime: string;
  updateTime: string;
  /** Wrong passwords from every address since it was last shared (migration 039). */
  wrongGuesses: Generated<number>;
  /** When it ran out of wrong passwords (epoch ms): locked until it is shared again. */
  lockedAt: Generated<number | null>;
}

export interface DefectTabTable {
  tabId: Generated<number>;
  tabName: string;
  projectId: number;
  userId: number;
  config: string;
  tabSort: number;
  createTime: string;
}

export interface ModuleTable {
  moduleId: Generated<number>;
  modulePid: number;
  moduleName: string;
  remark: string | null;
  projectId: number;
  createTime: string;
  updateTime: string;
}

export interface ReportTable {
  reportId: Generated<number>;
  reportTitle: string;
  reportType: 'text' | 'realtime';
  reportTime: string;
  reportDescription: string | null;
  reportDataCoder: string | null;
  reportData: string | null;
  createById: number;
  projectId: number;
  reportSource: string | null;
  reportKey: string | null;
}

export interface ReportTemplateTable {
  templateId: Generated<number>;
  templateKey: string;
  templateTitle: string;
  templateContent: string;
  moduleType: string | null;
  /** Null for the shop's built-in templates. */
  projectId: number | null;
  updateById: number | null;
  updateTime: string;
  templateIconUrl: string | null;
  majorVersion: number;
  minorVersion: number;
  isShop: number;
  templateLang: string | null;
}

export interface DocumentTable {
  docId: Generated<number>;
  projectId: number;
  docName: string;
  /** 0 a folder, 1 a file. */
  docType: number;
  fileExtension: string | null;
  fileUrl: string | null;
  fileVersion: number | null;
  /** 0 at the top level. */
  docPid: number;
  docRemakr: string | null;
  createById: number;
  updateById: number | null;
  createTime: string;
  updateTime: string;
}

export interface StatisticTemplateTable {
  statisticTemplateId: Generated<number>;
  statisticTemplatCode: string | null;
  moduleType: number;
  projectId: number;
  userId: number;
  statisticTemplatConfig: string;
}

export interface DefectTallyTable {
  projectId: number;
  defectType: number;
  defectState: number;
  n: number;
}

/** Live defects per project, handler and state (migration 036, kept by triggers). */
export interface DefectHandlerTallyTable {
  projectId: number;
  userId: number;
  defectState: number;
  n: number;
}

/** SQLite only: the FTS5 trigram index of defects (rowid = defect id); its hidden column bears its name. */
export interface DefectSearchTable {
  rowid: number;
  sysDefectSearch: string;
  title: string;
  body: string;
}

export interface TeamInvitationTable {
  invitationId: Generated<number>;
  teamId: number;
  userId: number;
  /** The team roles the person gets on accepting, as a JSON list. */
  roleIds: string;
  invitedById: number;
  state: 'pending' | 'accepted' | 'declined';
  createTime: string;
  answerTime: string | null;
}

export interface NoticeTable {
  noticeId: Generated<number>;
  noticeTitle: string;
  noticeContent: string | null;
  noticeKey: string | null;
  noticeArgs: string | null;
  noticeType: string;
  status: string;
  groupName: string;
  projectId: number | null;
  receiverId: number;
  src: string | null;
  isRead: number;
  createBy: string | null;
  createTime: string;
}

export interface ImUserConfigTable {
  imConfigId: Generated<number>;
  projectId: number;
  memberId: number;
  config: string;
  updateTime: string;
}

export interface ImProjectConfigTable {
  configId: Generated<number>;
  projectId: number;
  systemCode: string;
  configParams: string;
}

export interface NoticeOutboxTable {
  outboxId: Generated<number>;
  channel: string;
  projectId: number | null;
  receiverId: number;
  payload: string;
  state: string;
  attempts: number;
  nextAttemptAt: number;
  claimedUntil: number;
  lastError: string | null;
  createTime: string;
  sentTime: string | null;
  /** A webhook delivery's webhook; null for e-mail and chat. */
  webhookId: number | null;
  /** The HTTP status the webhook's receiver answered, when it answered. */
  responseCode: number | null;
}

export interface ProjectWebhookTable {
  webhookId: Generated<number>;
  projectId: number;
  webhookUrl: string;
  secret: string | null;
  /** JSON array of event names; null or empty: every event. */
  events: string | null;
  enabled: number;
  remark: string | null;
  createById: number | null;
  createTime: string;
}

export interface CaseTable {
  caseId: Generated<number>;
  projectId: number;
  caseNum: number;
  caseName: string;
  moduleId: number | null;
  caseType: number | null;
  caseLevel: number;
  casePreconditions: string | null;
  caseExpect: string;
  caseStep: string;
  caseState: string;
  remark: string | null;
  imgUrls: string | null;
  createBy: string | null;
  createById: number | null;
  createTime: string;
  updateTime: string;
  /** What a test runner calls the case (CI results are matched by it); unique in the project. */
  caseKey: Generated<string | null>;
  /** Files attached to the case: upload paths, comma-separated (migration 046). */
  annexUrls: Generated<string | null>;
  /** The case's test data (Markdown). */
  caseData: Generated<string | null>;
}

/** One change of a case: created, or the fields changed (JSON `[{field, oldValue, newValue}]`). */
export interface CaseLogTable {
  caseLogId: Generated<number>;
  caseId: number;
  action: 'create' | 'update';
  changes: string | null;
  createById: number | null;
  createTime: string;
}

export interface PlanTable {
  planId: string;
  planNumber: number;
  planName: string;
  planVersion: string | null;
  planStartTime: string | null;
  planEndTime: string | null;
  projectId: number;
  reportId: number | null;
  remark: string | null;
  createById: number | null;
  createTime: string;
  updateById: number | null;
  updateTime: string;
  /** The CI run the plan was made for (results sent again update it); unique in the project. */
  ciRun: Generated<string | null>;
}

export interface PlanItemTable {
  planItemId: string;
  planId: string;
  caseId: number;
  moduleId: number | null;
  /** The original's three: pass, not_pass, unexecuted. */
  planItemState: string;
  /** What the three cannot say: blocked, skipped, retest (waiting to be run again); null otherwise. */
  planItemResult: string | null;
  /** Who gave the latest result (told when the item waits for a retest). */
  testerId: number | null;
  updateById: number | null;
  updateTime: string;
}

export interface PlanItemDefectTable {
  planItemId: string;
  defectId: number;
  position: number;
}

export interface PlanItemResultTable {
  resultId: Generated<number>;
  planItemId: string;
  planItemState: string;
  planItemResult: string | null;
  actualResult: string | null;
  /** 1-based step of the case that failed. */
  failedStep: number | null;
  imgUrls: string | null;
  annexUrls: string | null;
  createById: number | null;
  createTime: string;
}

export interface AiModuleConfigTable {
  aiId: Generated<number>;
  projectId: number;
  aiUrl: string | null;
  businessModule: string | null;
  imageModule: string | null;
  createTime: string;
  createById: number | null;
  updateTime: string;
  updateById: number | null;
}

/** Code generation: an imported table (gen_table, the original's columns). */
export interface GenTableTable {
  tableId: Generated<number>;
  tableName: string;
  tableComment: string;
  subTableName: string | null;
  subTableFkName: string | null;
  className: string;
  tplCategory: string;
  packageName: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  functionAuthor: string;
  genType: string;
  genPath: string;
  /** JSON: treeCode, treeParentCode, treeName, parentMenuId, parentMenuName. */
  options: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

/** Code generation: one column of an imported table and its role in the generated page. */
export interface GenTableColumnTable {
  columnId: Generated<number>;
  tableId: number;
  columnName: string;
  columnComment: string | null;
  columnType: string | null;
  javaType: string | null;
  tsType: string;
  javaField: string;
  isPk: string;
  isIncrement: string;
  isRequired: string;
  isInsert: string;
  isEdit: string;
  isList: string;
  isQuery: string;
  queryType: string;
  htmlType: string;
  dictType: string;
  sort: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** A deleted case or document, its rows kept as JSON until restored or purged (migration 049). */
export interface RecycleBinTable {
  binId: Generated<number>;
  projectId: number;
  itemKind: string;
  itemId: number;
  itemName: string;
  itemNum: number | null;
  /** `{ table: rows[] }`, the rows as Kysely reads them (camelCase). */
  itemRows: string;
  deletedById: number | null;
  deletedTime: string;
}

/** A project's own defect attribute (migration 050); JSON columns as text. */
export interface ProjectDefectFieldTable {
  fieldId: Generated<number>;
  projectId: number;
  fieldKey: string;
  fieldLabel: string;
  fieldType: string;
  typeConfig: string | null;
  defaultValue: string | null;
  maxLength: number | null;
  required: number;
  nullable: number;
  enabled: number;
  isSystem: number;
  sortOrder: number;
  createById: number | null;
  createTime: string;
  updateTime: string;
}

/** One custom field's value of a defect, for the list's filters (migration 050). */
export interface DefectFieldValueTable {
  defectId: number;
  fieldKey: string;
  projectId: number;
  valueKey: string;
  valueText: string;
  valueNum: number | null;
}

export interface Database {
  sysUser: UserTable;
  sysRole: RoleTable;
  sysMenu: MenuTable;
  sysRoleMenu: RoleMenuTable;
  sysUserRole: UserRoleTable;
  sysDept: DeptTable;
  sysPost: PostTable;
  sysUserPost: UserPostTable;
  sysRoleDept: RoleDeptTable;
  sysUserConfig: UserConfigTable;
  sysUserTeam: UserTeamTable;
  sysUserTeamRole: UserTeamRoleTable;
  sysUserProject: UserProjectTable;
  sysUserProjectRole: UserProjectRoleTable;
  sysDictType: DictTypeTable;
  sysDictData: DictDataTable;
  sysConfig: ConfigTable;
  sysLogininfor: LoginLogTable;
  sysOperLog: OperLogTable;
  sysSession: SessionTable;
  sysKv: KvTable;
  sysUserTotp: UserTotpTable;
  sysUserRecoveryCode: UserRecoveryCodeTable;
  sysLoginTicket: LoginTicketTable;
  sysTempFile: TempFileTable;
  sysScreenSize: ScreenSizeTable;
  sysJob: JobTable;
  sysJobLog: JobLogTable;
  sysJobLease: JobLeaseTable;
  sysTeam: TeamTable;
  sysTeamInvitation: TeamInvitationTable;
  sysProject: ProjectTable;
  sysProjectCounter: ProjectCounterTable;
  sysDefect: DefectTable;
  sysDefectPush: DefectPushTable;
  sysProjectApiRefusal: ProjectApiRefusalTable;
  sysProjectApi: ProjectApiTable;
  sysProjectWebhook: ProjectWebhookTable;
  sysDefectHandler: DefectHandlerTable;
  sysPlan: PlanTable;
  sysPlanItem: PlanItemTable;
  sysPlanItemDefect: PlanItemDefectTable;
  sysPlanItemResult: PlanItemResultTable;
  sysDefectLog: DefectLogTable;
  sysComment: CommentTable;
  sysUserDefect: UserDefectTable;
  sysDefectShard: DefectShardTable;
  sysProjectDefectTabs: DefectTabTable;
  sysModule: ModuleTable;
  sysReport: ReportTable;
  sysReportTemplate: ReportTemplateTable;
  sysDocument: DocumentTable;
  sysUserStatisticTemplate: StatisticTemplateTable;
  sysDefectTally: DefectTallyTable;
  sysDefectHandlerTally: DefectHandlerTallyTable;
  sysDefectSearch: DefectSearchTable;
  sysNotice: NoticeTable;
  imUserConfig: ImUserConfigTable;
  imProjectConfig: ImProjectConfigTable;
  sysNoticeOutbox: NoticeOutboxTable;
  sysAiModuleConfig: AiModuleConfigTable;
  sysCase: CaseTable;
  sysCaseLog: CaseLogTable;
  sysRecycleBin: RecycleBinTable;
  sysProjectDefectField: ProjectDefectFieldTable;
  sysDefectFieldValue: DefectFieldValueTable;
  genTable: GenTableTable;
  genTableColumn: GenTableColumnTable;
}
