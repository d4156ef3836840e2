import type { AjaxResult } from '@buglet/contracts';
import { useDownloadMask } from './download-mask.store.ts';
import { feedback } from './feedback.ts';
import { codeMessage, type RequestOptions, send } from './http.ts';
import i18n from './i18n.ts';

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/**
 * Downloads a file behind a full-screen mask. A JSON answer instead of a file means the server
 * refused (the envelope carries the reason), so its message is shown instead of saving it.
 */
export async function downloadFile(options: RequestOptions, fileName: string): Promise<void> {
  useDownloadMask.getState().begin();
  try {
    const response = await send({ method: 'POST', repeatSubmit: false, ...options });
    const blob = await response.blob();
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as AjaxResult;
      feedback().message.error(codeMessage(body.code, body.msg));
      return;
    }
    saveBlob(blob, fileName);
  } catch (error) {
    console.error(error);
    feedback().message.error(i18n.t('http.download-failed'));
  } finally {
    useDownloadMask.getState().end();
  }
}
