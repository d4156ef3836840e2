import { DeleteOutlined, ImportOutlined, RobotOutlined } from '@ant-design/icons';
import { AI_CASE_COUNT_DEFAULT } from '@buglet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Col, Drawer, Flex, Row, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermiButton } from '../../components/permi-button.tsx';
import { useLayout } from '../../stores/layout.store.ts';
import { generateAiCases } from '../ai/index.ts';
import { AiCaseEditDialog } from './ai-case-edit-dialog.tsx';
import { AiCaseImportDialog } from './ai-case-import-dialog.tsx';
import { AiCaseTable } from './ai-case-table.tsx';
import {
  addRound,
  type DraftCase,
  generationBody,
  markImported,
  newTopic,
  removeCases,
  shownRound,
  updateCase,
} from './ai-conversation.ts';
import { AiConversationList } from './ai-conversation-list.tsx';
import { AiPromptBox } from './ai-prompt-box.tsx';

interface AiCaseDrawerProps {
  projectId: number;
  open: boolean;
  onClose: () => void;
  /** Cases were imported: the case list reloads. */
  onImported: () => void;
}

/**
 * Test cases written by the project's AI from a description of the feature: each prompt either
 * refines the topic (the model's context goes along) or, after "new topic", starts afresh. The
 * cases come back as drafts to correct, choose and import. Closing keeps the conversation.
 */
export function AiCaseDrawer({ projectId, open, onClose, onImported }: AiCaseDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const isMobile = useLayout((s) => s.isMobile);
  const [conversation, setConversation] = useState(newTopic);
  const [prompt, setPrompt] = useState('');
  const [count, setCount] = useState<number>(AI_CASE_COUNT_DEFAULT);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<DraftCase | undefined>();
  const [importing, setImporting] = useState<DraftCase[] | undefined>();
  const round = shownRound(conversation);
  const cases = round?.cases ?? [];
  const isTopicGoing = conversation.rounds.length > 0;

  const generation = useMutation({
    mutationFn: async (input: { prompt: string; count: number }) => {
      const started = Date.now();
      const res = await generateAiCases(generationBody(conversation, projectId, input.prompt, input.count));
      return { ...input, answer: res.data ?? { cases: [], context: [] }, ms: Date.now() - started };
    },
    onSuccess: ({ prompt: sent, count: asked, answer, ms }) => {
      const seconds = Math.max(1, Math.round(ms / 1000));
      setConversation((c) =>
        addRound(c, { prompt: sent, count: asked, seconds, time: dayjs().format('HH:mm:ss') }, answer),
      );
      setPrompt('');
      setSelected([]);
      const duration = t('ai.duration', { count: seconds });
      if (answer.cases.length === 0) message.warning(t('ai.case.generated-none', { duration }), 8);
      else message.success(t('ai.case.generated', { duration, count: answer.cases.length }));
    },
  });

  const send = () => {
    if (!prompt.trim() || generation.isPending) return;
    generation.mutate({ prompt, count });
  };
  const startNewTopic = () =>
    modal.confirm({
      title: t('prompted'),
      content: t('ai.case.new-topic-confirm'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () => {
        setConversation(newTopic());
        setSelected([]);
        generation.reset();
      },
    });
  const removeSelected = () =>
    modal.confirm({
      title: t('prompted'),
      content: t('ai.case.remove-confirm', { count: selected.length }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        setConversation((c) => removeCases(c, selected));
        setSelected([]);
      },
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isMobile ? '100%' : '90%'}
      mask={{ closable: false }}
      className="ai-case-drawer"
      styles={{ body: { borderLeft: '3px solid #13ce66' } }}
      title={
        <Space>
          <RobotOutlined />
          {t('ai.case.title')}
        </Space>
      }
    >
      <Spin spinning={generation.isPending} description={t('ai.case.loading')}>
        <Row gutter={[16, 12]}>
          <Col xs={24} lg={14}>
            <AiPromptBox
              prompt={prompt}
              onPrompt={setPrompt}
              count={count}
              onCount={setCount}
              isGenerating={generation.isPending}
              isTopicGoing={isTopicGoing}
              error={generation.isError ? generation.error.message : undefined}
              onClearError={() => generation.reset()}
              onSend={send}
              onNewTopic={startNewTopic}
            />
          </Col>
          <Col xs={24} lg={10}>
            <AiConversationList
              conversation={conversation}
              onShow={(shown) => {
                setConversation((c) => ({ ...c, shown }));
                setSelected([]);
              }}
            />
          </Col>
        </Row>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '16px 0 8px' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {round
              ? t('ai.case.results-of', { num: String(round.num).padStart(2, '0') })
              : t('ai.case.results')}
          </Typography.Title>
          <Space wrap>
            <Typography.Text type="secondary">
              {t('ai.case.selected', { count: selected.length })}
            </Typography.Text>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={removeSelected}
            >
              {t('ai.case.remove-selected')}
            </Button>
            <PermiButton
              permi={['system:case:add']}
              type="primary"
              icon={<ImportOutlined />}
              disabled={selected.length === 0}
              onClick={() => setImporting(cases.filter((c) => selected.includes(c.key)))}
            >
              {t('ai.case.import-selected')}
            </PermiButton>
          </Space>
        </Flex>
        <AiCaseTable
          projectId={projectId}
          cases={cases}
          time={round?.time ?? ''}
          selected={selected}
          onSelect={setSelected}
          onChange={(key, patch) => setConversation((c) => updateCase(c, key, patch))}
          onEdit={setEditing}
          onRemove={(key) => {
            setConversation((c) => removeCases(c, [key]));
            setSelected((keys) => keys.filter((k) => k !== key));
          }}
        />
      </Spin>
      <AiCaseEditDialog
        projectId={projectId}
        draft={editing}
        onClose={() => setEditing(undefined)}
        onSave={(key, patch) => setConversation((c) => updateCase(c, key, patch))}
      />
      <AiCaseImportDialog
        projectId={projectId}
        cases={importing}
        onClose={() => setImporting(undefined)}
        onImported={(keys, moduleId) => {
          setConversation((c) => markImported(c, keys, moduleId));
          setSelected([]);
          setImporting(undefined);
          onImported();
        }}
      />
    </Drawer>
  );
}
