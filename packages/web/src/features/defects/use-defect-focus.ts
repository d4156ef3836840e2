import { useEffect } from 'react';
import { useFocus } from '../../stores/focus.store.ts';
import type { DefectDetail } from './defects.api.ts';
import { closeDefectView } from './defects.api.ts';

/**
 * The view drawer's part in "who is looking": each fresh answer tells who looks at the defect now
 * (frames keep it live from there), and closing the drawer, switching to another defect or leaving
 * the page with it open tells the server this user stopped looking.
 */
export function useDefectFocus(
  defectId: number | undefined,
  defect: DefectDetail | undefined,
  isFetching: boolean,
) {
  const focusList = defect?.defectId === defectId ? defect?.focusList : undefined;
  useEffect(() => {
    // A cached answer shown while the new one loads is old news: wait for the fresh one.
    if (defectId === undefined || !focusList || isFetching) return;
    useFocus.getState().seed('defect', defectId, focusList);
  }, [defectId, focusList, isFetching]);

  useEffect(() => {
    if (defectId === undefined) return;
    return closeDefectView;
  }, [defectId]);
}
