import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { FILE_EXTENSIONS, LIMITS } from '@buglet/contracts';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentName } from '../lib/attachment-name.ts';
import { assetUrl } from '../lib/http.ts';
import { checkFile, checkImage, uploadFile } from '../lib/upload.ts';

interface UploadPathsFieldProps {
  kind: 'image' | 'file';
  /** Comma-separated /profile/... paths, the form the server stores. */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
}

export const splitPaths = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** The same checks the server applies, made before anything is sent. */
function useCheck(kind: 'image' | 'file') {
  const { t } = useTranslation();
  return (file: File): string | undefined => {
    const problem = kind === 'image' ? checkImage(file) : checkFile(file);
    if (!problem) return undefined;
    const { key, ...vars } = problem;
    return t(key, vars);
  };
}

/** Up to five images or attachments, uploaded as soon as they are picked. */
export function UploadPathsField({ kind, value, onChange, id }: UploadPathsFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const check = useCheck(kind);
  const [pending, setPending] = useState(0);
  const paths = splitPaths(value);
  // Several files picked at once finish in any order; each adds to the newest list, not a stale copy.
  const latest = useRef(paths);
  latest.current = paths;
  const isFull = paths.length + pending >= LIMITS.uploadMaxFiles;

  const beforeUpload = (file: File) => {
    const problem = check(file);
    if (problem || isFull) {
      message.error(problem ?? t('defect.too-many-files', { count: LIMITS.uploadMaxFiles }));
      return Upload.LIST_IGNORE;
    }
    setPending((n) => n + 1);
    void uploadFile(file)
      .then((res) => {
        const next = [...latest.current, res.fileName];
        latest.current = next;
        onChange?.(next.join(','));
      })
      .catch(() => {})
      .finally(() => setPending((n) => n - 1));
    return false;
  };

  const fileList: UploadFile[] = paths.map((path) => ({
    uid: path,
    name: attachmentName(path),
    status: 'done',
    url: assetUrl(path),
  }));
  return (
    <Upload
      id={id}
      multiple
      accept={kind === 'image' ? '.png,.jpg,.jpeg' : FILE_EXTENSIONS.map((e) => `.${e}`).join(',')}
      listType={kind === 'image' ? 'picture-card' : 'text'}
      fileList={fileList}
      beforeUpload={beforeUpload}
      onRemove={(file) => onChange?.(paths.filter((p) => p !== file.uid).join(','))}
    >
      {isFull ? null : kind === 'image' ? (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ fontSize: 12 }}>{t('upload-image')}</div>
        </button>
      ) : (
        <Button icon={<PaperClipOutlined />} loading={pending > 0}>
          {t('defect.upload-annex')}
        </Button>
      )}
    </Upload>
  );
}
