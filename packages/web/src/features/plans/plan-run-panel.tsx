import {
  BugOutlined,
  CheckOutlined,
  CloseOutlined,
  ExportOutlined,
  LeftOutlined,
  MinusCircleOutlined,
  RightOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { PlanItem, PlanItemResult, PlanItemState } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Empty, Flex, Input, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentName } from '../../lib/attachment-name.ts';
import { assetUrl } from '../../lib/http.ts';
import { splitPaths, UploadPathsField } from '../defects/index.ts';
import { PlanLinkDefect } from './plan-link-defect.tsx';
import { ItemStateTag } from './plan-tags.tsx';
import { type ItemResult, listItemResults, planKeys } from './plans.api.ts';

export type RunStep = 'prev' | 'next';

interface PlanRunPanelProps {
  item: PlanItem | undefined;
  canRun: boolean;
  isAutoNext: boolean;
  onAutoNext: (isOn: boolean) => void;
  onResult: (result: ItemResult) => Promise<void>;
  /** A failure to report as a defect, prefilled from the case and this result. */
  onRaiseDefect: (result: ItemResult) => Promise<void>;
  onStep: (step: RunStep) => void;
  /** Links a defect already reported to the item. */
  onLinkDefect: (defectId: number) => Promise<void>;
  projectId: number;
  /** Whether the keys act (the run view is shown). */
  isActive: boolean;
}

/** Whether a key press belongs to a text field (typing there is not a command). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The run view's keys: a result, or a step through the items. */
const KEYS: Record<
  string,
  {
    state?: PlanItemState;
    result?: PlanItemResult;
    step?: RunStep;
    isDefect?: true;
    isUndo?: true;
    isOpenCase?: true;
  }
> = {
  p: { state: 'pass' },
  d: { state: 'not_pass', isDefect: true },
  f: { state: 'not_pass' },
  b: { result: 'blocked' },
  s: { result: 'skipped' },
  u: { state: 'unexecuted', isUndo: true },
  o: { isOpenCase: true },
  j: { step: 'next' },
  ArrowRight: { step: 'next' },
  k: { step: 'prev' },
  ArrowLeft: { step: 'prev' },
};

/**
 * The item being run: its case (preconditions, steps with "fails here", expected result), what
 * happened, and the results (pass P, fail F, blocked B, skipped S; J or → next, K or ← previous),
 * with the item's history below. Keyed by the item, so what was typed goes with it.
 */
export function PlanRunPanel(props: PlanRunPanelProps) {
  const { item, canRun, isAutoNext, onAutoNext, onResult, onRaiseDefect, onStep, onLinkDefect } = props;
  const { t } = useTranslation();
  const [actual, setActual] = useState('');
  const [failedStep, setFailedStep] = useState<number | undefined>();
  const [images, setImages] = useState('');
  const [files, setFiles] = useState('');
  const [isSaving, setSaving] = useState(false);
  const history = useQuery({
    queryKey: planKeys.results(item?.planItemId ?? ''),
    queryFn: () => listItemResults(item?.planItemId ?? ''),
    enabled: Boolean(item),
  });

  const give = async (result: ItemResult, isDefect = false) => {
    if (!item || isSaving) return;
    setSaving(true);
    try {
      await (isDefect ? onRaiseDefect : onResult)({
        ...result,
        actualResult: actual.trim() || null,
        failedStep: result.planItemState === 'not_pass' ? (failedStep ?? null) : null,
        imgUrls: images || null,
        annexUrls: files || null,
      });
    } finally {
      setSaving(false);
    }
  };
  /** Takes the last result back: the item is not run again (its history keeps what was undone). */
  const undo = async () => {
    if (!item || isSaving) return;
    setSaving(true);
    try {
      await onResult({ planItemState: 'unexecuted', planItemResult: null });
    } finally {
      setSaving(false);
    }
  };
  /** The case itself, on the case page in a tab of its own (the run stays where it is). */
  const openCase = () => {
    if (item)
      window.open(`#/project/case?caseId=${item.caseId}&projectId=${item.projectId}`, '_blank', 'noopener');
  };
  const hasResult = Boolean(item && (item.planItemState !== 'unexecuted' || item.planItemResult));
  const latest = useRef({ give, undo, openCase, onStep, canRun, isActive: props.isActive, hasResult });
  latest.current = { give, undo, openCase, onStep, canRun, isActive: props.isActive, hasResult };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const command = KEYS[event.key];
      if (!command || !latest.current.isActive) return;
      event.preventDefault();
      if (command.step) latest.current.onStep(command.step);
      else if (command.isOpenCase) latest.current.openCase();
      else if (command.isUndo) {
        if (latest.current.canRun && latest.current.hasResult) void latest.current.undo();
      } else if (latest.current.canRun)
        void latest.current.give(
          command.state
            ? { planItemState: command.state }
            : { planItemState: 'unexecuted', planItemResult: command.result },
          command.isDefect,
        );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!item) return <Empty description={t('plan.run.none')} />;
  const key = (letter: string) => <Typography.Text keyboard>{letter}</Typography.Text>;
  return (
    <Flex vertical gap={8} data-testid="plan-run-panel">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <Typography.Text type="secondary">#{item.caseNum}</Typography.Text>
          <Typography.Text strong data-testid="plan-run-case">
            {item.caseName}
          </Typography.Text>
          <ItemStateTag item={item} />
        </Space>
        <Space>
          <Tooltip title={t('plan.run.open-case-key')}>
            <Button icon={<ExportOutlined />} aria-label={t('plan.run.open-case')} onClick={openCase} />
          </Tooltip>
          <Tooltip title={t('plan.run.prev-key')}>
            <Button icon={<LeftOutlined />} aria-label={t('plan.run.prev')} onClick={() => onStep('prev')} />
          </Tooltip>
          <Tooltip title={t('plan.run.next-key')}>
            <Button icon={<RightOutlined />} aria-label={t('plan.run.next')} onClick={() => onStep('next')} />
          </Tooltip>
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        {item.moduleName ?? '-'} · P{item.caseLevel}
      </Typography.Text>
      <Divider titlePlacement="start" style={{ margin: '4px 0' }}>
        {t('case.preconditions')}
      </Divider>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {item.casePreconditions || '-'}
      </Typography.Paragraph>
      <Divider titlePlacement="start" style={{ margin: '4px 0' }}>
        {t('case.steps')}
      </Divider>
      {item.caseStep.length === 0 ? (
        <Typography.Text type="secondary">{t('case.no-steps')}</Typography.Text>
      ) : (
        <ol style={{ paddingLeft: 20, margin: 0 }} data-testid="plan-run-steps">
          {item.caseStep.map((step, index) => (
            // Steps have no id; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} style={{ marginBottom: 6 }}>
              <Flex justify="space-between" gap={8} align="start">
                <span style={{ whiteSpace: 'pre-wrap' }}>
                  {step.stepDescribe}
                  {step.stepExpect ? (
                    <Typography.Text type="secondary"> → {step.stepExpect}</Typography.Text>
                  ) : null}
                </span>
                <Checkbox
                  checked={failedStep === index + 1}
                  disabled={!canRun}
                  onChange={(e) => setFailedStep(e.target.checked ? index + 1 : undefined)}
                >
                  {t('plan.run.fails-here')}
                </Checkbox>
              </Flex>
            </li>
          ))}
        </ol>
      )}
      <Divider titlePlacement="start" style={{ margin: '4px 0' }}>
        {t('case.expect')}
      </Divider>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {item.caseExpect}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label={t('plan.run.actual')}
        placeholder={t('plan.run.actual')}
        autoSize={{ minRows: 2, maxRows: 6 }}
        value={actual}
        onChange={(e) => setActual(e.target.value)}
        disabled={!canRun}
      />
      <UploadPathsField kind="image" value={images} onChange={setImages} />
      <UploadPathsField kind="file" value={files} onChange={setFiles} />
      <Flex wrap gap={8} align="center">
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={!canRun}
          loading={isSaving}
          onClick={() => void give({ planItemState: 'pass' })}
        >
          {t('plan.item.pass')} {key('P')}
        </Button>
        <Button
          danger
          icon={<CloseOutlined />}
          disabled={!canRun}
          onClick={() => void give({ planItemState: 'not_pass' })}
        >
          {t('plan.item.fail')} {key('F')}
        </Button>
        <Button
          danger
          icon={<BugOutlined />}
          disabled={!canRun}
          onClick={() => void give({ planItemState: 'not_pass' }, true)}
        >
          {t('plan.item.fail-defect')} {key('D')}
        </Button>
        <Button
          icon={<StopOutlined />}
          disabled={!canRun}
          onClick={() => void give({ planItemState: 'unexecuted', planItemResult: 'blocked' })}
        >
          {t('plan.item.block')} {key('B')}
        </Button>
        <Button
          icon={<MinusCircleOutlined />}
          disabled={!canRun}
          onClick={() => void give({ planItemState: 'unexecuted', planItemResult: 'skipped' })}
        >
          {t('plan.item.skip')} {key('S')}
        </Button>
        <Button icon={<UndoOutlined />} disabled={!canRun || !hasResult} onClick={() => void undo()}>
          {t('plan.item.undo')} {key('U')}
        </Button>
        <Checkbox checked={isAutoNext} onChange={(e) => onAutoNext(e.target.checked)}>
          {t('plan.run.auto-next')}
        </Checkbox>
      </Flex>
      <Flex wrap gap={8} align="center" data-testid="plan-run-defects">
        <Typography.Text type="secondary">
          {t('plan.run.linked-defects', { count: item.defectIds.length })}
        </Typography.Text>
        <PlanLinkDefect
          projectId={props.projectId}
          linked={item.defectIds}
          disabled={!canRun}
          onLink={onLinkDefect}
        />
      </Flex>
      <Divider titlePlacement="start" style={{ margin: '8px 0 0' }}>
        {t('plan.run.history')}
      </Divider>
      <List
        size="small"
        data-testid="plan-run-history"
        dataSource={history.data?.data ?? []}
        locale={{ emptyText: t('plan.run.no-history') }}
        renderItem={(r) => (
          <List.Item>
            <Flex vertical style={{ width: '100%' }}>
              <Space wrap>
                <Tag>{t(`plan.item.state.${r.planItemResult ?? r.planItemState}`)}</Tag>
                <Typography.Text type="secondary">
                  {r.createBy ?? '-'} · {r.createTime}
                </Typography.Text>
                {r.failedStep ? (
                  <Tag color="error">{t('plan.run.failed-step', { step: r.failedStep })}</Tag>
                ) : null}
              </Space>
              {r.actualResult ? (
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.actualResult}</Typography.Text>
              ) : null}
              {r.imgUrls || r.annexUrls ? (
                <Space wrap>
                  {[...splitPaths(r.imgUrls), ...splitPaths(r.annexUrls)].map((path) => (
                    <Typography.Link key={path} href={assetUrl(path)} target="_blank" rel="noopener">
                      {attachmentName(path)}
                    </Typography.Link>
                  ))}
                </Space>
              ) : null}
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}
