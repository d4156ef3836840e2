import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface DebouncedSearchProps {
  value: string;
  placeholder: string;
  onSearch: (value: string) => void;
  width?: number;
}

const DELAY_MS = 300;

/** A search box that searches while typing, once the typing pauses (not on every keystroke). */
export function DebouncedSearch({ value, placeholder, onSearch, width = 320 }: DebouncedSearchProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // A change from outside (reset, back button) replaces what is typed.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <Input
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width: '100%', maxWidth: width }}
    />
  );
}
