import { useState } from 'react';

/** What an add/edit dialog works on: undefined while closed, null for a new record, else the record. */
export type EditTarget<T> = T | null | undefined;

/** Page-side state of an add/edit dialog. */
export function useEditTarget<T>() {
  const [target, setTarget] = useState<EditTarget<T>>(undefined);
  return {
    target,
    openCreate: () => setTarget(null),
    /** Given undefined (no row picked), the dialog stays closed. */
    openEdit: (record: T | undefined) => setTarget(record),
    close: () => setTarget(undefined),
  };
}
