import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isReadMark, type PanelNotice, subscribe } from '../../lib/realtime.ts';
import { plainExcerpt } from './notice-groups.ts';
import { useFollowNotice } from './notice-link.ts';
import { playNoticeSound } from './notice-sounds.ts';
import { refreshNotices } from './notices.api.ts';

/** A notice may come as `notice` and `panel_notice` both; its sound plays once. */
const SOUND_MEMORY = 50;

/**
 * Reacts to pushed notices: refreshes the bell and the list on every `notice` (new or read
 * elsewhere), and the defect list on a defect notice; on `panel_notice` pops up the top-right
 * panel and plays the chosen sound.
 */
export function NoticeListener() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const follow = useFollowNotice();
  const followRef = useRef(follow);
  followRef.current = follow;
  const played = useRef<number[]>([]);

  useEffect(() => {
    const refresh = () => void refreshNotices(queryClient);
    const playOnce = (notice: Partial<PanelNotice> & { noticeId: number }) => {
      if (!notice.backgroundMusic || played.current.includes(notice.noticeId)) return;
      played.current = [...played.current.slice(-SOUND_MEMORY), notice.noticeId];
      playNoticeSound(notice.backgroundMusicUrl);
    };
    const offNotice = subscribe('notice', (data) => {
      refresh();
      if (isReadMark(data)) return;
      playOnce(data);
      // A defect changed for this user: an open defect list or its figures show it without a reload.
      if (data.groupName === 'defect') void queryClient.invalidateQueries({ queryKey: ['defects'] });
    });
    const offPanel = subscribe('panel_notice', (data) => {
      refresh();
      playOnce(data);
      if (data.panel === false) return;
      const key = `notice-${data.noticeId}`;
      notification.success({
        key,
        title: data.noticeTitle || t('notice'),
        placement: 'topRight',
        duration: 8,
        className: 'notice-panel',
        description: (
          <Flex vertical gap={4} align="flex-start">
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
              {plainExcerpt(data.noticeContent)}
            </Typography.Paragraph>
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => {
                notification.destroy(key);
                void followRef.current(data, true).catch(() => {});
              }}
            >
              {t('notice.open')}
            </Button>
          </Flex>
        ),
      });
    });
    return () => {
      offNotice();
      offPanel();
    };
  }, [queryClient, notification, t]);

  return null;
}
