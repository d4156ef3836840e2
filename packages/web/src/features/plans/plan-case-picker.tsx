import { CASE_LEVELS } from '@buglet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  Flex,
  Row,
  Select,
  Table,
  type TableColumnsType,
  Tree,
  type TreeDataNode,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { compactPagination } from '../../lib/compact-pagination.ts';
import { type ModuleTreeNode, useModuleTree } from '../modules/index.ts';
import { caseIdsOfLevel, caseIdsOfModule, listPickerCases, type PickerCase, planKeys } from './plans.api.ts';

interface PlanCasePickerProps {
  projectId: number;
  value: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
}

const toTreeData = (nodes: readonly ModuleTreeNode[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.moduleId,
    title: n.moduleName,
    ...(n.children?.length ? { children: toTreeData(n.children) } : {}),
  }));

const PAGE_SIZE = 10;

/**
 * The cases a plan takes: a whole deliverable (with those below it) or a whole level at once, by
 * their ids from the server, or one by one in a paged table; the choice is a set kept here across
 * pages, so a project of 10,000 cases is never loaded whole.
 */
export function PlanCasePicker({ projectId, value, onChange }: PlanCasePickerProps) {
  const { t } = useTranslation();
  const { tree } = useModuleTree(projectId);
  const [ticked, setTicked] = useState<number[]>([]);
  const [keyword, setKeyword] = useState('');
  const [level, setLevel] = useState<number | undefined>();
  const [moduleId, setModuleId] = useState<number | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const treeData = useMemo(() => toTreeData(tree), [tree]);

  const query = {
    projectId,
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { caseName: keyword } : {}),
    ...(level ? { caseLevel: level } : {}),
    ...(moduleId ? { moduleId } : {}),
  };
  const cases = useQuery({
    queryKey: planKeys.picker(query),
    queryFn: () => listPickerCases(query),
    enabled: projectId > 0,
    placeholderData: keepPreviousData,
  });

  const add = (ids: readonly number[]) => onChange(new Set([...value, ...ids]));
  const take = (ids: readonly number[]) => {
    const gone = new Set(ids);
    onChange(new Set([...value].filter((id) => !gone.has(id))));
  };
  const tickModule = async (id: number, isTicked: boolean) => {
    const ids = (await caseIdsOfModule(id)).data ?? [];
    if (isTicked) add(ids);
    else take(ids);
  };

  const columns: TableColumnsType<PickerCase> = [
    { title: t('plan.case.number'), dataIndex: 'caseNum', width: 70, render: (n: number) => `#${n}` },
    { title: t('plan.case.name'), dataIndex: 'caseName', ellipsis: true },
    { title: t('module.deliverable'), dataIndex: 'modulePath', width: 160, ellipsis: true },
    { title: t('case.level'), dataIndex: 'caseLevel', width: 70 },
  ];
  const rows = cases.data?.rows ?? [];

  return (
    <Row gutter={[12, 12]} data-testid="plan-case-picker">
      <Col xs={24} md={8}>
        <Typography.Text strong>{t('plan.pick.by-deliverable')}</Typography.Text>
        <Tree
          // Opened whole once the tree has loaded (defaultExpandAll reads only the first render).
          key={treeData.length}
          checkable
          checkStrictly
          defaultExpandAll
          treeData={treeData}
          checkedKeys={ticked}
          selectedKeys={moduleId ? [moduleId] : []}
          onSelect={(keys) => {
            setModuleId(keys[0] === undefined ? undefined : Number(keys[0]));
            setPageNum(1);
          }}
          onCheck={(_, info) => {
            const id = Number(info.node.key);
            setTicked((now) => (info.checked ? [...now, id] : now.filter((k) => k !== id)));
            void tickModule(id, info.checked);
          }}
          style={{ maxHeight: 320, overflow: 'auto' }}
        />
        <Flex wrap gap={4} align="center" style={{ marginTop: 8 }}>
          <Typography.Text strong>{t('plan.pick.by-level')}</Typography.Text>
          {CASE_LEVELS.map((l) => (
            <Button
              key={l}
              size="small"
              aria-label={t('plan.pick.level', { level: l })}
              onClick={async () => add((await caseIdsOfLevel(projectId, l)).data ?? [])}
            >
              P{l}
            </Button>
          ))}
        </Flex>
      </Col>
      <Col xs={24} md={16}>
        <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
          <DebouncedSearch
            width={200}
            value={keyword}
            placeholder={t('plan.case.search')}
            onSearch={(text) => {
              setKeyword(text);
              setPageNum(1);
            }}
          />
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('case.level')}
            value={level}
            onChange={(l?: number) => {
              setLevel(l);
              setPageNum(1);
            }}
            options={CASE_LEVELS.map((l) => ({ value: l, label: `P${l}` }))}
          />
          <Typography.Text data-testid="plan-chosen-count">
            {t('plan.pick.chosen', { count: value.size })}
          </Typography.Text>
          <Button size="small" onClick={() => add(rows.map((c) => c.caseId))}>
            {t('plan.pick.page')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              setTicked([]);
              onChange(new Set());
            }}
          >
            {t('plan.pick.clear')}
          </Button>
        </Flex>
        <Table<PickerCase>
          size="small"
          rowKey="caseId"
          loading={cases.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: rows.filter((c) => value.has(c.caseId)).map((c) => c.caseId),
            onSelect: (row, isSelected) => (isSelected ? add([row.caseId]) : take([row.caseId])),
            onSelectAll: (isSelected, _rows, changed) =>
              isSelected ? add(changed.map((c) => c.caseId)) : take(changed.map((c) => c.caseId)),
          }}
          pagination={compactPagination(pageNum, PAGE_SIZE, cases.data?.total, setPageNum)}
        />
      </Col>
    </Row>
  );
}
