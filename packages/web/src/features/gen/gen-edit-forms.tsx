import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, type FormInstance, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { getMenuTree, menuKeys, menuTreeOptions } from '../menus/index.ts';

export interface BasicValues {
  tableName?: string;
  tableComment: string;
  className: string;
  functionAuthor: string;
  remark?: string | null;
}

export interface InfoValues {
  tplCategory: 'crud' | 'tree' | 'sub';
  packageName: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  genType: '0' | '1';
  genPath?: string | null;
  parentMenuId?: number;
}

const half = { xs: 24, md: 12 };

/** Basic information: the table, its description, the class name and the author. */
export function GenBasicForm({ form }: { form: FormInstance<BasicValues> }) {
  const { t } = useTranslation();
  const required = (key: string) => ({
    required: true,
    whitespace: true,
    message: t('field-required', { field: t(key) }),
  });
  return (
    <Form form={form} name="gen-basic" layout="vertical">
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="tableName" label={t('gen.table-name')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="tableComment"
            label={t('gen.table-comment')}
            rules={[required('gen.table-comment')]}
          >
            <Input maxLength={500} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="className"
            label={t('gen.class-name')}
            tooltip={t('gen.class-name-hint')}
            rules={[
              required('gen.class-name'),
              { pattern: /^[A-Z][A-Za-z0-9]*$/, message: t('gen.class-name-hint') },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="functionAuthor" label={t('gen.author')} rules={[required('gen.author')]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/**
 * Generation settings: the template (this generator writes the single-table one), the names that
 * become paths, permissions and files, the menu the page goes under, and how the code is delivered.
 */
export function GenInfoForm({ form }: { form: FormInstance<InfoValues> }) {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: menuKeys.tree, queryFn: getMenuTree });
  const genType = Form.useWatch('genType', form);
  const required = (key: string) => ({
    required: true,
    whitespace: true,
    message: t('field-required', { field: t(key) }),
  });
  return (
    <Form form={form} name="gen-info" layout="vertical">
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="tplCategory" label={t('gen.tpl-category')}>
            <Select
              options={[
                { value: 'crud', label: t('gen.tpl.crud') },
                { value: 'tree', label: t('gen.tpl.tree'), disabled: true },
                { value: 'sub', label: t('gen.tpl.sub'), disabled: true },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="packageName" label={t('gen.package-name')} rules={[required('gen.package-name')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="moduleName"
            label={t('gen.module-name')}
            tooltip={t('gen.module-name-hint')}
            rules={[
              required('gen.module-name'),
              { pattern: /^[a-z][a-z0-9]*$/, message: t('gen.module-name-hint') },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="businessName"
            label={t('gen.business-name')}
            tooltip={t('gen.business-name-hint')}
            rules={[
              required('gen.business-name'),
              { pattern: /^[a-z][A-Za-z0-9]*$/, message: t('gen.business-name-hint') },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="functionName"
            label={t('gen.function-name')}
            tooltip={t('gen.function-name-hint')}
            rules={[required('gen.function-name')]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="parentMenuId" label={t('gen.parent-menu')} tooltip={t('gen.parent-menu-hint')}>
            <TreeSelect
              allowClear
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={menuTreeOptions(tree.data?.data ?? [])}
              placeholder={t('gen.parent-menu')}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="genType" label={t('gen.gen-type')}>
            <Radio.Group
              options={[
                { value: '0', label: t('gen.gen-type.zip') },
                { value: '1', label: t('gen.gen-type.server') },
              ]}
            />
          </Form.Item>
          {genType === '1' ? <Alert type="info" showIcon title={t('gen.gen-type.server-hint')} /> : null}
        </Col>
      </Row>
    </Form>
  );
}
