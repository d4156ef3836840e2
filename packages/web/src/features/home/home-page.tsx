import { BugOutlined, FileSearchOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Divider, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { leafEntries } from '../../layout/menu-items.tsx';
import { useMenuGroups } from '../../layout/use-menu-groups.ts';

const FEATURES = [
  { icon: <BugOutlined />, titleKey: 'home.feature.defects', textKey: 'home.feature.defects-text' },
  { icon: <FileSearchOutlined />, titleKey: 'home.feature.cases', textKey: 'home.feature.cases-text' },
  { icon: <TeamOutlined />, titleKey: 'home.feature.teams', textKey: 'home.feature.teams-text' },
];

/** Welcome page: what the product does, and shortcuts to the pages this user may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useMenuGroups();
  const shortcuts = [{ key: '/member/profile', title: t('personal-center') }, ...leafEntries(groups.admin)];

  return (
    <div>
      <Typography.Title level={2}>{t('system-name')}</Typography.Title>
      <Typography.Paragraph style={{ maxWidth: 800 }}>{t('home.introduction')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {FEATURES.map((f) => (
          <Col key={f.titleKey} xs={24} md={8}>
            <Card>
              <Card.Meta avatar={f.icon} title={t(f.titleKey)} description={t(f.textKey)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Divider titlePlacement="start">{t('home.shortcuts')}</Divider>
      <Row gutter={[16, 16]}>
        {shortcuts.map((s) => (
          <Col key={s.key} xs={24} sm={12} lg={8} xl={6}>
            <Card hoverable onClick={() => navigate(s.key)}>
              <Card.Meta avatar={<UserOutlined />} title={s.title} description={s.key} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
