/** What other features use of dicts: they import it from here only (npm run lint:layers). */
export { DictRadioGroup, DictSearchSelect } from './dict-fields.tsx';
export { DictTag } from './dict-tag.tsx';
export { useDict } from './use-dict.ts';
