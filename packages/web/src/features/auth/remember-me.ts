import { getCookie, removeCookie, setCookie } from '../../lib/cookies.ts';

const DAYS = 30;

/**
 * The password is only obfuscated (base64 of UTF-8), not encrypted: a key shipped in the bundle would
 * protect nothing more. It keeps the password from being readable at a glance in the cookie jar.
 */
export function obfuscate(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes));
}

export function deobfuscate(encoded: string): string {
  try {
    const binary = atob(encoded);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}

export interface Remembered {
  username: string;
  password: string;
  rememberMe: boolean;
}

export function readRemembered(): Remembered {
  return {
    username: getCookie('username') ?? '',
    password: deobfuscate(getCookie('password') ?? ''),
    rememberMe: getCookie('rememberMe') === 'true',
  };
}

export function saveRemembered(values: Remembered): void {
  if (!values.rememberMe) {
    removeCookie('username');
    removeCookie('password');
    removeCookie('rememberMe');
    return;
  }
  setCookie('username', values.username, DAYS);
  setCookie('password', obfuscate(values.password), DAYS);
  setCookie('rememberMe', 'true', DAYS);
}
