import { describe, expect, it } from 'vitest';
import {
  businessNameOf,
  classNameOf,
  columnDefaults,
  type DbColumn,
  functionNameOf,
  htmlTypeOf,
  javaTypeOf,
  javaTypeOfTs,
  kebabCase,
  syncedColumn,
  tsTypeOf,
  tsTypeOfJava,
} from './gen-columns.ts';
import { isMappableName, pluralOf, wordsOf } from './gen-model.ts';
import { dictVar, str } from './templates/code.ts';

const column = (over: Partial<DbColumn>): DbColumn => ({
  name: 'title',
  type: 'varchar(64)',
  comment: null,
  isNullable: true,
  hasDefault: false,
  defaultText: null,
  isPk: false,
  isIncrement: false,
  position: 1,
  ...over,
});

describe('names', () => {
  it('strips the sys_ prefix for class and business names, as the original does', () => {
    expect(classNameOf('sys_notice')).toBe('Notice');
    expect(classNameOf('sys_screen_size')).toBe('ScreenSize');
    expect(classNameOf('biz_gadget')).toBe('BizGadget');
    expect(classNameOf('sys_')).toBe('Sys');
    expect(classNameOf('2024_log')).toBe('T2024Log');
    expect(businessNameOf('sys_screen_size')).toBe('screenSize');
    expect(businessNameOf('sys_')).toBe('sys');
    expect(businessNameOf(`biz_${'very_long_'.repeat(5)}name`)).toHaveLength(30);
    expect(kebabCase('screenSize')).toBe('screen-size');
  });

  it("takes the function name from the table's comment without its '表' ending", () => {
    expect(functionNameOf({ tableName: 'sys_notice', tableComment: '通知公告表' })).toBe('通知公告');
    expect(functionNameOf({ tableName: 'sys_user', tableComment: '用户信息表' })).toBe('用户');
    expect(functionNameOf({ tableName: 'sys_user', tableComment: '表' })).toBe('表');
    expect(functionNameOf({ tableName: 'sys_user', tableComment: null })).toBe('User');
  });

  it('generates only for names Kysely maps to camelCase and back', () => {
    expect(isMappableName('gadget_name')).toBe(true);
    expect(isMappableName('item2')).toBe(true);
    for (const name of ['Gadget', 'item_2', 'a__b', '_a', 'a_', 'naïve', 'a-b'])
      expect(isMappableName(name)).toBe(false);
  });

  it('makes plurals, words, dictionary variables and string literals', () => {
    expect(['Notice', 'Category', 'Day', 'Box', 'Match'].map(pluralOf)).toEqual([
      'Notices',
      'Categories',
      'Days',
      'Boxes',
      'Matches',
    ]);
    expect(wordsOf('deliveryDate')).toBe('Delivery date');
    expect(dictVar('sys_yes_no')).toBe('sysYesNoDict');
    expect(dictVar('2fa-mode')).toBe('dict2faModeDict');
    expect(str("it's \\ \n")).toBe("'it\\'s \\\\ \\n'");
  });
});

describe('types', () => {
  it('maps database types to TypeScript and to the Java types of the original', () => {
    const cases: Array<[string, string, string]> = [
      ['varchar(64)', 'string', 'String'],
      ['text', 'string', 'String'],
      ['character varying', 'string', 'String'],
      ['integer', 'number', 'Integer'],
      ['bigint', 'number', 'Long'],
      ['int8', 'number', 'Long'],
      ['numeric(10,2)', 'number', 'BigDecimal'],
      ['double precision', 'number', 'Double'],
      ['real', 'number', 'Double'],
      ['boolean', 'boolean', 'Boolean'],
      ['timestamp without time zone', 'string', 'Date'],
      ['date', 'string', 'Date'],
      ['interval', 'string', 'String'],
    ];
    for (const [type, ts, java] of cases) {
      expect([type, tsTypeOf({ type }), javaTypeOf({ type })]).toEqual([type, ts, java]);
    }
  });

  it('follows a type changed on either side', () => {
    expect(tsTypeOfJava('Long')).toBe('number');
    expect(tsTypeOfJava('Date')).toBe('string');
    expect(tsTypeOfJava('Widget')).toBeUndefined();
    expect(javaTypeOfTs('number', 'Integer')).toBe('Integer');
    expect(javaTypeOfTs('number', 'String')).toBe('Long');
    expect(javaTypeOfTs('boolean', null)).toBe('Boolean');
  });
});

describe('form types', () => {
  it('chooses the control by type and name, as the original does', () => {
    expect(htmlTypeOf(column({ name: 'create_time', type: 'varchar(19)' }))).toBe('datetime');
    expect(htmlTypeOf(column({ name: 'born', type: 'date' }))).toBe('datetime');
    expect(htmlTypeOf(column({ name: 'status', type: 'char(1)' }))).toBe('radio');
    expect(htmlTypeOf(column({ name: 'notice_type' }))).toBe('select');
    expect(htmlTypeOf(column({ name: 'sex' }))).toBe('select');
    expect(htmlTypeOf(column({ name: 'cover_image' }))).toBe('imageUpload');
    expect(htmlTypeOf(column({ name: 'attachment_file' }))).toBe('fileUpload');
    expect(htmlTypeOf(column({ name: 'notice_content', type: 'text' }))).toBe('editor');
    expect(htmlTypeOf(column({ name: 'remark', type: 'varchar(500)' }))).toBe('textarea');
    expect(htmlTypeOf(column({ name: 'notes', type: 'text' }))).toBe('textarea');
    expect(htmlTypeOf(column({ name: 'count', type: 'integer' }))).toBe('input');
  });

  it('sets the roles of key, required, audit and text columns', () => {
    const key = columnDefaults(column({ name: 'notice_id', type: 'integer', isPk: true, isIncrement: true }));
    expect(key).toMatchObject({
      isPk: '1',
      isInsert: '0',
      isEdit: '0',
      isList: '0',
      isQuery: '0',
      isRequired: '0',
    });
    const name = columnDefaults(column({ name: 'user_name', isNullable: false }));
    expect(name).toMatchObject({
      isRequired: '1',
      isInsert: '1',
      isEdit: '1',
      isQuery: '1',
      queryType: 'LIKE',
    });
    const defaulted = columnDefaults(column({ name: 'status', isNullable: false, hasDefault: true }));
    expect(defaulted.isRequired).toBe('0');
    const created = columnDefaults(column({ name: 'create_time', type: 'varchar(19)' }));
    expect(created).toMatchObject({ isInsert: '0', isEdit: '0', isList: '1', isQuery: '0' });
    expect(columnDefaults(column({ name: 'remark' }))).toMatchObject({ isQuery: '0', isList: '1' });
  });

  it("keeps the person's choices on a re-read, unless the column's type changed", () => {
    const before = {
      ...columnDefaults(column({ name: 'level' })),
      dictType: 'sys_level',
      htmlType: 'select' as const,
    };
    expect(
      syncedColumn(before, columnDefaults(column({ name: 'level', type: 'varchar(20)' }))),
    ).toMatchObject({
      dictType: 'sys_level',
      htmlType: 'select',
      columnType: 'varchar(20)',
    });
    const retyped = syncedColumn(
      before,
      columnDefaults(column({ name: 'level', type: 'integer', isNullable: false })),
    );
    expect(retyped).toMatchObject({
      tsType: 'number',
      htmlType: 'input',
      isRequired: '1',
      dictType: 'sys_level',
    });
  });
});
