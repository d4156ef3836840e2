import { CASE_LEVELS, type CaseState, type TestCase } from '@buglet/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Level colours of the original's level ring (1 blue, 2 green, 3 yellow, 4 red, 5 cyan). */
const LEVEL_COLOURS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de'];

export const levelColour = (level: number) =>
  LEVEL_COLOURS[(Math.max(level, 1) - 1) % LEVEL_COLOURS.length] ?? LEVEL_COLOURS[0];

/** A small ring in the level's colour and the level's number, as the original draws it. */
export function LevelRing({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="case-level"
      role="img"
      aria-label={t('case.level-n', { level })}
      title={t('case.level-n', { level })}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      <span
        style={{
          width: 13,
          height: 13,
          borderRadius: '50%',
          border: `3px solid ${levelColour(level)}`,
          boxSizing: 'border-box',
        }}
      />
      <Typography.Text type="secondary">{level}</Typography.Text>
    </span>
  );
}

/** Level choices for selects, each drawn as its ring. */
export const levelOptions = () =>
  CASE_LEVELS.map((level) => ({ value: level, label: <LevelRing level={level} /> }));

const STATE_COLOURS: Record<CaseState, string | undefined> = {
  untested: undefined,
  pass: 'success',
  fail: 'error',
};

export function CaseStateTag({ state }: { state: CaseState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} style={{ marginInlineEnd: 0 }} data-state={state}>
      {t(`case.state.${state}`)}
    </Tag>
  );
}

/** The linked defects' counts in the defect list's state colours (closed also counts resolved). */
const COUNT_LOOKS = [
  { key: 'defectProcessingCount', state: 'PROCESSING', colour: '#ff4949' },
  { key: 'defectAuditCount', state: 'AUDIT', colour: '#1890ff' },
  { key: 'defectRejectedCount', state: 'REJECTED', colour: '#ffba00' },
  { key: 'defectCloseCount', state: 'CLOSED', colour: '#67c23a' },
] as const;

type Counts = Pick<TestCase, (typeof COUNT_LOOKS)[number]['key']>;

/**
 * Linked defects by state. Compact: a coloured badge per state that has any (name in the tooltip),
 * a dash when there are none; full: every state with its name.
 */
export function DefectCountBadges({
  counts,
  isFull = false,
  empty,
}: {
  counts: Counts;
  isFull?: boolean;
  /** What shows when there are none; "No defects" unless given. */
  empty?: string;
}) {
  const { t } = useTranslation();
  const shown = COUNT_LOOKS.filter((look) => isFull || counts[look.key] > 0);
  if (shown.length === 0)
    return (
      <Typography.Text type="secondary" title={t('case.no-defects')}>
        {empty ?? t('case.no-defects')}
      </Typography.Text>
    );
  return (
    <Flex gap={4} wrap className="case-defect-counts">
      {shown.map((look) => {
        const label = `${t(`defect.state.${look.state}`)} ${counts[look.key]}`;
        return (
          <Tooltip key={look.key} title={isFull ? undefined : label}>
            <Tag
              color={counts[look.key] > 0 ? look.colour : undefined}
              aria-label={label}
              data-count={look.key}
              style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}
            >
              {isFull ? label : counts[look.key]}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
