import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TableData } from '@buglet/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Row, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../hooks/use-confirm.ts';
import { useConfirmRemove } from '../hooks/use-confirm-remove.ts';
import { type EditTarget, useEditTarget } from '../hooks/use-edit-target.ts';
import { type Filters, useListParams } from '../hooks/use-list-params.ts';
import { type IdKey, useSelectableTable } from '../hooks/use-selectable-table.ts';
import { downloadFile } from '../lib/download.ts';
import type { QueryObject } from '../lib/query-string.ts';
import { CrudToolbar } from './crud-toolbar.tsx';
import { useSearchToggle } from './list-toolbar.tsx';
import { PermiButton } from './permi-button.tsx';
import { RowActions } from './row-actions.tsx';
import { SearchForm } from './search-form.tsx';

const DAY = 'YYYY-MM-DD';
const RANGE_KEYS = ['beginTime', 'endTime'] as const;

/** What a page's columns, toolbar and dialog may act on. */
export interface AdminList<T, Target> {
  openCreate: () => void;
  openEdit: (row: T) => void;
  /** Asks, removes, clears the selection and refreshes. */
  remove: (ids: number[]) => void;
  selected: readonly T[];
  selectedIds: number[];
  refetch: () => void;
  /** The query the list was fetched with (filters, paging, `params` of a date range). */
  query: QueryObject;
  /** Edit and delete for one row (each only with its permission), then `children`. */
  rowActions: (row: T, children?: ReactNode) => ReactNode;
  /** The dialog's current target: undefined while closed, null for a new record. */
  target: EditTarget<Target>;
  closeDialog: () => void;
}

export interface AdminListPageProps<T, K extends string, Target> {
  /** Filter names kept in the URL and sent to the list call. */
  filters: readonly K[];
  /** The search form's fields (SearchInput, DictSearchSelect…), named as in `filters`. */
  search: ReactNode;
  /** A date range filter with this label, sent as `params[beginTime]` / `params[endTime]`. */
  dateRange?: string;
  rowKey: IdKey<T>;
  /** Permission prefix such as 'system:config': add, edit, remove and export check `<prefix>:<action>`. */
  permiPrefix: string;
  /** Query keys: the whole feature (invalidated after a removal) and one list. */
  keys: { all: QueryKey; list: (query: QueryObject) => QueryKey };
  list: (query: QueryObject) => Promise<TableData<T>>;
  /** Deletion, with the question asked given the ids; without it there is no delete. */
  remove?: { call: (ids: number[]) => Promise<unknown>; confirm: (ids: string) => string };
  /** Excel export of the filtered list (POST `url`), saved as `fileName`. */
  exportTo?: { url: string; fileName: string };
  /** Emptying the whole list (a log), after the question, with `<prefix>:remove`. */
  clean?: { call: () => Promise<unknown>; confirm: string; success: string };
  /** Rows that cannot be ticked (the built-in administrator, say). */
  isLocked?: (row: T) => boolean;
  columns: (list: AdminList<T, Target>) => TableColumnsType<T>;
  /** Buttons after add / edit / delete / export. */
  toolbar?: (list: AdminList<T, Target>) => ReactNode;
  /** The add/edit dialog; rendered always, open while `target` is not undefined. */
  dialog?: (list: AdminList<T, Target>) => ReactNode;
  /** What the dialog is given for a row (the row itself, or its id); by default the row. */
  toTarget?: (row: T) => Target;
  /** Whether there is an add button (a dialog alone does not imply it); true with a dialog. */
  canAdd?: boolean;
  /** Fixed parameters every list call and export carries (the dictionary type of its values, say). */
  baseQuery?: QueryObject;
  /** False while what the list depends on is still loading: nothing is fetched and add is disabled. */
  isReady?: boolean;
  /** Further queries a removal makes stale. */
  alsoInvalidate?: readonly QueryKey[];
  /** The card's title and its top-right content (a back button, say). */
  title?: ReactNode;
  extra?: ReactNode;
  /** Beside the list on the left (a tree filter, say); above it on narrow screens. */
  aside?: ReactNode;
  /** From which width the aside stands beside the list: 'lg' (992 px, the default) or 'xl' (1200 px). */
  asideFrom?: 'lg' | 'xl';
}

interface RangeValues {
  range?: [Dayjs, Dayjs] | null;
}

/**
 * One admin list page: search form and toolbar, a paged table whose rows can be ticked, delete
 * with a question, Excel export of the filtered list and an add/edit dialog. Filters and paging
 * live in the URL. A page states its columns, filters, toolbar extras and dialog; nothing else.
 */
export function AdminListPage<T, K extends string, Target = T>(props: AdminListPageProps<T, K, Target>) {
  const { t } = useTranslation();
  const keys = props.dateRange ? [...props.filters, ...RANGE_KEYS] : props.filters;
  const urlList = useListParams<K | (typeof RANGE_KEYS)[number]>(keys);
  const searchToggle = useSearchToggle();
  const dialog = useEditTarget<Target>();
  const { beginTime, endTime, ...plain } = urlList.filters;
  // The date range travels as params[beginTime] / params[endTime], as the original API expects.
  const query: QueryObject = {
    ...(props.dateRange
      ? { ...plain, pageNum: urlList.pageNum, pageSize: urlList.pageSize, params: { beginTime, endTime } }
      : urlList.query),
    ...props.baseQuery,
  };
  const isReady = props.isReady ?? true;
  const result = useQuery({
    queryKey: props.keys.list(query),
    queryFn: () => props.list(query),
    enabled: isReady,
  });
  const table = useSelectableTable(result, urlList, props.rowKey, props.isLocked);
  const confirmRemove = useConfirmRemove({
    content: (ids) => props.remove?.confirm(ids) ?? '',
    remove: (ids) => props.remove?.call(ids) ?? Promise.resolve(),
    onRemoved: table.clearSelection,
    invalidate: [props.keys.all, ...(props.alsoInvalidate ?? [])],
  });
  const toTarget = props.toTarget ?? ((row: T) => row as unknown as Target);
  const confirm = useConfirm();
  const clean = (what: NonNullable<typeof props.clean>) =>
    confirm({
      content: what.confirm,
      success: what.success,
      action: async () => {
        await what.call();
        void result.refetch();
      },
    });

  const list: AdminList<T, Target> = {
    openCreate: dialog.openCreate,
    openEdit: (row) => dialog.openEdit(toTarget(row)),
    remove: confirmRemove,
    selected: table.selected,
    selectedIds: table.selectedIds,
    refetch: () => void result.refetch(),
    query,
    rowActions: (row, children) => (
      <RowActions
        permiPrefix={props.permiPrefix}
        onEdit={props.dialog ? () => dialog.openEdit(toTarget(row)) : undefined}
        onDelete={props.remove ? () => confirmRemove([Number(row[props.rowKey])]) : undefined}
        isWrapped
      >
        {children}
      </RowActions>
    ),
    target: dialog.target,
    closeDialog: dialog.close,
  };

  const initial: Record<string, string | undefined> & RangeValues = {
    ...plain,
    ...(props.dateRange ? { range: beginTime && endTime ? [dayjs(beginTime), dayjs(endTime)] : null } : {}),
  };
  const search = ({ range, ...rest }: Record<string, string | undefined> & RangeValues) =>
    urlList.search(
      (props.dateRange
        ? { ...rest, beginTime: range?.[0].format(DAY), endTime: range?.[1].format(DAY) }
        : rest) as Filters<K | (typeof RANGE_KEYS)[number]>,
    );
  const { pageNum: _n, pageSize: _s, ...exportQuery } = query;
  const canAdd = props.canAdd ?? props.dialog !== undefined;

  const content = (
    <>
      {searchToggle.isSearchShown ? (
        <SearchForm initialValues={initial} onSearch={search} onReset={urlList.reset}>
          {props.search}
          {props.dateRange ? (
            <Form.Item name="range" label={props.dateRange}>
              <DatePicker.RangePicker
                placeholder={[t('start-time'), t('end-time')]}
                // On a phone it fits beside its label (its own width took the page past 390 px).
                style={{ maxWidth: 'calc(100vw - 150px)' }}
              />
            </Form.Item>
          ) : null}
        </SearchForm>
      ) : null}
      <CrudToolbar
        {...searchToggle}
        onRefresh={list.refetch}
        permiPrefix={props.permiPrefix}
        selectedCount={table.selected.length}
        onAdd={canAdd ? dialog.openCreate : undefined}
        isAddDisabled={!isReady}
        onEdit={props.dialog ? () => list.selected[0] && list.openEdit(list.selected[0]) : undefined}
        onDelete={props.remove ? () => confirmRemove(table.selectedIds) : undefined}
      >
        {props.exportTo ? (
          <PermiButton
            permi={[`${props.permiPrefix}:export`]}
            icon={<DownloadOutlined />}
            onClick={() => {
              const target = props.exportTo;
              if (target) void downloadFile({ url: target.url, params: exportQuery }, target.fileName);
            }}
          >
            {t('export')}
          </PermiButton>
        ) : null}
        {props.clean ? (
          <PermiButton
            permi={[`${props.permiPrefix}:remove`]}
            danger
            icon={<ClearOutlined />}
            onClick={() => props.clean && clean(props.clean)}
          >
            {t('clear')}
          </PermiButton>
        ) : null}
        {props.toolbar?.(list)}
      </CrudToolbar>
      <Table<T> {...table.tableProps} columns={props.columns(list)} />
      {props.dialog?.(list)}
    </>
  );
  return (
    <Card title={props.title} extra={props.extra}>
      {props.aside ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} {...{ [props.asideFrom ?? 'lg']: 5 }}>
            {props.aside}
          </Col>
          <Col xs={24} {...{ [props.asideFrom ?? 'lg']: 19 }}>
            {content}
          </Col>
        </Row>
      ) : (
        content
      )}
    </Card>
  );
}
