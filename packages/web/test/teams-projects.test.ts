import type { RouterRecord } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { initials } from '../src/components/name-avatar.tsx';
import { projectIconUrl } from '../src/features/projects/project-icons.ts';
import { groupEntries } from '../src/layout/menu-items.tsx';
import { checkImage } from '../src/lib/upload.ts';

const record = (path: string, component: string, children?: RouterRecord[]): RouterRecord => ({
  name: path,
  path,
  hidden: false,
  component,
  meta: { title: path, titleI18nKey: null, icon: null, noCache: false, link: null },
  children,
});

describe('sidebar entries', () => {
  it('leave out pages that are not built yet, and directories left empty by that', () => {
    const project = record('project', 'Layout', [
      record('someday', 'system/someday/index'),
      record('defect', 'system/defect/index'),
      record('option', 'system/project/option/index'),
      record('later', 'ParentView', [record('unbuilt', 'system/unbuilt/index')]),
      record('https://example.com/help', 'Layout'),
    ]);
    const keys = groupEntries(project).map((entry) => entry.key);
    expect(keys).toEqual(['/project/defect', '/project/option', 'https://example.com/help']);
  });
});

describe('initials', () => {
  it('takes two characters of one word, else the first letters of two words', () => {
    expect(initials('falcon')).toBe('FA');
    expect(initials('Mia  Tester Jones')).toBe('MT');
    expect(initials('管理员')).toBe('管理');
    expect(initials('  ')).toBe('?');
  });
});

describe('checkImage', () => {
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  it('accepts png, jpg and jpeg up to 5 MB and names the problem otherwise', () => {
    expect(checkImage(file('icon.PNG', 10))).toBeUndefined();
    expect(checkImage(file('icon.jpeg', 5 * 1024 * 1024))).toBeUndefined();
    expect(checkImage(file('icon.gif', 10))?.key).toBe('avatar.format-error');
    expect(checkImage(file('icon.jpg', 5 * 1024 * 1024 + 1))?.key).toBe('avatar.size-error');
  });
});

describe('projectIconUrl', () => {
  it('maps each cover key to its own asset and falls back to the first', () => {
    const urls = Array.from({ length: 10 }, (_, i) => projectIconUrl(`project-icon-${i + 1}`));
    expect(new Set(urls).size).toBe(10);
    expect(projectIconUrl('unknown')).toBe(urls[0]);
    expect(projectIconUrl(null)).toBe(urls[0]);
  });
});
