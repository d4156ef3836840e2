import { INTRODUCE_MAX, TEAM_NAME_MAX } from '@buglet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../components/image-upload-field.tsx';

/** Name, icon and introduction, shared by the create page and the base-info page. */
export function TeamFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="teamName"
        label={t('team.name')}
        rules={[{ required: true, whitespace: true, message: t('team.name-cannot-empty') }]}
      >
        <Input maxLength={TEAM_NAME_MAX} placeholder={t('team.please-enter-name')} />
      </Form.Item>
      <Form.Item
        name="teamIcon"
        label={t('team.icon')}
        extra={t('team.icon-hint')}
        rules={[{ required: true, message: t('team.icon-cannot-empty') }]}
      >
        <ImageUploadField />
      </Form.Item>
      <Form.Item name="introduce" label={t('team.introduce')}>
        <Input.TextArea
          rows={5}
          maxLength={INTRODUCE_MAX}
          showCount
          placeholder={t('team.please-enter-introduce')}
        />
      </Form.Item>
    </>
  );
}

/** Label column on wide screens, stacked labels on phones. */
export const FORM_LAYOUT = {
  labelCol: { xs: { span: 24 }, md: { flex: '120px' } },
  wrapperCol: { xs: { span: 24 }, md: { flex: 'auto' } },
  style: { maxWidth: 720 },
} as const;
