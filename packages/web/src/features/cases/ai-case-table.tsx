import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type AiCase, CASE_TEXT_MAX } from '@buglet/contracts';
import {
  Button,
  ConfigProvider,
  Flex,
  Grid,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { ModuleSelect } from '../modules/index.ts';
import type { DraftCase } from './ai-conversation.ts';
import { StepNumber } from './case-steps-editor.tsx';
import { levelOptions } from './case-tags.tsx';

interface AiCaseTableProps {
  projectId: number;
  cases: DraftCase[];
  time: string;
  selected: string[];
  onSelect: (keys: string[]) => void;
  onChange: (key: string, patch: Partial<AiCase>) => void;
  onEdit: (draft: DraftCase) => void;
  onRemove: (key: string) => void;
}

const clip = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

function Steps({ draft }: { draft: DraftCase }) {
  const { t } = useTranslation();
  const list = (
    <Flex vertical gap={4}>
      {draft.caseStep.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list; its steps never move
        <Flex key={i} gap={6} align="start">
          <StepNumber num={i + 1} />
          <span>
            {s.stepDescribe}
            {s.stepExpect ? <Typography.Text type="secondary"> → {s.stepExpect}</Typography.Text> : null}
          </span>
        </Flex>
      ))}
    </Flex>
  );
  return (
    <Tooltip title={draft.caseStep.length > 0 ? list : undefined} placement="left">
      <Tag className="ai-case-steps" style={{ marginInlineEnd: 0 }}>
        {t('ai.case.steps-count', { count: draft.caseStep.length })}
      </Tag>
    </Tooltip>
  );
}

/**
 * The generated cases of the round shown: title, deliverable and level edited in place, the rest in
 * the edit dialog; imported ones can no longer be chosen (they are cases of the project now).
 */
export function AiCaseTable(props: AiCaseTableProps) {
  const { projectId, cases, time, selected, onSelect, onChange, onEdit, onRemove } = props;
  const { t } = useTranslation();
  const isWide = Grid.useBreakpoint().xl === true;
  const columns: TableColumnsType<DraftCase> = [
    {
      title: t('case.title'),
      key: 'caseName',
      width: 230,
      render: (_v, c) => (
        <Input.TextArea
          value={c.caseName}
          aria-label={t('case.title')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={CASE_TEXT_MAX}
          status={c.caseName.trim() ? undefined : 'error'}
          disabled={c.isImported}
          onChange={(e) => onChange(c.key, { caseName: e.target.value })}
        />
      ),
    },
    {
      title: t('module.deliverable'),
      key: 'moduleId',
      width: 170,
      render: (_v, c) => (
        <ConfigProvider componentDisabled={c.isImported}>
          <ModuleSelect
            projectId={projectId}
            value={c.moduleId}
            placeholder={t('ai.case.module-at-import')}
            onChange={(moduleId) => onChange(c.key, { moduleId: moduleId ?? null, modulePath: null })}
          />
        </ConfigProvider>
      ),
    },
    {
      title: t('case.level'),
      key: 'caseLevel',
      width: 80,
      render: (_v, c) => (
        <Select
          value={c.caseLevel}
          options={levelOptions()}
          aria-label={t('case.level')}
          disabled={c.isImported}
          onChange={(caseLevel: number) => onChange(c.key, { caseLevel })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: t('case.preconditions'),
      dataIndex: 'casePreconditions',
      width: 140,
      // Below 1200 px the table keeps to what is edited here; the edit dialog shows the rest.
      responsive: ['xl'],
      render: (text: string) => <span style={clip}>{text || '-'}</span>,
    },
    { title: t('case.steps'), key: 'steps', width: 80, render: (_v, c) => <Steps draft={c} /> },
    {
      title: t('case.expect'),
      dataIndex: 'caseExpect',
      width: 160,
      responsive: ['xl'],
      render: (text: string) =>
        text ? (
          <span style={clip}>{text}</span>
        ) : (
          <Typography.Text type="danger">{t('ai.case.no-expect')}</Typography.Text>
        ),
    },
    {
      title: t('ai.case.import-state'),
      key: 'state',
      width: 100,
      render: (_v, c) => (
        <Flex vertical gap={2} align="start">
          <Tag
            color={c.isImported ? 'default' : 'error'}
            data-imported={c.isImported}
            style={{ marginInlineEnd: 0 }}
          >
            {t(c.isImported ? 'ai.case.imported' : 'ai.case.not-imported')}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {time}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('operate'),
      key: 'operate',
      width: 90,
      fixed: 'right',
      render: (_v, c) => (
        <Flex>
          <Tooltip title={t('modify')}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('modify')}
              disabled={c.isImported}
              onClick={() => onEdit(c)}
            />
          </Tooltip>
          <Tooltip title={t('ai.case.remove')}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('ai.case.remove')}
              onClick={() => onRemove(c.key)}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];
  return (
    <Table<DraftCase>
      className="ai-case-table"
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={cases}
      scroll={{ x: isWide ? 1070 : 790 }}
      pagination={{
        pageSize: 10,
        hideOnSinglePage: true,
        showTotal: (total) => t('ai.case.total', { total }),
      }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (c) => ({ disabled: c.isImported, 'aria-label': c.caseName }),
      }}
      locale={{ emptyText: t('ai.case.empty') }}
    />
  );
}
