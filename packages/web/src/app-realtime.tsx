import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { caseKeys } from './features/cases/cases.api.ts';
import { NoticeListener } from './features/notices/notice-listener.tsx';
import { noticeKeys, refreshNotices } from './features/notices/notices.api.ts';
import { defectKeys } from './lib/query-keys.ts';
import { connectRealtime, disconnectRealtime, onRealtimeReconnect, subscribe } from './lib/realtime.ts';
import { useFocus } from './stores/focus.store.ts';
import { usePresence } from './stores/presence.store.ts';
import { useSession } from './stores/session.store.ts';

/**
 * The realtime connection follows the session: it opens once the user id is known (after getInfo)
 * and closes on logout. Presence and focus frames feed their stores; after a reconnection the online
 * list, the notice counts and the open item view are fetched again, as frames may have been missed.
 */
export default function AppRealtime() {
  const userId = useSession((s) => s.user?.userId);
  const queryClient = useQueryClient();

  useEffect(() => {
    const { setOnline } = usePresence.getState();
    const offs = [
      subscribe('memberOnline', (id) => setOnline(id, true)),
      subscribe('memberOffline', (id) => setOnline(id, false)),
      subscribe('memberFocus', (frame) => useFocus.getState().apply(frame)),
      // A team joined: the session (current team, menus) and the team lists are read again, so a
      // newcomer's "no team" page gives way without a reload.
      subscribe('teamsChanged', () => {
        void useSession.getState().loadSession();
        void queryClient.invalidateQueries({ queryKey: ['teams'] });
      }),
      // Someone changed defects: the lists, boards and open views showing them read them again.
      subscribe('defectChanged', () => void queryClient.invalidateQueries({ queryKey: defectKeys.all })),
      onRealtimeReconnect(() => {
        // Who looks at what is heard again from scratch; the open item view, a defect's or a case's,
        // reads (and marks) itself again (only queries in use are fetched again).
        useFocus.getState().clear();
        void queryClient.invalidateQueries({ queryKey: defectKeys.details });
        void queryClient.invalidateQueries({ queryKey: caseKeys.details });
        void queryClient.invalidateQueries({ queryKey: noticeKeys.presence });
        void refreshNotices(queryClient);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!userId) return;
    connectRealtime(userId);
    return () => {
      disconnectRealtime();
      usePresence.getState().clear();
      useFocus.getState().clear();
      // The bell's counts are kept until a frame says otherwise: they must not outlive the session.
      queryClient.removeQueries({ queryKey: noticeKeys.all });
      queryClient.removeQueries({ queryKey: noticeKeys.presence });
    };
  }, [userId, queryClient]);

  return userId ? <NoticeListener /> : null;
}
