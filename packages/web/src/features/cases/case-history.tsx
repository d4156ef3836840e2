import type { CaseLogEntry } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseHistory, caseKeys } from './cases.api.ts';

/** A changed value as the history shows it: steps counted, long text cut, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return `[${value.length}]`;
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Who changed what in a case, newest first (its creation last). */
export function CaseHistory({ caseId, updateTime }: { caseId: number; updateTime: string }) {
  const { t } = useTranslation();
  const entries = useQuery({
    queryKey: [...caseKeys.detail(caseId), 'history', updateTime],
    queryFn: () => caseHistory(caseId),
  }).data?.data;
  if (!entries) return null;
  /** A value in words where it has them (a test state), else as it is. */
  const inWords = (field: string, value: unknown) =>
    field === 'caseState' && typeof value === 'string'
      ? t(`case.state.${value}`, { defaultValue: value })
      : shown(value);
  const line = (e: CaseLogEntry) =>
    e.action === 'create'
      ? t('case.history.created')
      : e.changes
          .map((c) =>
            t('case.history.changed', {
              field: t(`case.field.${c.field}`, { defaultValue: c.field }),
              from: inWords(c.field, c.oldValue),
              to: inWords(c.field, c.newValue),
            }),
          )
          .join('; ');
  return (
    <Timeline
      data-testid="case-history"
      items={entries.map((e) => ({
        key: e.caseLogId,
        children: (
          <>
            <Typography.Text type="secondary">
              {e.createTime} · {e.createBy ?? '-'}
            </Typography.Text>
            <div>{line(e)}</div>
          </>
        ),
      }))}
    />
  );
}
