import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, type Locale } from '../lib/i18n.ts';
import { savePreferences } from '../lib/preferences.ts';
import { useSession } from '../stores/session.store.ts';

/** Switches the language at once; dayjs, antd and the `language` request header follow. */
export function LangSelect({ isCompact }: { isCompact?: boolean }) {
  const { t, i18n } = useTranslation();
  const isSignedIn = useSession((s) => s.isLoaded);
  return (
    <Select
      aria-label={t('navbar.language')}
      value={i18n.language as Locale}
      variant="borderless"
      prefix={<GlobalOutlined />}
      style={{ width: isCompact ? 88 : 130 }}
      // On a phone the chosen language is named short, leaving the breadcrumb the room.
      labelRender={isCompact ? ({ value }) => (value === 'en_US' ? 'EN' : '中文') : undefined}
      popupMatchSelectWidth={false}
      onChange={(locale: Locale) => {
        void changeLocale(locale);
        // Signed in, the choice is the person's and follows them to another browser.
        if (isSignedIn) void savePreferences({ lang: locale }).catch(() => {});
      }}
      options={[
        { value: 'zh_CN', label: t('lang.zh_CN') },
        { value: 'en_US', label: t('lang.en_US') },
      ]}
    />
  );
}
