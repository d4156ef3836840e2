import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NoticeListener } from './features/notices/notice-listener.tsx';
import { refreshNotices } from './features/notices/notices.api.ts';
import { connectRealtime, disconnectRealtime, onRealtimeReconnect, subscribe } from './lib/realtime.ts';
import { usePresence } from './stores/presence.store.ts';
import { useSession } from './stores/session.store.ts';

/**
 * The realtime connection follows the session: it opens once the user id is known (after getInfo)
 * and closes on logout. Presence frames feed the presence store; after a reconnection the online
 * list and the notice counts are fetched again, as frames may have been missed.
 */
export function AppRealtime() {
  const userId = useSession((s) => s.user?.userId);
  const queryClient = useQueryClient();

  useEffect(() => {
    const { setOnline } = usePresence.getState();
    const offs = [
      subscribe('memberOnline', (id) => setOnline(id, true)),
      subscribe('memberOffline', (id) => setOnline(id, false)),
      onRealtimeReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: ['presence'] });
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
      // The bell's counts are kept until a frame says otherwise: they must not outlive the session.
      queryClient.removeQueries({ queryKey: ['notices'] });
      queryClient.removeQueries({ queryKey: ['presence'] });
    };
  }, [userId, queryClient]);

  return userId ? <NoticeListener /> : null;
}
