import { MoreOutlined } from '@ant-design/icons';
import {
  boardAction,
  DEFECT_ACTION_PERMISSION,
  DEFECT_LEVELS,
  type Defect,
  type DefectAction,
  type DefectLevel,
  DefectState,
  type Member,
  type TableData,
} from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Dropdown, Empty, Flex, Segmented, Spin, Switch, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../lib/person-name.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import type { QueryObject } from '../../lib/query-string.ts';
import { useSession } from '../../stores/session.store.ts';
import { DefectActionDialog } from './defect-action-dialog.tsx';
import { DefectStateTag, DefectTypeTag, stateName, useLevelText } from './defect-tags.tsx';
import { listDefects, updateDefect } from './defects.api.ts';
import { HandlerAvatars } from './handler-avatars.tsx';

/** The most cards a board shows (the list's largest page). */
export const BOARD_MAX = 1000;
const STATE_COLUMNS = [DefectState.PROCESSING, DefectState.AUDIT, DefectState.REJECTED, DefectState.CLOSED];
export const BOARD_GROUPS = ['state', 'handler', 'level', 'module'] as const;
type Group = (typeof BOARD_GROUPS)[number];
const NONE = 'none';

interface Column {
  key: string;
  title: string;
}

const groupKeyOf = (group: Group, d: Defect): string => {
  switch (group) {
    case 'state':
      return String(d.defectState);
    case 'handler':
      return d.handleBy[0] === undefined ? NONE : String(d.handleBy[0]);
    case 'level':
      return d.defectLevel;
    case 'module':
      return d.moduleId ? String(d.moduleId) : NONE;
  }
};

interface Drag {
  defect: Defect;
  from: string;
  lane: string;
}

const Card = memo(function Card({
  defect,
  onOpen,
  onDragStart,
  onDragEnd,
  menu,
}: {
  defect: Defect;
  onOpen: (defectId: number) => void;
  onDragStart: (defect: Defect) => void;
  onDragEnd: () => void;
  menu: { key: string; label: string; onClick: () => void }[];
}) {
  const { t } = useTranslation();
  const levelText = useLevelText();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the card's drag has the keyboard's "move to" menu beside it
    <div
      className="board-card"
      draggable
      data-defect-id={defect.defectId}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(defect.defectId));
        onDragStart(defect);
      }}
      onDragEnd={onDragEnd}
    >
      <Flex justify="space-between" align="start" gap={4}>
        <Typography.Link className="board-card-title" onClick={() => onOpen(defect.defectId)}>
          #{defect.projectNum} {defect.defectName}
        </Typography.Link>
        <Dropdown menu={{ items: menu }} trigger={['click']} disabled={menu.length === 0}>
          <Button
            type="text"
            size="small"
            icon={<MoreOutlined />}
            aria-label={t('defect.board.move-to', { name: `#${defect.projectNum}` })}
          />
        </Dropdown>
      </Flex>
      <Flex justify="space-between" align="center" gap={4} wrap>
        <Flex gap={4} align="center">
          <DefectTypeTag type={defect.defectType} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {levelText(defect.defectLevel)}
          </Typography.Text>
        </Flex>
        <HandlerAvatars people={defect.handleByList} />
      </Flex>
    </div>
  );
});

interface DefectBoardProps {
  projectId: number;
  /** The list's filters and sort (no paging): the board shows what the table would. */
  query: QueryObject;
  members: Member[];
  testers: Member[];
  onOpen: (defectId: number) => void;
}

/**
 * The defects as a board: a column per state (or handler, priority, deliverable), optionally a lane
 * per handler. Dragging a card to another state's column runs the workflow action it means and
 * asks for what that needs (a reviewer, a reason); columns it cannot go to are greyed while it is
 * dragged; a refused move leaves the card where it was, the reason shown. Under another grouping a
 * drop changes the handler, the priority or the deliverable. Each card's menu offers the same
 * moves from the keyboard. Cards move when anyone changes a defect (`defectChanged`).
 */
export function DefectBoard({ projectId, query, members, testers, onOpen }: DefectBoardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const levelText = useLevelText();
  const myId = useSession((s) => s.user?.userId);
  const hasPermi = useSession((s) => s.hasPermi);
  const [group, setGroup] = useState<Group>(
    () => (localStorage.getItem('buglet.board.group') as Group) || 'state',
  );
  const [hasLanes, setLanes] = useState(() => localStorage.getItem('buglet.board.lanes') === '1');
  const [drag, setDrag] = useState<Drag>();
  const [over, setOver] = useState<string>();
  const [pending, setPending] = useState<{ defectId: number; action: DefectAction }>();
  const boardQuery = { ...query, projectId, pageNum: 1, pageSize: BOARD_MAX };
  const cards = useQuery({
    queryKey: defectKeys.list(boardQuery),
    queryFn: () => listDefects(boardQuery) as Promise<TableData<Defect>>,
    enabled: projectId > 0,
  });
  const defects = cards.data?.rows ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey: defectKeys.all });

  const columns: Column[] = useMemo(() => {
    switch (group) {
      case 'state': {
        const states = defects.some((d) => d.defectState === DefectState.RESOLVED)
          ? [...STATE_COLUMNS, DefectState.RESOLVED]
          : STATE_COLUMNS;
        return states.map((s) => ({ key: String(s), title: t(`defect.state.${stateName(s)}`) }));
      }
      case 'handler':
        return [
          ...members.map((m) => ({ key: String(m.userId), title: personName(m) })),
          { key: NONE, title: t('defect.board.unassigned') },
        ];
      case 'level':
        return DEFECT_LEVELS.map((level) => ({ key: level, title: levelText(level) }));
      case 'module': {
        const seen = new Map<string, string>();
        for (const d of defects)
          if (d.moduleId) seen.set(String(d.moduleId), d.moduleName ?? String(d.moduleId));
        return [
          ...[...seen].map(([key, title]) => ({ key, title })),
          { key: NONE, title: t('defect.board.no-module') },
        ];
      }
    }
  }, [group, defects, members, t, levelText]);
  const lanes: Column[] =
    group === 'state' && hasLanes
      ? [
          ...members
            .filter((m) => defects.some((d) => d.handleBy[0] === m.userId))
            .map((m) => ({ key: String(m.userId), title: personName(m) })),
          ...(defects.some((d) => d.handleBy.length === 0)
            ? [{ key: NONE, title: t('defect.board.unassigned') }]
            : []),
        ]
      : [{ key: '*', title: '' }];
  const cells = useMemo(() => {
    const map = new Map<string, Defect[]>();
    for (const d of defects) {
      const lane = lanes.length > 1 || lanes[0]?.key !== '*' ? groupKeyOf('handler', d) : '*';
      const key = `${lane}|${groupKeyOf(group, d)}`;
      const list = map.get(key) ?? [];
      list.push(d);
      map.set(key, list);
    }
    return map;
  }, [defects, group, lanes]);

  /** What dropping `defect` on `column` would do, or why it cannot. */
  const moveOf = (defect: Defect, column: string): { action?: DefectAction; field?: true } | undefined => {
    if (groupKeyOf(group, defect) === column) return undefined;
    if (group !== 'state')
      return hasPermi(['system:defect:edit']) || defect.createById === myId ? { field: true } : undefined;
    const action = boardAction(defect.defectState as DefectState, Number(column) as DefectState);
    if (!action || !hasPermi([DEFECT_ACTION_PERMISSION[action]])) return undefined;
    // Sending for review, passing and rejecting are the handler's; closing and reopening anyone's involved.
    const isHandler = myId !== undefined && defect.handleBy.includes(myId);
    if ((action === 'repair' || action === 'pass' || action === 'reject') && !isHandler) return undefined;
    return { action };
  };

  const move = async (defect: Defect, column: string) => {
    const what = moveOf(defect, column);
    if (!what) return;
    if (what.action) {
      setPending({ defectId: defect.defectId, action: what.action });
      return;
    }
    try {
      if (group === 'handler') {
        if (column === NONE) return;
        await updateDefect({ defectId: defect.defectId, handleBy: [Number(column)] });
      } else if (group === 'level') {
        await updateDefect({ defectId: defect.defectId, defectLevel: column as DefectLevel });
      } else if (group === 'module') {
        await updateDefect({ defectId: defect.defectId, moduleId: column === NONE ? null : Number(column) });
      }
      message.success(t('modify-success'));
    } catch {
      // Refused: the HTTP layer showed the reason; the card stays where it was.
    } finally {
      void reload();
    }
  };

  const menuOf = (defect: Defect) =>
    columns
      .filter((c) => moveOf(defect, c.key))
      .map((c) => ({ key: c.key, label: c.title, onClick: () => void move(defect, c.key) }));

  return (
    <div data-testid="defect-board">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Segmented<Group>
          size="small"
          value={group}
          onChange={(next) => {
            setGroup(next);
            localStorage.setItem('buglet.board.group', next);
          }}
          options={BOARD_GROUPS.map((g) => ({ value: g, label: t(`defect.board.by.${g}`) }))}
        />
        {group === 'state' ? (
          <Flex gap={6} align="center">
            <Switch
              size="small"
              checked={hasLanes}
              aria-label={t('defect.board.lanes')}
              onChange={(on) => {
                setLanes(on);
                localStorage.setItem('buglet.board.lanes', on ? '1' : '0');
              }}
            />
            <Typography.Text>{t('defect.board.lanes')}</Typography.Text>
          </Flex>
        ) : null}
        <Typography.Text type="secondary">
          {cards.data && cards.data.total > defects.length
            ? t('defect.board.capped', { shown: defects.length, total: cards.data.total })
            : t('defect.board.count', { count: defects.length })}
        </Typography.Text>
      </Flex>
      <Spin spinning={cards.isFetching && !cards.data}>
        {defects.length === 0 && !cards.isLoading ? <Empty /> : null}
        <div className="board-scroll">
          {lanes.map((lane) => (
            <div key={lane.key} className="board-lane">
              {lane.title ? (
                <Typography.Text strong className="board-lane-title">
                  {lane.title}
                </Typography.Text>
              ) : null}
              <div className="board-columns">
                {columns.map((column) => {
                  const list = cells.get(`${lane.key}|${column.key}`) ?? [];
                  const isAllowed = drag ? Boolean(moveOf(drag.defect, column.key)) : true;
                  const isHome = drag?.from === column.key && drag.lane === lane.key;
                  return (
                    <section
                      key={column.key}
                      aria-label={column.title}
                      data-column={column.key}
                      className={[
                        'board-column',
                        drag && !isAllowed && !isHome ? 'is-forbidden' : '',
                        over === `${lane.key}|${column.key}` && isAllowed ? 'is-over' : '',
                      ].join(' ')}
                      onDragOver={(e) => {
                        if (!drag || !isAllowed) return;
                        e.preventDefault();
                        setOver(`${lane.key}|${column.key}`);
                      }}
                      onDragLeave={() => setOver(undefined)}
                      onDrop={(e) => {
                        e.preventDefault();
                        setOver(undefined);
                        if (drag) void move(drag.defect, column.key);
                        setDrag(undefined);
                      }}
                    >
                      <Flex justify="space-between" align="center" className="board-column-head">
                        {group === 'state' ? (
                          <DefectStateTag state={Number(column.key)} />
                        ) : (
                          <Typography.Text strong ellipsis>
                            {column.title}
                          </Typography.Text>
                        )}
                        <Badge count={list.length} showZero color="#bfbfbf" />
                      </Flex>
                      <div className="board-column-cards">
                        {list.map((d) => (
                          <Card
                            key={d.defectId}
                            defect={d}
                            onOpen={onOpen}
                            onDragStart={(defect) =>
                              setDrag({ defect, from: groupKeyOf(group, defect), lane: lane.key })
                            }
                            onDragEnd={() => {
                              setDrag(undefined);
                              setOver(undefined);
                            }}
                            menu={menuOf(d)}
                          />
                        ))}
                      </div>
                    </section>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      </Spin>
      <DefectActionDialog
        defectId={pending?.defectId ?? 0}
        action={pending?.action}
        members={members}
        testers={testers}
        onClose={() => setPending(undefined)}
        onDone={() => {
          setPending(undefined);
          void reload();
        }}
      />
    </div>
  );
}
