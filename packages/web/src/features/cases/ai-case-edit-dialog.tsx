import { type AiCase, CASE_TEXT_MAX } from '@buglet/contracts';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ModuleSelect } from '../modules/index.ts';
import type { DraftCase } from './ai-conversation.ts';
import { type StepDraft, stepsBody, toDrafts } from './case-steps.ts';
import { CaseStepsEditor } from './case-steps-editor.tsx';
import { levelOptions } from './case-tags.tsx';

interface FormValues {
  caseName: string;
  moduleId?: number;
  caseLevel: number;
  casePreconditions: string;
  caseExpect: string;
  caseStep: StepDraft[];
}

interface AiCaseEditDialogProps {
  projectId: number;
  draft: DraftCase | undefined;
  onClose: () => void;
  onSave: (key: string, patch: Partial<AiCase>) => void;
}

/** Corrects one generated case before it is imported (nothing is sent to the server here). */
export function AiCaseEditDialog({ projectId, draft, onClose, onSave }: AiCaseEditDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const required = (key: string): Rule[] => [{ required: true, whitespace: true, message: t(key) }];
  const text = { autoSize: { minRows: 1, maxRows: 6 }, maxLength: CASE_TEXT_MAX, showCount: true };

  const save = async () => {
    if (!draft) return;
    const v = await form.validateFields();
    onSave(draft.key, {
      caseName: v.caseName.trim(),
      moduleId: v.moduleId ?? null,
      modulePath: null,
      caseLevel: v.caseLevel,
      casePreconditions: (v.casePreconditions ?? '').trim(),
      caseExpect: v.caseExpect.trim(),
      caseStep: stepsBody(v.caseStep ?? []),
    });
    onClose();
  };

  return (
    <Modal
      open={draft !== undefined}
      title={t('ai.case.edit-title')}
      width={760}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      {draft ? (
        <Form<FormValues>
          form={form}
          name="ai-case-edit"
          layout="vertical"
          preserve={false}
          initialValues={{
            caseName: draft.caseName,
            moduleId: draft.moduleId ?? undefined,
            caseLevel: draft.caseLevel,
            casePreconditions: draft.casePreconditions,
            caseExpect: draft.caseExpect,
            caseStep: toDrafts(draft.caseStep),
          }}
        >
          <Form.Item name="caseName" label={t('case.title')} rules={required('case.title-required')}>
            <Input.TextArea {...text} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item
                name="moduleId"
                label={t('module.deliverable')}
                extra={t('ai.case.module-at-import')}
              >
                <ModuleSelect projectId={projectId} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="caseLevel" label={t('case.level')}>
                <Select options={levelOptions()} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="casePreconditions" label={t('case.preconditions')}>
            <Input.TextArea {...text} />
          </Form.Item>
          <Form.Item name="caseExpect" label={t('case.expect')} rules={required('case.expect-required')}>
            <Input.TextArea {...text} />
          </Form.Item>
          <Form.Item name="caseStep" label={t('case.steps')}>
            <CaseStepsEditor />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
