import { useQuery } from '@tanstack/react-query';
import Fuse from 'fuse.js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listCases } from '../features/cases/cases.api.ts';
import { listDefects } from '../features/defects/defects.api.ts';
import { useOpenProjectLink } from '../features/notices/notice-link.ts';
import { listProjects } from '../features/projects/projects.api.ts';
import { PROJECT_HOME_PATH, useSwitchProject } from '../features/projects/use-project-actions.ts';
import { useCurrentProjectId, useCurrentTeamId } from '../features/teams/use-team-context.ts';
import { CASE_PAGE_PATH } from '../lib/page-paths.ts';
import { leafEntries } from './menu-items.tsx';
import { useMenuGroups } from './use-menu-groups.ts';

/** Results per kind. */
const PER_KIND = 5;
/** The server is asked once typing pauses this long. */
const DEBOUNCE_MS = 250;

/** What a result opens: a page, a project, or a defect or case of the current project. */
export type SearchTarget =
  | { kind: 'page'; path: string }
  | { kind: 'project'; projectId: number }
  | { kind: 'defect' | 'case'; projectId: number; id: number };

export interface SearchGroup {
  label: string;
  items: { key: string; label: string; target: SearchTarget }[];
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * What a search finds, for the header's box and the command palette alike: pages by their menu
 * titles (fuzzy, at once), and, from the server, the team's projects by name and the current
 * project's defects (by #number or words of the title) and cases (by words of the name); and how
 * to open a result.
 */
export function useSearchResults(query: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openProjectLink = useOpenProjectLink();
  const switchProject = useSwitchProject();
  const groups = useMenuGroups();
  const teamId = useCurrentTeamId();
  const projectId = useCurrentProjectId();
  const asked = useDebounced(query.trim(), DEBOUNCE_MS);

  const fuse = useMemo(() => {
    const pages = [{ key: '/index', title: t('home') }, ...leafEntries(groups.all)].map((p) => ({
      path: p.key,
      title: p.title,
    }));
    return new Fuse(pages, {
      threshold: 0.4,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  }, [groups.all, t]);

  const found = useQuery({
    queryKey: ['header-search', teamId, projectId, asked],
    enabled: asked.length > 0,
    staleTime: 10_000,
    queryFn: async () => {
      const page = { pageNum: 1, pageSize: PER_KIND };
      const none = { rows: [] };
      const [projects, defects, cases] = await Promise.all([
        teamId
          ? listProjects({ teamId, projectName: asked, ...page, params: { tab: 'all' } }).catch(() => none)
          : none,
        projectId ? listDefects({ projectId, defectName: asked, ...page }).catch(() => none) : none,
        projectId ? listCases({ projectId, caseName: asked, ...page }).catch(() => none) : none,
      ]);
      return { projects: projects.rows ?? [], defects: defects.rows ?? [], cases: cases.rows ?? [] };
    },
  });

  const pages = query.trim()
    ? fuse
        .search(query.trim())
        .slice(0, 8)
        .map(({ item }) => ({
          key: `page:${item.path}`,
          label: `${item.title} (${item.path})`,
          target: { kind: 'page', path: item.path } as SearchTarget,
        }))
    : [];
  const shown = asked && asked === query.trim() ? found.data : undefined;
  const results: SearchGroup[] = [
    { label: t('search.pages'), items: pages },
    {
      label: t('search.projects'),
      items: (shown?.projects ?? []).map((p) => ({
        key: `project:${p.projectId}`,
        label: p.projectName,
        target: { kind: 'project', projectId: p.projectId } as SearchTarget,
      })),
    },
    {
      label: t('search.defects'),
      items: (shown?.defects ?? []).map((d) => ({
        key: `defect:${d.defectId}`,
        label: `#${d.projectNum} ${d.defectName}`,
        target: { kind: 'defect', projectId: d.projectId, id: d.defectId } as SearchTarget,
      })),
    },
    {
      label: t('search.cases'),
      items: (shown?.cases ?? []).map((c) => ({
        key: `case:${c.caseId}`,
        label: `#${c.caseNum} ${c.caseName}`,
        target: { kind: 'case', projectId: c.projectId, id: c.caseId } as SearchTarget,
      })),
    },
  ].filter((g) => g.items.length > 0);

  const open = async (target: SearchTarget) => {
    if (target.kind === 'page') {
      if (/^https?:/.test(target.path)) window.open(target.path, '_blank', 'noopener');
      else navigate(target.path);
    } else if (target.kind === 'project') {
      await switchProject(target.projectId);
      navigate(PROJECT_HOME_PATH);
    } else if (target.kind === 'defect') {
      await openProjectLink(`/project/defect?defectId=${target.id}&projectId=${target.projectId}`);
    } else {
      await openProjectLink(`${CASE_PAGE_PATH}?caseId=${target.id}&projectId=${target.projectId}`);
    }
  };

  const isWaiting = query.trim().length > 0 && (asked !== query.trim() || found.isFetching);
  return { results, open, isWaiting };
}
