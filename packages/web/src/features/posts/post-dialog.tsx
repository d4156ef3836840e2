import { POST_LIMITS, type Post } from '@buglet/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import { addPost, type PostBody, postKeys, updatePost } from './posts.api.ts';

const NEW_POST = { postSort: 0, status: '0' } as const;

export function PostDialog({ target, onClose }: { target: EditTarget<Post>; onClose: () => void }) {
  const { t } = useTranslation();
  const isCreate = target === null;
  const initialValues = useMemo(
    () => (target ? { ...target, remark: target.remark ?? '' } : NEW_POST),
    [target],
  );
  const dialog = useFormDialog<PostBody>({
    isOpen: target !== undefined,
    isCreate,
    initialValues,
    save: (values) => (isCreate ? addPost : updatePost)({ ...values, postId: target?.postId }),
    invalidate: [postKeys.all],
    onClose,
  });

  return (
    <FormDialog dialog={dialog} name="post-dialog" title={t(isCreate ? 'post.add' : 'post.edit')} width={500}>
      <Form.Item
        name="postName"
        label={t('post.post-name')}
        rules={[{ required: true, whitespace: true, message: t('post.name-required') }]}
      >
        <Input maxLength={POST_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="postCode"
        label={t('post.code')}
        rules={[{ required: true, whitespace: true, message: t('post.code-required') }]}
      >
        <Input maxLength={POST_LIMITS.code} />
      </Form.Item>
      <Form.Item
        name="postSort"
        label={t('post.sort')}
        rules={[{ required: true, message: t('post.sort-required') }]}
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <DictRadioGroup type="sys_normal_disable" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
