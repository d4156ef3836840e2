import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListToolbar, type ListToolbarProps } from './list-toolbar.tsx';
import { PermiButton } from './permi-button.tsx';

interface CrudToolbarProps extends ListToolbarProps {
  /** Permission prefix such as 'system:config': checks `<prefix>:add`, `:edit` and `:remove`. */
  permiPrefix: string;
  /** How many rows are ticked; edit works on exactly one. */
  selectedCount?: number;
  /** Each button appears only when its handler is given (and the session has the permission). */
  onAdd?: () => void;
  onEdit?: () => void;
  /** Delete stays enabled with nothing ticked so that it can say why nothing happens. */
  onDelete?: () => void;
  isAddDisabled?: boolean;
}

/** The list toolbar with add / edit-selected / delete-selected first, then any further buttons. */
export function CrudToolbar({
  permiPrefix,
  selectedCount = 0,
  onAdd,
  onEdit,
  onDelete,
  isAddDisabled,
  children,
  ...toolbar
}: CrudToolbarProps) {
  const { t } = useTranslation();
  return (
    <ListToolbar {...toolbar}>
      {onAdd ? (
        <PermiButton
          permi={[`${permiPrefix}:add`]}
          type="primary"
          icon={<PlusOutlined />}
          disabled={isAddDisabled}
          onClick={onAdd}
        >
          {t('add')}
        </PermiButton>
      ) : null}
      {onEdit ? (
        <PermiButton
          permi={[`${permiPrefix}:edit`]}
          icon={<EditOutlined />}
          disabled={selectedCount !== 1}
          onClick={onEdit}
        >
          {t('modify')}
        </PermiButton>
      ) : null}
      {onDelete ? (
        <PermiButton permi={[`${permiPrefix}:remove`]} danger icon={<DeleteOutlined />} onClick={onDelete}>
          {t('delete')}
        </PermiButton>
      ) : null}
      {children}
    </ListToolbar>
  );
}
