import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton, type PermiButtonProps } from './permi-button.tsx';

/** A link-style button in a table row's action column. */
export function RowAction(props: PermiButtonProps) {
  return <PermiButton type="link" size="small" {...props} />;
}

interface StandardActionProps {
  /** Permission prefix such as 'system:config'; edit checks `<prefix>:edit`, delete `<prefix>:remove`. */
  permiPrefix: string;
  onClick: () => void;
}

export function EditRowAction({ permiPrefix, onClick }: StandardActionProps) {
  const { t } = useTranslation();
  return (
    <RowAction permi={[`${permiPrefix}:edit`]} icon={<EditOutlined />} onClick={onClick}>
      {t('modify')}
    </RowAction>
  );
}

export function DeleteRowAction({ permiPrefix, onClick }: StandardActionProps) {
  const { t } = useTranslation();
  return (
    <RowAction permi={[`${permiPrefix}:remove`]} danger icon={<DeleteOutlined />} onClick={onClick}>
      {t('delete')}
    </RowAction>
  );
}

interface RowActionsProps {
  /** Permission prefix such as 'system:config'; edit checks `<prefix>:edit`, delete `<prefix>:remove`. */
  permiPrefix: string;
  /** Without a handler, that action is not shown. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Further actions, after edit and delete. */
  children?: ReactNode;
  isWrapped?: boolean;
}

/** Edit and delete for one row, each shown only with its permission, then any further actions. */
export function RowActions({ permiPrefix, onEdit, onDelete, children, isWrapped }: RowActionsProps) {
  return (
    <Space size={0} wrap={isWrapped}>
      {onEdit ? <EditRowAction permiPrefix={permiPrefix} onClick={onEdit} /> : null}
      {onDelete ? <DeleteRowAction permiPrefix={permiPrefix} onClick={onDelete} /> : null}
      {children}
    </Space>
  );
}
