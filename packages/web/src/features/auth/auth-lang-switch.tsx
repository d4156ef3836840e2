import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, LOCALES, type Locale } from '../../lib/i18n.ts';

/**
 * The language choice of the sign-in and registration pages: a button opening the languages in a
 * popover. The layout's Select (LangSelect) would bring Ant Design's Select and its virtual list,
 * about a tenth of what the sign-in page may load. Nobody is signed in here, so the choice stays in
 * this browser (and goes to the account at the next change in the navbar).
 */
export function AuthLangSwitch() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [isOpen, setOpen] = useState(false);
  const current: Locale = i18n.language === 'en_US' ? 'en_US' : 'zh_CN';

  const languages = (
    <Flex vertical>
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          type="text"
          aria-current={locale === current}
          style={{ justifyContent: 'flex-start', color: locale === current ? token.colorPrimary : undefined }}
          onClick={() => {
            setOpen(false);
            void changeLocale(locale);
          }}
        >
          {t(`lang.${locale}`)}
        </Button>
      ))}
    </Flex>
  );

  return (
    <Popover
      content={languages}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      open={isOpen}
      onOpenChange={setOpen}
      styles={{ container: { padding: 4 } }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-expanded={isOpen}>
        {t(`lang.${current}`)}
        <DownOutlined style={{ fontSize: 12, color: token.colorTextQuaternary }} />
      </Button>
    </Popover>
  );
}
