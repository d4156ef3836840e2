import type { AjaxResult, CalendarDefect, HomeCalendar } from '@buglet/contracts';
import type { EventDropArg } from '@fullcalendar/core';
import type { EventResizeDoneArg } from '@fullcalendar/interaction';
import { useQueryClient } from '@tanstack/react-query';
import { defectKeys } from '../../lib/query-keys.ts';
import { type CalendarWindow, calendarKeys, movePlan } from './calendar.api.ts';
import { daysBetween, movedPlan, stretchedPlan } from './calendar-events.ts';

type Plan = ReturnType<typeof movedPlan>;

/**
 * What a drag or a stretch on the calendar does: the calendar already shows the new days; the plan
 * goes to the server (the form's route and rules), and a refusal springs the defect back.
 */
export function usePlanMoves(shown: CalendarWindow | undefined) {
  const queryClient = useQueryClient();

  const save = async (defect: CalendarDefect, plan: Plan, revert: () => void) => {
    try {
      await movePlan(defect.defectId, plan);
    } catch {
      // The refusal's message (translated by the server) was shown by the HTTP client; a fresh
      // read shows what may be moved now (an archived project, a lost role).
      revert();
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      return;
    }
    if (shown) {
      queryClient.setQueryData<AjaxResult<HomeCalendar>>(calendarKeys.window(shown), (old) =>
        old?.data
          ? {
              ...old,
              data: {
                ...old.data,
                items: old.data.items.map((d) => (d.defectId === defect.defectId ? { ...d, ...plan } : d)),
              },
            }
          : old,
      );
    }
    void queryClient.invalidateQueries({ queryKey: defectKeys.all });
  };

  return {
    onDrop: (arg: EventDropArg) => {
      const defect = arg.event.extendedProps.defect as CalendarDefect;
      const days = daysBetween(arg.oldEvent.startStr, arg.event.startStr);
      if (days !== 0) void save(defect, movedPlan(defect, days), arg.revert);
    },
    onResize: (arg: EventResizeDoneArg) => {
      const defect = arg.event.extendedProps.defect as CalendarDefect;
      const days = daysBetween(arg.oldEvent.endStr, arg.event.endStr);
      if (days !== 0) void save(defect, stretchedPlan(defect, days), arg.revert);
    },
  };
}
