import type { Defect } from '@buglet/contracts';
import { Avatar, Tooltip } from 'antd';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { personName } from '../../lib/person-name.ts';

/** Overlapping avatars of the handlers, the name on hover. */
export function HandlerAvatars({ people }: { people: Defect['handleByList'] }) {
  return (
    <Avatar.Group max={{ count: 4 }} size="small">
      {people.map((person) => (
        <Tooltip key={person.userId} title={personName(person)}>
          <NameAvatar name={personName(person)} image={person.avatar} size="small" />
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
