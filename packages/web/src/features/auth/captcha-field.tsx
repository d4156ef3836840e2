import { SafetyOutlined } from '@ant-design/icons';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface CaptchaFieldProps {
  image: string;
  onRefresh: () => void;
  onEnter?: () => void;
}

export function CaptchaField({ image, onRefresh, onEnter }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8}>
      <Form.Item
        name="code"
        style={{ flex: 1, marginBottom: 0 }}
        rules={[{ required: true, message: t('please-enter-verification-code') }]}
      >
        <Input
          size="large"
          prefix={<SafetyOutlined />}
          placeholder={t('verification-code')}
          autoComplete="off"
          onPressEnter={onEnter}
        />
      </Form.Item>
      {image ? (
        <button
          type="button"
          onClick={onRefresh}
          title={t('captcha.refresh')}
          style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer', height: 40 }}
        >
          <img src={image} alt={t('verification-code')} style={{ height: 40, display: 'block' }} />
        </button>
      ) : null}
    </Flex>
  );
}
