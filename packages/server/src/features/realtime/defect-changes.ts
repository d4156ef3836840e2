import type { Db } from '../../db/connect.ts';
import type { EventBus } from '../../lib/events.ts';
import { projectMemberIds } from '../projects/project-members.repository.ts';
import type { Hub } from './hub.ts';

/** How long changes are gathered before the project's open pages hear of them (a bulk change is one frame). */
export const DEFECT_CHANGES_WINDOW_MS = 50;

/**
 * `defectChanged` to the project's members who are online, so their lists and boards read the
 * defects again (a card moves when someone else moves it): the changes of a short window gathered
 * per project into one frame `{projectId, defectIds}`, whoever made them.
 */
export function subscribeDefectChanges(
  deps: { db: Db; hub: Hub },
  events: EventBus,
  onError: (error: unknown) => void,
): () => void {
  const pending = new Map<number, Set<number>>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    timer = undefined;
    const batches = [...pending.entries()];
    pending.clear();
    for (const [projectId, ids] of batches) {
      const members = await projectMemberIds(deps.db, projectId);
      const online = [...(await deps.hub.onlineAmong(members))];
      await deps.hub.send(online, 'defectChanged', { projectId, defectIds: [...ids] });
    }
  };
  const off = events.onDefect((event) => {
    const ids = pending.get(event.projectId) ?? new Set<number>();
    ids.add(event.defectId);
    pending.set(event.projectId, ids);
    timer ??= setTimeout(() => void flush().catch(onError), DEFECT_CHANGES_WINDOW_MS);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
