import { useQuery } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { personName } from '../../lib/person-name.ts';
import { usePresence } from '../../stores/presence.store.ts';
import { useOnlineMembers } from '../notices/index.ts';
import { getMemberLoads, statisticKeys } from './defect-statistics.api.ts';
import { type PanelProps, PanelState } from './panel-row.tsx';
import { isFilterOn, toggleFilter } from './statistic-filters.ts';

/**
 * The project's members, busiest first, each with the number of open defects they handle and a green
 * dot while online; clicking one lists that member's defects.
 */
export function MemberPanel({ projectId, filters, onFilter }: PanelProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: statisticKeys.member(projectId),
    queryFn: () => getMemberLoads(projectId),
    enabled: projectId > 0,
  });
  const members = query.data?.data ?? [];
  useOnlineMembers(projectId);
  const online = usePresence((s) => s.online);
  return (
    <PanelState isLoading={query.isLoading} isEmpty={members.length === 0} rows={2}>
      <div className="statistic-members">
        {members.map((member) => {
          const name = personName(member);
          const value = String(member.userId);
          const isActive = isFilterOn(filters, 'handler', value);
          const isOnline = online.has(member.userId);
          const label = `${t('defect.statistic.member-open', { name, count: member.open })}${
            isOnline ? ` · ${t('member.online')}` : ''
          }`;
          const face = (
            <>
              <Badge
                count={member.open}
                showZero
                size="small"
                color={member.open > 0 ? undefined : '#bfbfbf'}
              >
                <span className="member-avatar">
                  <NameAvatar name={name} image={member.avatar} />
                  {isOnline ? <span className="member-online-dot" data-user-id={member.userId} /> : null}
                </span>
              </Badge>
              <span className="statistic-member-name">{name}</span>
            </>
          );
          return (
            <Tooltip key={member.userId} title={label}>
              {onFilter ? (
                <button
                  type="button"
                  className={`statistic-member is-clickable ${isActive ? 'is-active' : ''}`}
                  aria-pressed={isActive}
                  aria-label={label}
                  onClick={() => onFilter(toggleFilter(filters, 'handler', value))}
                >
                  {face}
                </button>
              ) : (
                <span className="statistic-member" role="img" aria-label={label}>
                  {face}
                </span>
              )}
            </Tooltip>
          );
        })}
      </div>
    </PanelState>
  );
}
