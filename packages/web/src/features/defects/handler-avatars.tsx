import type { Defect } from '@buglet/contracts';
import { Avatar, Tooltip } from 'antd';
import { NameAvatar } from '../../components/name-avatar.tsx';

/** Overlapping avatars of the handlers, the name on hover. */
export function HandlerAvatars({ people }: { people: Defect['handleByList'] }) {
  return (
    <Avatar.Group max={{ count: 4 }} size="small">
      {people.map((person) => (
        <Tooltip key={person.userId} title={person.nickName}>
          <NameAvatar name={person.nickName || person.userName} image={person.avatar} size="small" />
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
