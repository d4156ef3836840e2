import { type AjaxResult, DocType, type DocumentNode, ResultCode, type TableData } from '@buglet/contracts';
import { downloadFile } from '../../lib/download.ts';
import { handleEnvelope, http, send } from '../../lib/http.ts';
import type { QueryObject } from '../../lib/query-string.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: (query: QueryObject) => ['documents', 'list', query] as const,
  detail: (docId: number) => ['documents', 'detail', docId] as const,
  folders: (projectId: number, docPid: number) => ['documents', 'folders', projectId, docPid] as const,
};

export const isFolder = (doc: Pick<DocumentNode, 'docType'>) => doc.docType === DocType.FOLDER;

export const listDocuments = (query: QueryObject) =>
  http.get<TableData<DocumentNode>>('/system/document/list', query);
/** One item with the folders above it (the breadcrumb). */
export const getDocument = (docId: number) => http.get<AjaxResult<DocumentNode>>(`/system/document/${docId}`);
/** The folders directly inside one folder (0: the top level), for the move dialog's tree. */
export const listFolders = (projectId: number, docPid: number) =>
  listDocuments({ projectId, docPid, docType: DocType.FOLDER, pageSize: 1000 });

export interface DocumentCreateBody {
  projectId: number;
  docPid: number;
  docName: string;
  docType: 0 | 1;
  fileUrl?: string;
  fileExtension?: string | null;
}
export const createDocument = (body: DocumentCreateBody) =>
  http.post<AjaxResult<DocumentNode>>('/system/document', body);
export const updateDocument = (body: { docId: number; docName?: string; docPid?: number }) =>
  http.put<AjaxResult<DocumentNode>>('/system/document', body);

export type DocumentDeleteOutcome = { isDone: true } | { isDone: false; message: string };

/**
 * Deletes items. A folder with content is refused until confirmed: the refusal (what would go with
 * it) comes back as an outcome to ask about, not as an error.
 */
export async function deleteDocuments(
  ids: readonly number[],
  isConfirmed: boolean,
): Promise<DocumentDeleteOutcome> {
  const response = await send({
    url: `/system/document/${ids.join(',')}`,
    method: 'DELETE',
    params: { confirm: String(isConfirmed) },
  });
  const body = (await response.json()) as AjaxResult;
  if (body.code === ResultCode.error && body.needsConfirm === true)
    return { isDone: false, message: body.msg };
  handleEnvelope(body);
  return { isDone: true };
}

export const exportDocuments = (query: QueryObject, fileName: string) =>
  downloadFile({ url: '/system/document/export', params: query }, fileName);

/** The file itself, through the signed-in download (uploads are not opened by bare URL here). */
export async function fetchDocumentFile(fileUrl: string): Promise<Blob> {
  const response = await send({ url: '/common/download/resource', params: { resource: fileUrl } });
  const blob = await response.blob();
  if (blob.type.includes('application/json')) handleEnvelope(JSON.parse(await blob.text()) as AjaxResult);
  return blob;
}

export const downloadDocument = (doc: DocumentNode) =>
  downloadFile(
    { url: '/common/download/resource', method: 'GET', params: { resource: doc.fileUrl ?? '' } },
    fileNameOf(doc),
  );

/** The name a downloaded file is saved under: its document name, with its extension once. */
export function fileNameOf(doc: Pick<DocumentNode, 'docName' | 'fileExtension'>): string {
  const ext = doc.fileExtension ? `.${doc.fileExtension}` : '';
  return ext && !doc.docName.toLowerCase().endsWith(ext.toLowerCase()) ? `${doc.docName}${ext}` : doc.docName;
}

export type PreviewKind = 'image' | 'pdf' | 'markdown' | 'text';

/** How a file shows in the browser, by its extension; undefined: download only. */
export function previewKindOf(doc: Pick<DocumentNode, 'docType' | 'fileExtension'>): PreviewKind | undefined {
  if (isFolder(doc)) return undefined;
  switch (doc.fileExtension?.toLowerCase()) {
    case 'png':
    case 'jpg':
    case 'jpeg':
      return 'image';
    case 'pdf':
      return 'pdf';
    case 'md':
      return 'markdown';
    case 'txt':
      return 'text';
    default:
      return undefined;
  }
}
