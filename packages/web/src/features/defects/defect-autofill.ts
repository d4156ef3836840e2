import {
  AI_DEFECT_FIELDS,
  type AiDefectAnswers,
  type AiDefectField,
  DEFECT_TYPES,
  type DefectType,
} from '@buglet/contracts';

/**
 * The defect form's AI analysis, as rules: which fields to ask about, what each answer suggests,
 * and what accepting a suggestion puts in the form. Suggestions never fill a field by themselves.
 */

/** The form fields the analysis reads and may suggest for. */
export interface AutofillValues {
  defectName?: string | null;
  moduleId?: number | null;
  defectType?: DefectType | null;
  handleBy?: number[] | null;
  moduleVersion?: string | null;
}

export type Suggestion =
  | { field: 'title'; value: string; label: string }
  | { field: 'module'; value: number; label: string }
  | { field: 'type'; value: DefectType; label: string }
  | { field: 'member'; value: number; label: string }
  | { field: 'version'; value: string; label: string };

/** Where each suggestion goes in the form. */
export const FORM_FIELD: Record<AiDefectField, keyof AutofillValues> = {
  title: 'defectName',
  module: 'moduleId',
  type: 'defectType',
  member: 'handleBy',
  version: 'moduleVersion',
};

const isBlank = (v: string | null | undefined) => !v?.trim();

/**
 * The fields still empty, in the order the form shows them. The type always holds a value (the
 * form starts on BUG), so it counts as empty until the person chose it.
 */
export function fieldsToAnalyse(values: AutofillValues, isTypeChosen: boolean): AiDefectField[] {
  const empty: Record<AiDefectField, boolean> = {
    title: isBlank(values.defectName),
    module: !values.moduleId,
    type: !values.defectType || !isTypeChosen,
    member: !values.handleBy?.length,
    version: isBlank(values.moduleVersion),
  };
  return AI_DEFECT_FIELDS.filter((f) => empty[f]);
}

/** What an answer suggests, or undefined when the model had nothing usable for the field. */
export function suggestionOf<F extends AiDefectField>(
  field: F,
  answer: AiDefectAnswers[F] | null | undefined,
  typeLabel: (type: DefectType) => string,
): Suggestion | undefined {
  if (!answer) return undefined;
  const a = answer as Partial<AiDefectAnswers[AiDefectField]> & Record<string, unknown>;
  switch (field) {
    case 'title':
      return typeof a.title === 'string' && a.title.trim()
        ? { field, value: a.title.trim(), label: a.title.trim() }
        : undefined;
    case 'module':
      return typeof a.moduleId === 'number' && a.moduleId > 0
        ? { field, value: a.moduleId, label: String(a.modulePath || a.moduleId) }
        : undefined;
    case 'type':
      return (DEFECT_TYPES as readonly unknown[]).includes(a.type)
        ? { field, value: a.type as DefectType, label: typeLabel(a.type as DefectType) }
        : undefined;
    case 'member':
      return typeof a.memberId === 'number' && a.memberId > 0
        ? { field, value: a.memberId, label: String(a.memberName || a.memberId) }
        : undefined;
    case 'version':
      return typeof a.version === 'string' && a.version.trim()
        ? { field, value: a.version.trim(), label: a.version.trim() }
        : undefined;
    default:
      return undefined;
  }
}

/** The form's fields after accepting: the suggested handler goes first (the head), others stay. */
export function acceptedValues(s: Suggestion, values: AutofillValues): AutofillValues {
  switch (s.field) {
    case 'title':
      return { defectName: s.value };
    case 'module':
      return { moduleId: s.value };
    case 'type':
      return { defectType: s.value };
    case 'member':
      return { handleBy: [s.value, ...(values.handleBy ?? []).filter((id) => id !== s.value)] };
    case 'version':
      return { moduleVersion: s.value };
  }
}

/** A suggestion the form already holds (accepted, or typed in meanwhile) is no longer offered. */
export function isAlreadyThere(s: Suggestion, values: AutofillValues): boolean {
  switch (s.field) {
    case 'title':
      return values.defectName?.trim() === s.value;
    case 'module':
      return values.moduleId === s.value;
    case 'type':
      return false;
    case 'member':
      return values.handleBy?.[0] === s.value;
    case 'version':
      return values.moduleVersion?.trim() === s.value;
  }
}

export type Outcome =
  | { kind: 'done'; suggested: number }
  | { kind: 'partly'; suggested: number; failed: number; reason: string }
  | { kind: 'failed'; reason: string };

/** How a run ended, for the one message shown after it: each distinct reason said once. */
export function outcomeOf(results: ReadonlyArray<{ suggestion?: Suggestion; error?: string }>): Outcome {
  const reasons = [...new Set(results.flatMap((r) => (r.error ? [r.error] : [])))];
  const suggested = results.filter((r) => r.suggestion).length;
  const failed = results.filter((r) => r.error).length;
  if (failed === 0) return { kind: 'done', suggested };
  if (failed === results.length) return { kind: 'failed', reason: reasons.join('; ') };
  return { kind: 'partly', suggested, failed, reason: reasons.join('; ') };
}
