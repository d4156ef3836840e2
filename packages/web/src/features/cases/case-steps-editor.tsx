import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CASE_STEPS_MAX, CASE_TEXT_MAX } from '@buglet/contracts';
import { Button, Col, Flex, Form, Input, Row, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canAddStep,
  insertStep,
  moveStep,
  removeStep,
  type StepDraft,
  stepProblems,
  updateStep,
} from './case-steps.ts';

interface CaseStepsEditorProps {
  value?: StepDraft[];
  onChange?: (steps: StepDraft[]) => void;
  id?: string;
}

/** The step's number in the original's green circle. */
export function StepNumber({ num }: { num: number }) {
  return (
    <span
      style={{
        flex: 'none',
        width: 22,
        height: 22,
        borderRadius: '50%',
        background: '#13ce66',
        color: '#fff',
        fontSize: 12,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {num}
    </span>
  );
}

interface StepButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

function StepButton({ label, icon, onClick, disabled, danger }: StepButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={icon}
        danger={danger}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * The case's steps: each a description and an expected result; rows can be added (at the end, or
 * after a row), removed and moved up or down. Rows left entirely empty are dropped on save.
 */
export function CaseStepsEditor({ value = [], onChange, id }: CaseStepsEditorProps) {
  const { t } = useTranslation();
  const { status } = Form.Item.useStatus();
  const problems = stepProblems(value);
  const change = (next: StepDraft[]) => onChange?.(next);
  const isFull = !canAddStep(value);

  return (
    <Flex vertical gap={8} id={id} data-testid="case-steps">
      {value.map((step, index) => {
        const num = index + 1;
        const isWrong = status === 'error' && problems[index] !== undefined;
        return (
          <Flex key={step.key} gap={8} align="start" data-testid="case-step-row">
            <span style={{ paddingTop: 5 }}>
              <StepNumber num={num} />
            </span>
            <Row gutter={[8, 8]} style={{ flex: 1, minWidth: 0 }}>
              <Col xs={24} md={12}>
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={CASE_TEXT_MAX}
                  status={isWrong ? 'error' : undefined}
                  aria-label={t('case.step.describe-n', { num })}
                  placeholder={t('case.step.describe-placeholder')}
                  value={step.stepDescribe}
                  onChange={(e) => change(updateStep(value, index, { stepDescribe: e.target.value }))}
                />
              </Col>
              <Col xs={24} md={12}>
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={CASE_TEXT_MAX}
                  aria-label={t('case.step.expect-n', { num })}
                  placeholder={t('case.step.expect-placeholder')}
                  value={step.stepExpect}
                  onChange={(e) => change(updateStep(value, index, { stepExpect: e.target.value }))}
                />
              </Col>
            </Row>
            <Flex gap={0} style={{ paddingTop: 2 }}>
              <StepButton
                label={t('case.step.up', { num })}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => change(moveStep(value, index, -1))}
              />
              <StepButton
                label={t('case.step.down', { num })}
                icon={<ArrowDownOutlined />}
                disabled={index === value.length - 1}
                onClick={() => change(moveStep(value, index, 1))}
              />
              <StepButton
                label={t('case.step.insert', { num })}
                icon={<PlusOutlined />}
                disabled={isFull}
                onClick={() => change(insertStep(value, index))}
              />
              <StepButton
                label={t('case.step.remove', { num })}
                icon={<DeleteOutlined />}
                danger
                onClick={() => change(removeStep(value, index))}
              />
            </Flex>
          </Flex>
        );
      })}
      <Flex gap={8} align="center">
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          disabled={isFull}
          onClick={() => change(insertStep(value))}
        >
          {t('case.step.add')}
        </Button>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {`${value.length} / ${CASE_STEPS_MAX}`}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
