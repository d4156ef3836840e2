import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from './permi-button.tsx';

/** What is being locked or unlocked: its name and whether it is locked now. */
export interface LockTarget {
  name: string;
  isLock: number;
  lockRemark: string | null;
}

interface LockDialogProps {
  target: LockTarget | undefined;
  onClose: () => void;
  /** Locks (or unlocks, when locked now) with the reason given; rejects when the server refuses. */
  onSubmit: (isLock: 0 | 1, lockRemark: string) => Promise<unknown>;
}

/**
 * The administrator's lock or unlock of a team or project (1.0 §13.8): always with a reason, which
 * its members read on the banner and on every change refused.
 */
export function LockDialog({ target, onClose, onSubmit }: LockDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ lockRemark: string }>();
  const [isSaving, setSaving] = useState(false);
  const isLocking = target?.isLock !== 1;
  const submit = async () => {
    const { lockRemark } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(isLocking ? 1 : 0, lockRemark.trim());
      onClose();
    } catch {
      // The server's refusal was shown by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={target !== undefined}
      title={t(isLocking ? 'lock.dialog.lock' : 'lock.dialog.unlock', { name: target?.name ?? '' })}
      okText={t(isLocking ? 'lock.action.lock' : 'lock.action.unlock')}
      okButtonProps={{ danger: isLocking }}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={onClose}
      width={600}
      destroyOnHidden
    >
      {target?.isLock === 1 && target.lockRemark ? (
        <Typography.Paragraph type="secondary">
          {t('lock.dialog.current', { reason: target.lockRemark })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="lockRemark"
          label={t(isLocking ? 'lock.dialog.lock-reason' : 'lock.dialog.unlock-reason')}
          extra={isLocking ? t('lock.dialog.lock-hint') : undefined}
          rules={[{ required: true, whitespace: true, message: t('lock.dialog.reason-required') }]}
        >
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A team's or project's lock as a tag in a list: locked (the reason on hover) or open. */
export function LockTag({ target }: { target: Pick<LockTarget, 'isLock' | 'lockRemark'> }) {
  const { t } = useTranslation();
  return target.isLock === 1 ? (
    <Tooltip title={target.lockRemark}>
      <Tag color="error" icon={<LockOutlined />}>
        {t('lock.state.locked')}
      </Tag>
    </Tooltip>
  ) : (
    <Tag>{t('lock.state.open')}</Tag>
  );
}

/** The row's Lock or Unlock, for whoever holds `permi`; opens the LockDialog. */
export function LockButton({
  isLock,
  permi,
  onClick,
}: {
  isLock: number;
  permi: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PermiButton
      permi={[permi]}
      type="link"
      size="small"
      icon={isLock === 1 ? <UnlockOutlined /> : <LockOutlined />}
      onClick={onClick}
    >
      {t(isLock === 1 ? 'lock.action.unlock' : 'lock.action.lock')}
    </PermiButton>
  );
}
