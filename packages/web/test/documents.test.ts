import { LIMITS } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { fileNameOf, previewKindOf } from '../src/features/documents/documents.api.ts';
import { checkFile } from '../src/lib/upload.ts';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('documents in the web client', () => {
  it('previews images, PDF, Markdown and text by extension, and nothing else', () => {
    const kind = (fileExtension: string | null, docType = 1) => previewKindOf({ docType, fileExtension });
    expect([kind('PNG'), kind('jpeg'), kind('pdf'), kind('md'), kind('txt')]).toEqual([
      'image',
      'image',
      'pdf',
      'markdown',
      'text',
    ]);
    expect([kind('docx'), kind('zip'), kind(null), kind('pdf', 0)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('saves a download under its document name with the extension once', () => {
    expect(fileNameOf({ docName: 'plan.pdf', fileExtension: 'pdf' })).toBe('plan.pdf');
    expect(fileNameOf({ docName: 'Plan.PDF', fileExtension: 'pdf' })).toBe('Plan.PDF');
    expect(fileNameOf({ docName: 'Release plan', fileExtension: 'pdf' })).toBe('Release plan.pdf');
    expect(fileNameOf({ docName: 'Specs', fileExtension: null })).toBe('Specs');
  });

  it('checks a file before upload as the server does: its type, then its size', () => {
    expect(checkFile(file('notes.md'))).toBeUndefined();
    expect(checkFile(file('run.exe'))).toMatchObject({ key: 'upload.file-format-error' });
    expect(checkFile(file('big.pdf', LIMITS.fileMaxBytes + 1))).toEqual({
      key: 'upload.file-size-error',
      size: LIMITS.fileMaxBytes / 1024 / 1024,
    });
  });
});
