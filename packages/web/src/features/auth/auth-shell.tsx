import { Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLangSwitch } from './auth-lang-switch.tsx';

/**
 * Shared frame of the login and register pages: introduction beside the card on wide screens.
 * The card and the headings are drawn with Ant Design's tokens, as its Card and Typography draw
 * them: those components would bring Tabs, Menu and Typography's editing to the sign-in page.
 */
export function AuthShell({ children, isWithIntro }: { children: ReactNode; isWithIntro?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const card: CSSProperties = {
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  const heading = (
    fontSize: CSSProperties['fontSize'],
    lineHeight: CSSProperties['lineHeight'],
  ): CSSProperties => ({
    margin: 0,
    fontSize,
    lineHeight,
    fontWeight: token.fontWeightStrong,
    color: token.colorTextHeading,
  });
  const secondary: CSSProperties = { margin: '0 0 1em', color: token.colorTextSecondary };

  return (
    <Flex
      align="center"
      justify="center"
      gap={64}
      wrap
      style={{
        minHeight: '100vh',
        padding: 16,
        background: 'linear-gradient(135deg,#f5f7fa,#e4ecf7)',
        // What antd's App gives the rest of the app (the sign-in page goes without it).
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {isWithIntro ? (
        <div className="auth-intro" style={{ maxWidth: 420 }}>
          <h2 style={{ ...heading(token.fontSizeHeading2, token.lineHeightHeading2), marginBottom: '0.5em' }}>
            {t('welcome')}
          </h2>
          <p style={secondary}>{t('login.introduce1')}</p>
          <p style={secondary}>{t('login.introduce2')}</p>
          <p style={secondary}>{t('login.introduce3')}</p>
        </div>
      ) : null}
      <div style={{ width: '100%', maxWidth: 420 }}>
        <div style={card}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <h3 style={{ ...heading(token.fontSizeHeading3, token.lineHeightHeading3), color: '#707070' }}>
              {t('system-name')}
            </h3>
            <AuthLangSwitch />
          </Flex>
          {children}
        </div>
        <p style={{ ...secondary, textAlign: 'center', marginTop: 12 }}>
          {t('copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </Flex>
  );
}
