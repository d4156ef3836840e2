import type { AjaxResult, Post, PostBody as PostRequest, TableData } from '@buglet/contracts';
import { http } from '../../lib/http.ts';
import { seededText } from '../../lib/i18n.ts';
import type { QueryObject } from '../../lib/query-string.ts';

/** What the dialog sends (the status as the dictionary's value). */
export type PostBody = Omit<PostRequest, 'status'> & { status?: string };

export const postKeys = {
  all: ['posts'] as const,
  list: (query: QueryObject) => ['posts', 'list', query] as const,
  options: ['posts', 'options'] as const,
};

export const listPosts = (query: QueryObject) => http.get<TableData<Post>>('/system/post/list', query);
export const listPostOptions = () => http.get<AjaxResult<Post[]>>('/system/post/optionselect');
export const addPost = (body: PostBody) => http.post('/system/post', body);
export const updatePost = (body: PostBody) => http.put('/system/post', body);
export const deletePosts = (ids: readonly number[]) => http.delete(`/system/post/${ids.join(',')}`);

/** A seeded post's name in the reader's language until someone renames it. */
export const postLabel = (post: Pick<Post, 'postCode' | 'postName'>) =>
  seededText(`post.name.${post.postCode}`, post.postName);
