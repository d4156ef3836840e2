import { PictureOutlined } from '@ant-design/icons';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Popover open={isOpen} onOpenChange={setOpen} trigger="click" content={grid}>
        <Button size="small" icon={<PictureOutlined />}>
          {t('project.change-icon')}
        </Button>
      </Popover>
    </Flex>
  );
}
