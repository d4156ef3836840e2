import { ReloadOutlined } from '@ant-design/icons';
import type { DatabaseInfo } from '@buglet/contracts';
import { formatFileSize } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDatabaseInfo, monitorKeys } from './monitor.api.ts';

type TableRow = DatabaseInfo['tables'][number];
type SlowRow = DatabaseInfo['slowQueries'][number];

/** The database page (replaces the original's Druid console): engine, size, tables, slow queries. */
export default function DatabasePage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: monitorKeys.database, queryFn: getDatabaseInfo });
  const db = query.data;
  const refresh = (
    <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
      {t('refresh')}
    </Button>
  );
  if (!db)
    return <Card extra={refresh}>{query.isError ? t('database.unavailable') : <Skeleton active />}</Card>;
  const totalRows = db.tables.reduce((sum, x) => sum + x.rows, 0);
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('database.facts')} size="small" extra={refresh}>
          <Descriptions column={{ xs: 1, sm: 2, xl: 3 }} size="small" bordered>
            <Descriptions.Item label={t('database.engine')}>
              {db.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} {db.version}
            </Descriptions.Item>
            <Descriptions.Item label={t('database.size')}>{formatFileSize(db.sizeBytes)}</Descriptions.Item>
            {db.walBytes !== null ? (
              <Descriptions.Item label={t('database.wal')}>{formatFileSize(db.walBytes)}</Descriptions.Item>
            ) : null}
            {db.journalMode ? (
              <Descriptions.Item label={t('database.journal')}>{db.journalMode}</Descriptions.Item>
            ) : null}
            {db.connections !== null ? (
              <Descriptions.Item label={t('database.connections')}>{db.connections}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('database.rows')}>{totalRows}</Descriptions.Item>
            <Descriptions.Item label={t('database.location')} span="filled">
              <Typography.Text code copyable>
                {db.location}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('database.tables', { count: db.tables.length })} size="small">
          <Table<TableRow>
            size="small"
            rowKey="tableName"
            dataSource={db.tables}
            pagination={{ pageSize: 15, size: 'small', showSizeChanger: false }}
            columns={[
              { title: t('database.table'), dataIndex: 'tableName', ellipsis: true },
              {
                title: t('database.table-rows'),
                dataIndex: 'rows',
                width: 130,
                align: 'right',
                sorter: (a, b) => a.rows - b.rows,
                defaultSortOrder: 'descend',
                render: (rows: number, row) => (row.isEstimate ? `≈ ${rows}` : rows),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t('database.slow', { ms: db.slowQueryMs })} size="small">
          {db.slowQueries.length === 0 ? (
            <Empty description={t('database.no-slow')} />
          ) : (
            <Table<SlowRow>
              size="small"
              rowKey={(row) => `${row.time}-${row.durationMs}-${row.sql.slice(0, 40)}`}
              dataSource={db.slowQueries}
              pagination={{ pageSize: 10, size: 'small', showSizeChanger: false }}
              expandable={{
                expandedRowRender: (row) => (
                  <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    <code>{row.sql}</code>
                  </Typography.Paragraph>
                ),
              }}
              columns={[
                { title: t('database.slow.time'), dataIndex: 'time', width: 165 },
                {
                  title: t('database.slow.duration'),
                  dataIndex: 'durationMs',
                  width: 110,
                  align: 'right',
                  render: (ms: number, row) => <Tag color={row.isError ? 'red' : 'orange'}>{ms} ms</Tag>,
                },
                { title: t('database.slow.sql'), dataIndex: 'sql', ellipsis: true },
              ]}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
