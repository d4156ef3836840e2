import { customColumnKey, DEFECT_TYPES, type DefectFieldItem, fieldValueText } from '@buglet/contracts';
import type { Db } from '../../db/connect.ts';
import { loadTree, type ModuleTree } from '../modules/modules.repository.ts';
import type { DefectRow } from './defects.repository.ts';

/** One field's change, as 1.0 writes it into an UPDATE entry's describe (§13.3). */
export interface FieldChange {
  field: string;
  type: 'text' | 'enum' | 'ref' | 'time' | 'urls' | 'people' | 'custom';
  /** A custom field's label when the change was made (`field` is `custom:<key>`). */
  label?: string;
  oldValue: unknown;
  newValue: unknown;
  oldDisplay: string;
  newDisplay: string;
  urlAddedCount?: number;
  urlRemovedCount?: number;
}

/** What an edit may change, each with how it is compared and shown. */
export interface DefectEdit {
  defectType?: string;
  defectName?: string;
  defectDescribe?: string | null;
  defectLevel?: string;
  moduleId?: number | null;
  moduleVersion?: string | null;
  sponsor?: string | null;
  imgUrls?: string | null;
  annexUrls?: string | null;
  planStartTime?: string | null;
  planEndTime?: string | null;
  handleBy?: number[];
}

/** A long text in a change: cut, so one edit of a long description does not double it in the history. */
const DISPLAY_MAX = 200;
const shown = (v: string | null | undefined) => {
  const text = v ?? '';
  return text.length > DISPLAY_MAX ? `${text.slice(0, DISPLAY_MAX)}…` : text;
};
const urlsOf = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);

/**
 * The fields an edit changes, before and after (unchanged fields left out): the describe of the
 * UPDATE entry 1.0's clients read and the timeline shows as "field: old → new". Deliverables are
 * shown by their path, handlers by their names, links by how many were added and removed.
 */
export async function defectChanges(
  db: Db,
  row: DefectRow,
  oldHandlers: readonly number[],
  edit: DefectEdit,
  /** The project's deliverables, when the caller has them (a bulk change reads them once). */
  knownTree?: ModuleTree,
): Promise<FieldChange[]> {
  const out: FieldChange[] = [];
  const text = (field: keyof DefectRow & keyof DefectEdit, type: FieldChange['type'] = 'text') => {
    const next = edit[field] as string | null | undefined;
    if (next === undefined) return;
    const before = (row[field] as string | null) ?? null;
    const after = next === '' && field !== 'defectName' ? null : next;
    if ((before ?? '') === (after ?? '')) return;
    out.push({
      field,
      type,
      oldValue: before,
      newValue: after,
      oldDisplay: shown(before),
      newDisplay: shown(after),
    });
  };
  if (edit.defectType !== undefined) {
    const before = DEFECT_TYPES[row.defectType] ?? String(row.defectType);
    if (before !== edit.defectType)
      out.push({
        field: 'defectType',
        type: 'enum',
        oldValue: before,
        newValue: edit.defectType,
        oldDisplay: before,
        newDisplay: edit.defectType,
      });
  }
  text('defectName');
  text('defectDescribe');
  if (edit.defectLevel !== undefined && edit.defectLevel !== row.defectLevel)
    out.push({
      field: 'defectLevel',
      type: 'enum',
      oldValue: row.defectLevel,
      newValue: edit.defectLevel,
      oldDisplay: row.defectLevel,
      newDisplay: edit.defectLevel,
    });
  if (edit.moduleId !== undefined && (edit.moduleId || null) !== row.moduleId) {
    const tree = knownTree ?? (await loadTree(db, row.projectId));
    const path = (id: number | null) => (id ? (tree.pathOf(id) ?? String(id)) : '');
    out.push({
      field: 'moduleId',
      type: 'ref',
      oldValue: row.moduleId,
      newValue: edit.moduleId || null,
      oldDisplay: path(row.moduleId),
      newDisplay: path(edit.moduleId || null),
    });
  }
  text('moduleVersion');
  text('sponsor');
  text('planStartTime', 'time');
  text('planEndTime', 'time');
  for (const field of ['imgUrls', 'annexUrls'] as const) {
    if (edit[field] === undefined) continue;
    const before = urlsOf(row[field]);
    const after = urlsOf(edit[field]);
    const added = after.filter((u) => !before.includes(u)).length;
    const removed = before.filter((u) => !after.includes(u)).length;
    if (added === 0 && removed === 0) continue;
    out.push({
      field,
      type: 'urls',
      oldValue: row[field],
      newValue: edit[field] ?? null,
      oldDisplay: String(before.length),
      newDisplay: String(after.length),
      urlAddedCount: added,
      urlRemovedCount: removed,
    });
  }
  if (edit.handleBy !== undefined) {
    const before = [...oldHandlers];
    const after = [...new Set(edit.handleBy)];
    const same = before.length === after.length && before.every((id) => after.includes(id));
    if (!same) {
      const ids = [...new Set([...before, ...after])];
      const people = ids.length
        ? await db
            .selectFrom('sysUser')
            .select(['userId', 'nickName', 'userName'])
            .where('userId', 'in', ids)
            .execute()
        : [];
      const name = new Map(people.map((p) => [p.userId, p.nickName || p.userName]));
      const names = (list: number[]) => list.map((id) => name.get(id) ?? String(id)).join(', ');
      out.push({
        field: 'handleBy',
        type: 'people',
        oldValue: before,
        newValue: after,
        oldDisplay: names(before),
        newDisplay: names(after),
      });
    }
  }
  return out;
}

/** The custom fields an edit changes, by their labels, values shown as a person reads them. */
export function customFieldChanges(
  fields: readonly DefectFieldItem[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    const oldValue = before[field.fieldKey] ?? null;
    const newValue = after[field.fieldKey] ?? null;
    if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
    out.push({
      field: customColumnKey(field.fieldKey),
      type: 'custom',
      label: field.fieldLabel,
      oldValue,
      newValue,
      oldDisplay: shown(fieldValueText(field, oldValue)),
      newDisplay: shown(fieldValueText(field, newValue)),
    });
  }
  return out;
}
