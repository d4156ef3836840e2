import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Flex, Modal, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadImportTemplate, importDefects } from './defect-excel.api.ts';
import {
  checkImportFile,
  IMPORT_EXTENSION,
  IMPORT_MAX_BYTES,
  type ImportFailure,
  type ImportRowError,
} from './defect-import.ts';

interface DefectImportDialogProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
  /** After a successful import, to refresh the list and the figures. */
  onImported: () => void;
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
        { title: t('defect.import.row'), dataIndex: 'rowNum', width: 80 },
        {
          title: t('defect.import.problems'),
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
 * Imports defects from a filled-in template. The server checks every row first and imports all or
 * nothing; a refusal is shown here with each row's problems, so the sheet can be fixed and sent again.
 */
export function DefectImportDialog({ projectId, open, onClose, onImported }: DefectImportDialogProps) {
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
      const outcome = await importDefects(projectId, file);
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
      title={t('defect.import.title')}
      okText={t('defect.import.submit')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !file }}
      confirmLoading={isImporting}
      onOk={() => void submit()}
      onCancel={close}
      width={{ xs: '100%', md: 640 }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="defect-import">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('defect.import.hint')}{' '}
          <Typography.Link
            onClick={() => void downloadImportTemplate(projectId, `${t('defect.import.template-file')}.xlsx`)}
          >
            <DownloadOutlined /> {t('defect.import.download-template')}
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
          <p className="ant-upload-text">{t('defect.import.drop')}</p>
          <p className="ant-upload-hint">
            {t('defect.import.drop-hint', { size: IMPORT_MAX_BYTES / 1024 / 1024 })}
          </p>
        </Upload.Dragger>
        {failure ? (
          <Flex vertical gap={8} data-testid="import-failure">
            <Alert
              type="error"
              showIcon
              title={failure.summary}
              description={t('defect.import.fix-and-retry')}
            />
            {failure.rows.length > 0 ? <RowErrors rows={failure.rows} /> : null}
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
}
