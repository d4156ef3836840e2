import { CloseOutlined, HolderOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The tools of a card that can be rearranged: move it one place either way, or take it away. */
export interface CardArrangement {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/** What the board hands a card so the whole card can be dragged onto another one. */
export interface CardDrag {
  isDragged: boolean;
  isTarget: boolean;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

interface StatisticCardProps {
  name: string;
  title: string;
  children: ReactNode;
  arrangement?: CardArrangement;
  drag?: CardDrag;
  /** Selection area: the whole card is one button that adds the panel. */
  onPick?: () => void;
  /** Shown beside the title (e.g. "selected" in the selection area). */
  badge?: ReactNode;
}

/** One statistics card: a title with its tools, then the panel. */
export function StatisticCard({
  name,
  title,
  children,
  arrangement,
  drag,
  onPick,
  badge,
}: StatisticCardProps) {
  const className = [
    'statistic-card',
    drag?.isDragged ? 'is-dragged' : '',
    drag?.isTarget ? 'is-drop-target' : '',
    onPick ? 'is-pickable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const pickKeys = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    onPick?.();
  };
  return (
    <section
      className={className}
      // A card that is a button is named by what it shows; the others by their title.
      aria-label={onPick ? undefined : title}
      data-panel={name}
      draggable={drag ? true : undefined}
      onDragStart={drag?.onDragStart}
      onDragOver={drag?.onDragOver}
      onDragLeave={drag?.onDragLeave}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
      {...(onPick ? { role: 'button', tabIndex: 0, onClick: onPick, onKeyDown: pickKeys } : {})}
    >
      <header className="statistic-card-header">
        {drag ? <HolderOutlined className="statistic-card-grip" aria-hidden /> : null}
        <h4 className="statistic-card-title">{title}</h4>
        {badge}
        {arrangement ? <CardTools title={title} {...arrangement} /> : null}
      </header>
      <div className="statistic-card-body">{children}</div>
    </section>
  );
}

function CardTools({ title, index, count, onMove, onRemove }: CardArrangement & { title: string }) {
  const { t } = useTranslation();
  const tool = (id: string, label: string, icon: ReactNode, onClick: () => void, isDisabled = false) => (
    <Tooltip title={label}>
      <Button
        data-tool={id}
        type="text"
        size="small"
        aria-label={`${label}: ${title}`}
        icon={icon}
        disabled={isDisabled}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      />
    </Tooltip>
  );
  return (
    <span className="statistic-card-tools">
      {count > 1 ? (
        <>
          {tool(
            'left',
            t('defect.statistic.move-left'),
            <LeftOutlined />,
            () => onMove(index, index - 1),
            index === 0,
          )}
          {tool(
            'right',
            t('defect.statistic.move-right'),
            <RightOutlined />,
            () => onMove(index, index + 1),
            index === count - 1,
          )}
        </>
      ) : null}
      {tool('remove', t('defect.statistic.remove'), <CloseOutlined />, onRemove)}
    </span>
  );
}
