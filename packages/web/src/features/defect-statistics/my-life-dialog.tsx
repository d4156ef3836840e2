import { Alert, ColorPicker, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { useSession } from '../../stores/session.store.ts';
import { saveMyLife } from './defect-statistics.api.ts';
import { type LIFE_FONT_SIZES, LIFE_MAX_LENGTH, type MyLife, serializeMyLife, withMotto } from './my-life.ts';

const SIZE_OPTIONS: { value: (typeof LIFE_FONT_SIZES)[number]; labelKey: string }[] = [
  { value: '45px', labelKey: 'defect.my-life.size-large' },
  { value: '35px', labelKey: 'defect.my-life.size-medium' },
  { value: '20px', labelKey: 'defect.my-life.size-small' },
];

interface MyLifeDialogProps {
  isOpen: boolean;
  /** The motto (the note's first line) with its colour and size. */
  life: MyLife;
  /** The whole note: the motto replaces its first line. */
  note: string;
  onClose: () => void;
}

/** Writes the motto into the user config; the session keeps the new text, so the card shows it at once. */
export function MyLifeDialog({ isOpen, life, note, onClose }: MyLifeDialogProps) {
  const { t } = useTranslation();
  const dialog = useFormDialog<MyLife>({
    isOpen,
    isCreate: false,
    save: async (values) => {
      const text = serializeMyLife({ ...values, lifeContent: withMotto(note, values.lifeContent) });
      await saveMyLife(text);
      useSession.setState((s) => ({ config: s.config ? { ...s.config, lifeContent: text } : s.config }));
    },
    invalidate: [],
    onClose,
    initialValues: isOpen ? life : undefined,
  });
  return (
    <FormDialog dialog={dialog} name="my-life" width={520} title={t('defect.my-life')}>
      <Alert type="success" showIcon title={t('defect.my-life.title')} style={{ marginBottom: 16 }} />
      <Link to="/member/life" onClick={onClose} style={{ display: 'inline-block', marginBottom: 12 }}>
        {t('my-life.open')}
      </Link>
      <Form.Item name="fontSize" label={t('defect.my-life.font-size')}>
        <Radio.Group options={SIZE_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))} />
      </Form.Item>
      <Form.Item
        name="color"
        label={t('defect.my-life.font-color')}
        getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}
      >
        <ColorPicker format="hex" disabledAlpha />
      </Form.Item>
      <Form.Item
        name="lifeContent"
        label={t('defect.my-life.content')}
        rules={[{ max: LIFE_MAX_LENGTH, message: t('defect.my-life.too-long', { max: LIFE_MAX_LENGTH }) }]}
      >
        <Input.TextArea
          rows={4}
          autoFocus
          count={{ show: true, max: LIFE_MAX_LENGTH }}
          placeholder={t('defect.my-life.input-content')}
        />
      </Form.Item>
    </FormDialog>
  );
}
