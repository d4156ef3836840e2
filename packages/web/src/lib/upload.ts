import { type AjaxResult, FILE_EXTENSIONS, IMAGE_EXTENSIONS, LIMITS } from '@buglet/contracts';
import { request } from './http.ts';

export interface UploadResult extends AjaxResult {
  /** Server path such as /profile/upload/…; this is what records store. */
  fileName: string;
  url: string;
}

/** Uploads one file to the shared upload endpoint. */
export function uploadFile(file: File) {
  const data = new FormData();
  data.append('file', file);
  return request<UploadResult>({ url: '/common/upload', method: 'POST', data });
}

export type ImageProblem =
  | { key: 'avatar.format-error'; formats: string }
  | { key: 'avatar.size-error'; size: number };

/** The client-side check of an image upload, the same rule the server applies (png/jpg/jpeg, 5 MB). */
export function checkImage(file: File): ImageProblem | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return { key: 'avatar.format-error', formats: IMAGE_EXTENSIONS.join(', ') };
  }
  if (file.size > LIMITS.imageMaxBytes) {
    return { key: 'avatar.size-error', size: LIMITS.imageMaxBytes / 1024 / 1024 };
  }
  return undefined;
}

export type FileProblem =
  | { key: 'upload.file-format-error'; formats: string }
  | { key: 'upload.file-size-error'; size: number };

/** The client-side check of a file upload (attachments, documents), the same rule the server applies. */
export function checkFile(file: File): FileProblem | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return { key: 'upload.file-format-error', formats: FILE_EXTENSIONS.join(', ') };
  }
  if (file.size > LIMITS.fileMaxBytes) {
    return { key: 'upload.file-size-error', size: LIMITS.fileMaxBytes / 1024 / 1024 };
  }
  return undefined;
}
