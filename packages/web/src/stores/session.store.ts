import type { LoginBody, LoginTotpBody, RouterRecord, User, UserConfig } from '@buglet/contracts';
import { DEFAULT_ROLE } from '@buglet/contracts/limits';
import { create } from 'zustand';
import * as authApi from '../features/auth/auth.api.ts';
import { getToken, removeToken, setToken } from '../lib/cookies.ts';
import { endReloginPrompts, resetReloginPrompt } from '../lib/http.ts';
import { checkPermi, checkRole } from '../lib/permissions.ts';
import { applyPreferences } from '../lib/preferences.ts';

const PWD_PROMPT_KEY = 'default-pwd-prompt-dismissed';

interface SessionState {
  token: string | undefined;
  user: User | undefined;
  roles: string[];
  permissions: string[];
  config: UserConfig | null;
  routes: RouterRecord[];
  isLoaded: boolean;
  isDefaultModifyPwd: boolean;
  /** Someone else chose the password: the server serves nothing but its change until then. */
  isPasswordChangeRequired: boolean;
  /** Signs in, or answers the ticket when the account asks for a two-factor code next. */
  login: (body: LoginBody) => Promise<{ ticket: string } | undefined>;
  /** The code step of a two-factor sign-in. */
  loginWithCode: (body: LoginTotpBody) => Promise<void>;
  /** Keeps the token of a completed sign-in. */
  begin: (token: string) => void;
  loadSession: () => Promise<void>;
  logout: () => Promise<void>;
  clear: () => void;
  refreshUser: () => Promise<void>;
  dismissPasswordPrompt: () => void;
  /** The server refused a request until the password is changed (a session opened before it knew). */
  requirePasswordChange: () => void;
  /** The required change is made: the session loads again, menus and all. */
  passwordChanged: () => void;
  hasPermi: (wanted: readonly string[]) => boolean;
  hasRole: (wanted: readonly string[]) => boolean;
}

/**
 * The dismissal belongs to one sign-in (its token): a new login shows the prompt again; a reload or
 * another tab of the same sign-in does not. localStorage, as sessionStorage is one tab's only.
 */
function isPromptDismissed(token: string | undefined): boolean {
  return token !== undefined && localStorage.getItem(PWD_PROMPT_KEY) === token;
}

export const useSession = create<SessionState>((set, get) => ({
  token: getToken(),
  user: undefined,
  roles: [],
  permissions: [],
  config: null,
  routes: [],
  isLoaded: false,
  isDefaultModifyPwd: false,
  isPasswordChangeRequired: false,

  async login(body) {
    const answer = await authApi.login(body);
    if ('twoFactor' in answer && answer.twoFactor) return { ticket: answer.ticket };
    get().begin((answer as { token: string }).token);
    return undefined;
  },

  async loginWithCode(body) {
    const { token } = await authApi.loginTotp(body);
    get().begin(token);
  },

  begin(token) {
    setToken(token);
    resetReloginPrompt();
    localStorage.removeItem(PWD_PROMPT_KEY);
    set({ token, isLoaded: false });
  },

  async loadSession() {
    // Both at once: one round trip of waiting instead of two on the way to the first page.
    const [info, routers] = await Promise.all([authApi.getInfo(), authApi.getRouters()]);
    const token = get().token;
    set({
      user: info.user,
      // The guard treats "roles loaded" as "session loaded", so a user without roles gets a placeholder.
      roles: info.roles?.length ? info.roles : [DEFAULT_ROLE],
      permissions: info.permissions ?? [],
      config: info.config ?? null,
      routes: routers,
      isPasswordChangeRequired: info.isPasswordChangeRequired === true,
      isDefaultModifyPwd:
        Boolean(info.isDefaultModifyPwd) &&
        info.isPasswordChangeRequired !== true &&
        !isPromptDismissed(token),
      isLoaded: true,
    });
    await applyPreferences(info.config);
  },

  async logout() {
    endReloginPrompts();
    try {
      await authApi.logout();
    } catch {
      // The server may already have dropped the session; the local state is cleared regardless.
    }
    get().clear();
  },

  clear() {
    removeToken();
    localStorage.removeItem(PWD_PROMPT_KEY);
    set({
      token: undefined,
      user: undefined,
      roles: [],
      permissions: [],
      config: null,
      routes: [],
      isLoaded: false,
      isDefaultModifyPwd: false,
      isPasswordChangeRequired: false,
    });
  },

  /** Reads the user again after a profile or avatar change, so the header shows the new ones. */
  async refreshUser() {
    const info = await authApi.getInfo();
    if (info.user) set({ user: info.user });
  },

  dismissPasswordPrompt() {
    const token = get().token;
    if (token) localStorage.setItem(PWD_PROMPT_KEY, token);
    set({ isDefaultModifyPwd: false });
  },

  requirePasswordChange() {
    if (get().token) set({ isPasswordChangeRequired: true });
  },

  passwordChanged() {
    set({ isPasswordChangeRequired: false, isDefaultModifyPwd: false, isLoaded: false });
  },

  hasPermi: (wanted) => checkPermi(get().permissions, wanted),
  hasRole: (wanted) => checkRole(get().roles, wanted),
}));
