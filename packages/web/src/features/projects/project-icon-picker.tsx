import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../../hooks/use-image-upload.ts';
import { PROJECT_ICON_CHOICES, projectIconUrl } from './project-icons.ts';

interface ProjectIconPickerProps {
  value?: string;
  onChange?: (key: string) => void;
  id?: string;
}

/** The chosen cover, large, with a button opening a grid of the ten built-in covers. */
export function ProjectIconPicker({ value, onChange, id }: ProjectIconPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // An own image instead of a built-in cover: png or jpg up to 5 MB, stored as its /profile path.
  const { isUploading, beforeUpload } = useImageUpload((path) => {
    onChange?.(path);
    setOpen(false);
  });
  const grid = (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 56px)', gap: 8 }}>
      {PROJECT_ICON_CHOICES.map((choice) => (
        <button
          key={choice.key}
          type="button"
          aria-label={choice.key}
          aria-pressed={choice.key === value}
          onClick={() => {
            onChange?.(choice.key);
            setOpen(false);
          }}
          style={{
            padding: 0,
            border: `2px solid ${choice.key === value ? 'var(--ant-color-primary)' : 'transparent'}`,
            borderRadius: 8,
            background: 'none',
            cursor: 'pointer',
          }}
        >
          <img src={choice.url} alt="" width={52} height={52} style={{ display: 'block', borderRadius: 6 }} />
        </button>
      ))}
    </div>
  );
  return (
    <Flex vertical gap={8} align="flex-start" id={id}>
      <img src={projectIconUrl(value)} alt="" width={150} height={150} style={{ borderRadius: 10 }} />
      <Popover
        open={isOpen}
        onOpenChange={setOpen}
        trigger="click"
        content={
          <Flex vertical gap={8}>
            {grid}
            <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={beforeUpload}>
              <Button size="small" block icon={<UploadOutlined />} loading={isUploading}>
                {t('upload-image')}
              </Button>
            </Upload>
          </Flex>
        }
      >
        <Button size="small" icon={<PictureOutlined />}>
          {t('project.change-icon')}
        </Button>
      </Popover>
    </Flex>
  );
}
