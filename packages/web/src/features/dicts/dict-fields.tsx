import { Radio, type RadioGroupProps } from 'antd';
import { SearchSelect } from '../../components/search-form.tsx';
import { type DictTypeName, useDict } from './use-dict.ts';

/** Radio buttons over a dictionary's values; inside a Form.Item, value and onChange come from the form. */
export function DictRadioGroup({
  type,
  ...props
}: { type: DictTypeName } & Omit<RadioGroupProps, 'options'>) {
  const dict = useDict(type);
  return <Radio.Group {...props} options={dict.options.map((o) => ({ value: o.value, label: o.label }))} />;
}

interface DictSearchSelectProps {
  type: DictTypeName;
  name: string;
  label: string;
  width?: number;
}

/** A list filter over a dictionary's values (status, yes/no, ...). */
export function DictSearchSelect({ type, name, label, width }: DictSearchSelectProps) {
  const dict = useDict(type);
  return <SearchSelect name={name} label={label} options={dict.options} width={width} />;
}
