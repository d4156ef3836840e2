import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FocusAvatars } from '../src/components/focus-avatars.tsx';
import { changeLocale } from '../src/lib/i18n.ts';
import { useFocus } from '../src/stores/focus.store.ts';
import { useSession } from '../src/stores/session.store.ts';

const person = (userId: number, nickName: string) => ({
  userId,
  userName: nickName.toLowerCase(),
  nickName,
  avatar: null,
});
const me = person(1, 'Me');
const others = [person(2, 'Ann'), person(3, 'Bob'), person(4, 'Cid'), person(5, 'Dee')];

beforeAll(async () => {
  useSession.setState({ user: { ...me, userId: 1 } as never });
});
afterEach(() => {
  cleanup();
  useFocus.getState().clear();
});

describe('FocusAvatars', () => {
  it('shows nothing while only the reader looks', async () => {
    await changeLocale('en_US');
    useFocus.getState().seed('defect', 7, [me]);
    const { container } = render(<FocusAvatars moduleName="defect" dataId={7} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows three faces and "+1", every name in the label, and follows the frames', async () => {
    await changeLocale('en_US');
    useFocus.getState().seed('defect', 7, [me, ...others]);
    const { container } = render(<FocusAvatars moduleName="defect" dataId={7} />);
    const group = screen.getByRole('img', { name: /^Also viewing:/ });
    expect(group.getAttribute('aria-label')).toBe('Also viewing: Ann, Bob, Cid, and Dee');
    expect(container.querySelectorAll('.ant-avatar')).toHaveLength(4);
    expect(container.textContent).toContain('+1');

    act(() => useFocus.getState().apply({ moduleName: null, dataId: null, user: { userId: 2 } }));
    act(() => useFocus.getState().apply({ moduleName: 'defect', dataId: 8, user: others[1] as never }));
    expect(group.getAttribute('aria-label')).toBe('Also viewing: Cid and Dee');
    expect(container.textContent).not.toContain('+');
  });

  it('speaks Chinese too', async () => {
    await changeLocale('zh_CN');
    useFocus.getState().seed('defect', 7, others.slice(0, 2));
    render(<FocusAvatars moduleName="defect" dataId={7} />);
    expect(screen.getByRole('img', { name: /^正在查看：/ }).getAttribute('aria-label')).toBe(
      '正在查看：Ann和Bob',
    );
  });
});
