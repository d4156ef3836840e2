import { App, Button, ColorPicker, Divider, Drawer, Flex, Radio, Segmented, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepSettings, savePreferences } from '../lib/preferences.ts';
import {
  LAYOUT_SETTING_KEY,
  type LayoutSettings,
  type ThemeMode,
  useLayout,
} from '../stores/layout.store.ts';

type SwitchKey = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';
const SWITCHES: { key: SwitchKey; labelKey: string }[] = [
  { key: 'topNav', labelKey: 'settings.top-nav' },
  { key: 'tagsView', labelKey: 'settings.tags-view' },
  { key: 'fixedHeader', labelKey: 'settings.fixed-header' },
  { key: 'sidebarLogo', labelKey: 'settings.sidebar-logo' },
  { key: 'dynamicTitle', labelKey: 'settings.dynamic-title' },
];
const SAVE_DELAY_MS = 1000;

/** Changes apply at once as a preview; Save keeps them in localStorage and closes, Reset returns to defaults. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isOpen = useLayout((s) => s.isSettingsOpen);
  const setOpen = useLayout((s) => s.setSettingsOpen);
  const settings = useLayout((s) => s.settings);
  const setSettings = useLayout((s) => s.setSettings);
  const reloadSettings = useLayout((s) => s.reloadSettings);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const finish = (kind: 'save' | 'reset', write: () => void) => {
    setBusy(kind);
    write();
    setTimeout(() => {
      reloadSettings();
      setBusy(null);
      message.success(t(kind === 'save' ? 'save.success' : 'settings.reset-success'));
      // Saving ends the visit to the drawer; after a reset it stays open to show the defaults.
      if (kind === 'save') setOpen(false);
    }, SAVE_DELAY_MS);
  };

  const save = () => finish('save', () => keepSettings(settings));
  const reset = () =>
    finish('reset', () => {
      localStorage.removeItem(LAYOUT_SETTING_KEY);
      void savePreferences({ uiSettings: {} }).catch(() => {});
    });

  return (
    <Drawer title={t('settings.title')} size={280} open={isOpen} onClose={() => setOpen(false)}>
      <Typography.Text strong>{t('settings.theme-mode')}</Typography.Text>
      <Segmented
        block
        style={{ margin: '8px 0 16px' }}
        value={settings.themeMode}
        onChange={(themeMode) => setSettings({ themeMode: themeMode as ThemeMode })}
        options={[
          { value: 'light', label: t('settings.mode-light') },
          { value: 'dark', label: t('settings.mode-dark') },
          { value: 'system', label: t('settings.mode-system') },
        ]}
      />
      <Typography.Text strong>{t('settings.side-theme')}</Typography.Text>
      <Radio.Group
        style={{ display: 'block', margin: '8px 0 16px' }}
        value={settings.sideTheme}
        onChange={(e) => setSettings({ sideTheme: e.target.value as LayoutSettings['sideTheme'] })}
        options={[
          { value: 'theme-dark', label: t('settings.theme-dark') },
          { value: 'theme-light', label: t('settings.theme-light') },
        ]}
      />
      <Flex justify="space-between" align="center">
        <span>{t('settings.theme-color')}</span>
        <ColorPicker
          value={settings.theme}
          onChangeComplete={(c) => setSettings({ theme: c.toHexString() })}
        />
      </Flex>
      <Divider />
      {SWITCHES.map(({ key, labelKey }) => (
        <Flex key={key} justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <span>{t(labelKey)}</span>
          <Switch checked={settings[key]} onChange={(checked) => setSettings({ [key]: checked })} />
        </Flex>
      ))}
      <Divider />
      <Flex gap={8}>
        <Button type="primary" loading={busy === 'save'} disabled={busy !== null} onClick={save}>
          {t('settings.save')}
        </Button>
        <Button loading={busy === 'reset'} disabled={busy !== null} onClick={reset}>
          {t('settings.reset')}
        </Button>
      </Flex>
    </Drawer>
  );
}
