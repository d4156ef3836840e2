import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { CalendarRange } from '@buglet/contracts';
import { Button, Flex, Segmented, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type CalendarView = 'month' | 'week';
export type CalendarStep = 'prev' | 'next' | 'today';

interface CalendarToolbarProps {
  title: string;
  range: CalendarRange;
  view: CalendarView;
  onStep: (step: CalendarStep) => void;
  onRange: (range: CalendarRange) => void;
  onView: (view: CalendarView) => void;
}

/** Earlier, the period shown, later, today; mine or my projects; month or week. Wraps when narrow. */
export function CalendarToolbar({ title, range, view, onStep, onRange, onView }: CalendarToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={4} align="center" wrap>
        <Tooltip title={t('calendar.prev')}>
          <Button
            type="text"
            icon={<LeftOutlined />}
            aria-label={t('calendar.prev')}
            onClick={() => onStep('prev')}
          />
        </Tooltip>
        <Typography.Title level={5} style={{ margin: 0, minWidth: 120, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Tooltip title={t('calendar.next')}>
          <Button
            type="text"
            icon={<RightOutlined />}
            aria-label={t('calendar.next')}
            onClick={() => onStep('next')}
          />
        </Tooltip>
        <Button size="small" onClick={() => onStep('today')}>
          {t('calendar.today')}
        </Button>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Segmented<CalendarRange>
          size="small"
          value={range}
          onChange={onRange}
          options={[
            { value: 'mine', label: t('calendar.range.mine') },
            { value: 'projects', label: t('calendar.range.projects') },
          ]}
        />
        <Segmented<CalendarView>
          size="small"
          value={view}
          onChange={onView}
          options={[
            { value: 'month', label: t('calendar.view.month') },
            { value: 'week', label: t('calendar.view.week') },
          ]}
        />
      </Flex>
    </Flex>
  );
}
