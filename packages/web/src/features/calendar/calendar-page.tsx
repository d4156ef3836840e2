import { CALENDAR_RANGES, type CalendarDefect, type CalendarRange } from '@buglet/contracts';
import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLocale } from '../../lib/i18n.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import {
  DefectFormDrawer,
  DefectViewDrawer,
  type FormTarget,
  stateColour,
  stateName,
  useProjectMembers,
} from '../defects/index.ts';
import { type CalendarWindow, calendarKeys, getCalendar } from './calendar.api.ts';
import { dayAfter, planDays } from './calendar-events.ts';
import { type CalendarStep, CalendarToolbar, type CalendarView } from './calendar-toolbar.tsx';
import { usePlanMoves } from './use-plan-moves.ts';
import './calendar-page.css';

const VIEWS = { month: 'dayGridMonth', week: 'dayGridWeek' } as const;
// Stable across renders: the calendar re-initialises when these change.
const PLUGINS = [dayGridPlugin, interactionPlugin];
const LOCALES = [zhCnLocale];
/** Closed defects are drawn grey, as their state tag is. */
const CLOSED_GREY = '#8c8c8c';

const isRange = (value: string | null): value is CalendarRange =>
  (CALENDAR_RANGES as readonly string[]).includes(value ?? '');
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? value : undefined;

function toEvent(d: CalendarDefect): EventInput | undefined {
  const days = planDays(d);
  if (!days) return undefined;
  const colour = stateColour(d.defectState) ?? CLOSED_GREY;
  return {
    id: String(d.defectId),
    title: `#${d.projectNum} ${d.defectName}`,
    start: days.first,
    end: dayAfter(days.last),
    allDay: true,
    startEditable: d.isEditable,
    // Only a plan with both ends has an end to drag.
    durationEditable: d.isEditable && d.planStartTime !== null && d.planEndTime !== null,
    backgroundColor: colour,
    borderColor: colour,
    textColor: '#fff',
    classNames: d.isEditable ? [] : ['is-locked'],
    extendedProps: { defect: d },
  };
}

/**
 * The person's calendar: their defects (or their projects') over the plan days, a month or a week
 * at a time. Dragging a defect moves its plan by whole days (its length kept), dragging its end
 * changes its length; both go through PUT /system/defect, so the server's permission and date rules
 * decide, and a refused move springs back. A click opens the defect.
 */
export default function CalendarPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const calendarRef = useRef<FullCalendar>(null);
  const view: CalendarView = searchParams.get('view') === 'week' ? 'week' : 'month';
  const rangeParam = searchParams.get('range');
  const range: CalendarRange = isRange(rangeParam) ? rangeParam : 'mine';
  const [initialDate] = useState(() => dayParam(searchParams.get('date')) ?? dayjs().format('YYYY-MM-DD'));
  const [shown, setShown] = useState<{ from: string; to: string; title: string }>();
  const [viewId, setViewId] = useState<number>();
  const [formTarget, setFormTarget] = useState<FormTarget>();
  const { members } = useProjectMembers(formTarget?.defect?.projectId ?? 0);

  const shownWindow: CalendarWindow | undefined = shown
    ? { from: shown.from, to: shown.to, range }
    : undefined;
  const query = useQuery({
    queryKey: shownWindow ? calendarKeys.window(shownWindow) : calendarKeys.all,
    queryFn: () => getCalendar(shownWindow as CalendarWindow),
    enabled: shownWindow !== undefined,
    placeholderData: (previous) => previous,
  });
  const data = query.data?.data;
  const events = useMemo(
    () => (data?.items ?? []).map(toEvent).filter((e): e is EventInput => e !== undefined),
    [data],
  );

  // Read through a ref, so two changes in one event both land.
  const paramsRef = useRef(searchParams);
  paramsRef.current = searchParams;
  const setParam = (changes: Record<string, string>) => {
    const next = new URLSearchParams(paramsRef.current);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    if (next.toString() === paramsRef.current.toString()) return;
    paramsRef.current = next;
    setSearchParams(next, { replace: true });
  };
  // The address leads (a link, back and forward): the calendar follows its view and day.
  const dateParam = dayParam(searchParams.get('date'));
  useEffect(() => {
    const calendar = calendarRef.current?.getApi();
    if (!calendar) return;
    if (calendar.view.type !== VIEWS[view]) calendar.changeView(VIEWS[view]);
    if (dateParam && dayjs(calendar.getDate()).format('YYYY-MM-DD') !== dateParam)
      calendar.gotoDate(dateParam);
  }, [view, dateParam]);
  /** Prev, next, today: the calendar moves, and the address takes its new day. */
  const step = (to: CalendarStep) => {
    const calendar = calendarRef.current?.getApi();
    if (!calendar) return;
    calendar[to]();
    setParam({ date: dayjs(calendar.getDate()).format('YYYY-MM-DD') });
  };

  const onDatesSet = (arg: DatesSetArg) => {
    const from = dayjs(arg.start).format('YYYY-MM-DD');
    const to = dayjs(arg.end).subtract(1, 'day').format('YYYY-MM-DD');
    setShown((prev) =>
      prev?.from === from && prev.to === to && prev.title === arg.view.title
        ? prev
        : { from, to, title: arg.view.title },
    );
  };

  const { onDrop, onResize } = usePlanMoves(shownWindow);

  return (
    <Card size="small" className="my-calendar" data-testid="my-calendar">
      <CalendarToolbar
        title={shown?.title ?? ''}
        range={range}
        view={view}
        onStep={step}
        onRange={(value) => setParam({ range: value })}
        onView={(value) => setParam({ view: value })}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('calendar.hint')}
      </Typography.Paragraph>
      {data?.isTruncated ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('calendar.truncated', { count: data.items.length })}
        />
      ) : null}
      <Spin spinning={query.isFetching}>
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          initialView={VIEWS[view]}
          initialDate={initialDate}
          headerToolbar={false}
          locales={LOCALES}
          locale={currentLocale() === 'zh_CN' ? 'zh-cn' : 'en'}
          height="auto"
          dayMaxEvents={view === 'month' ? 4 : false}
          events={events}
          eventDisplay="block"
          eventContent={(arg) => <EventChip arg={arg} />}
          datesSet={onDatesSet}
          eventDrop={onDrop}
          eventResize={onResize}
          eventClick={(arg: EventClickArg) => setViewId(Number(arg.event.id))}
        />
      </Spin>
      <DefectViewDrawer
        defectId={viewId}
        onClose={() => setViewId(undefined)}
        onEdit={(defect) => setFormTarget({ defect })}
        onChanged={() => queryClient.invalidateQueries({ queryKey: defectKeys.all })}
      />
      <DefectFormDrawer
        projectId={formTarget?.defect?.projectId ?? 0}
        members={members}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onSaved={(defectId) => {
          setFormTarget(undefined);
          void queryClient.invalidateQueries({ queryKey: defectKeys.all });
          setViewId(defectId);
        }}
      />
    </Card>
  );
}

function EventChip({ arg }: { arg: EventContentArg }) {
  const { t } = useTranslation();
  const defect = arg.event.extendedProps.defect as CalendarDefect;
  const state = t(`defect.state.${stateName(defect.defectState)}`);
  const plan = [defect.planStartTime, defect.planEndTime].map((v) => v?.slice(0, 16) ?? '…').join(' ~ ');
  return (
    <span
      className="my-calendar-chip"
      data-testid="calendar-defect"
      data-defect-id={defect.defectId}
      title={`${arg.event.title}\n${defect.projectName} · ${state}\n${plan}`}
    >
      {arg.event.title}
    </span>
  );
}
