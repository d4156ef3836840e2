import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personName } from '../lib/person-name.ts';
import { NameAvatar } from './name-avatar.tsx';

export interface NameplatePerson {
  userId?: number;
  userName: string;
  nickName: string;
  avatar: string | null;
  phoneNumber?: string | null;
  email?: string | null;
}

/** Avatar, name and (when known) the phone and e-mail lines of a team or project member. */
export function MemberNameplate({ person, isMuted }: { person: NameplatePerson; isMuted?: boolean }) {
  const { t } = useTranslation();
  const hasContact = person.phoneNumber !== undefined || person.email !== undefined;
  return (
    <Flex gap={10} align="center" style={{ minWidth: 180, opacity: isMuted ? 0.55 : 1 }}>
      <NameAvatar name={personName(person)} image={person.avatar} />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ fontSize: 15 }}>
          {personName(person)}
        </Typography.Text>
        {hasContact ? (
          <>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('member.phone-line', { phone: person.phoneNumber || '-' })}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('member.email-line', { email: person.email || '-' })}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {person.userName}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
