import { RobotOutlined } from '@ant-design/icons';
import {
  DEFECT_LEVELS,
  DEFECT_TYPES,
  type DefectFieldItem,
  type DefectFieldType,
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPathsField } from '../../components/upload-paths-field.tsx';
import { useLayout } from '../../stores/layout.store.ts';
import { CustomFieldInput, customFieldRule, useColumnLayout } from '../defect-fields/index.ts';
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
import { useDefectAutofill } from './use-defect-autofill.tsx';

/** No defect: create one (from `prefill` when it comes from a test case); a defect: edit it. */
export interface FormTarget {
  defect?: DefectDetail;
  prefill?: DefectPrefill;
}

interface FormValues {
  defectType?: DefectType;
  defectName: string;
  defectLevel?: DefectLevel;
  handleBy: number[];
  moduleId?: number;
  moduleVersion?: string;
  sponsor?: string;
  planTime?: [Dayjs | null, Dayjs | null] | null;
  defectDescribe?: string;
  imgUrls?: string;
  annexUrls?: string;
  customFields?: Record<string, unknown>;
}

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
/** Custom fields whose editor wants the whole row. */
const WIDE_TYPES: readonly DefectFieldType[] = ['text', 'object', 'image', 'file', 'array'];

function initialValues(
  defect: DefectDetail | undefined,
  prefill: DefectPrefill | undefined,
  customFields: readonly DefectFieldItem[],
): Partial<FormValues> {
  if (!defect)
    return {
      // A new defect starts from the fields' defaults (the server fills them in too).
      customFields: Object.fromEntries(
        customFields.filter((f) => f.defaultValue != null).map((f) => [f.fieldKey, f.defaultValue]),
      ),
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
    customFields: defect.customFields ?? {},
  };
}

/** The form's values as the server takes them; a field the layout hides is left out (kept as it is). */
function toBody({ planTime, ...values }: FormValues): DefectBody {
  const has = (key: keyof FormValues | 'planTime') =>
    key in values || (key === 'planTime' && planTime !== undefined);
  return {
    ...values,
    ...(has('moduleId') ? { moduleId: values.moduleId ?? null } : {}),
    ...(has('moduleVersion') ? { moduleVersion: values.moduleVersion?.trim() || null } : {}),
    ...(has('sponsor') ? { sponsor: values.sponsor?.trim() || null } : {}),
    ...(has('imgUrls') ? { imgUrls: values.imgUrls || null } : {}),
    ...(has('annexUrls') ? { annexUrls: values.annexUrls || null } : {}),
    ...(has('planTime')
      ? {
          planStartTime: planTime?.[0]?.format(WIRE_TIME) ?? null,
          planEndTime: planTime?.[1]?.format(WIRE_TIME) ?? null,
        }
      : {}),
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
  // The project's layout: which built-in attributes show, in what order among its own fields.
  const columns = useColumnLayout(editing?.projectId ?? projectId);
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

  // Ctrl/Cmd+Enter saves; Esc closes, asking first when something was changed (1.0's drawer keys).
  const { modal } = App.useApp();
  const isOpen = target !== undefined;
  const latestSave = useRef(save);
  latestSave.current = save;
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        void latestSave.current().catch(() => {});
      } else if (
        e.key === 'Escape' &&
        !e.defaultPrevented &&
        !document.querySelector('.ant-modal-wrap .ant-modal')
      ) {
        e.preventDefault();
        if (!form.isFieldsTouched()) onClose();
        else
          modal.confirm({
            title: t('prompted'),
            content: t('defect.discard-changes'),
            okText: t('defect.discard'),
            cancelText: t('defect.keep-editing'),
            onOk: onClose,
          });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, form, modal, onClose, t]);

  const required = (key: string) => [{ required: true, message: t(key) }];
  /** Each attribute of the form with the layout keys it stands for; a wide one takes the whole row. */
  const formItems = (): Array<{ keys: string[]; isWide?: boolean; isCustom?: boolean; node: ReactNode }> => [
    {
      keys: ['defectType'],
      isWide: true,
      node: (
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
      ),
    },
    {
      keys: ['defectName'],
      isWide: true,
      node: (
        <Form.Item
          name="defectName"
          label={t('defect.title')}
          rules={[...required('defect.title-required'), { max: 1024 }]}
          extra={suggestion('title')}
        >
          <Input maxLength={1024} placeholder={t('defect.title-placeholder')} />
        </Form.Item>
      ),
    },
    {
      keys: ['defectLevel'],
      node: (
        <Form.Item name="defectLevel" label={t('defect.level')} rules={required('defect.level-required')}>
          <Select options={DEFECT_LEVELS.map((level) => ({ value: level, label: levelText(level) }))} />
        </Form.Item>
      ),
    },
    {
      keys: ['handleBy'],
      node: (
        <Form.Item
          name="handleBy"
          label={t('defect.handlers')}
          rules={required('defect.handler-required')}
          extra={suggestion('member')}
        >
          <MemberSelect members={members} />
        </Form.Item>
      ),
    },
    {
      keys: ['moduleId'],
      node: (
        <Form.Item name="moduleId" label={t('module.deliverable')} extra={suggestion('module')}>
          <ModuleSelect projectId={editing?.projectId ?? projectId} />
        </Form.Item>
      ),
    },
    {
      keys: ['moduleVersion'],
      node: (
        <Form.Item name="moduleVersion" label={t('defect.version')} extra={suggestion('version')}>
          <Input maxLength={128} placeholder={t('defect.version-placeholder')} />
        </Form.Item>
      ),
    },
    {
      keys: ['sponsor'],
      node: (
        <Form.Item name="sponsor" label={t('defect.sponsor')} tooltip={t('defect.sponsor-hint')}>
          <Input maxLength={SPONSOR_MAX} placeholder={t('defect.sponsor-placeholder')} />
        </Form.Item>
      ),
    },
    {
      keys: ['planStartTime', 'planEndTime'],
      node: (
        <Form.Item name="planTime" label={t('defect.plan-time')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('defect.plan-start'), t('defect.plan-end')]}
          />
        </Form.Item>
      ),
    },
    ...columns.customFields.map((field) => ({
      keys: [field.fieldKey],
      isCustom: true,
      isWide: WIDE_TYPES.includes(field.fieldType),
      node: (
        <Form.Item
          name={['customFields', field.fieldKey]}
          label={field.fieldLabel}
          required={field.required === 1}
          rules={[customFieldRule(t, field)]}
        >
          <CustomFieldInput field={field} />
        </Form.Item>
      ),
    })),
    {
      keys: ['defectDescribe'],
      isWide: true,
      node: (
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
      ),
    },
    {
      keys: ['imgUrls'],
      isWide: true,
      node: (
        <Form.Item name="imgUrls" label={t('defect.images')}>
          <UploadPathsField kind="image" />
        </Form.Item>
      ),
    },
    {
      keys: ['annexUrls'],
      isWide: true,
      node: (
        <Form.Item name="annexUrls" label={t('defect.annexes')}>
          <UploadPathsField kind="file" />
        </Form.Item>
      ),
    },
  ];
  return (
    <Drawer
      open={target !== undefined}
      title={t(editing ? 'defect.modify' : 'defect.create')}
      size={isMobile ? '100%' : '65%'}
      mask={{ closable: false }}
      keyboard={false}
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
        initialValues={initialValues(editing, prefill, columns.customFields)}
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
        <Row gutter={16}>
          {formItems()
            .filter((item) => item.isCustom || item.keys.some(columns.isShown))
            .sort(
              (a, b) => Math.min(...a.keys.map(columns.orderOf)) - Math.min(...b.keys.map(columns.orderOf)),
            )
            .map((item) => (
              <Col key={item.keys[0]} xs={24} md={item.isWide ? 24 : 12}>
                {item.node}
              </Col>
            ))}
        </Row>
      </Form>
    </Drawer>
  );
}
