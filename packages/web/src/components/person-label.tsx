import { KeyOutlined } from '@ant-design/icons';
import type { CreatorSummary } from '@buglet/contracts';
import { Avatar, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personName } from '../lib/person-name.ts';
import { NameAvatar } from './name-avatar.tsx';

interface PersonLabelProps {
  /** Who: a person, or an API key (by its name); null when unknown. */
  person: CreatorSummary | null | undefined;
  /** What to show when the person is unknown (the account the row kept, say). */
  fallback?: string | null;
}

/**
 * Someone named as everywhere else: their avatar (or initials of the name shown) and their name by
 * the one rule (nickname, then account); an API key by its name with a key icon.
 */
export function PersonLabel({ person, fallback }: PersonLabelProps) {
  const { t } = useTranslation();
  if (!person) return <>{fallback || '-'}</>;
  const name = personName(person);
  return (
    <Flex gap={6} align="center" style={{ minWidth: 0 }} data-testid="person-label">
      {person.isApiKey ? (
        <Avatar
          size="small"
          icon={<KeyOutlined />}
          style={{ flexShrink: 0 }}
          aria-label={t('person.api-key')}
        />
      ) : (
        <NameAvatar name={name} image={person.avatar} size="small" />
      )}
      <Typography.Text ellipsis title={person.isApiKey ? `${t('person.api-key')}: ${name}` : name}>
        {name}
      </Typography.Text>
    </Flex>
  );
}
