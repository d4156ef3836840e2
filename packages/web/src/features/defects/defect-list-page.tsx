import {
  CalendarOutlined,
  DownloadOutlined,
  PlusOutlined,
  ProjectOutlined,
  RestOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { Defect } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../stores/session.store.ts';
import { useColumnLayout } from '../defect-fields/index.ts';
import { DefectStatisticStrip } from '../defect-statistics/index.ts';
import { useCurrentProject } from '../projects/index.ts';
import { DefectBinDrawer } from './defect-bin-drawer.tsx';
import { DefectBoard } from './defect-board.tsx';
import { DefectBulkBar } from './defect-bulk-bar.tsx';
import { DefectCalendar } from './defect-calendar.tsx';
import { monthOf } from './defect-calendar-days.ts';
import { DefectColumnChooser } from './defect-column-chooser.tsx';
import { useDefectColumns } from './defect-columns.ts';
import { exportDefects } from './defect-excel.api.ts';
import { DefectFilterBar } from './defect-filters.tsx';
import { DefectFormDrawer, type FormTarget } from './defect-form-drawer.tsx';
import { DefectImportDialog } from './defect-import-dialog.tsx';
import {
  type DefectFilters,
  type DefectListParams,
  defaultSortField,
  exportQuery,
  filterQuery,
  isSameFilters,
  LIST_KEYS,
  listQuery,
  pickFilters,
} from './defect-query.ts';
import { readTabConfig } from './defect-tab-config.ts';
import { DefectTable } from './defect-table.tsx';
import { type DefectTab, defectTabKeys, getDefectConfig } from './defect-tabs.api.ts';
import { DefectTabStrip } from './defect-tabs.tsx';
import { DefectViewDrawer } from './defect-view-drawer.tsx';
import { collectDefect, listDefects } from './defects.api.ts';
import { useProjectMembers } from './use-project-members.ts';

/**
 * The current project's defects: saved tabs on top, filters, sort, view and month in the URL, a
 * table of the chosen columns or a month calendar, a drawer to view, one to create or edit, and
 * Excel import and export (of the list as filtered and sorted now).
 */
export default function DefectListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId);
  const { projectId } = useCurrentProject();
  const { members, testers } = useProjectMembers(projectId);
  const { customFields } = useColumnLayout(projectId);
  const list = useListParams(LIST_KEYS);
  const params: DefectListParams = list.filters;
  const filters = pickFilters(params);
  const isCalendar = params.view === 'calendar';
  const isBoard = params.view === 'board';
  /** The table's own parts (columns, tick boxes, bulk bar) show in the table view only. */
  const isTable = !isCalendar && !isBoard;
  const { columns, setColumns, reset: resetColumns } = useDefectColumns(userId);
  const [searchParams, setSearchParams] = useSearchParams();
  // ?defectId= (from notices and shared links) opens that defect straight away.
  const [viewId, setViewId] = useState<number | undefined>(
    () => Number(searchParams.get('defectId')) || undefined,
  );
  const [formTarget, setFormTarget] = useState<FormTarget | undefined>();
  // ?create=1: the keyboard's "new defect" (Space, then E) opens the form, from any page.
  const isCreateAsked = searchParams.get('create') === '1';
  useEffect(() => {
    if (!isCreateAsked) return;
    setFormTarget({});
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [isCreateAsked, setSearchParams]);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isBinOpen, setBinOpen] = useState(false);

  const config = useQuery({
    queryKey: defectTabKeys.config(projectId),
    queryFn: () => getDefectConfig(projectId),
    enabled: projectId > 0,
  });
  const tabs = config.data?.data?.tabs ?? [];
  const active = tabs.find((tab) => String(tab.tabId) === params.tab);
  const saved = active ? readTabConfig(active.config) : undefined;
  const isModified =
    saved !== undefined &&
    (!isSameFilters(saved.filters, filters) ||
      (saved.columns !== undefined && saved.columns.join() !== columns.join()));

  // Every change builds on the address as last written, which a quick second click can be ahead of
  // the page in (use-list-params.ts).
  const pageState = () => {
    const { view, month } = list.latest();
    return { view, month };
  };
  const setFilters = (next: DefectFilters) => {
    const { sort, order, tab } = list.latest();
    list.search({ ...pageState(), sort, order, tab, ...next });
  };
  const selectTab = (tab: DefectTab | undefined) => {
    rememberTab(userId, projectId, tab);
    if (!tab) {
      list.search(pageState());
      return;
    }
    const applied = readTabConfig(tab.config);
    if (applied.columns) setColumns(applied.columns);
    list.search({ ...pageState(), ...applied.filters, tab: String(tab.tabId) });
  };
  useRestoreTab(userId, projectId, tabs, config.isSuccess, selectTab);

  const tableQuery = listQuery(projectId, params, userId, { pageNum: list.pageNum, pageSize: list.pageSize });
  const query = useQuery({
    queryKey: defectKeys.list(tableQuery),
    queryFn: () => listDefects(tableQuery),
    enabled: projectId > 0 && isTable,
  });
  const { tableProps: table, selected, clearSelection } = useSelectableTable(query, list, 'defectId');
  const reload = () => queryClient.invalidateQueries({ queryKey: defectKeys.all });
  const toggleFollow = (defect: Defect) =>
    void collectDefect(defect.defectId, !defect.collect)
      .then(reload)
      .catch(() => {});

  return (
    <Card>
      <DefectTabStrip
        projectId={projectId}
        userId={userId}
        tabs={tabs}
        active={active}
        isModified={isModified}
        current={{ filters, columns }}
        onSelect={selectTab}
      />
      <DefectStatisticStrip
        projectId={projectId}
        filters={filters}
        onFilter={(patch) => setFilters({ ...filters, ...patch })}
      />
      <DefectFilterBar filters={filters} members={members} fields={customFields} onChange={setFilters} />
      <ListToolbar
        onRefresh={() => void reload()}
        extra={
          !isTable ? null : (
            <DefectColumnChooser
              columns={columns}
              fields={customFields}
              onChange={setColumns}
              onReset={resetColumns}
            />
          )
        }
      >
        <PermiButton
          permi={['system:defect:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setFormTarget({})}
        >
          {t('defect.create')}
        </PermiButton>
        <PermiButton
          permi={['system:defect:add']}
          icon={<UploadOutlined />}
          onClick={() => setImportOpen(true)}
        >
          {t('defect.import')}
        </PermiButton>
        <PermiButton
          permi={['system:defect:export']}
          icon={<DownloadOutlined />}
          onClick={() =>
            void exportDefects(exportQuery(projectId, params, userId), `${t('defect.export.file-name')}.xlsx`)
          }
        >
          {t('defect.export')}
        </PermiButton>
        <PermiButton
          permi={['system:defect:remove', 'system:defect:edit', 'system:defect:add']}
          icon={<RestOutlined />}
          onClick={() => setBinOpen(true)}
        >
          {t('defect.bin.title')}
        </PermiButton>
        <Segmented
          aria-label={t('defect.view')}
          value={params.view === 'calendar' || params.view === 'board' ? params.view : 'table'}
          onChange={(view) => list.update({ view: view === 'table' ? '' : view })}
          options={[
            { value: 'table', icon: <TableOutlined />, label: t('defect.view.table') },
            { value: 'board', icon: <ProjectOutlined />, label: t('defect.view.board') },
            { value: 'calendar', icon: <CalendarOutlined />, label: t('defect.view.calendar') },
          ]}
        />
      </ListToolbar>
      {!isTable ? null : (
        <DefectBulkBar
          projectId={projectId}
          selected={selected}
          members={members}
          onClear={clearSelection}
          onDone={() => {
            clearSelection();
            void reload();
          }}
        />
      )}
      {isBoard ? (
        <DefectBoard
          projectId={projectId}
          query={exportQuery(projectId, params, userId)}
          members={members}
          testers={testers}
          onOpen={setViewId}
        />
      ) : isCalendar ? (
        <DefectCalendar
          projectId={projectId}
          filters={filterQuery(filters, userId)}
          month={monthOf(params.month)}
          onMonthChange={(month) => list.update({ month })}
          onOpen={setViewId}
        />
      ) : (
        <DefectTable
          fields={customFields}
          table={table}
          columns={columns}
          sort={params}
          defaultSort={defaultSortField(params)}
          onSort={(sort) => list.update(sort)}
          onOpen={setViewId}
          onToggleFollow={toggleFollow}
        />
      )}
      <DefectBinDrawer
        projectId={projectId}
        open={isBinOpen}
        onClose={() => setBinOpen(false)}
        onRestored={reload}
      />
      <DefectViewDrawer
        defectId={viewId}
        onClose={() => setViewId(undefined)}
        onEdit={(defect) => setFormTarget({ defect })}
        onChanged={reload}
      />
      <DefectImportDialog
        projectId={projectId}
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => void reload()}
      />
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onSaved={(defectId) => {
          setFormTarget(undefined);
          void reload();
          setViewId(defectId);
        }}
      />
    </Card>
  );
}

const lastTabKey = (userId: number | undefined, projectId: number) =>
  `buglet.defect.tab.${userId ?? 0}.${projectId}`;

function rememberTab(userId: number | undefined, projectId: number, tab: DefectTab | undefined) {
  try {
    localStorage.setItem(lastTabKey(userId, projectId), tab ? String(tab.tabId) : '');
  } catch {
    // Not remembered; the page still works.
  }
}

/**
 * Opening the list with a bare URL (the sidebar, switching project) goes back to the tab used last
 * in this project, as the original does; a URL with any filter or view is left as it is.
 */
function useRestoreTab(
  userId: number | undefined,
  projectId: number,
  tabs: DefectTab[],
  isLoaded: boolean,
  select: (tab: DefectTab) => void,
) {
  const [searchParams] = useSearchParams();
  const checked = useRef(0);
  const isBare = searchParams.size === 0;
  const latest = useRef(select);
  latest.current = select;
  useEffect(() => {
    if (!isLoaded || checked.current === projectId) return;
    checked.current = projectId;
    if (!isBare) return;
    const id = localStorage.getItem(lastTabKey(userId, projectId));
    const tab = tabs.find((x) => String(x.tabId) === id);
    if (tab) latest.current(tab);
  }, [isLoaded, projectId, isBare, tabs, userId]);
}
