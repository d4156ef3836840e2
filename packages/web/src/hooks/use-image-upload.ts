import { App, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, uploadFile } from '../lib/upload.ts';

/**
 * One image upload for an antd `Upload`: png/jpg/jpeg up to 5 MB, checked here before anything
 * is sent (the problem shown as a message); `onUploaded` gets the stored /profile path.
 */
export function useImageUpload(onUploaded: (path: string) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isUploading, setUploading] = useState(false);
  const beforeUpload = (file: File) => {
    const problem = checkImage(file);
    if (problem) {
      const { key, ...vars } = problem;
      message.error(t(key, vars));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    void uploadFile(file)
      .then((res) => onUploaded(res.fileName))
      .catch(() => {})
      .finally(() => setUploading(false));
    return false;
  };
  return { isUploading, beforeUpload };
}
