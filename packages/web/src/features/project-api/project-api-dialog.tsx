import { API_NAME_MAX, isAddressRule, type ProjectApi } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Flex, Form, Input, Row, Select, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import type { EditTarget } from '../../hooks/use-edit-target.ts';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { MemberSelect, useProjectMembers } from '../defects/index.ts';
import { CapabilityField } from './capability-field.tsx';
import { createProjectApi, getProjectApi, projectApiKeys, updateProjectApi } from './project-api.api.ts';
import {
  apiNameProblem,
  type CapabilityChecks,
  checksFromFeatures,
  emptyChecks,
  featuresFromChecks,
  hasAnyCheck,
  whiteListProblem,
} from './project-api-rules.ts';

interface FormValues {
  apiName: string;
  expireDate: Dayjs | null;
  whiteList: string[];
  remark: string | null;
  enabled: boolean;
  isAllCapabilities: boolean;
  capabilities: CapabilityChecks;
  /** The default handler as MemberSelect holds it: none or one. */
  defaultHandler: number[];
}

const REMARK_MAX = 255;
const WIRE_DATE = 'YYYY-MM-DD';
const CREATE_DEFAULTS: Partial<FormValues> = {
  whiteList: [],
  enabled: true,
  isAllCapabilities: true,
  capabilities: emptyChecks(),
  defaultHandler: [],
};
// Pasting "10.0.0.1, 10.0.0.2" or one address a line gives one entry each.
const WHITE_LIST_SEPARATORS = [',', ';', ' ', '\n', '\r', '\t'];

const isBeforeToday = (day: Dayjs) => day.isBefore(dayjs().startOf('day'));

interface ProjectApiDialogProps {
  projectId: number;
  /** null: a new key; a row: modify it. */
  target: EditTarget<ProjectApi>;
  onClose: () => void;
  /** The created key, whose answer carries the whole key this one time. */
  onCreated: (created: ProjectApi) => void;
}

/** Create or modify a key: name, expiry, white list, remark, enabled, and what it may do. */
export function ProjectApiDialog({ projectId, target, onClose, onCreated }: ProjectApiDialogProps) {
  const { t } = useTranslation();
  const isOpen = target !== undefined;
  const isCreate = target === null;
  const apiId = target?.apiId ?? '';
  const detail = useQuery({
    queryKey: projectApiKeys.detail(apiId),
    queryFn: () => getProjectApi(apiId),
    enabled: isOpen && !isCreate,
    staleTime: 0,
  });
  const record = detail.data?.data;
  const { members } = useProjectMembers(isOpen ? projectId : 0);

  const dialog = useFormDialog<FormValues>({
    isOpen,
    isCreate,
    initialValues: isCreate ? CREATE_DEFAULTS : undefined,
    invalidate: [projectApiKeys.all],
    onClose,
    save: async (values) => {
      const expireTime = values.expireDate ? values.expireDate.format(WIRE_DATE) : null;
      const common = {
        apiName: values.apiName.trim(),
        whiteList: (values.whiteList ?? []).map((entry) => entry.trim()),
        remark: values.remark?.trim() || null,
        enabled: values.enabled,
        features: featuresFromChecks(values.isAllCapabilities, values.capabilities ?? {}),
        defaultHandlerId: values.defaultHandler?.[0] ?? null,
      };
      if (isCreate) {
        const answer = await createProjectApi({ projectId, ...common, expireTime });
        if (answer.data?.apiKey) onCreated(answer.data);
        return answer;
      }
      // An unchanged day is not sent, so a stored time of day (not shown here) stays as it is.
      const isSameDay = expireTime === (record?.expireTime?.slice(0, WIRE_DATE.length) ?? null);
      return updateProjectApi({ apiId, ...common, ...(isSameDay ? {} : { expireTime }) });
    },
  });
  const { form } = dialog;
  const isAll = Form.useWatch('isAllCapabilities', form) ?? true;

  useEffect(() => {
    if (!isOpen || isCreate || !record) return;
    const { isAll: hasAll, checks } = checksFromFeatures(record.features);
    form.setFieldsValue({
      apiName: record.apiName,
      expireDate: record.expireTime ? dayjs(record.expireTime.slice(0, WIRE_DATE.length)) : null,
      whiteList: record.whiteList,
      remark: record.remark,
      enabled: record.enabled,
      isAllCapabilities: hasAll,
      capabilities: checks,
      defaultHandler: record.defaultHandlerId === null ? [] : [record.defaultHandlerId],
    });
  }, [isOpen, isCreate, record, form]);

  return (
    <FormDialog
      dialog={dialog}
      name="project-api-dialog"
      title={t(isCreate ? 'api.add' : 'api.modify')}
      width={720}
    >
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="apiName"
            label={t('api.name')}
            required
            rules={[
              {
                validator: (_rule, value?: string) => {
                  const problem = apiNameProblem(value);
                  return problem
                    ? Promise.reject(new Error(t(problem, { max: API_NAME_MAX })))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={API_NAME_MAX} showCount placeholder={t('api.name-placeholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="expireDate" label={t('api.expire')} extra={t('api.expire-help')}>
            <DatePicker
              style={{ width: '100%' }}
              format={WIRE_DATE}
              allowClear
              disabledDate={isBeforeToday}
              placeholder={t('api.expire.never')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="whiteList"
        label={t('api.white-list')}
        extra={t('api.white-list-help')}
        rules={[
          {
            validator: (_rule, value?: string[]) => {
              const problem = whiteListProblem(value ?? []);
              return problem ? Promise.reject(new Error(t(problem.key, problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={WHITE_LIST_SEPARATORS}
          open={false}
          suffixIcon={null}
          placeholder={t('api.white-list-placeholder')}
          aria-label={t('api.white-list')}
          tagRender={({ label, value, closable, onClose }) => (
            <Tag
              color={isAddressRule(String(value).trim()) ? undefined : 'error'}
              closable={closable}
              onClose={onClose}
              onMouseDown={(e) => e.preventDefault()}
              style={{ marginInlineEnd: 4 }}
            >
              {label}
            </Tag>
          )}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
      </Form.Item>
      <Form.Item name="enabled" label={t('api.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="defaultHandler" label={t('api.default-handler')} extra={t('api.default-handler-help')}>
        <MemberSelect members={members} isSingle placeholder={t('api.default-handler-none')} />
      </Form.Item>
      <Form.Item label={t('api.features')} required={!isAll} style={{ marginBottom: 0 }}>
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <Form.Item name="isAllCapabilities" valuePropName="checked" noStyle>
            <Switch aria-label={t('api.features.all-toggle')} />
          </Form.Item>
          <span>{t('api.features.all-toggle')}</span>
        </Flex>
        <Form.Item
          name="capabilities"
          hidden={isAll}
          dependencies={['isAllCapabilities']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value?: CapabilityChecks) =>
                getFieldValue('isAllCapabilities') || hasAnyCheck(value ?? {})
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('api.features.none-ticked'))),
            }),
          ]}
        >
          <CapabilityField />
        </Form.Item>
      </Form.Item>
    </FormDialog>
  );
}
