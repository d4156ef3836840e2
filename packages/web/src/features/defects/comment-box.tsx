import { App, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addComment } from './defects.api.ts';

const COMMENT_MAX = 1024;

interface CommentBoxProps {
  logId: number;
  parentId?: number;
  onDone: () => void;
}

/** Comment on a history entry, or reply to one of its comments. */
export function CommentBox({ logId, parentId, onDone }: CommentBoxProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    void addComment(logId, text.trim(), parentId)
      .then(() => {
        message.success(t('defect.comment-success'));
        setText('');
        onDone();
      })
      .catch(() => {})
      .finally(() => setSending(false));
  };
  return (
    <Flex vertical gap={6} style={{ marginTop: 8 }}>
      <Input.TextArea
        autoFocus
        rows={2}
        maxLength={COMMENT_MAX}
        value={text}
        aria-label={t(parentId ? 'defect.reply' : 'defect.comment')}
        placeholder={t('defect.comment-placeholder')}
        onChange={(e) => setText(e.target.value)}
      />
      {/* The count beside the button: antd's own (showCount) hangs below the box, over the button. */}
      <Flex justify="end" align="center" gap={12}>
        <Typography.Text type="secondary" className="comment-box-count" style={{ fontSize: 12 }}>
          {text.length} / {COMMENT_MAX}
        </Typography.Text>
        <Button type="primary" size="small" loading={isSending} disabled={!text.trim()} onClick={send}>
          {t('defect.send')}
        </Button>
      </Flex>
    </Flex>
  );
}
