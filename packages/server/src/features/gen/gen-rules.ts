import type { GenTableBody } from '@buglet/contracts';
import { AppError } from '../../http/errors.ts';
import type { GenColumnRow } from './gen.repository.ts';
import { kebabCase } from './gen-columns.ts';
import { RESERVED_BUSINESS_NAMES, RESERVED_CLASS_NAMES } from './gen-model.ts';

/**
 * What a save must hold beyond the shape of the body: the single-table template (the one this
 * generator writes), names that do not clash with what the generated files import, at most one
 * range-searched column and that one a text (a date), and dictionaries that exist.
 */
export function checkTableBody(
  body: Pick<GenTableBody, 'tplCategory' | 'className' | 'businessName'>,
  columns: readonly GenColumnRow[],
  dictTypes: ReadonlySet<string>,
): void {
  if (body.tplCategory && body.tplCategory !== 'crud')
    throw new AppError('gen.tpl.unsupported', [body.tplCategory]);
  if (RESERVED_CLASS_NAMES.includes(body.className))
    throw new AppError('gen.class-name.reserved', [body.className]);
  if (RESERVED_BUSINESS_NAMES.includes(kebabCase(body.businessName)))
    throw new AppError('gen.business-name.reserved', [body.businessName]);
  const ranges = columns.filter((c) => c.isQuery === '1' && c.queryType === 'BETWEEN');
  const wrongRange = ranges.find((c) => c.tsType !== 'string') ?? ranges[1];
  if (wrongRange) throw new AppError('gen.between.invalid', [wrongRange.columnName]);
  const unknown = columns.find((c) => c.dictType !== '' && !dictTypes.has(c.dictType));
  if (unknown) throw new AppError('gen.dict.not-found', [unknown.dictType, unknown.columnName]);
}
