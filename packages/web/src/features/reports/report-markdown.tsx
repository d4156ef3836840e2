import { reportLabels } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../lib/i18n.ts';
import { useMarkdownModule } from '../defects/index.ts';
import { getReportData, reportKeys } from './reports.api.ts';

interface ReportMarkdownProps {
  source: string;
  projectId: number;
  /** Fill the directives with the project's data now (a realtime report, a template's preview). */
  isLive: boolean;
}

/**
 * A report or template rendered by the one Markdown pipeline. Live: the data its directives name
 * is fetched on every opening (never cached), so it shows the project as it is now.
 */
export function ReportMarkdown({ source, projectId, isLive }: ReportMarkdownProps) {
  const { i18n } = useTranslation();
  const markdown = useMarkdownModule();
  const need = useMemo(
    () => (markdown && isLive ? markdown.reportNeedsOf(source) : ''),
    [markdown, isLive, source],
  );
  const data = useQuery({
    queryKey: reportKeys.data(projectId, need),
    queryFn: () => getReportData(projectId, need),
    enabled: isLive && need !== '' && projectId > 0,
    staleTime: 0,
  });
  const live = data.data?.data;
  /** Nothing named, or no project to ask: the directives stay as they are written. */
  const isWaiting = isLive && need !== '' && projectId > 0 && !live;
  const lang = (i18n.language === 'en_US' ? 'en_US' : 'zh_CN') satisfies Locale;
  const html = useMemo(() => {
    if (!markdown || isWaiting) return undefined;
    return markdown.renderReport(source, live ? { report: { data: live, labels: reportLabels(lang) } } : {});
  }, [markdown, isWaiting, live, source, lang]);
  if (html === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it shows raw HTML as text and DOMPurify keeps only the pipeline's own tags (lib/markdown.ts)
  return <div className="markdown-view report-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
