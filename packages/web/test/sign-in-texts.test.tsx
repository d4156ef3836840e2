import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickSignInTexts } from '../sign-in-texts.ts';
import LoginPage from '../src/features/auth/login-page.tsx';
import { TotpStep } from '../src/features/auth/totp-step.tsx';

/**
 * The sign-in page ships with only its own texts (the whole dictionaries come with the rest of
 * the app). Rendered with just those, in both languages, it must ask for no other key: a key
 * missing there would make the page fetch a whole dictionary (or show nothing for a moment).
 */
async function renderWithSignInTexts(lng: 'zh_CN' | 'en_US', node: React.ReactNode) {
  const missing = new Set<string>();
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(pickSignInTexts().texts).map(([l, texts]) => [l, { translation: texts }]),
    ),
    lng,
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => void missing.add(key),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/login']}>{node}</MemoryRouter>
    </I18nextProvider>,
  );
  return missing;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in page texts', () => {
  for (const lng of ['zh_CN', 'en_US'] as const) {
    it(`cover the login form, its captcha, its errors and the language switch (${lng})`, {
      timeout: 20_000,
    }, async () => {
      // Captcha and registration on: every part of the form shows.
      const captcha = { code: 200, msg: '', captchaEnabled: true, registerEnabled: true, uuid: 'u', img: '' };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(captcha))),
      );
      const missing = await renderWithSignInTexts(lng, <LoginPage />);
      await screen.findByText(lng === 'zh_CN' ? '立即注册' : 'Register now');
      // The language button opens the choice of both.
      fireEvent.click(screen.getByRole('button', { name: lng === 'zh_CN' ? /简体中文/ : /English/ }));
      await screen.findByRole('button', { name: lng === 'zh_CN' ? 'English' : '简体中文' });
      // Sent empty: the rules' messages show.
      fireEvent.submit(screen.getByPlaceholderText(lng === 'zh_CN' ? '账号' : 'Account'));
      await screen.findByText(lng === 'zh_CN' ? '请输入您的账号' : 'Please enter your account');
      expect([...missing]).toEqual([]);
    });

    it(`cover the two-factor code step (${lng})`, async () => {
      const missing = await renderWithSignInTexts(
        lng,
        <TotpStep ticket="t" onSignedIn={() => {}} onRestart={() => {}} />,
      );
      await screen.findByTestId('totp-step');
      expect([...missing]).toEqual([]);
    });
  }
});
