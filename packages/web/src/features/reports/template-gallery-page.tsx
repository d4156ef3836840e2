import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ShopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { type ReportTemplate, reportTemplateFile } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Modal, Tabs, Tooltip, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermi } from '../../components/auth.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useCurrentProject } from '../projects/index.ts';
import { templateEditorPath } from './generate-report-popover.tsx';
import { ReportMarkdown } from './report-markdown.tsx';
import {
  createTemplate,
  deleteTemplates,
  downloadTemplateFile,
  importTemplate,
  listTemplates,
  reportKeys,
} from './reports.api.ts';
import { templateOutline } from './template-outline.ts';

const ALL = { pageNum: 1, pageSize: 100 };

/**
 * Report templates: the project's own (edit, copy, share as a file, delete; add blank or import)
 * and the built-in shop, each shop template previewed with the project's live data before it is added.
 */
export default function TemplateGalleryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { projectId } = useCurrentProject();
  const canAdd = usePermi(['system:report:add']);
  const [tab, setTab] = useState('project');
  const [preview, setPreview] = useState<ReportTemplate>();
  const fileInput = useRef<HTMLInputElement>(null);
  const own = { projectId, ...ALL };
  const shop = { projectId, isShop: 'true', ...ALL };
  const ownQuery = useQuery({
    queryKey: reportKeys.templateList(own),
    queryFn: () => listTemplates(own),
    enabled: projectId > 0,
  });
  const shopQuery = useQuery({
    queryKey: reportKeys.templateList(shop),
    queryFn: () => listTemplates(shop),
    enabled: projectId > 0 && tab === 'shop',
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: reportKeys.templates });

  const copy = async (template: ReportTemplate, title: string) => {
    const made = await createTemplate({
      projectId,
      templateTitle: title.slice(0, 512),
      templateContent: template.templateContent,
      moduleType: template.moduleType,
      majorVersion: 1,
      minorVersion: 0,
    });
    await reload();
    return made.data;
  };
  const addFromShop = async (template: ReportTemplate) => {
    await copy(template, template.templateTitle);
    message.success(t('report.template.added', { title: template.templateTitle }));
    setPreview(undefined);
    setTab('project');
  };
  const addBlank = async () => {
    const made = await copy(
      { templateContent: '', moduleType: null } as ReportTemplate,
      t('report.template.new-title'),
    );
    if (made) navigate(templateEditorPath(made.templateId));
  };
  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      parsed = undefined;
    }
    const checked = reportTemplateFile.safeParse(parsed);
    if (!checked.success) {
      message.error(t('report.template.file-invalid'));
      return;
    }
    await importTemplate(projectId, checked.data);
    message.success(t('report.template.imported', { title: checked.data.templateTitle }));
    await reload();
  };

  const tile = (
    template: ReportTemplate,
    actions: { icon: React.ReactNode; label: string; onClick: () => void; danger?: boolean }[],
  ) => (
    <Card
      key={template.templateId}
      size="small"
      data-testid={template.isShop ? 'shop-template' : 'project-template'}
      title={<Typography.Text ellipsis>{template.templateTitle}</Typography.Text>}
      actions={actions.map((a) => (
        <Tooltip key={a.label} title={a.label}>
          <Button
            type="text"
            size="small"
            danger={a.danger}
            icon={a.icon}
            aria-label={a.label}
            onClick={a.onClick}
          />
        </Tooltip>
      ))}
    >
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 3 }}
        style={{ minHeight: 66, margin: 0, fontSize: 12 }}
      >
        {templateOutline(template.templateContent) || t('report.template.empty')}
      </Typography.Paragraph>
    </Card>
  );

  const ownRows = ownQuery.data?.rows ?? [];
  const projectTab = (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        {canAdd ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void addBlank()}>
              {t('report.template.add-blank')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
              {t('report.template.import')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              hidden
              onChange={(e) => void onImport(e)}
            />
          </>
        ) : null}
      </Flex>
      {ownRows.length === 0 && !ownQuery.isFetching ? (
        <Empty description={t('report.template.none')}>
          <Button icon={<ShopOutlined />} onClick={() => setTab('shop')}>
            {t('report.template.open-shop')}
          </Button>
        </Empty>
      ) : (
        <div className="report-gallery-grid">
          {ownRows.map((template) =>
            tile(template, [
              {
                icon: <EditOutlined />,
                label: t('modify'),
                onClick: () => navigate(templateEditorPath(template.templateId)),
              },
              {
                icon: <CopyOutlined />,
                label: t('report.template.copy'),
                onClick: () =>
                  void copy(template, `${template.templateTitle}-${t('report.template.copy-suffix')}`).then(
                    () => message.success(t('report.template.copied')),
                  ),
              },
              {
                icon: <DownloadOutlined />,
                label: t('report.template.export'),
                onClick: () => void downloadTemplateFile(template),
              },
              {
                icon: <DeleteOutlined />,
                label: t('delete'),
                danger: true,
                onClick: () =>
                  confirm({
                    content: t('report.template.delete-confirm', { title: template.templateTitle }),
                    action: async () => {
                      await deleteTemplates([template.templateId]);
                      await reload();
                    },
                  }),
              },
            ]),
          )}
        </div>
      )}
    </>
  );
  const shopTab = (
    <div className="report-gallery-grid">
      {(shopQuery.data?.rows ?? []).map((template) =>
        tile(template, [
          { icon: <EyeOutlined />, label: t('report.template.preview'), onClick: () => setPreview(template) },
          ...(canAdd
            ? [
                {
                  icon: <PlusOutlined />,
                  label: t('report.template.add-to-project'),
                  onClick: () => void addFromShop(template),
                },
              ]
            : []),
        ]),
      )}
    </div>
  );

  return (
    <Card title={t('report.template.gallery')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'project', label: t('report.template.project-tab'), children: projectTab },
          { key: 'shop', label: t('report.template.shop-tab'), icon: <ShopOutlined />, children: shopTab },
        ]}
      />
      <Modal
        open={preview !== undefined}
        onCancel={() => setPreview(undefined)}
        width={900}
        title={preview?.templateTitle}
        okText={t('report.template.add-to-project')}
        okButtonProps={{ disabled: !canAdd }}
        onOk={() => (preview ? addFromShop(preview) : undefined)}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('report.template.preview-hint')}</Typography.Paragraph>
        {preview ? <ReportMarkdown source={preview.templateContent} projectId={projectId} isLive /> : null}
      </Modal>
    </Card>
  );
}
