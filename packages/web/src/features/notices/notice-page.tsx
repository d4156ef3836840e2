import { DeleteOutlined, NotificationOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Flex,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DebouncedSearch } from '../../components/debounced-search.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { RowAction } from '../../components/row-actions.tsx';
import { useConfirmRemove } from '../../hooks/use-confirm-remove.ts';
import { useListParams } from '../../hooks/use-list-params.ts';
import { useSelectableTable } from '../../hooks/use-selectable-table.ts';
import { useCurrentProjectId } from '../teams/index.ts';
import { NoticeDrawer } from './notice-drawer.tsx';
import { isNoticeTab, NOTICE_TABS, type NoticeTab, TAB_LABEL_KEYS, unreadOf } from './notice-groups.ts';
import { NoticeSendDialog } from './notice-send-dialog.tsx';
import { NoticeSettingsDialog } from './notice-settings-dialog.tsx';
import {
  deleteNotices,
  getNoticeGroups,
  listNotices,
  type Notice,
  type NoticeListQuery,
  noticeKeys,
} from './notices.api.ts';

const FILTERS = ['groupName', 'noticeTitle'] as const;

/** The user's notices by group, newest first; `?noticeId=` opens one. */
export default function NoticePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projectId = useCurrentProjectId();
  const list = useListParams(FILTERS);
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'send' | 'settings' | undefined>();
  const tab: NoticeTab = isNoticeTab(list.filters.groupName) ? list.filters.groupName : 'all';
  const openId = Number(searchParams.get('noticeId')) || undefined;

  const groups = useQuery({ queryKey: noticeKeys.groups, queryFn: getNoticeGroups });
  const query: NoticeListQuery = {
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    ...(tab === 'all' ? {} : { groupName: tab }),
    ...(list.filters.noticeTitle ? { noticeTitle: list.filters.noticeTitle } : {}),
  };
  const notices = useQuery({ queryKey: noticeKeys.list(query), queryFn: () => listNotices(query) });
  const table = useSelectableTable(notices, list, 'noticeId');
  const remove = useConfirmRemove({
    content: () => t('notice.is-delete'),
    remove: deleteNotices,
    onRemoved: table.clearSelection,
    invalidate: [noticeKeys.all],
  });

  const setOpenId = (noticeId: number | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (noticeId) next.set('noticeId', String(noticeId));
    else next.delete('noticeId');
    setSearchParams(next, { replace: !noticeId });
  };

  const columns: TableColumnsType<Notice> = [
    {
      title: t('notice.title'),
      dataIndex: 'noticeTitle',
      ellipsis: { showTitle: false },
      render: (title: string, row) => (
        <Flex gap={6} align="center" style={{ minWidth: 0 }}>
          {row.isRead ? (
            <Badge status="default" title={t('notice.read')} />
          ) : (
            <Tag color="red" variant="solid" style={{ marginInlineEnd: 0 }} title={t('notice.unread')}>
              NEW
            </Tag>
          )}
          <Tooltip title={title} placement="topLeft">
            <Typography.Text strong={!row.isRead} ellipsis>
              {title}
            </Typography.Text>
          </Tooltip>
        </Flex>
      ),
    },
    // The group shows on the All tab only (the others are one group each), and not below 1200 px.
    ...(tab === 'all'
      ? [
          {
            title: t('notice.group'),
            dataIndex: 'groupName',
            width: 100,
            responsive: ['xl' as const],
            render: (group: string) => (isNoticeTab(group) ? t(TAB_LABEL_KEYS[group]) : group),
          },
        ]
      : []),
    {
      title: t('notice.project'),
      key: 'project',
      width: 170,
      // On a phone the title keeps the room (the drawer shows the rest).
      responsive: ['md' as const],
      ellipsis: true,
      render: (_v, row) => [row.teamName, row.projectName].filter(Boolean).join(' / ') || '-',
    },
    { title: t('create-time'), dataIndex: 'createTime', width: 165, responsive: ['sm' as const] },
    {
      title: t('operate'),
      key: 'operate',
      width: 84,
      render: (_v, row) => (
        <RowAction
          permi={['notice:remove', 'notice:list']}
          danger
          icon={<DeleteOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            remove([row.noticeId]);
          }}
        >
          {t('delete')}
        </RowAction>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => list.search({ ...list.filters, groupName: key === 'all' ? undefined : key })}
        tabBarExtraContent={
          <Tooltip title={t('notice.option')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('notice.option')}
              disabled={projectId <= 0}
              onClick={() => setDialog('settings')}
            />
          </Tooltip>
        }
        items={NOTICE_TABS.map((key) => ({
          key,
          label: (
            <Badge count={unreadOf(groups.data?.rows, key)} size="small" offset={[8, -2]}>
              <span>{t(TAB_LABEL_KEYS[key])}</span>
            </Badge>
          ),
        }))}
      />
      <ListToolbar
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: noticeKeys.all })}
        extra={
          <DebouncedSearch
            value={list.filters.noticeTitle ?? ''}
            placeholder={t('notice.please-enter-title')}
            onSearch={(noticeTitle) => list.search({ ...list.filters, noticeTitle })}
            width={240}
          />
        }
      >
        <PermiButton
          permi={['notice:remove', 'notice:list']}
          danger
          icon={<DeleteOutlined />}
          disabled={table.selectedIds.length === 0}
          onClick={() => remove(table.selectedIds)}
        >
          {t('notice.batch-delete')}
        </PermiButton>
        <PermiButton
          permi={['notice:send']}
          type="primary"
          icon={<NotificationOutlined />}
          disabled={projectId <= 0}
          onClick={() => setDialog('send')}
        >
          {t('notice.send')}
        </PermiButton>
      </ListToolbar>
      <Table<Notice>
        {...table.tableProps}
        scroll={undefined}
        tableLayout="fixed"
        className="notice-table"
        columns={columns}
        rowClassName={(row) => (row.isRead ? 'notice-row' : 'notice-row is-unread')}
        onRow={(row) => ({ onClick: () => setOpenId(row.noticeId), style: { cursor: 'pointer' } })}
      />
      <NoticeDrawer noticeId={openId} onClose={() => setOpenId(undefined)} />
      <NoticeSendDialog
        isOpen={dialog === 'send'}
        projectId={projectId}
        onClose={() => setDialog(undefined)}
      />
      <NoticeSettingsDialog
        isOpen={dialog === 'settings'}
        projectId={projectId}
        onClose={() => setDialog(undefined)}
      />
    </Card>
  );
}
