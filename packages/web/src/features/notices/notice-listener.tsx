import { NOTICE_GROUPS, type NoticeGroup } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { defectKeys } from '../../lib/query-keys.ts';
import { isReadMark, subscribe } from '../../lib/realtime.ts';
import { planKeys } from '../plans/index.ts';
import { reportKeys } from '../reports/index.ts';
import { plainExcerpt } from './notice-groups.ts';
import { useFollowNotice } from './notice-link.ts';
import { playNoticeSound } from './notice-sounds.ts';
import { countArrivedNotice, refreshNotices } from './notices.api.ts';

const REFRESH_DELAY_MS = 300;
/**
 * The sound waits for the pop-up: the first sound of a page creates its audio context, which can
 * hold the page for a third of a second (measured in Chromium), and the pop-up's frame comes a
 * few milliseconds after the notice's.
 */
const SOUND_DELAY_MS = 100;

const isNoticeGroup = (name: string): name is NoticeGroup =>
  (NOTICE_GROUPS as readonly string[]).includes(name);

/**
 * Reacts to pushed notices. The server sends each new notice as `notice`, then once more as
 * `panel_notice` to those who want the pop-up: `notice` (new, or read in any of the user's tabs)
 * refreshes the bell and the list, the defect lists on a defect notice, and plays the receiver's
 * sound; `panel_notice` only pops up the top-right panel.
 */
export function NoticeListener() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const follow = useFollowNotice();
  const followRef = useRef(follow);
  followRef.current = follow;

  useEffect(() => {
    const offNotice = subscribe('notice', (data) => {
      if (!isReadMark(data) && isNoticeGroup(data.groupName)) countArrivedNotice(queryClient, data.groupName);
      // The refetches (and the re-rendering of whatever lists are open) wait a moment, so the
      // pop-up frame that follows this one is shown first.
      setTimeout(() => {
        void refreshNotices(queryClient);
        // A defect changed for this user: an open defect list or its figures show it without a reload.
        if (!isReadMark(data) && data.groupName === 'defect')
          void queryClient.invalidateQueries({ queryKey: defectKeys.all });
        // So does a new report (made in the app or pushed by a test tool) in an open report list.
        if (!isReadMark(data) && data.groupName === 'report')
          void queryClient.invalidateQueries({ queryKey: reportKeys.all });
        // An item of a plan waits for a retest: an open run view shows it so.
        if (!isReadMark(data) && data.src?.startsWith('/project/plan'))
          void queryClient.invalidateQueries({ queryKey: planKeys.all });
      }, REFRESH_DELAY_MS);
      if (isReadMark(data)) return;
      if (data.backgroundMusic) setTimeout(() => playNoticeSound(data.backgroundMusicUrl), SOUND_DELAY_MS);
    });
    const offPanel = subscribe('panel_notice', (data) => {
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
