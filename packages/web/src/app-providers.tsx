import { theme as antdTheme, ConfigProvider, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDark } from './lib/color-scheme.ts';
import { readableOnWhite } from './lib/contrast.ts';
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
/** 1.0's dark accent (amber), dark text on it. */
const DARK_PRIMARY = '#FFC107';

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
        // Text stands 4.5:1 against its background in both themes (WCAG AA): the picked colour is
        // darkened as needed; the secondary, description and placeholder greys are darker than
        // antd's. In the dark the accent is 1.0's amber, with dark text on its buttons.
        token: isDark
          ? {
              colorPrimary: DARK_PRIMARY,
              colorLink: DARK_PRIMARY,
              // Red as text on the dark background; the red buttons then take dark text, as the amber ones.
              colorError: '#ff7875',
              colorErrorText: '#ff7875',
              motion,
              colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
              colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
              colorTextDescription: 'rgba(255, 255, 255, 0.62)',
            }
          : {
              colorPrimary: readableOnWhite(colorPrimary, 5.2),
              colorLink: readableOnWhite(colorPrimary, 5.2),
              // antd's green and amber read 2:1 as text on white.
              colorSuccess: '#2f7a12',
              colorSuccessText: '#2f7312',
              colorWarning: '#b36b00',
              colorWarningText: '#8f5500',
              colorError: '#d9363e',
              colorErrorText: '#c41d24',
              motion,
              colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
              colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
              colorTextDescription: 'rgba(0, 0, 0, 0.62)',
              colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
            },
        components: {
          Button: isDark ? { primaryColor: '#141414', dangerColor: '#141414' } : {},
          // The dark side theme reproduces the original's slate sidebar rather than antd's navy.
          // The selected item's text darker than the accent, to read on its tinted background.
          Menu: isSlateSide
            ? { darkItemBg: SIDEBAR_DARK_BG, darkSubMenuItemBg: '#1f2d3d' }
            : isDark
              ? { itemSelectedColor: DARK_PRIMARY, itemSelectedBg: 'rgba(255, 193, 7, 0.12)' }
              : { itemSelectedColor: readableOnWhite(colorPrimary, 7) },
          Layout: isDark ? {} : { siderBg: isSlateSide ? SIDEBAR_DARK_BG : '#ffffff' },
        },
      }}
    >
      <DownloadMask />
      {children}
    </ConfigProvider>
  );
}
