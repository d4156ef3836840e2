import { App, Input, Tabs, Typography } from 'antd';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadScreenshot } from './defects.api.ts';
import { MarkdownView } from './markdown-view.tsx';

interface MarkdownFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  placeholder?: string;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** A Markdown textarea with a preview tab; a pasted screenshot is uploaded and inserted as an image. */
export function MarkdownField({ value = '', onChange, id, placeholder }: MarkdownFieldProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tab, setTab] = useState('write');

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const image = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (!image) return;
    event.preventDefault();
    const target = event.currentTarget;
    const at = target.selectionStart;
    void readAsDataUrl(image)
      .then((data) => uploadScreenshot(data))
      .then((res) => {
        const url = res.data?.fileUrl;
        if (!url) return;
        const text = `![${t('defect.pasted-image')}](${url})`;
        onChange?.(`${value.slice(0, at)}${text}${value.slice(at)}`);
        message.success(t('defect.image-pasted'));
      })
      .catch(() => {});
  };

  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'write',
          label: t('defect.write'),
          children: (
            <Input.TextArea
              id={id}
              rows={8}
              maxLength={65536}
              value={value}
              onChange={(e) => onChange?.(e.target.value)}
              onPaste={onPaste}
              placeholder={placeholder ?? t('defect.describe-placeholder')}
            />
          ),
        },
        {
          key: 'preview',
          label: t('defect.preview'),
          children: value.trim() ? (
            <MarkdownView source={value} />
          ) : (
            <Typography.Text type="secondary">{t('defect.nothing-to-preview')}</Typography.Text>
          ),
        },
      ]}
    />
  );
}
