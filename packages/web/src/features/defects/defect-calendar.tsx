import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Defect } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Popover, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { defectKeys } from '../../lib/query-keys.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { bucketByDay, monthGrid } from './defect-calendar-days.ts';
import { stateColour, stateName } from './defect-tags.tsx';
import { listDefects } from './defects.api.ts';

/** As many as the list call returns in one page. */
const CALENDAR_LIMIT = 1000;
/** Pills per day before "+N more". */
const PILLS_PER_DAY = 4;

interface DefectCalendarProps {
  projectId: number;
  /** The current filters as the list call takes them (see filterQuery). */
  filters: QueryObject;
  /** YYYY-MM */
  month: string;
  onMonthChange: (month: string) => void;
  onOpen: (defectId: number) => void;
}

/** A month of the filtered defects, each on the days of its plan (or of its last update without one). */
export function DefectCalendar({ projectId, filters, month, onMonthChange, onOpen }: DefectCalendarProps) {
  const { t } = useTranslation();
  const days = monthGrid(month);
  const from = days[0] ?? `${month}-01`;
  const to = days[days.length - 1] ?? `${month}-28`;
  const params = typeof filters.params === 'object' && !Array.isArray(filters.params) ? filters.params : {};
  const query: QueryObject = {
    ...filters,
    projectId,
    pageNum: 1,
    pageSize: CALENDAR_LIMIT,
    orderByColumn: 'updateTime',
    isAsc: 'desc',
    params: { ...params, calendarStartDate: from, calendarEndDate: to },
  };
  const result = useQuery({
    queryKey: defectKeys.list(query),
    queryFn: () => listDefects(query),
    enabled: projectId > 0,
  });
  const rows = result.data?.rows ?? [];
  const total = result.data?.total ?? 0;
  const buckets = bucketByDay(rows, days);
  const today = dayjs().format('YYYY-MM-DD');
  const shift = (months: number) =>
    onMonthChange(dayjs(`${month}-01`).add(months, 'month').format('YYYY-MM'));

  return (
    <div className="defect-calendar">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Flex gap={4} align="center">
          <Tooltip title={t('defect.calendar.prev-month')}>
            <Button
              type="text"
              icon={<LeftOutlined />}
              aria-label={t('defect.calendar.prev-month')}
              onClick={() => shift(-1)}
            />
          </Tooltip>
          <DatePicker
            picker="month"
            variant="borderless"
            allowClear={false}
            aria-label={t('defect.calendar.month')}
            format={t('defect.calendar.month-format')}
            value={dayjs(`${month}-01`)}
            onChange={(value) => value && onMonthChange(value.format('YYYY-MM'))}
            style={{ width: 150, fontSize: 16 }}
            className="defect-calendar-month"
          />
          <Tooltip title={t('defect.calendar.next-month')}>
            <Button
              type="text"
              icon={<RightOutlined />}
              aria-label={t('defect.calendar.next-month')}
              onClick={() => shift(1)}
            />
          </Tooltip>
          <Button size="small" onClick={() => onMonthChange(dayjs().format('YYYY-MM'))}>
            {t('defect.calendar.this-month')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('defect.calendar.hint')}
        </Typography.Text>
      </Flex>
      {total > rows.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('defect.calendar.truncated', { shown: rows.length, total })}
        />
      ) : null}
      <Spin spinning={result.isFetching}>
        <div className="defect-calendar-grid">
          {days.slice(0, 7).map((day) => (
            <div key={`head-${day}`} className="defect-calendar-weekday">
              {dayjs(day).format('ddd')}
            </div>
          ))}
          {days.map((day) => (
            <DayCell
              key={day}
              day={day}
              isOtherMonth={!day.startsWith(month)}
              isToday={day === today}
              defects={buckets.get(day) ?? []}
              onOpen={onOpen}
            />
          ))}
        </div>
      </Spin>
    </div>
  );
}

interface DayCellProps {
  day: string;
  isOtherMonth: boolean;
  isToday: boolean;
  defects: Defect[];
  onOpen: (defectId: number) => void;
}

function DayCell({ day, isOtherMonth, isToday, defects, onOpen }: DayCellProps) {
  const { t } = useTranslation();
  const hidden = defects.slice(PILLS_PER_DAY);
  const className = ['defect-calendar-day', isOtherMonth ? 'is-other-month' : '', isToday ? 'is-today' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} data-day={day}>
      <div className="defect-calendar-date">
        <span>{Number(day.slice(8))}</span>
        {defects.length > 0 ? <span className="defect-calendar-count">{defects.length}</span> : null}
      </div>
      {defects.slice(0, PILLS_PER_DAY).map((d) => (
        <DefectPill key={d.defectId} defect={d} onOpen={onOpen} />
      ))}
      {hidden.length > 0 ? (
        <Popover
          trigger="click"
          title={day}
          content={
            <Flex vertical gap={4} style={{ width: 240, maxHeight: 320, overflowY: 'auto' }}>
              {defects.map((d) => (
                <DefectPill key={d.defectId} defect={d} onOpen={onOpen} />
              ))}
            </Flex>
          }
        >
          <Button type="link" size="small" className="defect-calendar-more">
            {t('defect.calendar.more', { count: hidden.length })}
          </Button>
        </Popover>
      ) : null}
    </div>
  );
}

function DefectPill({ defect, onOpen }: { defect: Defect; onOpen: (defectId: number) => void }) {
  const { t } = useTranslation();
  const colour = stateColour(defect.defectState);
  const label = `#${defect.projectNum} ${defect.defectName}`;
  return (
    <button
      type="button"
      className="defect-calendar-pill"
      data-testid="calendar-defect"
      title={`${label} (${t(`defect.state.${stateName(defect.defectState)}`)})`}
      style={colour ? { background: colour, borderColor: colour, color: '#fff' } : undefined}
      onClick={() => onOpen(defect.defectId)}
    >
      {label}
    </button>
  );
}
