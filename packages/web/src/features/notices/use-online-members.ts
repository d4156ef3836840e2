import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePresence } from '../../stores/presence.store.ts';
import { listOnlineUsers, noticeKeys } from './notices.api.ts';

/**
 * Seeds the presence store with the project's members online now; memberOnline/memberOffline frames
 * keep it current. Refetched after each reconnection (noticeKeys.presence).
 */
export function useOnlineMembers(projectId: number): void {
  const query = useQuery({
    queryKey: noticeKeys.online(projectId),
    queryFn: () => listOnlineUsers(projectId),
    enabled: projectId > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const ids = query.data?.data;
  useEffect(() => {
    if (Array.isArray(ids)) usePresence.getState().seed(ids.map(Number).filter(Number.isInteger));
  }, [ids]);
}
