import { AppstoreOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportTemplate, ReportType } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Pagination, Popover, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
import { createReport, createTemplate, listTemplates, reportKeys } from './reports.api.ts';

export const TEMPLATE_GALLERY_PATH = '/report/template/index';
export const templateEditorPath = (templateId: number) =>
  `/report/template/add/index?templateId=${templateId}`;

const PAGE_SIZE = 9;

interface GenerateReportPopoverProps {
  projectId: number;
  onCreated: (reportId: number) => Promise<unknown>;
}

/** "Generate report": the project's templates as tiles; a click makes a text or realtime report from one. */
export function GenerateReportPopover({ projectId, onCreated }: GenerateReportPopoverProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [type, setType] = useState<ReportType>('text');
  const [busy, setBusy] = useState<number>();
  const canAdd = usePermi(['system:report:add']);
  const query = { projectId, pageNum, pageSize: PAGE_SIZE };
  const templates = useQuery({
    queryKey: reportKeys.templateList(query),
    queryFn: () => listTemplates(query),
    enabled: isOpen && projectId > 0,
  });

  const generate = async (template: ReportTemplate) => {
    setBusy(template.templateId);
    try {
      const made = await createReport({
        projectId,
        reportTitle: template.templateTitle.slice(0, 255),
        reportDescription: template.templateContent,
        reportType: type,
      });
      message.success(t('report.created', { title: template.templateTitle }));
      setOpen(false);
      if (made.data) await onCreated(made.data.reportId);
    } catch {
      // Reported by the HTTP layer.
    } finally {
      setBusy(undefined);
    }
  };
  const addBlank = async () => {
    const made = await createTemplate({
      projectId,
      templateTitle: t('report.template.new-title'),
      templateContent: '',
      majorVersion: 1,
      minorVersion: 0,
    });
    if (made.data) navigate(templateEditorPath(made.data.templateId));
  };

  const rows = templates.data?.rows ?? [];
  const content = (
    <div style={{ width: 'min(613px, 90vw)' }} data-testid="generate-report">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Segmented
          value={type}
          onChange={(next) => setType(next as ReportType)}
          options={[
            { value: 'text', label: t('report.type.text') },
            { value: 'realtime', label: t('report.type.realtime') },
          ]}
        />
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<AppstoreOutlined />}
            onClick={() => navigate(TEMPLATE_GALLERY_PATH)}
          >
            {t('report.template.gallery')}
          </Button>
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => void addBlank()}>
            {t('report.template.add')}
          </Button>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t(type === 'text' ? 'report.type.text-hint' : 'report.type.realtime-hint')}
      </Typography.Paragraph>
      {rows.length === 0 && !templates.isFetching ? (
        <Empty description={t('report.template.none')}>
          <Button onClick={() => navigate(TEMPLATE_GALLERY_PATH)}>{t('report.template.open-shop')}</Button>
        </Empty>
      ) : (
        <div className="report-template-grid">
          {rows.map((template) => (
            <Card
              key={template.templateId}
              size="small"
              hoverable
              loading={busy === template.templateId}
              onClick={() => void generate(template)}
              data-testid="template-tile"
            >
              <Flex vertical align="center" gap={6}>
                <FileTextOutlined style={{ fontSize: 28, color: 'var(--ant-color-primary)' }} />
                <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                  {template.templateTitle}
                </Typography.Text>
              </Flex>
            </Card>
          ))}
        </div>
      )}
      <Flex justify="end" style={{ marginTop: 8 }}>
        <Pagination
          size="small"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={templates.data?.total ?? 0}
          onChange={setPageNum}
          hideOnSinglePage
        />
      </Flex>
    </div>
  );

  if (!canAdd) return null;
  return (
    <Popover
      open={isOpen}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={t('report.select-template')}
      content={content}
    >
      <Button type="primary" icon={<PlusOutlined />} disabled={projectId <= 0}>
        {t('report.generate')}
      </Button>
    </Popover>
  );
}
