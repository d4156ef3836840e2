/** Limits shared by the web client's form rules and the server's checks. */
export const LIMITS = {
  account: { min: 2, max: 20 },
  password: { min: 5, max: 20 },
  memberName: { min: 2, max: 20 },
  phone: { min: 11, max: 16 },
  nickName: { max: 30 },
  email: { max: 50 },
  /** A DingTalk or WeChat Work account id, in the personal center and the notice settings. */
  imUserId: { max: 64 },
  loginMaxRetry: 5,
  loginLockMinutes: 10,
  captchaTtlSeconds: 120,
  sessionTtlMinutes: 240,
  sessionRefreshMinutes: 20,
  imageMaxBytes: 5 * 1024 * 1024,
  fileMaxBytes: 30 * 1024 * 1024,
  uploadMaxFiles: 5,
  fileNameMax: 100,
  duplicateWindowMs: 1000,
  duplicateCheckMaxBytes: 5 * 1024 * 1024,
  requestTimeoutMs: 10_000,
  captchaTimeoutMs: 20_000,
  mobileBreakpoint: 992,
} as const;

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const FILE_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'md',
  'pdf',
  'zip',
] as const;
export const UPLOAD_EXTENSIONS = [...IMAGE_EXTENSIONS, ...FILE_EXTENSIONS] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Phone numbers: optional +, digits, spaces or dashes; 11-16 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{9,14}[0-9]$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Role ids hard-wired by the original and its clients. */
export const ROLE_IDS = {
  admin: 1,
  common: 2,
  outsiders: 3,
  teamAdmin: 4,
  teamDefault: 5,
  projectAdmin: 6,
  projectDevelop: 7,
  projectTester: 8,
  projectOutsider: 9,
  default: 10,
  projectCreateBy: 11,
  teamCreateBy: 12,
} as const;

/**
 * Back-office pages and buttons that give power over other people's accounts (user
 * administration with password resets, roles, sessions, unlocking): the role page warns before a
 * platform role is given one of them.
 */
export const ACCOUNT_POWER_MENU_IDS: readonly number[] = [
  100, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 101, 1007, 1008, 1009, 1010, 1011, 109, 1046, 1047, 1048,
  1045,
];

export const SUPER_ADMIN_ID = 1;
export const ALL_PERMISSION = '*:*:*';
export const SUPER_ADMIN_ROLE = 'admin';
export const DEFAULT_ROLE = 'ROLE_DEFAULT';
