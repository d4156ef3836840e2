import { DownloadOutlined } from '@ant-design/icons';
import type { DocumentNode } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { useLayout } from '../../stores/layout.store.ts';
import { MarkdownView } from '../defects/index.ts';
import { documentKeys, downloadDocument, fetchDocumentFile, previewKindOf } from './documents.api.ts';

const MIME = { image: undefined, pdf: 'application/pdf', markdown: undefined, text: undefined } as const;

/** A file shown in the browser: images, PDF (the browser's viewer), Markdown rendered, text as is. */
export function DocumentPreviewDrawer({
  doc,
  onClose,
}: {
  doc: DocumentNode | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const canDownload = usePermi(['system:document:export']);
  const isMobile = useLayout((s) => s.isMobile);
  const kind = doc ? previewKindOf(doc) : undefined;
  const file = useQuery({
    queryKey: [...documentKeys.detail(doc?.docId ?? 0), 'file', doc?.fileUrl],
    queryFn: async () => {
      const blob = await fetchDocumentFile(doc?.fileUrl ?? '');
      const type = kind ? MIME[kind] : undefined;
      return type ? new Blob([blob], { type }) : blob;
    },
    enabled: doc?.fileUrl !== undefined && kind !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const [href, setHref] = useState<string>();
  const [text, setText] = useState<string>();

  useEffect(() => {
    const blob = file.data;
    setText(undefined);
    if (!blob) return setHref(undefined);
    if (kind === 'markdown' || kind === 'text') {
      void blob.text().then(setText);
      return setHref(undefined);
    }
    const url = URL.createObjectURL(blob);
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [file.data, kind]);

  const body = () => {
    if (!kind) return <Empty description={t('doc.no-preview')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    if (file.isError) return <Empty description={t('doc.preview-failed')} />;
    if (kind === 'image' && href)
      return <img src={href} alt={doc?.docName} className="document-preview-image" />;
    if (kind === 'pdf' && href)
      return <iframe src={href} title={doc?.docName} className="document-preview-frame" />;
    if (kind === 'markdown' && text !== undefined) return <MarkdownView source={text} />;
    if (kind === 'text' && text !== undefined) return <pre className="document-preview-text">{text}</pre>;
    return <Skeleton active />;
  };

  return (
    <Drawer
      open={doc !== undefined}
      onClose={onClose}
      title={doc?.docName}
      size={isMobile ? '100%' : '70%'}
      destroyOnHidden
      data-testid="document-preview"
      extra={
        canDownload && doc ? (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadDocument(doc)}>
            {t('doc.download')}
          </Button>
        ) : null
      }
      styles={{ body: { display: 'flex', flexDirection: 'column' } }}
    >
      {body()}
    </Drawer>
  );
}
