import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, type SelectProps, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SearchFormProps<V> {
  initialValues: V;
  onSearch: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}

/** Inline filter form that wraps on narrow screens; it is re-created when the URL filters change. */
export function SearchForm<V extends object>({
  initialValues,
  onSearch,
  onReset,
  children,
}: SearchFormProps<V>) {
  const { t } = useTranslation();
  return (
    <Form
      key={JSON.stringify(initialValues)}
      name="search"
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 12, flexWrap: 'wrap' }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onReset}>
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

interface SearchFieldProps {
  name: string;
  label: string;
}

/** A free-text filter. */
export function SearchInput({ name, label }: SearchFieldProps) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={label} />
    </Form.Item>
  );
}

/** A choose-one filter that can be cleared. */
export function SearchSelect({
  name,
  label,
  options,
  width = 140,
}: SearchFieldProps & { options: SelectProps['options']; width?: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} options={options} placeholder={label} />
    </Form.Item>
  );
}
