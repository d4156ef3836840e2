/** What other features use of the custom defect fields: they import it from here only (npm run lint:layers). */
export { CustomFieldInput, enumOptions } from './custom-field-input.tsx';
export { customFieldRule, fieldValueMessage } from './custom-field-rule.ts';
export { CustomFieldValue } from './custom-field-value.tsx';
export { defectFieldKeys, useColumnLayout } from './defect-fields.api.ts';
