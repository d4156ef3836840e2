import { useEffect } from 'react';
import type { FocusModule, FocusUser } from '../lib/member-focus.ts';
import { useFocus } from '../stores/focus.store.ts';

/**
 * A view drawer's part in "who is looking": each fresh answer tells who looks at the item now
 * (frames keep it live from there), and closing the drawer, switching to another item or leaving
 * the page with it open tells the server this user stopped looking (`close`).
 */
export function useViewFocus(
  moduleName: FocusModule,
  dataId: number | undefined,
  /** The focus list of the answer for `dataId` (undefined while another item's answer shows). */
  focusList: readonly FocusUser[] | undefined,
  isFetching: boolean,
  close: () => void,
) {
  useEffect(() => {
    // A cached answer shown while the new one loads is old news: wait for the fresh one.
    if (dataId === undefined || !focusList || isFetching) return;
    useFocus.getState().seed(moduleName, dataId, focusList);
  }, [moduleName, dataId, focusList, isFetching]);

  useEffect(() => {
    if (dataId === undefined) return;
    return close;
  }, [dataId, close]);
}
