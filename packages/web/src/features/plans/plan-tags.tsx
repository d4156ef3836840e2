import type { PlanItem } from '@buglet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string | undefined> = {
  pass: 'success',
  not_pass: 'error',
  unexecuted: undefined,
  blocked: 'warning',
  skipped: 'default',
  retest: 'processing',
};

/** An item's state: passed, failed, not run, or Buglet's blocked, skipped, to retest. */
export function ItemStateTag({ item }: { item: Pick<PlanItem, 'planItemState' | 'planItemResult'> }) {
  const { t } = useTranslation();
  const shown = item.planItemResult ?? item.planItemState;
  return (
    <Tag color={COLOURS[shown]} data-testid="plan-item-state">
      {t(`plan.item.state.${shown}`)}
    </Tag>
  );
}
