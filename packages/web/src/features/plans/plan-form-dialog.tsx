import { PLAN_NAME_MAX, PLAN_REMARK_MAX, type Plan } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Divider, Form, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useFormDialog } from '../../hooks/use-form-dialog.ts';
import { PlanCasePicker } from './plan-case-picker.tsx';
import { createPlan, getPlan, planKeys, updatePlan } from './plans.api.ts';

interface PlanFormValues {
  planName: string;
  planVersion?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
  remark?: string;
}

interface PlanFormDialogProps {
  projectId: number;
  /** Open: a plan to change, or none for a new one. */
  target: { plan?: Plan } | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** A plan's name, version, time window and remark, and the cases it takes (the picker below). */
export function PlanFormDialog({ projectId, target, onClose, onSaved }: PlanFormDialogProps) {
  const { t } = useTranslation();
  const plan = target?.plan;
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // A plan's cases as they stand, to start the picker from.
  const detail = useQuery({
    queryKey: planKeys.detail(plan?.planId ?? ''),
    queryFn: () => getPlan(plan?.planId ?? ''),
    enabled: Boolean(plan),
  });
  const held = detail.data?.data?.sysPlanItemList;
  useEffect(() => {
    if (!target) return;
    setChosen(new Set(plan ? (held ?? []).map((i) => i.caseId) : []));
  }, [target, plan, held]);

  const initialValues = useMemo<PlanFormValues>(
    () =>
      plan
        ? {
            planName: plan.planName,
            planVersion: plan.planVersion ?? undefined,
            time: [
              plan.planStartTime ? dayjs(plan.planStartTime) : null,
              plan.planEndTime ? dayjs(plan.planEndTime) : null,
            ],
            remark: plan.remark ?? undefined,
          }
        : { planName: '' },
    [plan],
  );
  const dialog = useFormDialog<PlanFormValues>({
    isOpen: Boolean(target),
    isCreate: !plan,
    initialValues,
    invalidate: [planKeys.all],
    onClose,
    save: async (values) => {
      const fields = {
        planName: values.planName,
        planVersion: values.planVersion?.trim() || null,
        planStartTime: values.time?.[0]?.format(WIRE_TIME) ?? null,
        planEndTime: values.time?.[1]?.format(WIRE_TIME) ?? null,
        remark: values.remark?.trim() || null,
        sysPlanItemList: [...chosen].map((caseId) => ({ caseId })),
      };
      const saved = plan
        ? await updatePlan({ planId: plan.planId, ...fields })
        : await createPlan({ projectId, ...fields });
      onSaved();
      return saved;
    },
  });

  return (
    <FormDialog dialog={dialog} name="plan-form" title={t(plan ? 'plan.edit' : 'plan.create')} width={1000}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="planName"
            label={t('plan.name')}
            rules={[
              { required: true, whitespace: true, message: t('plan.name.required') },
              { max: PLAN_NAME_MAX, message: t('plan.name.too-long') },
            ]}
          >
            <Input maxLength={PLAN_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="planVersion" label={t('plan.version')} rules={[{ max: PLAN_NAME_MAX }]}>
            <Input maxLength={PLAN_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="time"
            label={t('plan.time')}
            rules={[
              {
                validator: (_, range: PlanFormValues['time']) =>
                  range?.[0] && range[1]?.isBefore(range[0])
                    ? Promise.reject(new Error(t('plan.time.order')))
                    : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              placeholder={[t('start-time'), t('end-time')]}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark" label={t('remark')} rules={[{ max: PLAN_REMARK_MAX }]}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={PLAN_REMARK_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
        {t('plan.pick.title')}
      </Divider>
      <PlanCasePicker projectId={projectId} value={chosen} onChange={setChosen} />
    </FormDialog>
  );
}
