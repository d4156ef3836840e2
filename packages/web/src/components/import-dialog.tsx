import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Flex, Modal, Table, Typography, Upload, type UploadFile } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkImportFile,
  IMPORT_EXTENSION,
  IMPORT_MAX_BYTES,
  type ImportFailure,
  type ImportOutcome,
  type ImportRowError,
} from '../lib/import-file.ts';

export interface ImportDialogProps {
  open: boolean;
  title: string;
  /** What the sheet must hold, above the drop area. */
  hint: string;
  /** Marks the dialog for tests ('defect-import', 'case-import'). */
  testId: string;
  downloadTemplate: () => Promise<void>;
  importFile: (file: File) => Promise<ImportOutcome>;
  onClose: () => void;
  /** After a successful import, to refresh what shows the imported rows. */
  onImported: () => void;
  /** Options under the drop area (the user import's "update existing", say). */
  extra?: ReactNode;
}

function RowErrors({ rows }: { rows: ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImportRowError>
      size="small"
      rowKey="rowNum"
      dataSource={rows}
      pagination={false}
      scroll={{ y: 240 }}
      columns={[
        { title: t('import.row'), dataIndex: 'rowNum', width: 80 },
        {
          title: t('import.problems'),
          render: (_v, row) => (
            <Flex vertical>
              {row.messages.map((text) => (
                <span key={text}>{text}</span>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/**
 * Imports rows from a filled-in template. The server checks every row first and imports all or
 * nothing; a refusal is shown here with each row's problems, so the sheet can be fixed and sent again.
 */
export function ImportDialog({
  open,
  title,
  hint,
  testId,
  downloadTemplate,
  importFile,
  onClose,
  onImported,
  extra,
}: ImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [failure, setFailure] = useState<ImportFailure>();
  const [isImporting, setImporting] = useState(false);

  const choose = (picked: File) => {
    const problem = checkImportFile(picked);
    if (problem) {
      const { key, ...vars } = problem;
      void message.error(t(key, vars));
      return Upload.LIST_IGNORE;
    }
    setFile(picked);
    setFailure(undefined);
    // Kept here and sent with the Import button, not uploaded on its own.
    return false;
  };
  const clear = () => {
    setFile(undefined);
    setFailure(undefined);
  };
  const close = () => {
    clear();
    onClose();
  };
  const submit = async () => {
    if (!file) return;
    setImporting(true);
    try {
      const outcome = await importFile(file);
      if (outcome.isDone) {
        void message.success(outcome.message);
        close();
        onImported();
      } else {
        setFailure(outcome);
      }
    } catch {
      // The HTTP client has shown what went wrong.
    } finally {
      setImporting(false);
    }
  };
  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done' }]
    : [];

  return (
    <Modal
      open={open}
      title={title}
      okText={t('import.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !file }}
      confirmLoading={isImporting}
      onOk={() => void submit()}
      onCancel={close}
      width={{ xs: '100%', md: 640 }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid={testId}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {hint}{' '}
          <Typography.Link onClick={() => void downloadTemplate()}>
            <DownloadOutlined /> {t('import.download-template')}
          </Typography.Link>
        </Typography.Paragraph>
        <Upload.Dragger
          accept={`.${IMPORT_EXTENSION}`}
          maxCount={1}
          fileList={fileList}
          beforeUpload={choose}
          onRemove={clear}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.drop-hint', { size: IMPORT_MAX_BYTES / 1024 / 1024 })}</p>
        </Upload.Dragger>
        {extra}
        {failure ? (
          <Flex vertical gap={8} data-testid="import-failure">
            <Alert type="error" showIcon title={failure.summary} description={t('import.fix-and-retry')} />
            {failure.rows.length > 0 ? <RowErrors rows={failure.rows} /> : null}
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
}
