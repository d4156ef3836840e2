import {
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Switch,
  TimePicker,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from './form-builder-schema.ts';

/** The control of a field, as the code written out has it. */
function Control({ field: f }: { field: FieldSchema }) {
  const full = { width: '100%' };
  switch (f.kind) {
    case 'input':
      return <Input placeholder={f.placeholder} />;
    case 'textarea':
      return <Input.TextArea rows={f.rows ?? 3} placeholder={f.placeholder} />;
    case 'password':
      return <Input.Password placeholder={f.placeholder} />;
    case 'number':
      return <InputNumber style={full} min={f.min} max={f.max} placeholder={f.placeholder} />;
    case 'select':
      return <Select allowClear options={f.options ?? []} placeholder={f.placeholder} />;
    case 'radio':
      return <Radio.Group options={f.options ?? []} />;
    case 'checkbox':
      return <Checkbox.Group options={f.options ?? []} />;
    case 'switch':
      return <Switch />;
    case 'date':
      return <DatePicker style={full} placeholder={f.placeholder} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={full} />;
    case 'time':
      return <TimePicker style={full} placeholder={f.placeholder} />;
    case 'rate':
      return <Rate />;
    case 'slider':
      return <Slider min={f.min ?? 0} max={f.max ?? 100} />;
  }
}

/** One field of the live preview: a working Form.Item with the field's rules. */
export function BuilderFormItem({ field }: { field: FieldSchema }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
      rules={
        field.isRequired ? [{ required: true, message: t('field-required', { field: field.label }) }] : []
      }
    >
      <Control field={field} />
    </Form.Item>
  );
}
