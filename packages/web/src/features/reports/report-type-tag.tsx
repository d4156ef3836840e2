import type { ReportType } from '@buglet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Realtime green, text blue (the original's colours). */
export function ReportTypeTag({ type }: { type: ReportType }) {
  const { t } = useTranslation();
  return (
    <Tag color={type === 'realtime' ? 'green' : 'blue'} variant="solid">
      {t(`report.type.${type}`)}
    </Tag>
  );
}
