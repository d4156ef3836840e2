import {
  CASE_DATA_MAX,
  CASE_KEY_MAX,
  CASE_STATES,
  CASE_TEXT_MAX,
  type CaseState,
  type TestCase,
} from '@buglet/contracts';
import { App, Button, Checkbox, Col, Drawer, Form, Input, Row, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../stores/layout.store.ts';
import { UploadPathsField } from '../defects/index.ts';
import { ModuleSelect } from '../modules/index.ts';
import { type StepDraft, stepProblems, stepsBody, toDrafts } from './case-steps.ts';
import { CaseStepsEditor } from './case-steps-editor.tsx';
import { levelOptions } from './case-tags.tsx';
import { type CaseFields, createCase, updateCase } from './cases.api.ts';

/** No case: create one (on `moduleId`, the tree's selection, when given); a case: edit it. */
export interface CaseFormTarget {
  testCase?: TestCase;
  moduleId?: number;
}

interface FormValues {
  caseName: string;
  moduleId: number;
  caseLevel: number;
  casePreconditions?: string;
  caseExpect: string;
  caseStep: StepDraft[];
  caseState: CaseState;
  remark?: string;
  imgUrls?: string;
  annexUrls?: string;
  caseData?: string;
  caseKey?: string;
}

const DEFAULT_LEVEL = 1;

function initialValues(target: CaseFormTarget | undefined): Partial<FormValues> {
  const c = target?.testCase;
  if (!c)
    return {
      moduleId: target?.moduleId,
      caseLevel: DEFAULT_LEVEL,
      caseStep: toDrafts([{ stepDescribe: '', stepExpect: '' }]),
      caseState: 'untested',
    };
  return {
    caseName: c.caseName,
    moduleId: c.moduleId ?? undefined,
    caseLevel: c.caseLevel,
    casePreconditions: c.casePreconditions ?? '',
    caseExpect: c.caseExpect,
    caseStep: toDrafts(c.caseStep),
    caseState: c.caseState,
    remark: c.remark ?? '',
    imgUrls: c.imgUrls ?? '',
    annexUrls: c.annexUrls ?? '',
    caseData: c.caseData ?? '',
    caseKey: c.caseKey ?? '',
  };
}

function toFields(values: FormValues): CaseFields {
  return {
    caseName: values.caseName.trim(),
    moduleId: values.moduleId,
    caseLevel: values.caseLevel,
    casePreconditions: values.casePreconditions?.trim() || null,
    caseExpect: values.caseExpect.trim(),
    caseStep: stepsBody(values.caseStep ?? []),
    caseState: values.caseState,
    remark: values.remark?.trim() || null,
    imgUrls: values.imgUrls || null,
    annexUrls: values.annexUrls || null,
    caseData: values.caseData?.trim() || null,
    caseKey: values.caseKey?.trim() || null,
  };
}

interface CaseFormDrawerProps {
  projectId: number;
  target: CaseFormTarget | undefined;
  onClose: () => void;
  /** Saved and done: the page shows the case. */
  onSaved: (caseId: number) => void;
  /** Created with "continue" on: the form stays open for the next case, the list refreshes. */
  onCreatedAnother: () => void;
}

/** Create or edit a test case; only the buttons close it, so a stray click cannot lose the steps. */
export function CaseFormDrawer({
  projectId,
  target,
  onClose,
  onSaved,
  onCreatedAnother,
}: CaseFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isMobile = useLayout((s) => s.isMobile);
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setSaving] = useState(false);
  const [isContinuing, setContinuing] = useState(true);
  const editing = target?.testCase;

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const fields = toFields(values);
      if (editing) {
        await updateCase({ ...fields, caseId: editing.caseId });
        message.success(t('modify-success'));
        onSaved(editing.caseId);
        return;
      }
      const res = await createCase({ ...fields, projectId });
      message.success(t('case.create-success', { num: res.data?.caseNum ?? '' }));
      if (isContinuing) {
        // The next case usually goes on the same deliverable at the same level.
        form.resetFields();
        form.setFieldsValue({ moduleId: values.moduleId, caseLevel: values.caseLevel });
        onCreatedAnother();
      } else if (res.data) onSaved(res.data.caseId);
    } catch {
      // The HTTP layer already showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const required = (key: string): Rule[] => [{ required: true, whitespace: true, message: t(key) }];
  const stepsRule: Rule = {
    validator: (_rule, steps: StepDraft[] | undefined) => {
      const problems = stepProblems(steps ?? []);
      const index = problems.findIndex((p) => p !== undefined);
      if (index < 0) return Promise.resolve();
      return Promise.reject(new Error(t(`case.step.problem.${problems[index]}`, { num: index + 1 })));
    },
  };
  const text = (rows: number) => ({
    autoSize: { minRows: rows, maxRows: 8 },
    maxLength: CASE_TEXT_MAX,
    showCount: true,
  });

  return (
    <Drawer
      open={target !== undefined}
      title={t(editing ? 'case.modify' : 'case.create')}
      size={isMobile ? '100%' : '60%'}
      mask={{ closable: false }}
      destroyOnHidden
      onClose={onClose}
      styles={{ body: { borderLeft: '3px solid #13ce66' } }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void save().catch(() => {})}>
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="case-form"
        layout="vertical"
        initialValues={initialValues(target)}
        preserve={false}
      >
        {editing ? null : (
          <Form.Item>
            <Checkbox checked={isContinuing} onChange={(e) => setContinuing(e.target.checked)}>
              {t('case.continue-creating')}
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item name="caseName" label={t('case.title')} rules={required('case.title-required')}>
          <Input.TextArea {...text(1)} placeholder={t('case.title-placeholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="moduleId"
              label={t('module.deliverable')}
              rules={[{ required: true, message: t('case.module-required') }]}
            >
              <ModuleSelect projectId={editing?.projectId ?? projectId} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="caseLevel"
              label={t('case.level')}
              rules={[{ required: true, message: t('case.level-required') }]}
            >
              <Select options={levelOptions()} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="caseState" label={t('case.state')}>
              <Select
                options={CASE_STATES.map((state) => ({ value: state, label: t(`case.state.${state}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="casePreconditions" label={t('case.preconditions')} tooltip={t('case.markdown-help')}>
          <Input.TextArea {...text(2)} placeholder={t('case.preconditions-placeholder')} />
        </Form.Item>
        <Form.Item
          name="caseExpect"
          label={t('case.expect')}
          tooltip={t('case.markdown-help')}
          rules={required('case.expect-required')}
        >
          <Input.TextArea {...text(2)} placeholder={t('case.expect-placeholder')} />
        </Form.Item>
        <Form.Item name="caseStep" label={t('case.steps')} rules={[stepsRule]}>
          <CaseStepsEditor />
        </Form.Item>
        <Form.Item
          name="caseData"
          label={t('case.data')}
          tooltip={t('case.markdown-help')}
          rules={[{ max: CASE_DATA_MAX, message: t('case.data-too-long', { max: CASE_DATA_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={CASE_DATA_MAX} showCount />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')}>
          <Input.TextArea {...text(2)} />
        </Form.Item>
        <Form.Item
          name="caseKey"
          label={t('case.key')}
          tooltip={t('case.key-help')}
          rules={[{ max: CASE_KEY_MAX, message: t('case.key-too-long') }]}
        >
          <Input maxLength={CASE_KEY_MAX} placeholder="shop.CheckoutTest.paysByCard" />
        </Form.Item>
        <Form.Item name="imgUrls" label={t('case.images')}>
          <UploadPathsField kind="image" />
        </Form.Item>
        <Form.Item name="annexUrls" label={t('case.annexes')}>
          <UploadPathsField kind="file" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
