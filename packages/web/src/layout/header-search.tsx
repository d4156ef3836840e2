import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { leafEntries } from './menu-items.tsx';
import { useMenuGroups } from './use-menu-groups.ts';

/** Fuzzy search over menu titles and paths; choosing a result opens the page. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useMenuGroups();
  const [query, setQuery] = useState('');

  const fuse = useMemo(() => {
    const pages = [{ key: '/index', title: t('home') }, ...leafEntries(groups.all)].map((p) => ({
      path: p.key,
      title: p.title,
    }));
    return new Fuse(pages, {
      threshold: 0.4,
      keys: [
        { name: 'title', weight: 0.7 },
        { name: 'path', weight: 0.3 },
      ],
    });
  }, [groups.all, t]);

  const options = query
    ? fuse.search(query).map(({ item }) => ({ value: item.path, label: `${item.title} (${item.path})` }))
    : [];

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('search')}
        </span>
      }
      options={options}
      notFoundContent={query ? t('no-data') : null}
      style={{ width: 200 }}
      variant="borderless"
      suffixIcon={null}
      onChange={(path: string) => {
        setQuery('');
        if (/^https?:/.test(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}
