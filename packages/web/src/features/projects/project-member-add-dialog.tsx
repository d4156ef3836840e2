import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { PeopleSelect } from '../../components/people-select.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { addProjectMembers, listProjectNotMembers, projectKeys } from './projects.api.ts';

interface ProjectMemberAddDialogProps {
  projectId: number;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  onClose: () => void;
}

interface AddValues {
  memberIds: number[];
  roleIds: number[];
}

/** Adds active team members who are not in the project yet, with the roles they get. */
export function ProjectMemberAddDialog({
  projectId,
  isOpen,
  roleOptions,
  onClose,
}: ProjectMemberAddDialogProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog<AddValues>({
    isOpen,
    isCreate: true,
    save: (values) => addProjectMembers(projectId, values.memberIds, values.roleIds),
    invalidate: [projectKeys.all],
    onClose,
  });
  return (
    <FormDialog dialog={dialog} name="project-member-add" title={t('project.add-member')} width={440}>
      <Form.Item
        name="memberIds"
        label={t('member')}
        rules={[{ required: true, message: t('member.people-required') }]}
      >
        <PeopleSelect
          queryKey={(search) => projectKeys.notMembers(projectId, search)}
          fetch={(search) => listProjectNotMembers(projectId, search)}
        />
      </Form.Item>
      <Form.Item
        name="roleIds"
        label={t('role')}
        rules={[{ required: true, message: t('member.role-required') }]}
      >
        <Select mode="multiple" options={roleOptions} placeholder={t('select')} />
      </Form.Item>
    </FormDialog>
  );
}
