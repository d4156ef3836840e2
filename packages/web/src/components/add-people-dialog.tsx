import type { MemberSummary } from '@buglet/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from '../hooks/use-form-dialog.ts';
import { FormDialog } from './form-dialog.tsx';
import { PeopleSelect } from './people-select.tsx';

export interface AddPeopleDialogProps {
  /** Form name: keeps the dialog's field ids apart from the page's. */
  name: string;
  title: string;
  isOpen: boolean;
  roleOptions: { value: number; label: string }[];
  /** People who may be added, searched on the server. */
  candidates: {
    queryKey: (search: string) => QueryKey;
    fetch: (search: string) => Promise<{ rows?: MemberSummary[] }>;
  };
  save: (memberIds: number[], roleIds: number[]) => Promise<unknown>;
  /** The success toast made from the server's answer (e.g. "invitations sent"). */
  successText?: (answer: unknown) => string | undefined;
  /** A line under the people field: how people are found. */
  searchHint?: string;
  invalidate: QueryKey[];
  onClose: () => void;
}

/** Adds people to a team or a project, each with the roles they get. */
export function AddPeopleDialog({
  name,
  title,
  isOpen,
  roleOptions,
  candidates,
  save,
  successText,
  searchHint,
  invalidate,
  onClose,
}: AddPeopleDialogProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog<{ memberIds: number[]; roleIds: number[] }>({
    isOpen,
    isCreate: true,
    save: (values) => save(values.memberIds, values.roleIds),
    invalidate,
    onClose,
    ...(successText ? { successText } : {}),
  });
  return (
    <FormDialog dialog={dialog} name={name} title={title} width={440}>
      <Form.Item
        name="memberIds"
        label={t('member')}
        rules={[{ required: true, message: t('member.people-required') }]}
        {...(searchHint ? { extra: searchHint } : {})}
      >
        <PeopleSelect queryKey={candidates.queryKey} fetch={candidates.fetch} />
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
