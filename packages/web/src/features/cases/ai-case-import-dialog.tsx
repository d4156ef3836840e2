import { Alert, App, Flex, Form, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleSelect } from '../modules/index.ts';
import { batchBody, type DraftCase, needsDeliverable } from './ai-conversation.ts';
import { createCases } from './cases.api.ts';

interface AiCaseImportDialogProps {
  projectId: number;
  /** The chosen cases; undefined: closed. */
  cases: DraftCase[] | undefined;
  onClose: () => void;
  /** All imported (the batch is all or nothing); `moduleId` is what the cases without one got. */
  onImported: (keys: string[], moduleId: number | undefined) => void;
}

/**
 * Imports the chosen cases in one batch. Cases without a deliverable get the one picked here (those
 * with one keep theirs); a case the server would refuse is named before anything is sent.
 */
export function AiCaseImportDialog({ projectId, cases, onClose, onImported }: AiCaseImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [moduleId, setModuleId] = useState<number | undefined>();
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (cases) setModuleId(undefined);
  }, [cases]);

  const chosen = cases ?? [];
  const withoutModule = chosen.filter((c) => !c.moduleId).length;
  const isModuleNeeded = needsDeliverable(chosen);
  const { body, problems } = batchBody(projectId, chosen, moduleId);
  const otherProblems = problems.filter((p) => p.problem !== 'module');
  const nameOf = (key: string) => chosen.find((c) => c.key === key)?.caseName || `#${key}`;

  const save = async () => {
    if (problems.length > 0 || body.length === 0) return;
    setSaving(true);
    try {
      await createCases(body);
      message.success(t('ai.case.import-success', { count: body.length }));
      onImported(
        chosen.map((c) => c.key),
        moduleId,
      );
    } catch {
      // The HTTP layer showed the server's reason; nothing was imported.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={cases !== undefined}
      title={t('ai.case.import-title', { count: chosen.length })}
      okText={t('ai.case.import-ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: problems.length > 0, loading: isSaving }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      className="ai-case-import-dialog"
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {t('ai.case.import-summary', { count: chosen.length, without: withoutModule })}
        </Typography.Text>
        <Form layout="vertical">
          <Form.Item
            label={t('module.deliverable')}
            required={isModuleNeeded}
            extra={t('ai.case.import-module-hint')}
            validateStatus={isModuleNeeded && !moduleId ? 'warning' : undefined}
            help={
              isModuleNeeded && !moduleId
                ? t('ai.case.import-module-required', { count: withoutModule })
                : undefined
            }
          >
            <ModuleSelect
              projectId={projectId}
              value={moduleId}
              onChange={setModuleId}
              id="ai-import-module"
            />
          </Form.Item>
        </Form>
        {otherProblems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title={t('ai.case.import-problems')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {otherProblems.map((p) => (
                  <li key={p.key}>{t(`ai.case.problem.${p.problem}`, { name: nameOf(p.key) })}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
