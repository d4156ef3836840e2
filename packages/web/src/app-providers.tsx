import { App, theme as antdTheme, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadMask } from './lib/download-mask.store.ts';
import { setFeedback } from './lib/feedback.ts';
import { type SizeName, useLayout } from './stores/layout.store.ts';

const COMPONENT_SIZE: Record<SizeName, 'large' | 'middle' | 'small'> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

/** Hands the context-aware message/modal/notification to non-React code (the HTTP client). */
function FeedbackBridge() {
  const { message, modal, notification } = App.useApp();
  useEffect(() => setFeedback({ message, modal, notification }), [message, modal, notification]);
  return null;
}

function DownloadMask() {
  const { t } = useTranslation();
  const running = useDownloadMask((s) => s.running);
  return <Spin fullscreen spinning={running > 0} description={t('http.downloading')} />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const colorPrimary = useLayout((s) => s.settings.theme);
  const sideTheme = useLayout((s) => s.settings.sideTheme);
  const size = useLayout((s) => s.size);

  return (
    <ConfigProvider
      locale={i18n.language === 'en_US' ? enUS : zhCN}
      componentSize={COMPONENT_SIZE[size]}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary },
        components: {
          // The dark side theme reproduces the original's slate sidebar rather than antd's navy.
          Menu: sideTheme === 'theme-dark' ? { darkItemBg: '#304156', darkSubMenuItemBg: '#1f2d3d' } : {},
          Layout: { siderBg: sideTheme === 'theme-dark' ? '#304156' : '#ffffff' },
        },
      }}
    >
      {/* Notifications (the notice pop-up among them) open below the 50 px navbar, not over the bell. */}
      <App notification={{ top: 58 }}>
        <FeedbackBridge />
        <DownloadMask />
        {children}
      </App>
    </ConfigProvider>
  );
}
