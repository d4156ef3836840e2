import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SearchTarget, useSearchResults } from './use-search-results.ts';

/**
 * The header's search: pages, the team's projects, the current project's defects and cases
 * (use-search-results.ts); choosing a result opens it. Ctrl/Cmd+K opens the same search in the
 * command palette.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { results, open, isWaiting } = useSearchResults(query);
  const targets = new Map(results.flatMap((g) => g.items.map((item) => [item.key, item.target] as const)));
  const options = results.map((g) => ({
    label: g.label,
    title: g.label,
    options: g.items.map((item) => ({ value: item.key, label: item.label })),
  }));

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('search')}
        </span>
      }
      aria-label={t('search')}
      data-testid="header-search"
      options={options}
      loading={isWaiting}
      notFoundContent={query.trim() && !isWaiting ? t('no-data') : null}
      style={{ width: 200 }}
      popupMatchSelectWidth={360}
      variant="borderless"
      suffixIcon={null}
      onChange={(value: string) => {
        setQuery('');
        const target = targets.get(value) as SearchTarget | undefined;
        if (target) void open(target).catch(() => {});
      }}
    />
  );
}
