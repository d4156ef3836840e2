import { InboxOutlined } from '@ant-design/icons';
import { DOC_NAME_MAX, DocType, type DocumentNode, FILE_EXTENSIONS, LIMITS } from '@buglet/contracts';
import { App, Form, Input, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { checkFile, uploadFile } from '../../lib/upload.ts';
import { createDocument, documentKeys, updateDocument } from './documents.api.ts';

/** A new folder or file in a folder, or an item to rename. */
export type DocumentEditTarget =
  | { mode: 'folder' | 'file'; docPid: number }
  | { mode: 'rename'; doc: DocumentNode };

interface FormValues {
  docName: string;
  /** The uploaded file's /profile/… path. */
  fileUrl?: string;
}

interface DocumentDialogProps {
  projectId: number;
  target: DocumentEditTarget | undefined;
  onClose: () => void;
}

const extensionOf = (name: string) =>
  name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '';

/** Add a folder, add a file (uploaded first, named after it unless named), or rename either. */
export function DocumentDialog({ projectId, target, onClose }: DocumentDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploaded, setUploaded] = useState<UploadFile[]>([]);
  const [isUploading, setUploading] = useState(false);
  const mode = target?.mode;
  const initialValues = useMemo(
    () => (target?.mode === 'rename' ? { docName: target.doc.docName } : { docName: '' }),
    [target],
  );

  const dialog = useFormDialog<FormValues>({
    isOpen: target !== undefined,
    isCreate: mode !== 'rename',
    initialValues,
    save: ({ docName, fileUrl }) => {
      if (!target) return Promise.resolve();
      if (target.mode === 'rename')
        return updateDocument({ docId: target.doc.docId, docName: docName.trim() });
      const isFile = target.mode === 'file';
      return createDocument({
        projectId,
        docPid: target.docPid,
        docName: docName.trim(),
        docType: isFile ? DocType.FILE : DocType.FOLDER,
        ...(isFile && fileUrl ? { fileUrl, fileExtension: extensionOf(uploaded[0]?.name ?? fileUrl) } : {}),
      });
    },
    invalidate: [documentKeys.all],
    onClose: () => {
      setUploaded([]);
      onClose();
    },
  });
  const { form } = dialog;

  const beforeUpload = (file: File) => {
    const problem = checkFile(file);
    if (problem) {
      const { key, ...vars } = problem;
      message.error(t(key, vars));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    setUploaded([{ uid: file.name, name: file.name, status: 'uploading' }]);
    void uploadFile(file)
      .then((res) => {
        setUploaded([{ uid: res.fileName, name: file.name, status: 'done' }]);
        form.setFieldValue('fileUrl', res.fileName);
        if (!String(form.getFieldValue('docName') ?? '').trim()) form.setFieldValue('docName', file.name);
        void form.validateFields(['fileUrl']).catch(() => {});
      })
      .catch(() => setUploaded([]))
      .finally(() => setUploading(false));
    return false;
  };

  const title =
    mode === 'rename'
      ? t(
          target?.mode === 'rename' && target.doc.docType === DocType.FOLDER
            ? 'doc.rename-folder'
            : 'doc.rename-file',
        )
      : t(mode === 'folder' ? 'doc.add-folder' : 'doc.add-file');

  return (
    <FormDialog<FormValues>
      dialog={{ ...dialog, isSaving: dialog.isSaving || isUploading }}
      name="document-dialog"
      title={title}
      width={520}
    >
      <Form.Item
        name="docName"
        label={t('doc.name')}
        rules={[
          { required: true, whitespace: true, message: t('doc.name-required') },
          { max: DOC_NAME_MAX, message: t('doc.name-too-long', { max: DOC_NAME_MAX }) },
          { pattern: /^[^\\/]*$/, message: t('doc.name-slash') },
        ]}
      >
        <Input autoFocus maxLength={DOC_NAME_MAX} placeholder={t('doc.name-placeholder')} />
      </Form.Item>
      {mode === 'file' ? (
        <Form.Item label={t('doc.file')} required>
          <Upload.Dragger
            maxCount={1}
            accept={FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
            fileList={uploaded}
            beforeUpload={beforeUpload}
            onRemove={() => {
              setUploaded([]);
              form.setFieldValue('fileUrl', undefined);
            }}
            data-testid="document-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('doc.upload-drag')}</p>
            <p className="ant-upload-hint">
              {t('doc.upload-hint', {
                formats: FILE_EXTENSIONS.join(', '),
                size: LIMITS.fileMaxBytes / 1024 / 1024,
              })}
            </p>
          </Upload.Dragger>
          <Form.Item name="fileUrl" noStyle rules={[{ required: true, message: t('doc.file-required') }]}>
            <input type="hidden" />
          </Form.Item>
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
