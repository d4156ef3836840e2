import { Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMetaResolver } from '../router/use-route-meta.ts';
import { useLayout } from '../stores/layout.store.ts';
import { useTagsView, type VisitedTag } from '../stores/tags-view.store.ts';

type Action = 'refresh' | 'close' | 'close-others' | 'close-left' | 'close-right' | 'close-all';

/** Row of visited pages; right-click for the context menu, middle-click closes. */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const resolve = useMetaResolver();
  const colorPrimary = useLayout((s) => s.settings.theme);
  const tags = useTagsView();

  /** After closing, stay put if the current page survived, else open the last remaining tag. */
  const afterClose = () => {
    const remaining = useTagsView.getState().visited;
    if (remaining.some((v) => v.path === pathname)) return;
    navigate(remaining[remaining.length - 1]?.fullPath ?? '/index');
  };

  const run = (action: Action, tag: VisitedTag) => {
    if (action === 'refresh') {
      navigate(`/redirect${tag.fullPath}`, { replace: true });
      return;
    }
    if (action === 'close') tags.close(tag.path);
    if (action === 'close-others') {
      tags.closeOthers(tag.path);
      navigate(tag.fullPath);
    }
    if (action === 'close-left') tags.closeLeft(tag.path);
    if (action === 'close-right') tags.closeRight(tag.path);
    if (action === 'close-all') tags.closeAll();
    afterClose();
  };

  const menuItems = (tag: VisitedTag) => [
    { key: 'refresh', label: t('tags.refresh') },
    ...(tag.isAffix ? [] : [{ key: 'close', label: t('tags.close') }]),
    { key: 'close-others', label: t('tags.close-others') },
    { key: 'close-left', label: t('tags.close-left') },
    { key: 'close-right', label: t('tags.close-right') },
    { key: 'close-all', label: t('tags.close-all') },
  ];

  return (
    <div
      data-testid="tags-view"
      style={{
        height: 34,
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '0 8px',
        overflowX: 'auto',
      }}
    >
      {tags.visited.map((tag) => {
        const isActive = tag.path === pathname;
        const title = tag.path === '/index' ? t('home') : resolve(tag.path).title || tag.path;
        return (
          <Dropdown
            key={tag.path}
            trigger={['contextMenu']}
            menu={{ items: menuItems(tag), onClick: ({ key }) => run(key as Action, tag) }}
          >
            <Tag
              color={isActive ? colorPrimary : undefined}
              closable={!tag.isAffix}
              onClose={(e) => {
                e.preventDefault();
                run('close', tag);
              }}
              onClick={() => navigate(tag.fullPath)}
              onMouseUp={(e) => {
                if (e.button === 1 && !tag.isAffix) run('close', tag);
              }}
              style={{ cursor: 'pointer', marginInlineEnd: 0, userSelect: 'none' }}
            >
              {title}
            </Tag>
          </Dropdown>
        );
      })}
    </div>
  );
}
