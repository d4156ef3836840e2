import { type ReportSource, reportLabels } from '@buglet/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Directives = typeof import('@buglet/contracts/report-directives');

/** A source's fields and their words, for the field picker (the directive module loads with the editor). */
export function useSourceFields(source: ReportSource) {
  const { i18n } = useTranslation();
  const [directives, setDirectives] = useState<Directives>();
  useEffect(() => {
    void import('@buglet/contracts/report-directives').then(setDirectives);
  }, []);
  const words = reportLabels(i18n.language === 'en_US' ? 'en_US' : 'zh_CN');
  return { fields: directives?.sourceFields(source) ?? [], label: (field: string) => words.column(field) };
}
