import type { DefectSeen } from '@buglet/contracts';
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);

/** Times are the server's wall clock (`yyyy-MM-dd HH:mm:ss`), read as local time. */
const ago = (time: string) => dayjs(time.replace(' ', 'T')).fromNow();

/**
 * How often a pushed failure was seen: "seen 14 times, last 2 hours ago in 1.4.1", the first and
 * last times on hover. A fold counts here and leaves the defect's update time alone.
 */
export function DefectSeenText({ seen, short }: { seen: DefectSeen; short?: boolean }) {
  const { t } = useTranslation();
  const text = seen.lastVersion
    ? t('defect.seen.text-version', {
        count: seen.occurrences,
        ago: ago(seen.lastSeenTime),
        version: seen.lastVersion,
      })
    : t('defect.seen.text', { count: seen.occurrences, ago: ago(seen.lastSeenTime) });
  const times = t('defect.seen.times', { first: seen.firstSeenTime, last: seen.lastSeenTime });
  return (
    <Tooltip title={short ? `${text}. ${times}` : times}>
      <span data-testid="defect-seen">
        {short ? t('defect.seen.short', { count: seen.occurrences }) : text}
      </span>
    </Tooltip>
  );
}
