import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentProject } from './use-current-project.ts';

/**
 * On every page of an archived current project: why nothing can be changed. The session's
 * permissions already leave out the project's write actions (the server drops them in /getInfo),
 * so its forms and buttons are read-only rather than refused on Save.
 */
export function ArchivedProjectBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { project } = useCurrentProject();
  if (!project?.archived || !pathname.startsWith('/project/')) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('project.archived-read-only')}
      style={{ marginBottom: 12 }}
      data-testid="archived-banner"
    />
  );
}
