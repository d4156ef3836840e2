import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { PanelFilters } from './statistic-filters.ts';

/** What every panel body gets. */
export interface PanelProps {
  projectId: number;
  filters: PanelFilters;
  /** Merges a change into the list's filters; left out where panels are read-only (the template page). */
  onFilter?: (patch: PanelFilters) => void;
}

interface PanelRowProps {
  isActive?: boolean;
  onClick?: () => void;
  className?: string;
  title?: string;
  children: ReactNode;
}

/** A line of a panel: a button that filters the list, or plain text when the panel is read-only. */
export function PanelRow({ isActive = false, onClick, className = '', title, children }: PanelRowProps) {
  if (!onClick)
    return (
      <div className={`statistic-row ${className}`} title={title}>
        {children}
      </div>
    );
  return (
    <button
      type="button"
      className={`statistic-row is-clickable ${isActive ? 'is-active' : ''} ${className}`}
      aria-pressed={isActive}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Loading rows, then the body, or a small "no data" when there is nothing to count. */
export function PanelState({
  isLoading,
  isEmpty,
  rows = 3,
  children,
}: {
  isLoading: boolean;
  isEmpty: boolean;
  rows?: number;
  children: ReactNode;
}) {
  if (isLoading) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} className="statistic-empty" />;
  return children;
}
