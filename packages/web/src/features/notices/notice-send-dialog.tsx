import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { MarkdownField, MemberSelect, useProjectMembers } from '../defects/index.ts';
import { noticeKeys, sendNotice } from './notices.api.ts';

interface SendValues {
  receiveIds: number[];
  title: string;
  content: string;
}

interface NoticeSendDialogProps {
  isOpen: boolean;
  projectId: number;
  onClose: () => void;
}

export const NOTICE_TITLE_MAX = 255;
export const NOTICE_CONTENT_MAX = 65536;

/** A hand-written notice (Markdown) to members of the current project. */
export function NoticeSendDialog({ isOpen, projectId, onClose }: NoticeSendDialogProps) {
  const { t } = useTranslation();
  const { members } = useProjectMembers(isOpen ? projectId : 0);
  const dialog = useFormDialog<SendValues>({
    isOpen,
    isCreate: true,
    save: (values) => sendNotice({ ...values, projectId, groupName: 'artificial' }),
    invalidate: [noticeKeys.lists, noticeKeys.groups],
    onClose,
    successText: t('notice.send-success'),
  });
  return (
    <FormDialog dialog={dialog} name="notice-send" title={t('notice.send')} width={720}>
      <Form.Item
        name="receiveIds"
        label={t('notice.receiver')}
        rules={[{ required: true, type: 'array', min: 1, message: t('notice.receiver-not-empty') }]}
      >
        <MemberSelect members={members} placeholder={t('notice.please-select-receiver')} />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('notice.title')}
        rules={[
          { required: true, whitespace: true, message: t('notice.title-not-empty') },
          { max: NOTICE_TITLE_MAX, message: t('notice.title-too-long', { max: NOTICE_TITLE_MAX }) },
        ]}
      >
        <Input maxLength={NOTICE_TITLE_MAX} showCount placeholder={t('notice.please-enter-title')} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notice.content')}
        rules={[
          { required: true, whitespace: true, message: t('notice.content-not-empty') },
          { max: NOTICE_CONTENT_MAX, message: t('notice.content-too-long', { max: NOTICE_CONTENT_MAX }) },
        ]}
      >
        <MarkdownField placeholder={t('notice.please-enter-content')} />
      </Form.Item>
    </FormDialog>
  );
}
