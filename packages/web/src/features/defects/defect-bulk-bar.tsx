import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  DEFECT_LEVELS,
  type Defect,
  type DefectBulkAction,
  type DefectBulkAnswer,
  type DefectLevel,
  type Member,
} from '@buglet/contracts';
import { Alert, App, Button, Flex, Form, Input, List, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { ModuleSelect } from '../modules/index.ts';
import { useLevelText } from './defect-tags.tsx';
import { bulkChangeDefects, type DefectBulkBody } from './defects.api.ts';
import { MemberSelect } from './member-select.tsx';

/** The actions that ask for a value first; delete only asks to confirm. */
type AskingAction = Exclude<DefectBulkAction, 'delete' | 'restore'>;
const ASKING: readonly AskingAction[] = ['assign', 'level', 'version', 'module', 'close'];

interface BulkValues {
  handleBy?: number[];
  defectLevel?: DefectLevel;
  moduleVersion?: string;
  moduleId?: number;
  defectLogDescribe?: string;
}

interface DefectBulkBarProps {
  projectId: number;
  selected: readonly Defect[];
  members: Member[];
  onClear: () => void;
  /** After a change (the dialog of refusals stays open over the reloaded list). */
  onDone: () => void;
}

/**
 * What the ticked defects can have done to them together: one request, each defect judged by the
 * rules its own change meets; the refused ones are listed with their reason and the rest done.
 */
export function DefectBulkBar({ projectId, selected, members, onClear, onDone }: DefectBulkBarProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [asking, setAsking] = useState<AskingAction | undefined>();
  const [answer, setAnswer] = useState<DefectBulkAnswer | undefined>();
  const [isSaving, setSaving] = useState(false);
  const [form] = Form.useForm<BulkValues>();
  const levelText = useLevelText();

  const numberOf = new Map(selected.map((d) => [d.defectId, d.projectNum]));
  const run = async (action: DefectBulkAction, values: BulkValues = {}) => {
    const body: DefectBulkBody = {
      projectId,
      action,
      defectIds: selected.map((d) => d.defectId),
      ...values,
      ...(action === 'version' ? { moduleVersion: values.moduleVersion?.trim() || null } : {}),
    };
    setSaving(true);
    try {
      const res = await bulkChangeDefects(body);
      const result = res.data;
      if (!result) return;
      const refused = result.results.filter((r) => !r.ok);
      if (refused.length === 0) message.success(t('defect.bulk.all-done', { count: result.succeeded }));
      else setAnswer(result);
      setAsking(undefined);
      onDone();
    } catch {
      // A refusal of the whole request (a missing value, no access) was shown by the HTTP layer.
    } finally {
      setSaving(false);
    }
  };
  const open = (action: AskingAction) => {
    form.resetFields();
    setAsking(action);
  };
  const confirmDelete = () =>
    modal.confirm({
      title: t('defect.bulk.delete-confirm', { count: selected.length }),
      content: t('defect.bulk.delete-hint'),
      okButtonProps: { danger: true },
      okText: t('delete'),
      onOk: () => run('delete'),
    });

  return (
    <>
      {selected.length === 0 ? null : (
        <Flex
          wrap
          gap={8}
          align="center"
          role="toolbar"
          aria-label={t('defect.bulk.toolbar')}
          className="defect-bulk-bar"
          style={{ marginBottom: 12 }}
        >
          <Typography.Text strong>{t('defect.bulk.selected', { count: selected.length })}</Typography.Text>
          {ASKING.map((action) => (
            <Button key={action} size="small" onClick={() => open(action)}>
              {t(`defect.bulk.do.${action}`)}
            </Button>
          ))}
          <PermiButton
            permi={['system:defect:remove', 'system:defect:edit', 'system:defect:add']}
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={confirmDelete}
          >
            {t('delete')}
          </PermiButton>
          <Button size="small" type="text" icon={<CloseOutlined />} onClick={onClear}>
            {t('defect.bulk.clear')}
          </Button>
        </Flex>
      )}
      <Modal
        open={asking !== undefined}
        title={asking ? t(`defect.bulk.title.${asking}`, { count: selected.length }) : undefined}
        okText={t('ok')}
        confirmLoading={isSaving}
        onCancel={() => setAsking(undefined)}
        onOk={() => void form.validateFields().then((values) => asking && run(asking, values))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {asking === 'assign' ? (
            <Form.Item
              name="handleBy"
              label={t('defect.handlers')}
              rules={[{ required: true, message: t('defect.handler-required') }]}
            >
              <MemberSelect members={members} />
            </Form.Item>
          ) : null}
          {asking === 'level' ? (
            <Form.Item
              name="defectLevel"
              label={t('defect.level')}
              rules={[{ required: true, message: t('defect.level-required') }]}
            >
              <Select options={DEFECT_LEVELS.map((l) => ({ value: l, label: levelText(l) }))} />
            </Form.Item>
          ) : null}
          {asking === 'version' ? (
            <Form.Item name="moduleVersion" label={t('defect.version')} extra={t('defect.bulk.version-hint')}>
              <Input maxLength={128} />
            </Form.Item>
          ) : null}
          {asking === 'module' ? (
            <Form.Item
              name="moduleId"
              label={t('module.deliverable')}
              rules={[{ required: true, message: t('defect.bulk.module-required') }]}
            >
              <ModuleSelect projectId={projectId} hasNoneOption />
            </Form.Item>
          ) : null}
          {asking === 'assign' || asking === 'close' ? (
            <Form.Item
              name="defectLogDescribe"
              label={t('defect.reason')}
              rules={
                asking === 'close'
                  ? [{ required: true, whitespace: true, message: t('defect.reason-required') }]
                  : []
              }
            >
              <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
      <Modal
        open={answer !== undefined}
        title={t('defect.bulk.result-title')}
        onCancel={() => setAnswer(undefined)}
        footer={<Button onClick={() => setAnswer(undefined)}>{t('ok')}</Button>}
      >
        {answer ? (
          <>
            <Alert
              type={answer.succeeded > 0 ? 'warning' : 'error'}
              showIcon
              title={t('defect.bulk.result', { done: answer.succeeded, refused: answer.failed })}
              style={{ marginBottom: 12 }}
            />
            <List
              size="small"
              className="defect-bulk-refused"
              dataSource={answer.results.filter((r) => !r.ok)}
              renderItem={(r) => (
                <List.Item>
                  <Typography.Text>
                    <Typography.Text strong>
                      {`#${r.projectNum ?? numberOf.get(r.defectId) ?? r.defectId}`}
                    </Typography.Text>{' '}
                    {r.msg}
                  </Typography.Text>
                </List.Item>
              )}
              style={{ maxHeight: 320, overflowY: 'auto' }}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
