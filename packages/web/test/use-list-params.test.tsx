import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from '../src/hooks/use-list-params.ts';

const KEYS = ['type', 'view', 'tab'] as const;

function useListAndAddress() {
  return { list: useListParams(KEYS), search: useLocation().search };
}

function useListAndNavigate() {
  return { ...useListAndAddress(), navigate: useNavigate() };
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/defects?type=BUG&tab=3']}>{children}</MemoryRouter>
);

describe('useListParams', () => {
  it('builds a second change on the first even before the page has rendered the first', () => {
    const { result } = renderHook(useListAndAddress, { wrapper });
    expect(result.current.list.filters).toEqual({ type: 'BUG', tab: '3' });
    const list = result.current.list;
    act(() => {
      // "All" drops the tab's filter, then "Calendar" comes before the page shows "All".
      list.search({});
      list.update({ view: 'calendar' });
    });
    expect(result.current.list.filters).toEqual({ view: 'calendar' });
    expect(result.current.search).toBe('?view=calendar');
  });

  it('follows the address when it changes from outside, a write of the same address included', () => {
    const { result } = renderHook(useListAndNavigate, { wrapper });
    expect(result.current.list.latest()).toEqual({ type: 'BUG', tab: '3' });
    act(() => result.current.list.search({ type: 'TASK' }));
    expect(result.current.list.latest()).toEqual({ type: 'TASK' });
    expect(result.current.search).toBe('?type=TASK');
    act(() => result.current.list.search({ type: 'TASK' }));
    act(() => result.current.navigate('/defects?view=calendar'));
    expect(result.current.list.latest()).toEqual({ view: 'calendar' });
  });
});
