import {
  AppstoreOutlined,
  DownloadOutlined,
  PlusOutlined,
  RobotOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { TestCase } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Grid, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImportDialog } from '../../components/import-dialog.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RecycleBinButton } from '../../components/recycle-bin-drawer.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { usePagedTable } from '../../hooks/use-selectable-table.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { DefectFormDrawer, type FormTarget, useProjectMembers } from '../defects/index.ts';
import { ModuleDialog, type ModuleEditTarget, moduleKeys, useModuleTree } from '../modules/index.ts';
import { useCurrentProject } from '../projects/index.ts';
import { AiCaseDrawer } from './ai-case-drawer.tsx';
import { CaseCards } from './case-cards.tsx';
import { defectFromCase } from './case-defect.ts';
import { downloadCaseTemplate, exportCases, importCases } from './case-excel.api.ts';
import { CaseFilterBar } from './case-filters.tsx';
import { CaseFormDrawer, type CaseFormTarget } from './case-form-drawer.tsx';
import { CaseModuleTree } from './case-module-tree.tsx';
import {
  type CaseFilters,
  type CaseListParams,
  caseExportQuery,
  caseListQuery,
  LIST_KEYS,
  pickCaseFilters,
  viewOf,
} from './case-query.ts';
import { type CaseActions, CaseTable } from './case-table.tsx';
import { CaseViewDrawer } from './case-view-drawer.tsx';
import { caseKeys, deleteCases, listCases } from './cases.api.ts';

/** Card view's sort choices, as `field:order` (the table sorts by its headers). */
const CARD_SORTS = [
  'updateTime:desc',
  'caseNum:asc',
  'caseNum:desc',
  'caseLevel:asc',
  'caseName:asc',
] as const;

/**
 * The current project's test cases: the deliverable tree on the left (a select above the list on
 * narrow screens), filters, sort and view in the URL, a table or cards, a drawer to view a case
 * (mark it tested, report a defect with it or at a step), one to write or edit it, Excel in and out.
 */
export default function CaseListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { projectId } = useCurrentProject();
  const { rows: moduleRows } = useModuleTree(projectId);
  const hasTree = Grid.useBreakpoint().xl === true;
  const list = useListParams(LIST_KEYS);
  const params: CaseListParams = list.filters;
  const filters = pickCaseFilters(params);
  const view = viewOf(params);
  const selectedModule = filters.module ? Number(filters.module) : undefined;
  const [searchParams] = useSearchParams();
  // ?caseId= (from a defect's description) opens that case straight away.
  const [viewId, setViewId] = useState<number | undefined>(
    () => Number(searchParams.get('caseId')) || undefined,
  );
  const [formTarget, setFormTarget] = useState<CaseFormTarget | undefined>();
  const [defectTarget, setDefectTarget] = useState<FormTarget | undefined>();
  // Only the defect form picks people: the members are fetched when it first opens, and kept, so its
  // handlers keep their names while it slides shut.
  const [isDefectFormUsed, setDefectFormUsed] = useState(false);
  const { members } = useProjectMembers(isDefectFormUsed ? projectId : 0);
  const [moduleTarget, setModuleTarget] = useState<ModuleEditTarget | undefined>();
  const [isImportOpen, setImportOpen] = useState(false);
  const [isAiOpen, setAiOpen] = useState(false);

  const tableQuery = caseListQuery(projectId, params, { pageNum: list.pageNum, pageSize: list.pageSize });
  const query = useQuery({
    queryKey: caseKeys.list(tableQuery),
    queryFn: () => listCases(tableQuery),
    enabled: projectId > 0,
  });
  const table = usePagedTable(query, list, 'caseId');
  // The tree's figures count cases too.
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.all }),
      queryClient.invalidateQueries({ queryKey: moduleKeys.all }),
    ]);

  const pageState = { view: params.view, sort: params.sort, order: params.order };
  const setFilters = (next: CaseFilters) => list.search({ ...pageState, ...next });
  const reportDefect = (testCase: TestCase, stepIndex?: number) => {
    setDefectFormUsed(true);
    setDefectTarget({ prefill: defectFromCase(testCase, t, stepIndex) });
  };
  const actions: CaseActions = {
    onOpen: setViewId,
    onEdit: (testCase) => setFormTarget({ testCase }),
    onDelete: (testCase) =>
      confirm({
        content: t('case.delete-confirm', { num: testCase.caseNum }),
        action: async () => {
          await deleteCases([testCase.caseId]);
          await reload();
        },
      }),
    onReportDefect: reportDefect,
  };

  const main = (
    <div style={{ flex: 1, minWidth: 0 }}>
      <CaseFilterBar
        projectId={projectId}
        filters={filters}
        onChange={setFilters}
        hasModuleSelect={!hasTree}
      />
      <ListToolbar
        onRefresh={() => void reload()}
        extra={
          <>
            <Segmented
              aria-label={t('case.view')}
              value={view}
              onChange={(next) => list.search({ ...params, view: next === 'card' ? 'card' : '' })}
              options={[
                { value: 'table', icon: <TableOutlined />, label: t('case.view.table') },
                { value: 'card', icon: <AppstoreOutlined />, label: t('case.view.card') },
              ]}
            />
            {view === 'card' ? (
              <Select
                style={{ width: 150 }}
                aria-label={t('case.sort')}
                value={
                  params.sort ? `${params.sort}:${params.order === 'asc' ? 'asc' : 'desc'}` : CARD_SORTS[0]
                }
                onChange={(value: string) => {
                  const [sort = '', order = ''] = value.split(':');
                  list.search({
                    ...params,
                    sort: value === CARD_SORTS[0] ? '' : sort,
                    order: order === 'asc' ? 'asc' : '',
                  });
                }}
                options={CARD_SORTS.map((value) => ({
                  value,
                  label: t(`case.sort.${value.replace(':', '-')}`),
                }))}
              />
            ) : null}
          </>
        }
      >
        <PermiButton
          permi={['system:case:add']}
          type="primary"
          icon={<PlusOutlined />}
          disabled={projectId <= 0}
          onClick={() => setFormTarget({ moduleId: selectedModule })}
        >
          {t('case.create')}
        </PermiButton>
        <PermiButton
          permi={['system:case:import']}
          icon={<UploadOutlined />}
          onClick={() => setImportOpen(true)}
        >
          {t('case.import')}
        </PermiButton>
        <PermiButton
          permi={['system:case:add']}
          icon={<RobotOutlined />}
          disabled={projectId <= 0}
          onClick={() => setAiOpen(true)}
          style={{ background: '#0f7a3d', borderColor: '#0f7a3d', color: '#fff' }}
        >
          {t('ai.case.generate')}
        </PermiButton>
        <PermiButton
          permi={['system:case:export']}
          icon={<DownloadOutlined />}
          onClick={() =>
            void exportCases(caseExportQuery(projectId, params), `${t('case.export.file-name')}.xlsx`)
          }
        >
          {t('case.export')}
        </PermiButton>
        <RecycleBinButton
          base="/system/case"
          projectId={projectId}
          permi={['system:case:remove']}
          hasNumbers
          onRestored={reload}
        />
      </ListToolbar>
      {view === 'card' ? (
        <CaseCards
          rows={table.dataSource as TestCase[]}
          isLoading={query.isFetching}
          pagination={table.pagination}
          {...actions}
        />
      ) : (
        <CaseTable
          table={table}
          sort={params}
          onSort={(sort) => list.search({ ...params, ...sort })}
          {...actions}
        />
      )}
    </div>
  );

  return (
    <Card>
      <Flex gap={16} align="start">
        {hasTree ? (
          <aside
            style={{
              width: 220,
              flex: 'none',
              borderRight: '1px solid var(--ant-color-split)',
              paddingRight: 12,
              maxHeight: 'calc(100vh - 160px)',
              overflow: 'auto',
              position: 'sticky',
              top: 0,
            }}
          >
            <CaseModuleTree
              projectId={projectId}
              selected={selectedModule}
              onSelect={(moduleId) =>
                setFilters({ ...filters, module: moduleId === undefined ? '' : String(moduleId) })
              }
              onAdd={() => setModuleTarget({ modulePid: selectedModule ?? 0 })}
            />
          </aside>
        ) : null}
        {main}
      </Flex>
      <CaseViewDrawer
        caseId={viewId}
        onClose={() => setViewId(undefined)}
        onEdit={(testCase) => setFormTarget({ testCase })}
        onReportDefect={reportDefect}
        onChanged={reload}
        listQuery={{ ...tableQuery, pageNum: undefined, pageSize: undefined }}
        onOpen={setViewId}
      />
      <CaseFormDrawer
        projectId={projectId}
        target={formTarget}
        onClose={() => setFormTarget(undefined)}
        onCreatedAnother={() => void reload()}
        onSaved={(caseId) => {
          setFormTarget(undefined);
          void reload();
          setViewId(caseId);
        }}
      />
      <DefectFormDrawer
        projectId={projectId}
        members={members}
        target={defectTarget}
        onClose={() => setDefectTarget(undefined)}
        onSaved={() => {
          setDefectTarget(undefined);
          void reload();
          void queryClient.invalidateQueries({ queryKey: defectKeys.all });
        }}
      />
      <ImportDialog
        open={isImportOpen}
        title={t('case.import.title')}
        hint={t('case.import.hint')}
        testId="case-import"
        downloadTemplate={() => downloadCaseTemplate(projectId, `${t('case.import.template-file')}.xlsx`)}
        importFile={(file) => importCases(projectId, file)}
        onClose={() => setImportOpen(false)}
        onImported={() => void reload()}
      />
      <AiCaseDrawer
        projectId={projectId}
        open={isAiOpen}
        onClose={() => setAiOpen(false)}
        onImported={() => void reload()}
      />
      <ModuleDialog
        projectId={projectId}
        rows={moduleRows}
        target={moduleTarget}
        onClose={() => setModuleTarget(undefined)}
      />
    </Card>
  );
}
