import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuItem, toMenuItems } from './menu-items.tsx';
import { useMenuGroups } from './use-menu-groups.ts';

/** As many items as fit in a third of the body at 85 px each; the rest go under "more". */
const visibleCount = () => Math.max(1, Math.floor(document.body.clientWidth / 3 / 85));

export function TopNav({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useMenuGroups();
  const [count, setCount] = useState(visibleCount);

  useEffect(() => {
    const onResize = () => setCount(visibleCount());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const items = useMemo<MenuItem[]>(() => {
    const all = toMenuItems(groups.all);
    if (all.length <= count) return all;
    return [...all.slice(0, count), { key: 'more', label: t('more'), children: all.slice(count) }];
  }, [groups.all, count, t]);

  return (
    <Menu
      mode="horizontal"
      selectedKeys={[activeKey]}
      items={items}
      style={{ borderBottom: 'none', lineHeight: '48px' }}
      onClick={({ key }) => (/^https?:/.test(key) ? window.open(key, '_blank', 'noopener') : navigate(key))}
    />
  );
}
