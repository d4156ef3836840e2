import { Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  API_AREAS,
  actionLabelKey,
  actionsOf,
  areaLabelKey,
  type CapabilityChecks,
  emptyChecks,
} from './project-api-rules.ts';

interface CapabilityFieldProps {
  value?: CapabilityChecks;
  onChange?: (value: CapabilityChecks) => void;
  disabled?: boolean;
}

/** One row per area of the contract: the area ticks or clears all its actions, then each action. */
export function CapabilityField({ value, onChange, disabled }: CapabilityFieldProps) {
  const { t } = useTranslation();
  const checks = value ?? emptyChecks();
  const set = (area: keyof CapabilityChecks, actions: string[]) => onChange?.({ ...checks, [area]: actions });

  return (
    <Flex vertical gap={8} data-testid="api-capabilities">
      {API_AREAS.map((area) => {
        const actions = actionsOf(area);
        const count = checks[area].length;
        return (
          <Flex key={area} gap={8} wrap align="flex-start" data-area={area}>
            <Checkbox
              style={{ minWidth: 120, fontWeight: 500 }}
              checked={count === actions.length}
              indeterminate={count > 0 && count < actions.length}
              disabled={disabled}
              onChange={(e) => set(area, e.target.checked ? [...actions] : [])}
            >
              {t(areaLabelKey(area))}
            </Checkbox>
            <Checkbox.Group
              style={{ flex: 1, minWidth: 200, rowGap: 4 }}
              value={checks[area]}
              disabled={disabled}
              onChange={(ticked) => set(area, ticked)}
              options={actions.map((action) => ({ value: action, label: t(actionLabelKey(action)) }))}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
