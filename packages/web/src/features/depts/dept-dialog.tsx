import { DEPT_LIMITS } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ParentTreeField, type TreeEditTarget } from '../../components/tree-table-page.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { DictRadioGroup } from '../dicts/index.ts';
import {
  addDept,
  buildDeptTree,
  type DeptBody,
  deptKeys,
  getDept,
  listParentChoices,
  toDeptOptions,
  updateDept,
} from './depts.api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The parent is picked from the tree; an edited department is not offered itself or anything
 * below it (the server refuses those too), and disabled departments take no new children.
 */
export function DeptDialog({ target, onClose }: { target: TreeEditTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const open = target !== undefined;
  const deptId = target?.id;
  const isCreate = deptId === undefined;
  const dialog = useFormDialog<DeptBody>({
    isOpen: open,
    isCreate,
    save: (values) => (isCreate ? addDept : updateDept)({ ...values, deptId }),
    invalidate: [deptKeys.all],
    onClose,
  });
  const { form } = dialog;
  const parents = useQuery({
    queryKey: deptKeys.parents(deptId),
    queryFn: () => listParentChoices(deptId),
    enabled: open,
    staleTime: 0,
  });
  const detail = useQuery({
    queryKey: deptKeys.detail(deptId ?? 0),
    queryFn: () => getDept(deptId ?? 0),
    enabled: open && !isCreate,
    staleTime: 0,
  });
  const options = useMemo(() => toDeptOptions(buildDeptTree(parents.data?.data ?? [])), [parents.data]);
  const current = detail.data?.data;
  // A department that stands at the top keeps "none" as its parent.
  const isTop = !isCreate && current?.parentId === 0;

  useEffect(() => {
    if (!open) return;
    if (isCreate) form.setFieldsValue({ parentId: target?.parentId, orderNum: 0, status: '0' });
    else if (current)
      form.setFieldsValue({
        ...current,
        leader: current.leader ?? '',
        phone: current.phone ?? '',
        email: current.email ?? '',
      });
  }, [open, isCreate, target, current, form]);

  const half = { xs: 24, md: 12 };
  return (
    <FormDialog dialog={dialog} name="dept-dialog" title={t(isCreate ? 'dept.add' : 'dept.edit')} width={600}>
      <Row gutter={16}>
        <Col xs={24}>
          <ParentTreeField
            label={t('dept.parent')}
            message={t('dept.parent-required')}
            treeData={isTop ? [{ value: 0, title: t('dept.root') }, ...options] : options}
            treeDefaultExpandAll
            placeholder={t('dept.parent-required')}
          />
        </Col>
        <Col {...half}>
          <Form.Item
            name="deptName"
            label={t('dept.name')}
            rules={[{ required: true, whitespace: true, message: t('dept.name-required') }]}
          >
            <Input maxLength={DEPT_LIMITS.name} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="orderNum"
            label={t('dept.order')}
            rules={[{ required: true, message: t('dept.order-required') }]}
          >
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="leader" label={t('dept.leader')}>
            <Input maxLength={DEPT_LIMITS.leader} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="phone"
            label={t('dept.phone')}
            rules={[{ pattern: /^\d*$/, message: t('dept.phone-invalid') }]}
          >
            <Input maxLength={DEPT_LIMITS.phone} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="email"
            label={t('email')}
            rules={[{ pattern: EMAIL, message: t('dept.email-invalid') }]}
          >
            <Input maxLength={DEPT_LIMITS.email} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="status" label={t('status')}>
            <DictRadioGroup type="sys_normal_disable" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
