import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsDark } from '../lib/color-scheme.ts';
import { keepSettings } from '../lib/preferences.ts';
import { useLayout } from '../stores/layout.store.ts';

/** 1.0's navbar switch: dark or light from now on (the settings drawer can go back to following the system). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const isDark = useIsDark();
  const label = t(isDark ? 'theme.to-light' : 'theme.to-dark');
  const toggle = () => {
    useLayout.getState().setSettings({ themeMode: isDark ? 'light' : 'dark' });
    keepSettings(useLayout.getState().settings);
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={isDark ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggle}
        aria-label={label}
        data-testid="theme-toggle"
      />
    </Tooltip>
  );
}
