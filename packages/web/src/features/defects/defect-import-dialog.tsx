import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../components/import-dialog.tsx';
import { downloadImportTemplate, importDefects } from './defect-excel.api.ts';

interface DefectImportDialogProps {
  projectId: number;
  /** The list's visible columns: the template follows them. */
  columns?: readonly string[];
  open: boolean;
  onClose: () => void;
  /** After a successful import, to refresh the list and the figures. */
  onImported: () => void;
}

/** Defects from the project's template: types, levels, states, deliverables and handlers as drop-downs. */
export function DefectImportDialog({
  projectId,
  columns,
  open,
  onClose,
  onImported,
}: DefectImportDialogProps) {
  const { t } = useTranslation();
  return (
    <ImportDialog
      open={open}
      title={t('defect.import.title')}
      hint={t('defect.import.hint')}
      testId="defect-import"
      downloadTemplate={() =>
        downloadImportTemplate(projectId, `${t('defect.import.template-file')}.xlsx`, columns)
      }
      importFile={(file) => importDefects(projectId, file)}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
