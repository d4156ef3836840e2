import { EyeOutlined } from '@ant-design/icons';
import { Avatar, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FocusModule, focusName } from '../lib/member-focus.ts';
import { useLookers } from '../stores/focus.store.ts';
import { NameAvatar } from './name-avatar.tsx';

const MAX_SHOWN = 3;

/**
 * The other members looking at this item now: an eye, up to three overlapping avatars, then "+N"; every
 * name is in the tooltip (the "+N" has no pop-up of its own, which would cover it). Nothing when alone.
 */
export function FocusAvatars({ moduleName, dataId }: { moduleName: FocusModule; dataId: number }) {
  const { t, i18n } = useTranslation();
  const people = useLookers(moduleName, dataId);
  if (people.length === 0) return null;
  const listFormat = new Intl.ListFormat(i18n.language === 'en_US' ? 'en' : 'zh-CN', { type: 'conjunction' });
  const label = t('focus.also-looking', { names: listFormat.format(people.map(focusName)) });
  return (
    <Tooltip title={label}>
      <span
        className="focus-avatars"
        role="img"
        aria-label={label}
        data-user-ids={people.map((p) => p.userId).join(',')}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 3, flexShrink: 0 }}
      >
        {/* Tells these faces from the handlers' avatars next to them. */}
        <EyeOutlined style={{ color: 'var(--ant-color-text-tertiary)', fontSize: 13 }} />
        <Avatar.Group size="small" max={{ count: MAX_SHOWN, popover: { open: false } }}>
          {people.map((person) => (
            <NameAvatar key={person.userId} name={focusName(person)} image={person.avatar} size="small" />
          ))}
        </Avatar.Group>
      </span>
    </Tooltip>
  );
}
