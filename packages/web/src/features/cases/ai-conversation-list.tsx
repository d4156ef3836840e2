import { MessageOutlined } from '@ant-design/icons';
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Conversation } from './ai-conversation.ts';

/** The topic's prompts, oldest first, each with what came back; a click shows that round's cases. */
export function AiConversationList({
  conversation,
  onShow,
}: {
  conversation: Conversation;
  onShow: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (conversation.rounds.length === 0)
    return (
      <Empty
        image={<MessageOutlined style={{ fontSize: 32, color: 'var(--ant-color-text-quaternary)' }} />}
        styles={{ image: { height: 36 } }}
        description={t('ai.case.conversation-empty')}
      />
    );
  return (
    <Flex vertical gap={6} className="ai-conversation" style={{ maxHeight: 190, overflow: 'auto' }}>
      {conversation.rounds.map((round, index) => {
        const isShown = index === conversation.shown;
        return (
          <button
            type="button"
            key={round.num}
            className="ai-round"
            aria-pressed={isShown}
            onClick={() => onShow(index)}
            style={{
              textAlign: 'start',
              cursor: 'pointer',
              padding: '6px 8px',
              borderRadius: 6,
              font: 'inherit',
              color: 'inherit',
              border: `1px solid ${isShown ? '#13ce66' : 'var(--ant-color-border-secondary)'}`,
              background: isShown ? 'rgba(19, 206, 102, 0.06)' : 'transparent',
            }}
          >
            <Flex gap={8} align="start">
              <Tag color="#13ce66" style={{ marginInlineEnd: 0, flex: 'none' }}>
                {t('ai.case.demand', { num: String(round.num).padStart(2, '0') })}
              </Tag>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: round.prompt }}
                  style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                >
                  {round.prompt}
                </Typography.Paragraph>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('ai.case.round-summary', {
                    count: round.generated,
                    asked: round.count,
                    imported: round.cases.filter((c) => c.isImported).length,
                    seconds: round.seconds,
                    time: round.time,
                  })}
                </Typography.Text>
              </Flex>
            </Flex>
          </button>
        );
      })}
    </Flex>
  );
}
