import { PlusCircleOutlined, SendOutlined } from '@ant-design/icons';
import { AI_CASE_COUNT_DEFAULT, AI_CASE_COUNT_MAX, AI_PROMPT_MAX } from '@buglet/contracts';
import { Alert, Button, Flex, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface AiPromptBoxProps {
  prompt: string;
  onPrompt: (prompt: string) => void;
  count: number;
  onCount: (count: number) => void;
  isGenerating: boolean;
  /** A topic has rounds: sending adds a prompt to it, and it can be left for a new one. */
  isTopicGoing: boolean;
  /** Why the last generation failed (the server's words). */
  error: string | undefined;
  onClearError: () => void;
  onSend: () => void;
  onNewTopic: () => void;
}

/** What to test and how many cases, sent to the AI (Ctrl+Enter too); read-only while it works. */
export function AiPromptBox(props: AiPromptBoxProps) {
  const { prompt, onPrompt, count, onCount, isGenerating, isTopicGoing, error } = props;
  const { onClearError, onSend, onNewTopic } = props;
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        style={{ marginBottom: 18 }}
        value={prompt}
        onChange={(e) => onPrompt(e.target.value)}
        readOnly={isGenerating}
        rows={5}
        maxLength={AI_PROMPT_MAX}
        showCount
        placeholder={t('ai.case.prompt-placeholder')}
        aria-label={t('ai.case.prompt')}
        onPressEnter={(e) => {
          if (e.ctrlKey || e.metaKey) onSend();
        }}
      />
      <Flex gap={8} wrap align="center" justify="space-between">
        <Space>
          <Typography.Text>{t('ai.case.count')}</Typography.Text>
          <InputNumber
            min={1}
            max={AI_CASE_COUNT_MAX}
            precision={0}
            value={count}
            aria-label={t('ai.case.count')}
            onChange={(v) => onCount(v ?? AI_CASE_COUNT_DEFAULT)}
            style={{ width: 90 }}
          />
        </Space>
        <Space wrap>
          <Button icon={<PlusCircleOutlined />} disabled={!isTopicGoing || isGenerating} onClick={onNewTopic}>
            {t('ai.case.new-topic')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={isGenerating}
            disabled={!prompt.trim()}
            onClick={onSend}
            style={{ background: isGenerating || !prompt.trim() ? undefined : '#13ce66' }}
          >
            {t(isTopicGoing ? 'ai.case.add-prompt' : 'ai.case.send')}
          </Button>
        </Space>
      </Flex>
      {error ? (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: onClearError }}
          className="ai-case-error"
          title={t('ai.case.failed')}
          description={error}
        />
      ) : null}
    </Flex>
  );
}
