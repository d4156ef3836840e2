import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Flex, Image, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../hooks/use-image-upload.ts';
import { assetUrl } from '../lib/http.ts';

interface ImageUploadFieldProps {
  /** The stored server path (/profile/upload/…); a Form.Item fills it. */
  value?: string | null;
  onChange?: (path: string) => void;
  id?: string;
}

/** A one-image upload for forms: png/jpg/jpeg up to 5 MB, checked here before anything is sent. */
export function ImageUploadField({ value, onChange, id }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const { isUploading, beforeUpload } = useImageUpload((path) => onChange?.(path));

  return (
    <Upload
      id={id}
      accept=".png,.jpg,.jpeg"
      listType="picture-card"
      showUploadList={false}
      beforeUpload={beforeUpload}
    >
      {value && !isUploading ? (
        <Image
          src={assetUrl(value)}
          alt={t('upload-image')}
          preview={false}
          width={96}
          height={96}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <Flex vertical align="center" gap={4}>
          {isUploading ? <LoadingOutlined /> : <PlusOutlined />}
          <span style={{ fontSize: 12 }}>{t('upload-image')}</span>
        </Flex>
      )}
    </Upload>
  );
}
