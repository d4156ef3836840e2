import { theme as antdTheme, ConfigProvider, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDark } from './lib/color-scheme.ts';
import { useDownloadMask } from './lib/download-mask.store.ts';
import { antdLocale } from './lib/i18n.ts';
import { usePrefersReducedMotion } from './lib/reduced-motion.ts';
import { SIDEBAR_DARK_BG, type SizeName, useLayout } from './stores/layout.store.ts';

const COMPONENT_SIZE: Record<SizeName, 'large' | 'middle' | 'small'> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

function DownloadMask() {
  const { t } = useTranslation();
  const running = useDownloadMask((s) => s.running);
  return <Spin fullscreen spinning={running > 0} description={t('http.downloading')} />;
}

/**
 * Theme, size and language of every page. antd's App (message, modal and notification in context)
 * is the app frame's (router/app-frame.tsx), so the sign-in page does not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // Re-renders on a language switch, and with it Ant Design's texts.
  useTranslation();
  const colorPrimary = useLayout((s) => s.settings.theme);
  const sideTheme = useLayout((s) => s.settings.sideTheme);
  const size = useLayout((s) => s.size);
  // Dialogs, drawers and menus open and close without animation for whoever asked for less motion.
  const motion = !usePrefersReducedMotion();
  const isDark = useIsDark();
  // What antd does not paint follows too: native controls, scrollbars, the calendar (styles.css).
  useEffect(() => {
    document.documentElement.dataset.theme = isDark ? 'dark' : 'light';
  }, [isDark]);
  // In the dark the side bar is the dark theme's own; the slate one is the light theme's choice.
  const isSlateSide = sideTheme === 'theme-dark' && !isDark;

  return (
    <ConfigProvider
      locale={antdLocale()}
      componentSize={COMPONENT_SIZE[size]}
      theme={{
        algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary, motion },
        components: {
          // The dark side theme reproduces the original's slate sidebar rather than antd's navy.
          Menu: isSlateSide ? { darkItemBg: SIDEBAR_DARK_BG, darkSubMenuItemBg: '#1f2d3d' } : {},
          Layout: isDark ? {} : { siderBg: isSlateSide ? SIDEBAR_DARK_BG : '#ffffff' },
        },
      }}
    >
      <DownloadMask />
      {children}
    </ConfigProvider>
  );
}
