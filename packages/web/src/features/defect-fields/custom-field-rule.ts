import {
  checkFieldValue,
  type DefectFieldItem,
  type FieldValueReason,
  isEmptyFieldValue,
} from '@buglet/contracts';
import type { TFunction } from 'i18next';

/** A refusal in the reader's language: the same reasons, and words, as the server's. */
export const fieldValueMessage = (
  t: TFunction,
  reason: FieldValueReason | 'required',
  args: Array<string | number>,
) => t(`defect-field.value.${reason}`, { label: args[0], more: args[1] });

/**
 * The form's rule for one custom field: what the server checks (the shared checkFieldValue), said
 * before sending. `isNew`: a required field must be filled on a new defect and not emptied later.
 */
export function customFieldRule(t: TFunction, field: DefectFieldItem) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (isEmptyFieldValue(value)) {
        if (field.required === 1) throw new Error(fieldValueMessage(t, 'required', [field.fieldLabel]));
        return;
      }
      const checked = checkFieldValue(field, value);
      if (!checked.ok) throw new Error(fieldValueMessage(t, checked.reason, checked.args));
    },
  };
}
