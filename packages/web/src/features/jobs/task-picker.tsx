import { isJobProblem, type JobTask, parseInvokeTarget } from '@buglet/contracts';
import { Alert, Flex, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paramLabel, problemText, taskLabel } from './job-text.ts';

interface TaskPickerProps {
  tasks: readonly JobTask[];
  /** The invoke target as stored, e.g. `purgeLogs(30)`; a form item's value. */
  value?: string;
  onChange?: (value: string) => void;
}

/** `name(a, b)`; an empty argument stays empty, so the form's check names it. */
const compose = (task: string, args: ReadonlyArray<number | null>) =>
  `${task}(${args.map((a) => (a === null ? '' : String(a))).join(', ')})`;

/**
 * The invoke target as a choice of the server's tasks, each with its typed parameters. A target
 * saved before (or by the original) that is not one of them is shown with the reason.
 */
export function TaskPicker({ tasks, value, onChange }: TaskPickerProps) {
  const { t } = useTranslation();
  const parsed = value ? parseInvokeTarget(value) : undefined;
  const current = parsed && !isJobProblem(parsed) ? parsed : undefined;
  // While an argument is being retyped the target does not parse: read the task name alone.
  const taskName = current?.task ?? /^\s*(\w+)\s*\(/.exec(value ?? '')?.[1];
  const task = tasks.find((x) => x.name === taskName);
  const args: Array<number | null> =
    task?.params.map((_p, i) => {
      const text =
        /\(([^()]*)\)/
          .exec(value ?? '')?.[1]
          ?.split(',')
          [i]?.trim() ?? '';
      return text === '' || Number.isNaN(Number(text)) ? null : Number(text);
    }) ?? [];

  const choose = (name: string) => {
    const chosen = tasks.find((x) => x.name === name);
    if (chosen)
      onChange?.(
        compose(
          name,
          chosen.params.map((p) => p.default),
        ),
      );
  };
  const setArg = (i: number, n: number | null) => {
    if (task)
      onChange?.(
        compose(
          task.name,
          args.map((a, j) => (j === i ? n : a)),
        ),
      );
  };

  return (
    <Flex vertical gap={8}>
      {value && !task && parsed && isJobProblem(parsed) ? (
        <Alert type="warning" showIcon title={problemText(t, parsed)} />
      ) : null}
      <Select
        value={task?.name}
        onChange={choose}
        placeholder={t('job.task.choose')}
        options={tasks.map((x) => ({ value: x.name, label: taskLabel(t, x.name) }))}
        aria-label={t('job.invoke-target')}
      />
      {task ? (
        <>
          <Typography.Text type="secondary">{t(`job.task.${task.name}.hint`)}</Typography.Text>
          <Flex gap={8} wrap>
            {task.params.map((p, i) => (
              <Space.Compact key={p.name}>
                <Space.Addon>{paramLabel(t, task.name, p.name)}</Space.Addon>
                <InputNumber
                  min={p.min}
                  max={p.max}
                  precision={0}
                  value={args[i]}
                  onChange={(n) => setArg(i, n === null ? null : Number(n))}
                  aria-label={paramLabel(t, task.name, p.name)}
                  style={{ width: 120 }}
                />
              </Space.Compact>
            ))}
          </Flex>
          <Typography.Text code>{value}</Typography.Text>
        </>
      ) : null}
    </Flex>
  );
}
