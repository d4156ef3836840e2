import { useViewFocus } from '../../hooks/use-view-focus.ts';
import type { DefectDetail } from './defects.api.ts';
import { closeDefectView } from './defects.api.ts';

/** Who is looking at the defect in the view drawer (see useViewFocus). */
export function useDefectFocus(
  defectId: number | undefined,
  defect: DefectDetail | undefined,
  isFetching: boolean,
) {
  const focusList = defect?.defectId === defectId ? defect?.focusList : undefined;
  useViewFocus('defect', defectId, focusList, isFetching, closeDefectView);
}
