import type { RoleSummary } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Row, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading.tsx';
import { translateOr } from '../../lib/i18n.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { PasswordForm } from './password-form.tsx';
import { getProfile, profileKeys } from './profile.api.ts';
import { ProfileForm } from './profile-form.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { TotpPanel } from './totp-panel.tsx';

/** The roles by their i18n key (the server's roleGroup joins the stored, seeded Chinese names). */
const roleNames = (roles: RoleSummary[] | undefined) =>
  roles?.map((role) => translateOr(role.roleNameI18nKey, role.roleName)).join(', ');

export default function ProfilePage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: profileKeys.profile, queryFn: getProfile });
  const user = query.data?.data;
  if (!user) return <PageLoading />;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card title={t('personal-information')}>
          <Flex justify="center" style={{ marginBottom: 16 }}>
            <AvatarUpload avatar={user.avatar} />
          </Flex>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'account', label: t('account'), children: user.userName },
              { key: 'phone', label: t('phone-number'), children: user.phoneNumber },
              { key: 'email', label: t('email'), children: user.email },
              { key: 'roles', label: t('role'), children: roleNames(user.roles) ?? query.data?.roleGroup },
              { key: 'created', label: t('create-time'), children: user.createTime },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              { key: 'base', label: t('base-info'), children: <ProfileForm key={user.userId} user={user} /> },
              { key: 'password', label: t('modify-password'), children: <PasswordForm /> },
              { key: 'sessions', label: t('profile.sessions'), children: <SessionsPanel /> },
              { key: 'totp', label: t('totp.title'), children: <TotpPanel /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
