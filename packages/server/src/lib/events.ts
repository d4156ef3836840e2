import { EventEmitter } from 'node:events';

/** What happened to a defect; the notices feature subscribes to these. */
export interface DefectEvent {
  type:
    | 'created'
    | 'assigned'
    | 'repaired'
    | 'rejected'
    | 'passed'
    | 'closed'
    | 'reopened'
    | 'commented'
    | 'updated'
    | 'deleted';
  defectId: number;
  projectId: number;
  actorId: number;
  /** The people the event is addressed to (new handlers, the reviewer…). */
  receivers: number[];
  /** The reason given (reject, close, reopen). */
  reason?: string | null;
}

/**
 * In-process domain events, emitted after the transaction commits. Listeners must not throw
 * into the request: failures are theirs to log.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  return {
    emitDefect: (event: DefectEvent) => emitter.emit('defect', event),
    onDefect: (listener: (event: DefectEvent) => void) => {
      emitter.on('defect', listener);
      return () => emitter.off('defect', listener);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
