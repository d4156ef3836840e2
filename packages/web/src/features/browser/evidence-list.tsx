import type { EvidenceEntry } from '@buglet/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What went wrong on the pane's page, the latest 50, in the evidence button's pop-over. */
export function EvidenceList({ evidence }: { evidence: readonly EvidenceEntry[] }) {
  const { t } = useTranslation();
  if (evidence.length === 0)
    return <Typography.Text type="secondary">{t('browser.evidence.none')}</Typography.Text>;
  return (
    <div style={{ maxWidth: 520, maxHeight: 320, overflow: 'auto', fontFamily: 'monospace', fontSize: 12 }}>
      {evidence.slice(-50).map((e, i) => (
        // Entries are appended only, never reordered: the index is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} style={{ wordBreak: 'break-all', padding: '2px 0', borderBottom: '1px dashed #f0f0f0' }}>
          <Typography.Text
            type={e.kind === 'console' || e.kind === 'error' || e.kind === 'rejection' ? 'danger' : 'warning'}
          >
            {e.kind}
          </Typography.Text>{' '}
          {e.message}
        </div>
      ))}
    </div>
  );
}
