import { BugOutlined, BulbOutlined, CheckSquareOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { DEFECT_STATE_NAMES, type DefectLevel, type DefectType } from '@buglet/contracts';
import { Button, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsDark } from '../../lib/color-scheme.ts';
import { readableOnWhite } from '../../lib/contrast.ts';

/** Domain colours from the original (spec §6.1): BUG red, TASK green, DEMAND amber. */
const TYPE_LOOK: Record<DefectType, { color: string; icon: ReactNode }> = {
  BUG: { color: '#ff4949', icon: <BugOutlined /> },
  TASK: { color: '#13ce66', icon: <CheckSquareOutlined /> },
  DEMAND: { color: '#ffba00', icon: <BulbOutlined /> },
};

/** State tags: Pending red, In review blue, Resolved green, Rejected amber (filled), Closed plain grey. */
const STATE_COLOURS: Record<string, string | undefined> = {
  PROCESSING: '#ff4949',
  AUDIT: '#1890ff',
  RESOLVED: '#67c23a',
  REJECTED: '#ffba00',
  CLOSED: undefined,
};

const isType = (value: string): value is DefectType => value in TYPE_LOOK;

export function DefectTypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  const look = isType(type) ? TYPE_LOOK[type] : undefined;
  const isDark = useIsDark();
  return (
    <Tag
      icon={look?.icon}
      variant="outlined"
      style={{
        // The type's colour, darkened to read as text (WCAG AA).
        color: look && !isDark ? readableOnWhite(look.color) : look?.color,
        borderColor: look?.color,
        background: 'transparent',
        marginInlineEnd: 0,
      }}
    >
      {t(`defect.type.${type}`, { defaultValue: type })}
    </Tag>
  );
}

export function stateName(state: number): string {
  return DEFECT_STATE_NAMES[state] ?? 'UNKNOWN';
}

/** The state's colour (undefined for Closed, which is drawn plain grey). */
export function stateColour(state: number): string | undefined {
  return STATE_COLOURS[stateName(state)];
}

export function DefectStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const name = stateName(state);
  const colour = STATE_COLOURS[name];
  // White text on the state's colour, darkened to read (WCAG AA); the amber of Rejected takes dark text.
  const isAmber = name === 'REJECTED';
  return (
    <Tag
      color={colour && !isAmber ? readableOnWhite(colour) : colour}
      variant={colour ? 'solid' : 'outlined'}
      style={{ marginInlineEnd: 0, ...(isAmber ? { color: '#1f1f1f' } : {}) }}
    >
      {t(`defect.state.${name}`)}
    </Tag>
  );
}

export function useLevelText() {
  const { t } = useTranslation();
  return (level: string) => t(`defect.level.${level as DefectLevel}`, { defaultValue: level });
}

interface FollowStarProps {
  isOn: boolean;
  onToggle: () => void;
}

/** The follow star: amber when followed, an outline otherwise (spec §6.1). */
export function FollowStar({ isOn, onToggle }: FollowStarProps) {
  const { t } = useTranslation();
  const label = t(isOn ? 'defect.unfollow' : 'defect.follow');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        aria-pressed={isOn}
        icon={isOn ? <StarFilled style={{ color: 'rgb(247,186,42)' }} /> : <StarOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          onToggle();
        }}
      />
    </Tooltip>
  );
}
