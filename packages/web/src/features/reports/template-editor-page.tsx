import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { REPORT_SOURCES, type ReportSource, type ReportTemplate } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Dropdown,
  Flex,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { uploadScreenshot } from '../defects/index.ts';
import { useCurrentProject } from '../projects/index.ts';
import { TEMPLATE_GALLERY_PATH, templateEditorPath } from './generate-report-popover.tsx';
import { ReportMarkdown } from './report-markdown.tsx';
import { createTemplate, getTemplate, reportKeys, updateTemplate } from './reports.api.ts';
import { useSourceFields } from './use-source-fields.ts';

/** Saved this long after the last keystroke (the Save button saves at once). */
const AUTOSAVE_MS = 1500;

const VARIABLES = [
  'api.project.projectName',
  'api.project.projectIntroduce',
  'api.project.createTime',
  'api.defect.total',
  'api.defect.openTotal',
  'api.case.total',
] as const;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * A template's source beside its live preview, a toolbar that writes directives, pasted images,
 * autosave. Without a template id it is a new template, created on its first save.
 */
export default function TemplateEditorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { projectId } = useCurrentProject();
  const [searchParams] = useSearchParams();
  const templateId = Number(searchParams.get('templateId')) || 0;
  const query = useQuery({
    queryKey: reportKeys.template(templateId),
    queryFn: () => getTemplate(templateId),
    enabled: templateId > 0,
    staleTime: 0,
  });
  const [draft, setDraft] = useState<{ title: string; content: string } | undefined>(() =>
    templateId > 0 ? undefined : { title: t('report.template.new-title'), content: '' },
  );
  const [saved, setSaved] = useState<ReportTemplate>();
  /** The first save of a new template, so autosave and the button never create it twice. */
  const creating = useRef<Promise<ReportTemplate | undefined>>(undefined);
  const [isPicking, setPicking] = useState(false);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const template = saved ?? query.data?.data ?? undefined;

  useEffect(() => {
    const loaded = query.data?.data;
    if (loaded && draft === undefined)
      setDraft({ title: loaded.templateTitle, content: loaded.templateContent });
  }, [query.data, draft]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = async (next: { title: string; content: string }, isLoud = false) => {
    clearTimeout(timer.current);
    if (!next.title.trim()) return;
    const id = saved?.templateId ?? (templateId || (await creating.current)?.templateId);
    if (id) {
      const res = await updateTemplate({
        templateId: id,
        templateTitle: next.title,
        templateContent: next.content,
      });
      if (res.data) setSaved(res.data);
    } else {
      creating.current = createTemplate({
        projectId,
        templateTitle: next.title,
        templateContent: next.content,
      }).then((res) => res.data ?? undefined);
      const made = await creating.current;
      if (made) {
        setSaved(made);
        navigate(templateEditorPath(made.templateId), { replace: true });
      }
    }
    await queryClient.invalidateQueries({ queryKey: reportKeys.templates });
    if (isLoud) message.success(t('modify-success'));
  };
  const change = (next: { title: string; content: string }) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(next).catch(() => {}), AUTOSAVE_MS);
  };
  const insert = (text: string) => {
    if (!draft) return;
    const el = area.current;
    const at = el?.selectionStart ?? draft.content.length;
    const before = draft.content.slice(0, at);
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    change({ ...draft, content: `${before}${lead}${text}\n${draft.content.slice(at)}` });
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const image = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (!image || !draft) return;
    event.preventDefault();
    void readAsDataUrl(image)
      .then((data) => uploadScreenshot(data))
      .then((res) => {
        if (res.data?.fileUrl) insert(`![${t('report.template.image')}](${res.data.fileUrl})`);
      })
      .catch(() => {});
  };

  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('report.template.missing')}
        extra={
          <Button onClick={() => navigate(TEMPLATE_GALLERY_PATH)}>{t('report.template.gallery')}</Button>
        }
      />
    );
  if (!draft || (templateId > 0 && !template)) return <Card loading />;
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('back')}
            onClick={() => navigate(TEMPLATE_GALLERY_PATH)}
          />
          <Input
            aria-label={t('report.template.title')}
            value={draft.title}
            maxLength={512}
            status={draft.title.trim() ? undefined : 'error'}
            onChange={(e) => change({ ...draft, title: e.target.value })}
            style={{ maxWidth: 360 }}
          />
          {template && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('report.template.updated-at', { time: template.updateTime })}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={
        <Button type="primary" icon={<SaveOutlined />} onClick={() => void save(draft, true)}>
          {t('save')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 8 }} data-testid="directive-toolbar">
        <Dropdown
          menu={{
            items: VARIABLES.map((v) => ({ key: v, label: t(`report.variable.${v}`) })),
            onClick: ({ key }) => insert(`\${${key}}`),
          }}
        >
          <Button>{t('report.insert.variable')}</Button>
        </Dropdown>
        <Button onClick={() => setPicking(true)}>{t('report.insert.table')}</Button>
        <Button onClick={() => insert('$card{api.case.list}')}>{t('report.insert.cards')}</Button>
        <Button
          onClick={() => insert('$image["style":"width:100px;height:100px;"]{api.project.projectIcon}')}
        >
          {t('report.insert.icon')}
        </Button>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Input.TextArea
            ref={(node) => {
              area.current = node?.resizableTextArea?.textArea ?? null;
            }}
            aria-label={t('report.template.source')}
            value={draft.content}
            onChange={(e) => change({ ...draft, content: e.target.value })}
            onPaste={onPaste}
            placeholder={t('report.template.placeholder')}
            autoSize={{ minRows: 20 }}
            style={{ fontFamily: 'monospace' }}
          />
        </Col>
        <Col xs={24} lg={12}>
          <div className="report-editor-preview" data-testid="template-preview">
            <ReportMarkdown source={draft.content} projectId={projectId} isLive />
          </div>
        </Col>
      </Row>
      <TablePicker open={isPicking} onClose={() => setPicking(false)} onPick={insert} />
    </Card>
  );
}

/** Insert a table: a source, then the columns from its fields (none ticked: the source's defaults). */
function TablePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<ReportSource>('api.defect.list');
  const [fields, setFields] = useState<string[]>([]);
  const { fields: available, label } = useSourceFields(source);
  return (
    <Modal
      open={open}
      title={t('report.insert.table')}
      onCancel={onClose}
      onOk={() => {
        onPick(`$table{${source}${fields.length ? `[${fields.join(',')}]` : ''}}`);
        setFields([]);
        onClose();
      }}
      okText={t('ok')}
      cancelText={t('cancel')}
    >
      <Select
        style={{ width: '100%', marginBottom: 12 }}
        aria-label={t('report.insert.source')}
        value={source}
        onChange={(next: ReportSource) => {
          setSource(next);
          setFields([]);
        }}
        options={REPORT_SOURCES.map((s) => ({
          value: s,
          label: t(`report.source.${s}`),
        }))}
      />
      <Checkbox.Group
        value={fields}
        onChange={(next) => setFields(next as string[])}
        options={available.map((f) => ({ value: f, label: label(f) }))}
      />
    </Modal>
  );
}
