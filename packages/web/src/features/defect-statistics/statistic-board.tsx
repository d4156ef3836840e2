import type { DragEvent } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CardDrag, StatisticCard } from './statistic-card.tsx';
import type { PanelFilters } from './statistic-filters.ts';
import { PANELS } from './statistic-panels.ts';
import type { PanelLayout } from './use-panel-layout.ts';

interface StatisticBoardProps {
  projectId: number;
  layout: PanelLayout;
  filters?: PanelFilters;
  /** Left out on the template page, where the panels only preview their figures. */
  onFilter?: (patch: PanelFilters) => void;
}

const NO_FILTERS: PanelFilters = {};

/**
 * The user's panels in their order, wrapping on narrow screens. A card is dragged onto another to
 * take its place, or moved with its arrow buttons (which keep the keyboard focus as it moves).
 */
export function StatisticBoard({ projectId, layout, filters = NO_FILTERS, onFilter }: StatisticBoardProps) {
  const { t } = useTranslation();
  const { panels } = layout;
  const [dragFrom, setDragFrom] = useState<number | undefined>();
  const [dropAt, setDropAt] = useState<number | undefined>();
  const boardRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ name: string; tool: string } | undefined>(undefined);

  // Moving a card moves its DOM node, which drops the focus: give it back to the same tool.
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !boardRef.current) return;
    refocus.current = undefined;
    const card = boardRef.current.querySelector(`[data-panel="${wanted.name}"]`);
    const tool = card?.querySelector<HTMLButtonElement>(`[data-tool="${wanted.tool}"]:not(:disabled)`);
    (tool ?? card?.querySelector<HTMLButtonElement>('[data-tool]:not(:disabled)'))?.focus();
  });

  const dragOf = (index: number): CardDrag => ({
    isDragged: dragFrom === index,
    isTarget: dropAt === index && dragFrom !== undefined && dragFrom !== index,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(index));
      setDragFrom(index);
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (dragFrom === undefined) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (dropAt !== index) setDropAt(index);
    },
    onDragLeave: () => setDropAt((at) => (at === index ? undefined : at)),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      if (dragFrom !== undefined) layout.move(dragFrom, index);
      setDragFrom(undefined);
      setDropAt(undefined);
    },
    onDragEnd: () => {
      setDragFrom(undefined);
      setDropAt(undefined);
    },
  });

  return (
    <div className="statistic-strip" ref={boardRef}>
      {panels.map((panel, index) => {
        const { titleKey, Body } = PANELS[panel.name];
        return (
          <StatisticCard
            key={panel.name}
            name={panel.name}
            title={t(titleKey)}
            drag={panels.length > 1 ? dragOf(index) : undefined}
            arrangement={{
              index,
              count: panels.length,
              onMove: (from, to) => {
                refocus.current = { name: panel.name, tool: to < from ? 'left' : 'right' };
                layout.move(from, to);
              },
              onRemove: () => layout.remove(panel.name),
            }}
          >
            <Body projectId={projectId} filters={filters} onFilter={onFilter} />
          </StatisticCard>
        );
      })}
    </div>
  );
}
