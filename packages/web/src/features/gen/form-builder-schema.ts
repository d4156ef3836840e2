import {
  BUILDER_CHOICE_KINDS,
  type BuilderField,
  type BuilderFieldKind,
  type BuilderForm,
  builderForm,
} from '@buglet/contracts';

export type FieldKind = BuilderFieldKind;
export type FieldSchema = BuilderField;
export type FormSchema = BuilderForm;
const CHOICE_KINDS = BUILDER_CHOICE_KINDS;

export const EMPTY_FORM: FormSchema = {
  componentName: 'GeneratedForm',
  layout: 'vertical',
  size: 'middle',
  fields: [],
};

/** The texts a new field starts with, in the builder's language. */
export interface FieldTexts {
  label: (kind: FieldKind) => string;
  option: (n: number) => string;
}

let sequence = 0;
const nextId = () => `f${Date.now().toString(36)}${(sequence++).toString(36)}`;

/** A field of the kind with a name no other field has ('field1', 'field2'…). */
export function newField(kind: FieldKind, existing: readonly FieldSchema[], texts: FieldTexts): FieldSchema {
  const taken = new Set(existing.map((f) => f.name));
  let n = existing.length + 1;
  while (taken.has(`field${n}`)) n += 1;
  const field: FieldSchema = {
    id: nextId(),
    kind,
    name: `field${n}`,
    label: texts.label(kind),
    isRequired: false,
    span: 24,
  };
  if (CHOICE_KINDS.includes(kind))
    field.options = [1, 2].map((i) => ({ label: texts.option(i), value: String(i) }));
  if (kind === 'textarea') field.rows = 3;
  if (kind === 'slider') Object.assign(field, { min: 0, max: 100 });
  return field;
}

/** The fields with one inserted at `index` (the end when left out). */
export function insertField(
  fields: readonly FieldSchema[],
  field: FieldSchema,
  index = fields.length,
): FieldSchema[] {
  const at = Math.max(0, Math.min(index, fields.length));
  return [...fields.slice(0, at), field, ...fields.slice(at)];
}

/** The fields with the one of `id` moved to `index` (counted in the list without it). */
export function moveField(fields: readonly FieldSchema[], id: string, index: number): FieldSchema[] {
  const field = fields.find((f) => f.id === id);
  if (!field) return [...fields];
  return insertField(
    fields.filter((f) => f.id !== id),
    field,
    index,
  );
}

/** A copy of the field just after it, under a free name. */
export function copyField(fields: readonly FieldSchema[], id: string, texts: FieldTexts): FieldSchema[] {
  const at = fields.findIndex((f) => f.id === id);
  const source = fields[at];
  if (!source) return [...fields];
  const { name } = newField(source.kind, fields, texts);
  return insertField(fields, { ...source, id: nextId(), name }, at + 1);
}

/** Field names used twice: the form would mix their values up. */
export function duplicateNames(fields: readonly FieldSchema[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const f of fields) (seen.has(f.name) ? twice : seen).add(f.name);
  return [...twice];
}

/** A saved or pasted definition, or undefined when it is not one. */
export function parseForm(text: string): FormSchema | undefined {
  try {
    const parsed = builderForm.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
