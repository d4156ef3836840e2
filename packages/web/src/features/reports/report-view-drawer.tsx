import { DeleteOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { type Report, reportLabels } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useViewFocus } from '../../hooks/use-view-focus.ts';
import { loadMarkdown } from '../../lib/markdown-loader.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { ReportMarkdown } from './report-markdown.tsx';
import { ReportTypeTag } from './report-type-tag.tsx';
import { closeReportView, deleteReports, getReport, getReportData, reportKeys } from './reports.api.ts';

function saveText(text: string, fileName: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
}

/**
 * Prints only the report: a copy of it goes into a root of its own, and the print stylesheet
 * shows nothing else while `printing-report` is on (styles.css).
 */
function printReport() {
  const source = document.querySelector('.report-print');
  if (!source) return;
  const root = document.createElement('div');
  root.id = 'print-root';
  root.className = 'report-print-copy';
  root.append(source.cloneNode(true));
  document.body.append(root);
  document.body.classList.add('printing-report');
  const done = () => {
    document.body.classList.remove('printing-report');
    root.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

interface ReportViewDrawerProps {
  reportId: number | undefined;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}

/** One report: rendered (a realtime one with the project's data now), printed, downloaded as Markdown, deleted. */
export function ReportViewDrawer({ reportId, onClose, onChanged }: ReportViewDrawerProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const isMobile = useLayout((s) => s.isMobile);
  const query = useQuery({
    queryKey: reportKeys.detail(reportId ?? 0),
    queryFn: () => getReport(reportId ?? 0),
    enabled: reportId !== undefined,
    staleTime: 0,
  });
  const report = query.data?.data?.reportId === reportId ? query.data?.data : undefined;
  useViewFocus('report', reportId, report?.focusList, query.isFetching, closeReportView);

  const download = async (target: Report) => {
    let text = target.reportDescription ?? '';
    if (target.reportType === 'realtime') {
      const markdown = await loadMarkdown();
      const data = (await getReportData(target.projectId, markdown.reportNeedsOf(text))).data;
      if (data)
        text = markdown.reportSnapshot(
          text,
          data,
          reportLabels(i18n.language === 'en_US' ? 'en_US' : 'zh_CN'),
        );
    }
    saveText(text, `${target.reportTitle}.md`);
  };

  return (
    <Drawer
      open={reportId !== undefined}
      onClose={onClose}
      size={isMobile ? '100%' : '90%'}
      className="report-view-drawer"
      title={
        report ? (
          <Flex gap={8} align="center" wrap>
            <ReportTypeTag type={report.reportType} />
            <FocusAvatars moduleName="report" dataId={report.reportId} />
            <Typography.Text strong ellipsis style={{ maxWidth: 480 }}>
              {report.reportTitle}
            </Typography.Text>
          </Flex>
        ) : (
          t('report')
        )
      }
      extra={
        report && (
          <Space wrap>
            <Button size="small" icon={<PrinterOutlined />} onClick={printReport}>
              {t('report.print')}
            </Button>
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(report)}>
              {t('report.download-markdown')}
            </Button>
            <PermiButton
              permi={['system:report:remove']}
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirm({
                  content: t('report.delete-confirm'),
                  action: async () => {
                    await deleteReports([report.reportId]);
                    onClose();
                    await onChanged();
                  },
                })
              }
            >
              {t('delete')}
            </PermiButton>
          </Space>
        )
      }
    >
      {report ? (
        <div className="report-print">
          <Typography.Title level={3} className="report-print-title">
            {report.reportTitle}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {report.reportTime} · {report.createBy ?? ''}
          </Typography.Paragraph>
          <ReportMarkdown
            source={report.reportDescription ?? ''}
            projectId={report.projectId}
            isLive={report.reportType === 'realtime'}
          />
        </div>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
