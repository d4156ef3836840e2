import { LogoutOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  endOtherSessions,
  endOwnSession,
  listOwnSessions,
  type OwnSession,
  sessionKeys,
} from './profile.api.ts';

/** The person's active sign-ins, this one marked; any other can be ended, or all others at once. */
export function SessionsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionKeys.own, queryFn: listOwnSessions });
  const rows = query.data?.data ?? [];
  const done = () => {
    message.success(t('profile.sessions.ended'));
    void queryClient.invalidateQueries({ queryKey: sessionKeys.own });
  };
  const endOne = useMutation({ mutationFn: endOwnSession, onSuccess: done });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: done });
  const others = rows.filter((row) => !row.current).length;

  return (
    <Flex vertical gap={12} data-testid="own-sessions">
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Text type="secondary">{t('profile.sessions.help')}</Typography.Text>
        <Popconfirm
          title={t('profile.sessions.end-others-confirm', { count: others })}
          okText={t('ok')}
          cancelText={t('cancel')}
          onConfirm={() => endOthers.mutate()}
          disabled={others === 0}
        >
          <Button danger icon={<LogoutOutlined />} disabled={others === 0} loading={endOthers.isPending}>
            {t('profile.sessions.end-others')}
          </Button>
        </Popconfirm>
      </Flex>
      <Table<OwnSession>
        rowKey="sessionId"
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 600 }}
        columns={[
          {
            title: t('profile.sessions.browser'),
            key: 'browser',
            render: (_, row) => (
              <Flex gap={6} align="center" wrap>
                {[row.browser, row.os].filter(Boolean).join(' · ') || t('profile.sessions.unknown')}
                {row.current && <Tag color="green">{t('profile.sessions.current')}</Tag>}
              </Flex>
            ),
          },
          { title: t('profile.sessions.address'), dataIndex: 'ipaddr', width: 160 },
          { title: t('profile.sessions.since'), dataIndex: 'loginTime', width: 180 },
          {
            title: t('operate'),
            key: 'op',
            width: 120,
            render: (_, row) =>
              row.current ? null : (
                <Button
                  type="link"
                  size="small"
                  danger
                  loading={endOne.isPending && endOne.variables === row.sessionId}
                  onClick={() => endOne.mutate(row.sessionId)}
                >
                  {t('profile.sessions.end')}
                </Button>
              ),
          },
        ]}
      />
    </Flex>
  );
}
