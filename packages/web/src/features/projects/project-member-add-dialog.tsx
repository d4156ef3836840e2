import { useTranslation } from 'react-i18next';
import { AddPeopleDialog } from '../../components/add-people-dialog.tsx';
import { addProjectMembers, listProjectNotMembers, projectKeys } from './projects.api.ts';

interface ProjectMemberAddDialogProps {
  projectId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

/** Adds active team members who are not in the project yet, with the roles they get. */
export function ProjectMemberAddDialog({
  projectId,
  isOpen,
  roleOptions,
  onClose,
}: ProjectMemberAddDialogProps) {
  const { t } = useTranslation();
  return (
    <AddPeopleDialog
      name="project-member-add"
      title={t('project.add-member')}
      isOpen={isOpen}
      roleOptions={roleOptions}
      candidates={{
        queryKey: (search) => projectKeys.notMembers(projectId, search),
        fetch: (search) => listProjectNotMembers(projectId, search),
      }}
      save={(memberIds, roleIds) => addProjectMembers(projectId, memberIds, roleIds)}
      invalidate={[projectKeys.all]}
      onClose={onClose}
    />
  );
}
