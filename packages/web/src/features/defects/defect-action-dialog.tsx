import type { DefectAction, Member } from '@buglet/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.store.ts';
import { type ActionBody, runDefectAction } from './defects.api.ts';
import { MemberSelect } from './member-select.tsx';

/** What each action asks for: who receives it, and whether a reason is required. */
const NEEDS: Record<DefectAction, { receivers?: 'members' | 'tester'; isReasonRequired: boolean }> = {
  assign: { receivers: 'members', isReasonRequired: false },
  repair: { receivers: 'tester', isReasonRequired: false },
  pass: { isReasonRequired: false },
  reject: { isReasonRequired: true },
  close: { isReasonRequired: true },
  open: { isReasonRequired: true },
};

const REASON_MAX = 255;

/**
 * Who is offered to review a fix: any member may (the server refuses no member, as the original
 * does not), but the project's testers come first, then the other members, the fixer last.
 */
export function reviewersFor(fixerId: number | undefined, members: Member[], testers: Member[]): Member[] {
  const testerIds = new Set(testers.map((m) => m.userId));
  const rank = (m: Member) => (m.userId === fixerId ? 2 : testerIds.has(m.userId) ? 0 : 1);
  const everyone = [...members, ...testers.filter((m) => !members.some((o) => o.userId === m.userId))];
  return everyone.sort((a, b) => rank(a) - rank(b)); // a stable sort: each group keeps its order
}

interface DefectActionDialogProps {
  defectId: number;
  action: DefectAction | undefined;
  members: Member[];
  testers: Member[];
  onClose: () => void;
  onDone: () => void;
}

/** One dialog for the six workflow actions; the server decides, and says why when it refuses. */
export function DefectActionDialog({
  defectId,
  action,
  members,
  testers,
  onClose,
  onDone,
}: DefectActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ActionBody>();
  const [isSaving, setSaving] = useState(false);
  const needs = action ? NEEDS[action] : undefined;
  const myId = useSession((s) => s.user?.userId);
  const reviewers = reviewersFor(myId, members, testers);
  const testerIds = new Set(testers.map((m) => m.userId));
  const isSelfReview = reviewers.length === 1 && reviewers[0]?.userId === myId;

  const submit = async () => {
    if (!action) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await runDefectAction(defectId, action, {
        receiveBy: needs?.receivers ? values.receiveBy : undefined,
        defectLogDescribe: values.defectLogDescribe?.trim() || undefined,
      });
      message.success(t(`defect.action-success.${action}`));
      onDone();
    } catch {
      // Refusals (code 500 with a reason, or 403) were shown by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={action !== undefined}
      title={action ? t(`defect.action.${action}`) : ''}
      okText={t('submit')}
      cancelText={t('cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Form form={form} name="defect-action" layout="vertical" preserve={false}>
        {action === 'pass' ? <p>{t('defect.pass-confirm')}</p> : null}
        {needs?.receivers === 'tester' && isSelfReview ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('defect.self-review')} />
        ) : null}
        {needs?.receivers === 'tester' && reviewers.length === 0 ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('defect.no-reviewer')} />
        ) : null}
        {needs?.receivers ? (
          <Form.Item
            name="receiveBy"
            label={t(needs.receivers === 'tester' ? 'defect.reviewer' : 'defect.assign-to')}
            rules={[
              {
                required: true,
                message: t(
                  needs.receivers === 'tester' ? 'defect.reviewer-required' : 'defect.handler-required',
                ),
              },
            ]}
          >
            <MemberSelect
              members={needs.receivers === 'tester' ? reviewers : members}
              isSingle={needs.receivers === 'tester'}
              markedIds={needs.receivers === 'tester' ? testerIds : undefined}
              markLabel={t('defect.reviewer-tester')}
              placeholder={t(
                needs.receivers === 'tester' ? 'defect.reviewer-placeholder' : 'defect.handler-placeholder',
              )}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="defectLogDescribe"
          label={t('defect.reason')}
          rules={[
            {
              required: needs?.isReasonRequired ?? false,
              whitespace: true,
              message: t('defect.reason-required'),
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={REASON_MAX}
            showCount
            placeholder={t('defect.reason-placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
