import { ClearOutlined, DeleteOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CacheName } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import {
  clearCacheAll,
  clearCacheKey,
  clearCacheName,
  getCacheKeys,
  getCacheNames,
  getCacheValue,
  monitorKeys,
} from './monitor.api.ts';

const PERM = ['monitor:cache:list'];
const TABLE_HEIGHT = 420;

/** The cache list (`/monitor/cacheList`): names, then a name's keys, then a key's value; clear buttons. */
export default function CacheListPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [name, setName] = useState<CacheName>();
  const [key, setKey] = useState<string>();

  const names = useQuery({ queryKey: monitorKeys.cacheNames, queryFn: getCacheNames });
  const keys = useQuery({
    queryKey: monitorKeys.cacheKeys(name?.cacheName ?? ''),
    queryFn: () => getCacheKeys(name?.cacheName ?? ''),
    enabled: name !== undefined,
  });
  const value = useQuery({
    queryKey: monitorKeys.cacheValue(name?.cacheName ?? '', key ?? ''),
    queryFn: () => getCacheValue(name?.cacheName ?? '', key ?? ''),
    enabled: name !== undefined && key !== undefined,
    retry: false,
  });
  const refreshAll = () => client.invalidateQueries({ queryKey: monitorKeys.cache });

  const clear = (content: string, action: () => Promise<unknown>, then?: () => void) =>
    confirm({
      content,
      success: t('cache.cleared'),
      action: async () => {
        await action();
        then?.();
        await refreshAll();
      },
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <Card
          size="small"
          title={t('cache.list.names')}
          extra={
            <Space size={4}>
              <Tooltip title={t('refresh')}>
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void names.refetch()} />
              </Tooltip>
              <PermiButton
                permi={PERM}
                size="small"
                danger
                icon={<ClearOutlined />}
                onClick={() => clear(t('cache.confirm-clear-all'), clearCacheAll, () => setKey(undefined))}
              >
                {t('cache.clear-all')}
              </PermiButton>
            </Space>
          }
        >
          <Table<CacheName>
            size="small"
            rowKey="cacheName"
            loading={names.isFetching}
            dataSource={names.data ?? []}
            pagination={false}
            scroll={{ y: TABLE_HEIGHT }}
            rowClassName={(row) => (row.cacheName === name?.cacheName ? 'ant-table-row-selected' : '')}
            onRow={(row) => ({
              onClick: () => {
                setName(row);
                setKey(undefined);
              },
              style: { cursor: 'pointer' },
            })}
            columns={[
              {
                title: t('cache.name'),
                dataIndex: 'cacheName',
                render: (text: string, row) => (
                  <>
                    <div>{text}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {row.remark}
                    </Typography.Text>
                  </>
                ),
              },
              { title: t('cache.key-count'), dataIndex: 'keyCount', width: 70 },
              {
                title: t('operate'),
                width: 70,
                render: (_v, row) =>
                  row.isClearable ? (
                    <RowAction
                      permi={PERM}
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('cache.clear-name', { name: row.cacheName })}
                      onClick={(event) => {
                        event.stopPropagation();
                        clear(t('cache.confirm-clear-name', { name: row.cacheName }), () =>
                          clearCacheName(row.cacheName),
                        );
                      }}
                    />
                  ) : (
                    <Tag>{t('cache.kept')}</Tag>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card
          size="small"
          title={name ? t('cache.list.keys-of', { name: name.cacheName }) : t('cache.list.keys')}
          extra={
            <Tooltip title={t('refresh')}>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                disabled={!name}
                onClick={() => void keys.refetch()}
              />
            </Tooltip>
          }
        >
          {name ? (
            <Table<{ key: string }>
              size="small"
              rowKey="key"
              loading={keys.isFetching}
              dataSource={(keys.data ?? []).map((k) => ({ key: k }))}
              pagination={false}
              scroll={{ y: TABLE_HEIGHT }}
              rowClassName={(row) => (row.key === key ? 'ant-table-row-selected' : '')}
              onRow={(row) => ({ onClick: () => setKey(row.key), style: { cursor: 'pointer' } })}
              columns={[
                {
                  title: t('cache.key'),
                  dataIndex: 'key',
                  ellipsis: { showTitle: true },
                  render: (k: string) => (
                    <span>
                      <KeyOutlined /> {k.slice(name.cacheName.length) || k}
                    </span>
                  ),
                },
                ...(name.isClearable
                  ? [
                      {
                        title: t('operate'),
                        width: 70,
                        render: (_v: unknown, row: { key: string }) => (
                          <RowAction
                            permi={PERM}
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('cache.clear-key', { key: row.key })}
                            onClick={(event) => {
                              event.stopPropagation();
                              clear(
                                t('cache.confirm-clear-key', { key: row.key }),
                                () => clearCacheKey(row.key),
                                () => setKey(undefined),
                              );
                            }}
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          ) : (
            <Empty description={t('cache.pick-name')} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('cache.list.value')}>
          {value.data ? (
            <Descriptions column={1} size="small" layout="vertical">
              <Descriptions.Item label={t('cache.name')}>{value.data.cacheName}</Descriptions.Item>
              <Descriptions.Item label={t('cache.remark')}>{value.data.remark}</Descriptions.Item>
              <Descriptions.Item label={t('cache.key')}>{value.data.cacheKey}</Descriptions.Item>
              <Descriptions.Item label={t('cache.expire')}>
                {value.data.expireTime ?? t('cache.never')}
              </Descriptions.Item>
              <Descriptions.Item label={t('cache.value')}>
                <Input.TextArea
                  readOnly
                  value={value.data.cacheValue}
                  autoSize={{ minRows: 3, maxRows: 14 }}
                />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={t('cache.pick-key')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
