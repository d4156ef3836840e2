import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSelect } from '../../layout/lang-select.tsx';

/** Shared frame of the login and register pages: introduction beside the card on wide screens. */
export function AuthShell({ children, isWithIntro }: { children: ReactNode; isWithIntro?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      justify="center"
      gap={64}
      wrap
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(135deg,#f5f7fa,#e4ecf7)' }}
    >
      {isWithIntro ? (
        <div className="auth-intro" style={{ maxWidth: 420 }}>
          <Typography.Title level={2}>{t('welcome')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.introduce1')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('login.introduce2')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('login.introduce3')}</Typography.Paragraph>
        </div>
      ) : null}
      <div style={{ width: '100%', maxWidth: 420 }}>
        <Card>
          <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
            <Typography.Title level={3} style={{ margin: 0, color: '#707070' }}>
              {t('system-name')}
            </Typography.Title>
            <LangSelect isCompact />
          </Flex>
          {children}
        </Card>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 12 }}>
          {t('copyright', { year: new Date().getFullYear() })}
        </Typography.Paragraph>
      </div>
    </Flex>
  );
}
