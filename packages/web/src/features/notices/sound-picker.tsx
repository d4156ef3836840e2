import { CaretRightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeSound } from './notice-settings.ts';
import { NOTICE_SOUND_TABLE, playNoticeSound } from './notice-sounds.ts';

/** "Play a sound" with the sound to play and a ▶ to hear it; the fields soundOn and sound of the form around. */
export function SoundPicker({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const isSoundOn = Form.useWatch('soundOn', form) ?? true;
  const sound = Form.useWatch('sound', form) as NoticeSound | undefined;
  return (
    <Space wrap>
      <Form.Item name="soundOn" valuePropName="checked" noStyle>
        <Checkbox disabled={disabled}>{t('notice.system.bgm-enable')}</Checkbox>
      </Form.Item>
      <Form.Item name="sound" noStyle>
        <Select
          aria-label={t('notice.sound')}
          disabled={disabled || !isSoundOn}
          style={{ width: 220 }}
          options={NOTICE_SOUND_TABLE.map((s) => ({ value: s.file, label: t(s.labelKey) }))}
        />
      </Form.Item>
      <Tooltip title={t('notice.sound.preview')}>
        <Button
          icon={<CaretRightOutlined />}
          aria-label={t('notice.sound.preview')}
          disabled={disabled || !isSoundOn}
          onClick={() => playNoticeSound(sound)}
        />
      </Tooltip>
    </Space>
  );
}
