import { Tag } from 'antd';
import { dictLabel, useDict } from './use-dict.ts';

const COLORS: Record<string, string | undefined> = {
  primary: 'blue',
  success: 'green',
  info: 'default',
  warning: 'orange',
  danger: 'red',
  default: undefined,
};

/** A dictionary value as a coloured tag (listClass), or plain text when the entry has no style. */
export function DictTag({ type, value }: { type: string; value: string | null | undefined }) {
  const dict = useDict(type);
  const entry = dict.find(value);
  if (!entry) return <span>{value ?? ''}</span>;
  const label = dictLabel(type, entry);
  if (!entry.listClass || entry.listClass === 'default') return <span>{label}</span>;
  return <Tag color={COLORS[entry.listClass]}>{label}</Tag>;
}
