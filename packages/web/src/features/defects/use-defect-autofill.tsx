import { RobotOutlined } from '@ant-design/icons';
import type { AiDefectField, DefectType } from '@buglet/contracts';
import { App, Button, Flex, Form, type FormInstance, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestDefectField } from '../ai/index.ts';
import {
  type AutofillValues,
  acceptedValues,
  FORM_FIELD,
  fieldsToAnalyse,
  isAlreadyThere,
  outcomeOf,
  type Suggestion,
  suggestionOf,
} from './defect-autofill.ts';

type FormValues = AutofillValues & { defectDescribe?: string; imgUrls?: string | null };

/**
 * The defect form's "AI analysis": asks the server about every empty field at once and keeps
 * what comes back as suggestions beside the fields; the person accepts or ignores each. One run
 * at a time; a run of a form that was closed or reset meanwhile is forgotten.
 */
export function useDefectAutofill(projectId: number, form: FormInstance) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isRunning, setRunning] = useState(false);
  const [suggestions, setSuggestions] = useState<Partial<Record<AiDefectField, Suggestion>>>({});
  const runRef = useRef({ id: 0, isRunning: false });

  const reset = useCallback(() => {
    runRef.current = { id: runRef.current.id + 1, isRunning: false };
    setRunning(false);
    setSuggestions({});
  }, []);

  const run = async () => {
    if (runRef.current.isRunning) {
      message.warning(t('ai.defect.re-run'));
      return;
    }
    const values = form.getFieldsValue(true) as FormValues;
    const describe = values.defectDescribe?.trim();
    if (!describe) {
      message.error(t('ai.defect.describe-required'));
      return;
    }
    const fields = fieldsToAnalyse(values, form.isFieldTouched('defectType'));
    if (fields.length === 0) {
      message.info(t('ai.defect.no-fields'));
      return;
    }
    const id = runRef.current.id + 1;
    runRef.current = { id, isRunning: true };
    const isCurrent = () => runRef.current.id === id;
    setRunning(true);
    setSuggestions({});
    const started = Date.now();
    const typeLabel = (type: DefectType) => t(`defect.type.${type}`);
    const results = await Promise.all(
      fields.map(async (field) => {
        try {
          const res = await suggestDefectField(field, {
            projectId,
            describe,
            imgUrls: values.imgUrls || null,
          });
          const suggestion = suggestionOf(field, res.data, typeLabel);
          if (suggestion && isCurrent()) setSuggestions((shown) => ({ ...shown, [field]: suggestion }));
          return { suggestion };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    if (!isCurrent()) return;
    runRef.current = { id, isRunning: false };
    setRunning(false);
    const duration = t('ai.duration', { count: Math.max(1, Math.round((Date.now() - started) / 1000)) });
    const outcome = outcomeOf(results);
    if (outcome.kind === 'failed') message.error(t('ai.defect.failed', { reason: outcome.reason }), 8);
    else if (outcome.kind === 'partly')
      message.warning(
        t('ai.defect.finished-partly', { duration, count: outcome.failed, reason: outcome.reason }),
        8,
      );
    else if (outcome.suggested === 0) message.warning(t('ai.defect.nothing-suggested', { duration }), 8);
    else message.success(t('ai.defect.finished', { duration }), 5);
  };

  const drop = (field: AiDefectField) =>
    setSuggestions(({ [field]: _gone, ...rest }) => rest as Partial<Record<AiDefectField, Suggestion>>);
  const accept = (field: AiDefectField) => {
    const s = suggestions[field];
    if (!s) return;
    form.setFieldsValue(acceptedValues(s, form.getFieldsValue(true) as AutofillValues));
    if (s.field === 'type') form.setFields([{ name: 'defectType', touched: true }]);
    drop(field);
  };

  /** The suggestion line under a field, or nothing. */
  const suggestionFor = (field: AiDefectField): ReactNode => {
    const s = suggestions[field];
    return s ? (
      <SuggestionLine suggestion={s} onAccept={() => accept(field)} onIgnore={() => drop(field)} />
    ) : undefined;
  };

  return { isRunning, suggestions, run, reset, accept, suggestionFor };
}

interface SuggestionLineProps {
  suggestion: Suggestion;
  onAccept: () => void;
  onIgnore: () => void;
}

/** "Suggested: X — Accept · Ignore", hidden once the field holds X. */
function SuggestionLine({ suggestion, onAccept, onIgnore }: SuggestionLineProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const name = FORM_FIELD[suggestion.field];
  const current = Form.useWatch(name, form) as AutofillValues[typeof name];
  if (isAlreadyThere(suggestion, { [name]: current })) return null;
  return (
    <Flex gap={4} align="center" wrap data-testid={`ai-suggestion-${suggestion.field}`}>
      <RobotOutlined />
      <Typography.Text type="secondary">{t('ai.defect.suggested')}</Typography.Text>
      <Typography.Text strong ellipsis={{ tooltip: suggestion.label }} style={{ maxWidth: 420 }}>
        {suggestion.label}
      </Typography.Text>
      <Button type="link" size="small" onClick={onAccept}>
        {t('ai.defect.accept')}
      </Button>
      <Button type="link" size="small" onClick={onIgnore}>
        {t('ai.defect.ignore')}
      </Button>
    </Flex>
  );
}
