import { RobotOutlined } from '@ant-design/icons';
import {
  DEFECT_LEVELS,
  DEFECT_TYPES,
  type DefectLevel,
  type DefectType,
  type Member,
  SPONSOR_MAX,
} from '@buglet/contracts';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Tooltip,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../stores/layout.store.ts';
import { ModuleSelect } from '../modules/index.ts';
import { useLevelText } from './defect-tags.tsx';
import {
  createDefect,
  type DefectBody,
  type DefectDetail,
  type DefectPrefill,
  updateDefect,
} from './defects.api.ts';
import { MarkdownField } from './markdown-field.tsx';
import { MemberSelect } from './member-select.tsx';
import { UploadPathsField } from './upload-paths-field.tsx';
import { useDefectAutofill } from './use-defect-autofill.tsx';

/** No defect: create one (from `prefill` when it comes from a test case); a defect: edit it. */
export interface FormTarget {
  defect?: DefectDetail;
  prefill?: DefectPrefill;
}

interface FormValues {
  defectType: DefectType;
  defectName: string;
  defectLevel: DefectLevel;
  handleBy: number[];
  moduleId?: number;
  moduleVersion?: string;
  sponsor?: string;
  planTime?: [Dayjs | null, Dayjs | null] | null;
  defectDescribe: string;
  imgUrls?: string;
  annexUrls?: string;
}

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

function initialValues(defect: DefectDetail | undefined, prefill?: DefectPrefill): Partial<FormValues> {
  if (!defect)
    return {
      defectType: 'BUG',
      defectLevel: 'middle',
      handleBy: [],
      defectName: prefill?.defectName,
      defectDescribe: prefill?.defectDescribe ?? '',
      moduleId: prefill?.moduleId,
      moduleVersion: prefill?.moduleVersion,
      imgUrls: prefill?.imgUrls,
      annexUrls: prefill?.annexUrls,
    };
  const time = (value: string | null) => (value ? dayjs(value) : null);
  return {
    defectType: defect.defectType as DefectType,
    defectName: defect.defectName,
    defectLevel: defect.defectLevel as DefectLevel,
    handleBy: defect.handleBy,
    moduleId: defect.moduleId ?? undefined,
    moduleVersion: defect.moduleVersion ?? '',
    sponsor: defect.sponsor ?? '',
    planTime:
      defect.planStartTime || defect.planEndTime
        ? [time(defect.planStartTime), time(defect.planEndTime)]
        : null,
    defectDescribe: defect.defectDescribe ?? '',
    imgUrls: defect.imgUrls ?? '',
    annexUrls: defect.annexUrls ?? '',
  };
}

function toBody({ planTime, ...values }: FormValues): DefectBody {
  return {
    ...values,
    moduleId: values.moduleId ?? null,
    moduleVersion: values.moduleVersion?.trim() || null,
    sponsor: values.sponsor?.trim() || null,
    imgUrls: values.imgUrls || null,
    annexUrls: values.annexUrls || null,
    planStartTime: planTime?.[0]?.format(WIRE_TIME) ?? null,
    planEndTime: planTime?.[1]?.format(WIRE_TIME) ?? null,
  };
}

interface DefectFormDrawerProps {
  projectId: number;
  members: Member[];
  target: FormTarget | undefined;
  onClose: () => void;
  onSaved: (defectId: number) => void;
}

/** Create or edit a defect. Only the buttons close it, so a stray click cannot lose a long description. */
export function DefectFormDrawer({ projectId, members, target, onClose, onSaved }: DefectFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const levelText = useLevelText();
  const isMobile = useLayout((s) => s.isMobile);
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setSaving] = useState(false);
  const editing = target?.defect;
  const prefill = editing ? undefined : target?.prefill;
  // The AI analysis suggests values for a new defect's empty fields (original-ui §3.11).
  const autofill = useDefectAutofill(projectId, form);
  const { reset: resetAutofill } = autofill;
  const suggestion = (field: Parameters<typeof autofill.suggestionFor>[0]) =>
    editing ? undefined : autofill.suggestionFor(field);
  // A new opening (or a close) forgets the suggestions, and the answers of a run still going.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new target starts afresh
  useEffect(() => resetAutofill(), [target, resetAutofill]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = toBody(values);
      if (editing) {
        await updateDefect({ ...body, defectId: editing.defectId });
        message.success(t('modify-success'));
        onSaved(editing.defectId);
      } else {
        const res = await createDefect({ ...body, projectId, caseId: prefill?.caseId ?? null });
        message.success(t('defect.create-success'));
        if (res.data) onSaved(res.data.defectId);
      }
    } catch {
      // The HTTP layer already showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const required = (key: string) => [{ required: true, message: t(key) }];
  return (
    <Drawer
      open={target !== undefined}
      title={t(editing ? 'defect.modify' : 'defect.create')}
      size={isMobile ? '100%' : '65%'}
      mask={{ closable: false }}
      destroyOnHidden
      onClose={onClose}
      styles={{ body: { borderLeft: '3px solid #ff4949' } }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void save().catch(() => {})}>
            {t('defect.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="defect-form"
        layout="vertical"
        initialValues={initialValues(editing, prefill)}
        preserve={false}
      >
        {prefill?.caseLabel ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="defect-from-case"
            title={t('defect.from-case', { name: prefill.caseLabel })}
          />
        ) : null}
        <Form.Item
          name="defectType"
          label={t('defect.type')}
          rules={required('defect.type-required')}
          extra={suggestion('type')}
        >
          <Radio.Group
            optionType="button"
            options={DEFECT_TYPES.map((type) => ({ value: type, label: t(`defect.type.${type}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="defectName"
          label={t('defect.title')}
          rules={[...required('defect.title-required'), { max: 1024 }]}
          extra={suggestion('title')}
        >
          <Input maxLength={1024} placeholder={t('defect.title-placeholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="defectLevel" label={t('defect.level')} rules={required('defect.level-required')}>
              <Select options={DEFECT_LEVELS.map((level) => ({ value: level, label: levelText(level) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="handleBy"
              label={t('defect.handlers')}
              rules={required('defect.handler-required')}
              extra={suggestion('member')}
            >
              <MemberSelect members={members} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="moduleId" label={t('module.deliverable')} extra={suggestion('module')}>
              <ModuleSelect projectId={editing?.projectId ?? projectId} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="moduleVersion" label={t('defect.version')} extra={suggestion('version')}>
              <Input maxLength={128} placeholder={t('defect.version-placeholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sponsor" label={t('defect.sponsor')} tooltip={t('defect.sponsor-hint')}>
              <Input maxLength={SPONSOR_MAX} placeholder={t('defect.sponsor-placeholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="planTime" label={t('defect.plan-time')}>
              <DatePicker.RangePicker
                showTime
                allowEmpty={[true, true]}
                style={{ width: '100%' }}
                placeholder={[t('defect.plan-start'), t('defect.plan-end')]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="defectDescribe"
          label={t('defect.describe')}
          rules={required('defect.describe-required')}
          extra={
            editing ? undefined : (
              <Tooltip title={t('ai.defect.analyse-tip')}>
                <Button
                  size="small"
                  icon={<RobotOutlined />}
                  loading={autofill.isRunning}
                  onClick={() => void autofill.run()}
                  data-testid="defect-ai-analyse"
                >
                  {t(autofill.isRunning ? 'ai.defect.analysing' : 'ai.defect.analyse')}
                </Button>
              </Tooltip>
            )
          }
        >
          <MarkdownField />
        </Form.Item>
        <Form.Item name="imgUrls" label={t('defect.images')}>
          <UploadPathsField kind="image" />
        </Form.Item>
        <Form.Item name="annexUrls" label={t('defect.annexes')}>
          <UploadPathsField kind="file" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
