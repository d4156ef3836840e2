import {
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
} from '@ant-design/icons';
import type { DocumentNode } from '@buglet/contracts';
import type { ComponentType } from 'react';
import { isFolder } from './documents.api.ts';

const BY_EXTENSION: Record<string, ComponentType<{ style?: React.CSSProperties }>> = {
  png: FileImageOutlined,
  jpg: FileImageOutlined,
  jpeg: FileImageOutlined,
  pdf: FilePdfOutlined,
  md: FileMarkdownOutlined,
  txt: FileTextOutlined,
  doc: FileWordOutlined,
  docx: FileWordOutlined,
  xls: FileExcelOutlined,
  xlsx: FileExcelOutlined,
  ppt: FilePptOutlined,
  pptx: FilePptOutlined,
  zip: FileZipOutlined,
};

/** A folder, or a file by its extension. */
export function DocumentIcon({ doc }: { doc: Pick<DocumentNode, 'docType' | 'fileExtension'> }) {
  if (isFolder(doc)) return <FolderFilled style={{ color: '#e8a33d', fontSize: 18 }} />;
  const Icon = BY_EXTENSION[doc.fileExtension?.toLowerCase() ?? ''] ?? FileOutlined;
  return <Icon style={{ color: '#4f6ef7', fontSize: 18 }} />;
}
