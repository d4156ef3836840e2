import type { Defect } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDefects } from '../defects/index.ts';

/**
 * Links a defect already reported to the item being run: typed words or #number search the
 * project's defects (the defect list's keyword search), and the one chosen is linked.
 */
export function PlanLinkDefect({
  projectId,
  linked,
  disabled,
  onLink,
}: {
  projectId: number;
  linked: readonly number[];
  disabled: boolean;
  onLink: (defectId: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  // The search asks once typing pauses for a quarter of a second.
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['plans', 'link-defect', projectId, keyword],
    queryFn: () => listDefects({ projectId, pageSize: 10, params: keyword ? { keyword } : undefined }),
  });
  const options = (found.data?.rows ?? [])
    .filter((d: Defect) => !linked.includes(d.defectId))
    .map((d: Defect) => ({ value: d.defectId, label: `#${d.projectNum} ${d.defectName}` }));
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={null}
      placeholder={t('plan.run.link-defect')}
      aria-label={t('plan.run.link-defect')}
      disabled={disabled}
      loading={found.isFetching}
      options={options}
      notFoundContent={t('plan.run.link-defect.none')}
      style={{ minWidth: 220 }}
      popupMatchSelectWidth={360}
      onChange={async (defectId) => {
        setText('');
        await onLink(defectId);
      }}
    />
  );
}
