import type { Post } from '@buglet/contracts';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { DictSearchSelect, DictTag } from '../dicts/index.ts';
import { PostDialog } from './post-dialog.tsx';
import { deletePosts, listPosts, postKeys, postLabel } from './posts.api.ts';

const FILTERS = ['postCode', 'postName', 'status'] as const;

/** Posts (the original's 岗位): a post held by anyone cannot be deleted (the server says who). */
export default function PostListPage() {
  const { t } = useTranslation();
  return (
    <AdminListPage<Post, (typeof FILTERS)[number]>
      filters={FILTERS}
      rowKey="postId"
      permiPrefix="system:post"
      keys={postKeys}
      list={listPosts}
      remove={{ call: deletePosts, confirm: (ids) => t('post.confirm-delete', { ids }) }}
      exportTo={{ url: '/system/post/export', fileName: `${t('post.export-file')}_${Date.now()}.xlsx` }}
      search={
        <>
          <SearchInput name="postCode" label={t('post.code')} />
          <SearchInput name="postName" label={t('post.post-name')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        { title: t('id'), dataIndex: 'postId', width: 80 },
        { title: t('post.code'), dataIndex: 'postCode', ellipsis: true },
        { title: t('post.post-name'), ellipsis: true, render: (_v, row) => postLabel(row) },
        { title: t('post.sort'), dataIndex: 'postSort', width: 90 },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 90,
          render: (v: string) => <DictTag type="sys_normal_disable" value={v} />,
        },
        { title: t('create-time'), dataIndex: 'createTime', width: 170 },
        { title: t('operate'), fixed: 'right', render: (_v, row) => list.rowActions(row) },
      ]}
      dialog={(list) => <PostDialog target={list.target} onClose={list.closeDialog} />}
    />
  );
}
