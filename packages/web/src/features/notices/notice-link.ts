import { useLocation, useNavigate } from 'react-router';
import { useSwitchProject } from '../projects/index.ts';
import { useCurrentProjectId } from '../teams/index.ts';
import { linkProjectId, noticeLinkPath } from './notice-groups.ts';
import { getNotice } from './notices.api.ts';

export const NOTICE_PAGE_PATH = '/notice/index';

/** The notice page with this notice open. */
export const noticePagePath = (noticeId: number) => `${NOTICE_PAGE_PATH}?noticeId=${noticeId}`;

/**
 * Follows a notice's link (the defect it is about): switches to the link's project first when it is
 * another one, as the defect page shows the current project. Without a usable link the notice page
 * opens on it instead. `markRead` reads it on the way, for links followed without opening the notice.
 */
export function useFollowNotice() {
  const navigate = useNavigate();
  const openLink = useOpenProjectLink();
  return async (notice: { noticeId: number; src: string | null }, markRead = false) => {
    const path = noticeLinkPath(notice.src);
    if (!path) {
      navigate(noticePagePath(notice.noticeId));
      return;
    }
    // The pushed read mark refreshes the bell.
    if (markRead) void getNotice(notice.noticeId).catch(() => {});
    await openLink(path);
  };
}

/**
 * Opens an app path that names its project (`/project/defect?defectId=…&projectId=…`): switches
 * to that project first when it is another one, as the project pages show the current project.
 */
export function useOpenProjectLink() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentProjectId = useCurrentProjectId();
  const switchProject = useSwitchProject();
  return async (path: string) => {
    const projectId = linkProjectId(path);
    if (projectId && projectId !== currentProjectId) await switchProject(projectId);
    // Already on that page (another defect open, say): remount it so it reads the new query.
    navigate(path.split('?')[0] === pathname ? `/redirect${path}` : path);
  };
}
