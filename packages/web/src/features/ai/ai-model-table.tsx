import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { type AiModelKind, formatFileSize } from '@buglet/contracts';
import { Flex, Progress, Radio, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { type ModelRow, pullPercent } from './model-pull.ts';

interface AiModelTableProps {
  rows: ModelRow[];
  isLoading: boolean;
  isReadOnly: boolean;
  /** Deleting is not this caller's (the platform's server is the super administrator's). */
  isDeleteHidden?: boolean;
  onPull: (name: string) => void;
  onDelete: (name: string) => void;
  onChoose: (kind: AiModelKind, name: string) => void;
}

const STATE_LOOKS = {
  EMPTY: { colour: undefined, key: 'ai.model.state.EMPTY' },
  PULLING: { colour: 'processing', key: 'ai.model.state.PULLING' },
  COMPLETED: { colour: 'success', key: 'ai.model.state.COMPLETED' },
  ERROR: { colour: 'error', key: 'ai.model.state.ERROR' },
} as const;

function StateCell({ row }: { row: ModelRow }) {
  const { t } = useTranslation();
  const look = STATE_LOOKS[row.state];
  if (row.state === 'PULLING' || row.isJustPulled) {
    return (
      <Flex vertical gap={2} className="ai-model-progress" data-state={row.state}>
        <Progress
          percent={pullPercent(row)}
          size="small"
          status={row.isJustPulled ? 'success' : 'active'}
          aria-label={t('ai.model.progress', { name: row.name })}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(look.key)}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Tag color={look.colour} data-state={row.state} style={{ marginInlineEnd: 0 }}>
      {t(look.key)}
    </Tag>
  );
}

function sizeText(row: ModelRow): string {
  if (row.state === 'PULLING') {
    if (!row.total) return '-';
    return `${formatFileSize(row.completed ?? 0)} / ${formatFileSize(row.total)}`;
  }
  return row.size > 0 ? formatFileSize(row.size) : '-';
}

/**
 * The models of the project's AI server: state (a bar while downloading), size, which one serves
 * business text and which images, and download or delete.
 */
export function AiModelTable({
  rows,
  isLoading,
  isReadOnly,
  isDeleteHidden,
  onPull,
  onDelete,
  onChoose,
}: AiModelTableProps) {
  const { t } = useTranslation();
  const canChoose = usePermi(['system:ai:edit']) && !isReadOnly;
  const kindRadio = (row: ModelRow, kind: AiModelKind) => (
    <Radio
      checked={row.kind === kind}
      disabled={!canChoose}
      onChange={() => onChoose(kind, row.name)}
      aria-label={t(`ai.model.use-${kind}`, { name: row.name })}
    >
      {t(`ai.model.kind.${kind}`)}
    </Radio>
  );
  const columns: TableColumnsType<ModelRow> = [
    {
      title: t('ai.model.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex vertical>
          <Typography.Text strong>{name}</Typography.Text>
          {row.state === 'ERROR' && row.error ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('ai.model.error-line', { error: row.error })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('ai.model.state'), key: 'state', width: 170, render: (_v, row) => <StateCell row={row} /> },
    { title: t('ai.model.size'), key: 'size', width: 150, render: (_v, row) => sizeText(row) },
    {
      title: t('ai.model.kind'),
      key: 'kind',
      width: 120,
      render: (_v, row) => (
        <Flex vertical gap={4} data-kind={row.kind ?? ''}>
          {kindRadio(row, 'business')}
          {kindRadio(row, 'image')}
        </Flex>
      ),
    },
    {
      title: t('operate'),
      key: 'operate',
      width: 120,
      render: (_v, row) => (
        <Flex wrap>
          {row.state === 'EMPTY' || row.state === 'ERROR' ? (
            <RowAction
              permi={['system:ai:add']}
              icon={<DownloadOutlined />}
              disabled={isReadOnly}
              onClick={() => onPull(row.name)}
            >
              {t(row.state === 'ERROR' ? 'ai.model.re-download' : 'ai.model.download')}
            </RowAction>
          ) : null}
          {row.state === 'COMPLETED' && !isDeleteHidden ? (
            <RowAction
              permi={['system:ai:remove']}
              danger
              icon={<DeleteOutlined />}
              disabled={isReadOnly}
              onClick={() => onDelete(row.name)}
            >
              {t('delete')}
            </RowAction>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <Table<ModelRow>
      rowKey="name"
      size="middle"
      loading={isLoading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 700 }}
      locale={{ emptyText: t('ai.model.empty') }}
    />
  );
}
