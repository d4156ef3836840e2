import { describe, expect, it } from 'vitest';
import { attachmentName } from '../src/lib/attachment-name.ts';

describe('attachment names', () => {
  it('shows a stored upload by the name it was uploaded with', () => {
    expect(attachmentName('/profile/upload/2026/11/25/plan_20261125105459Aa8a7077a.pdf')).toBe('plan.pdf');
    expect(attachmentName('/profile/upload/2026/11/25/测试_报告_20261125105459A0123abcd.docx')).toBe(
      '测试_报告.docx',
    );
    expect(attachmentName('/profile/upload/2026/11/25/release_2026_20261125105459Affffffff.tar')).toBe(
      'release_2026.tar',
    );
  });

  it('leaves any other name as its last path segment', () => {
    expect(attachmentName('/profile/upload/2026/11/25/plan.pdf')).toBe('plan.pdf');
    expect(attachmentName('/profile/upload/old_20261125105459.pdf')).toBe('old_20261125105459.pdf');
    expect(attachmentName('notes.md')).toBe('notes.md');
  });
});
