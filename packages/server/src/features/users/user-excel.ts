import { EMAIL_PATTERN, LIMITS, PHONE_PATTERN, SUPER_ADMIN_ID, type User } from '@buglet/contracts';
import { type Lang, type MessageKey, translate } from '../../http/i18n.ts';
import {
  emptyCells,
  type ImportSheet,
  labelOf,
  type RowProblem,
  type SheetRow,
  sheetColumns,
} from '../../lib/sheet-import.ts';
import type { SheetColumn } from '../../lib/xlsx.ts';

/** The original's user sheet (RuoYi `SysUser` @Excel columns), headers in either language. */
const COLUMN_LABELS = {
  userId: 'excel.user.id',
  userName: 'excel.user.account',
  nickName: 'excel.user.nick-name',
  deptPath: 'excel.user.dept',
  email: 'excel.user.email',
  phoneNumber: 'excel.user.phone',
  sex: 'excel.user.sex',
  status: 'excel.user.status',
  loginIp: 'excel.user.login-ip',
  loginDate: 'excel.user.login-date',
  createTime: 'excel.user.create-time',
} as const satisfies Record<string, MessageKey>;
type UserColumn = keyof typeof COLUMN_LABELS;

const EXPORT_ONLY: readonly UserColumn[] = ['loginIp', 'loginDate', 'createTime'];

/** The user sheet: the template's columns; an export adds the id and the read-only ones. */
export const USER_SHEET: ImportSheet<UserColumn> = {
  labels: COLUMN_LABELS,
  imported: ['userName', 'nickName', 'deptPath', 'email', 'phoneNumber', 'sex', 'status'],
  required: new Set(['userName', 'nickName', 'phoneNumber']),
  /**
   * Other headers read on import: the original's sheet names the department by its number; 'E-mail'
   * and 'Sex' are our English headers before the wording review (issue 27).
   */
  aliases: {
    userName: ['账号', '用户账号', 'User name'],
    nickName: ['姓名', '昵称', 'Nick name'],
    deptPath: ['部门编号', '部门名称', 'Department ID'],
    email: ['邮箱', 'E-mail'],
    phoneNumber: ['手机号', 'Phone number'],
    sex: ['性别', 'Sex'],
    status: ['状态', '账号状态'],
  },
  widths: {
    deptPath: 30,
    email: 26,
    loginDate: 20,
    createTime: 20,
  },
};

const SEX_KEYS = { '0': 'excel.sex.0', '1': 'excel.sex.1', '2': 'excel.sex.2' } as const;
const STATUS_KEYS = { '0': 'excel.status.normal', '1': 'excel.status.disabled' } as const;

/** The template's columns (`isExport` adds the id and the read-only ones), drop-downs in the caller's language. */
export function userColumns(
  lang: Lang,
  deptPaths: readonly string[],
  isExport: boolean,
): SheetColumn<UserColumn>[] {
  return sheetColumns(
    USER_SHEET,
    isExport ? ['userId', ...USER_SHEET.imported, ...EXPORT_ONLY] : USER_SHEET.imported,
    {
      deptPath: deptPaths,
      sex: Object.values(SEX_KEYS).map((k) => translate(lang, k)),
      status: Object.values(STATUS_KEYS).map((k) => translate(lang, k)),
    },
  );
}

export const userRow = (u: User, deptPath: string, lang: Lang) => ({
  userId: u.userId,
  userName: u.userName,
  nickName: u.nickName,
  deptPath,
  email: u.email ?? '',
  phoneNumber: u.phoneNumber ?? '',
  sex: u.sex && u.sex in SEX_KEYS ? translate(lang, SEX_KEYS[u.sex as keyof typeof SEX_KEYS]) : '',
  status:
    u.status in STATUS_KEYS ? translate(lang, STATUS_KEYS[u.status as keyof typeof STATUS_KEYS]) : u.status,
  loginIp: u.loginIp ?? '',
  loginDate: u.loginDate ?? '',
  createTime: u.createTime ?? '',
});

/** A code ('0') or its name in either language ('男', 'male'); undefined when empty, null when unknown. */
function codeOf(text: string, keys: Record<string, MessageKey>): string | null | undefined {
  if (text === '') return undefined;
  if (text in keys) return text;
  const wanted = text.toLowerCase();
  for (const [code, key] of Object.entries(keys)) {
    if (translate('zh_CN', key) === text || translate('en_US', key).toLowerCase() === wanted) return code;
  }
  return null;
}

/** One filled row of an uploaded user sheet, as typed. */
export type UserSheetRow = SheetRow<UserColumn>;

/** What the rows are checked against, read from the database before any row is judged. */
export interface UserImportContext {
  /** Department paths ('总部/研发部') and ids → id. */
  deptPaths: Map<string, number>;
  deptIds: Set<number>;
  /** Every account that exists (deleted ones too: an account name is never reused). */
  accounts: Map<string, { userId: number; isLive: boolean; isPerson: boolean }>;
  phoneOwners: Map<string, number>;
  emailOwners: Map<string, number>;
  isUpdateSupported: boolean;
  callerId: number;
}

export interface ImportUser {
  rowNum: number;
  /** Set when the row updates an existing person. */
  userId?: number;
  userName: string;
  nickName: string;
  /** Undefined: left as it is (an update) or none (a new person). */
  deptId: number | undefined;
  email: string | null;
  phoneNumber: string;
  sex: string | undefined;
  status: string | undefined;
}

/** Every row checked against the rules, the database and the other rows; nothing is written here. */
export function checkUserRows(
  sheet: readonly UserSheetRow[],
  ctx: UserImportContext,
): { rows: ImportUser[]; problems: RowProblem[] } {
  const rows: ImportUser[] = [];
  const problems: RowProblem[] = [];
  const label = (c: UserColumn) => labelOf(USER_SHEET, c);
  const seen = {
    userName: new Map<string, number>(),
    phoneNumber: new Map<string, number>(),
    email: new Map<string, number>(),
  };
  for (const row of sheet) {
    const { rowNum, values: v } = row;
    const messages = emptyCells(USER_SHEET, row);
    const bad = (c: UserColumn) =>
      messages.push({ key: 'import.row.invalid', args: [rowNum, label(c), v[c]] });

    const account = ctx.accounts.get(v.userName);
    if (
      v.userName &&
      ([...v.userName].length < LIMITS.account.min || [...v.userName].length > LIMITS.account.max)
    )
      bad('userName');
    else if (account && !(ctx.isUpdateSupported && account.isLive && account.isPerson))
      messages.push({ key: 'import.user.exists', args: [rowNum, v.userName] });
    else if (account?.userId === SUPER_ADMIN_ID && ctx.callerId !== SUPER_ADMIN_ID)
      messages.push({ key: 'import.user.admin', args: [rowNum] });
    const selfId = account?.isLive ? account.userId : undefined;

    if ([...v.nickName].length > LIMITS.nickName.max)
      messages.push({ key: 'import.row.too-long', args: [rowNum, label('nickName'), LIMITS.nickName.max] });
    if (v.phoneNumber && !PHONE_PATTERN.test(v.phoneNumber)) bad('phoneNumber');
    if (v.email && (v.email.length > LIMITS.email.max || !EMAIL_PATTERN.test(v.email))) bad('email');
    for (const c of ['phoneNumber', 'email'] as const) {
      const owner = v[c] ? (c === 'email' ? ctx.emailOwners : ctx.phoneOwners).get(v[c]) : undefined;
      if (owner !== undefined && owner !== selfId)
        messages.push({ key: 'import.row.taken', args: [rowNum, label(c), v[c]] });
    }
    for (const c of ['userName', 'phoneNumber', 'email'] as const) {
      const first = v[c] ? seen[c].get(v[c]) : undefined;
      if (first !== undefined)
        messages.push({ key: 'import.row.repeated', args: [rowNum, label(c), v[c], first] });
      else if (v[c]) seen[c].set(v[c], rowNum);
    }

    const deptText = v.deptPath.replace(/\s*\/\s*/g, '/');
    const deptId =
      deptText === ''
        ? undefined
        : (ctx.deptPaths.get(deptText) ?? (ctx.deptIds.has(Number(deptText)) ? Number(deptText) : null));
    if (deptId === null) bad('deptPath');
    const sex = codeOf(v.sex, SEX_KEYS);
    if (sex === null) bad('sex');
    const status = codeOf(v.status, STATUS_KEYS);
    if (status === null) bad('status');

    if (messages.length > 0) {
      problems.push({ rowNum, messages });
      continue;
    }
    rows.push({
      rowNum,
      ...(selfId === undefined ? {} : { userId: selfId }),
      userName: v.userName,
      nickName: v.nickName,
      deptId: deptId ?? undefined,
      email: v.email || null,
      phoneNumber: v.phoneNumber,
      sex: sex ?? undefined,
      status: status ?? undefined,
    });
  }
  return { rows, problems };
}
