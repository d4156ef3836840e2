import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Divider, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../components/person-label.tsx';
import { useSession } from '../../stores/session.store.ts';
import { MarkdownView } from '../defects/index.ts';
import { isNoticeTab, noticeLinkPath, TAB_LABEL_KEYS } from './notice-groups.ts';
import { NOTICE_PAGE_PATH, useFollowNotice } from './notice-link.ts';
import { answerInvitation, getNotice, noticeKeys } from './notices.api.ts';

interface NoticeDrawerProps {
  noticeId: number | undefined;
  onClose: () => void;
}

/** One notice: its facts, its Markdown (rendered safely) and the link to what it is about. Opening it marks it read. */
export function NoticeDrawer({ noticeId, onClose }: NoticeDrawerProps) {
  const { t } = useTranslation();
  const follow = useFollowNotice();
  const query = useQuery({
    queryKey: noticeKeys.detail(noticeId ?? 0),
    // Reading marks it read on the server, whose read mark (pushed to all the user's tabs, this one
    // too) refreshes the list and the counts (the bell's dot).
    queryFn: () => getNotice(noticeId ?? 0),
    enabled: Boolean(noticeId),
    staleTime: 0,
  });
  const notice = query.data?.data;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: 'accept' | 'decline') =>
      answerInvitation(notice?.invitation?.invitationId ?? 0, choice),
    onSuccess: (_res, choice) => {
      message.success(t(choice === 'accept' ? 'team.invitation.accepted' : 'team.invitation.declined'));
      void queryClient.invalidateQueries({ queryKey: noticeKeys.detail(noticeId ?? 0) });
      // A new team shows in the team lists at once, and stands as the current one for someone in none.
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      if (choice === 'accept') void useSession.getState().loadSession();
    },
  });

  const path = noticeLinkPath(notice?.src);
  const hasLink = Boolean(path && !path.startsWith(NOTICE_PAGE_PATH));

  return (
    <Drawer
      open={Boolean(noticeId)}
      onClose={onClose}
      size={560}
      title={notice?.noticeTitle ?? t('notice')}
      className="notice-drawer"
      extra={
        hasLink && notice ? (
          <Button type="primary" icon={<LinkOutlined />} onClick={() => void follow(notice).catch(() => {})}>
            {t(notice.groupName === 'defect' ? 'notice.open-defect' : 'notice.open')}
          </Button>
        ) : null
      }
    >
      {query.isLoading ? <Skeleton active /> : null}
      {notice ? (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'team', label: t('notice.team'), children: notice.teamName || '-' },
              { key: 'project', label: t('notice.project'), children: notice.projectName || '-' },
              {
                key: 'group',
                label: t('notice.group'),
                children: isNoticeTab(notice.groupName)
                  ? t(TAB_LABEL_KEYS[notice.groupName])
                  : notice.groupName,
              },
              {
                key: 'sender',
                label: t('notice.sender'),
                children: <PersonLabel person={notice.sender} fallback={notice.createBy} />,
              },
              { key: 'time', label: t('create-time'), children: notice.createTime },
            ]}
          />
          <Divider titlePlacement="start">{t('notice.content')}</Divider>
          {notice.noticeContent ? (
            <MarkdownView source={notice.noticeContent} />
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          )}
          {notice.invitation ? (
            <div style={{ marginTop: 16 }} data-testid="invitation-answer">
              {notice.invitation.state === 'pending' ? (
                <Space>
                  <Button type="primary" loading={answer.isPending} onClick={() => answer.mutate('accept')}>
                    {t('team.invitation.accept')}
                  </Button>
                  <Button loading={answer.isPending} onClick={() => answer.mutate('decline')}>
                    {t('team.invitation.decline')}
                  </Button>
                </Space>
              ) : (
                <Tag color={notice.invitation.state === 'accepted' ? 'green' : 'default'}>
                  {t(`team.invitation.state.${notice.invitation.state}`)}
                </Tag>
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
