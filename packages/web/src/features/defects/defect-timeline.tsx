import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  ImportOutlined,
  PlusCircleOutlined,
  RollbackOutlined,
  SendOutlined,
  ToolOutlined,
  UndoOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Timeline, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { personName } from '../../lib/person-name.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { CommentBox } from './comment-box.tsx';
import { type DefectComment, type DefectLog, listDefectLogs } from './defects.api.ts';
import { MarkdownView } from './markdown-view.tsx';

const LOOK: Record<string, { color: string; icon: ReactNode }> = {
  CREATE: { color: 'blue', icon: <PlusCircleOutlined /> },
  IMPORT: { color: 'blue', icon: <ImportOutlined /> },
  UPDATE: { color: 'gray', icon: <EditOutlined /> },
  ASSIGN: { color: 'blue', icon: <SendOutlined /> },
  REPAIR: { color: '#1890ff', icon: <ToolOutlined /> },
  REJECTED: { color: '#ffba00', icon: <RollbackOutlined /> },
  PASS: { color: 'green', icon: <CheckCircleOutlined /> },
  CLOSED: { color: 'gray', icon: <CloseCircleOutlined /> },
  OPEN: { color: 'red', icon: <UnlockOutlined /> },
  DELETE: { color: 'red', icon: <DeleteOutlined /> },
  RESTORE: { color: 'green', icon: <UndoOutlined /> },
  NOTE: { color: 'gray', icon: <EditOutlined /> },
};

function CommentLine({ comment, onReply }: { comment: DefectComment; onReply: () => void }) {
  const { t } = useTranslation();
  const name = comment.createMember ? personName(comment.createMember) : '?';
  return (
    <Flex gap={8} align="start" style={{ marginTop: 6 }}>
      <NameAvatar name={name} image={comment.createMember?.avatar} size="small" />
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong>{name}</Typography.Text>{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {comment.createTime}
        </Typography.Text>{' '}
        <Button type="link" size="small" onClick={onReply}>
          {t('defect.reply')}
        </Button>
        <div className="comment-content">
          <MarkdownView source={comment.commentContent} />
        </div>
      </div>
    </Flex>
  );
}

interface FieldChange {
  field: string;
  /** A custom field's label when it was changed (`field` is `custom:<key>`). */
  label?: string;
  oldDisplay?: string;
  newDisplay?: string;
  urlAddedCount?: number;
  urlRemovedCount?: number;
}

/** An edit's changes (1.0's UPDATE describe, JSON): "field: old → new", a line each. */
function FieldChanges({ describe }: { describe: string | null | undefined }) {
  const { t } = useTranslation();
  let changes: FieldChange[] = [];
  try {
    const parsed: unknown = JSON.parse(describe ?? '[]');
    if (Array.isArray(parsed)) changes = parsed as FieldChange[];
  } catch {
    // An entry written before edits were itemised says nothing more.
  }
  if (changes.length === 0) return null;
  const value = (c: FieldChange, side: 'old' | 'new') => {
    const shown = side === 'old' ? c.oldDisplay : c.newDisplay;
    if (c.field === 'defectLevel' && shown) return t(`defect.level.${shown}`, { defaultValue: shown });
    if (c.field === 'defectType' && shown) return t(`defect.type.${shown}`, { defaultValue: shown });
    return shown || '-';
  };
  const fieldName = (c: FieldChange) =>
    c.label ?? t(`defect.field.${c.field}`, { defaultValue: c.field.replace(/^custom:/, '') });
  return (
    <ul className="defect-field-changes" data-testid="defect-field-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <Typography.Text type="secondary">
            {c.urlAddedCount !== undefined
              ? t('defect.change.urls', {
                  field: fieldName(c),
                  added: c.urlAddedCount,
                  removed: c.urlRemovedCount ?? 0,
                })
              : t('defect.change.line', {
                  field: fieldName(c),
                  from: value(c, 'old'),
                  to: value(c, 'new'),
                })}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function LogEntry({ log, onCommented }: { log: DefectLog; onCommented: () => void }) {
  const { t } = useTranslation();
  // undefined: no box; 0: a comment on the entry; a comment id: a reply to that comment.
  const [replyTo, setReplyTo] = useState<number | undefined>();
  const receivers = (log.receiveByList ?? []).map(personName).join(', ');
  return (
    <div data-testid="defect-log" data-log-type={log.defectLogType}>
      <Flex justify="space-between" wrap gap={4}>
        <span>
          <Typography.Text strong>
            {log.createByName ? personName({ nickName: log.createByName }) : '?'}
          </Typography.Text>{' '}
          <Typography.Text style={{ color: 'var(--ant-color-link, #1668c9)' }}>
            {t(`defect.log.${log.defectLogType}`, { defaultValue: log.defectLogType })}
          </Typography.Text>
          {receivers ? ` → ${receivers}` : ''}
        </span>
        <Flex gap={4} align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {log.createTime}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setReplyTo(replyTo === 0 ? undefined : 0)}>
            {t('defect.comment')}
          </Button>
        </Flex>
      </Flex>
      {log.defectLogType === 'UPDATE' ? (
        <FieldChanges describe={log.defectLogDescribe} />
      ) : log.defectLogDescribe ? (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0', whiteSpace: 'pre-wrap' }}>
          {t('defect.reason-line', { reason: log.defectLogDescribe })}
        </Typography.Paragraph>
      ) : null}
      {(log.commentList ?? []).map((comment) => (
        <CommentLine
          key={comment.commentId}
          comment={comment}
          onReply={() => setReplyTo(comment.commentId)}
        />
      ))}
      {replyTo !== undefined ? (
        <CommentBox
          logId={log.defectLogId}
          parentId={replyTo || undefined}
          onDone={() => {
            setReplyTo(undefined);
            onCommented();
          }}
        />
      ) : null}
    </div>
  );
}

/** The defect's history, newest first, with comments under each entry. */
export function DefectTimeline({ defectId }: { defectId: number }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: defectKeys.logs(defectId), queryFn: () => listDefectLogs(defectId) });
  const logs = query.data?.rows ?? [];
  if (!query.isLoading && logs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const reload = () => void queryClient.invalidateQueries({ queryKey: defectKeys.logs(defectId) });
  return (
    <Timeline
      items={logs.map((log) => ({
        key: log.defectLogId,
        color: LOOK[log.defectLogType]?.color ?? 'gray',
        icon: LOOK[log.defectLogType]?.icon,
        content: <LogEntry log={log} onCommented={reload} />,
      }))}
    />
  );
}
