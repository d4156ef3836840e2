import { checkCronExpression } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from './job-text.ts';
import { nextRunTimes } from './jobs.api.ts';

const WAIT_MS = 300;

/** The value once it has stopped changing for a moment (an expression being typed). */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), WAIT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The next five run times of an expression, as the server's cron library reads it, or what is
 * wrong with it: checked here field by field first, then by the server.
 */
export function CronPreview({ expression }: { expression: string }) {
  const { t } = useTranslation();
  const text = expression.trim();
  const settled = useSettled(text);
  const problem = text ? checkCronExpression(text) : undefined;
  const query = useQuery({
    queryKey: ['jobs', 'cron-next', settled],
    queryFn: () => nextRunTimes(settled),
    enabled: settled !== '' && !checkCronExpression(settled),
    staleTime: 10_000,
  });
  if (!text) return null;
  if (problem) return <Typography.Text type="danger">{problemText(t, problem)}</Typography.Text>;
  const answer = settled === text ? query.data : undefined;
  if (answer?.problem) return <Typography.Text type="danger">{answer.problem}</Typography.Text>;
  return (
    <div data-testid="cron-next-times">
      <Typography.Text type="secondary">{t('job.cron.next-times')}</Typography.Text>
      <ol style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
        {(answer?.times ?? []).map((time) => (
          <li key={time}>{time}</li>
        ))}
      </ol>
    </div>
  );
}
