import { CheckCircleOutlined, CloudUploadOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Col, Input, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendQuietly } from '../../lib/http.ts';
import { useSession } from '../../stores/session.store.ts';
import { MarkdownView } from '../defects/index.ts';
import { saveMyLife } from './defect-statistics.api.ts';
import { LIFE_NOTE_MAX, parseMyLife, serializeMyLife } from './my-life.ts';

/** Saved this long after the last keystroke. */
const SAVE_AFTER_MS = 800;
type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';
const draftKey = (userId: number) => `my-life-draft:${userId}`;

const STATE_LOOK: Record<
  SaveState,
  { icon: React.ReactNode; type?: 'secondary' | 'success' | 'warning' | 'danger' }
> = {
  saved: { icon: <CheckCircleOutlined />, type: 'success' },
  unsaved: { icon: <EditOutlined />, type: 'secondary' },
  saving: { icon: <CloudUploadOutlined />, type: 'secondary' },
  failed: { icon: <WarningOutlined />, type: 'danger' },
};

/**
 * "My life": the person's own note (Markdown, with its preview), kept in their user config so it
 * follows them. Saved as they type; until the server has it, a copy waits in this browser and is
 * sent as the tab closes, so nothing typed is lost.
 */
export default function MyLifePage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const stored = parseMyLife(useSession((s) => s.config?.lifeContent));
  const [text, setText] = useState(() => localStorage.getItem(draftKey(userId)) ?? stored.lifeContent);
  const [state, setState] = useState<SaveState>(() =>
    localStorage.getItem(draftKey(userId)) === null ? 'saved' : 'unsaved',
  );
  const latest = useRef({ text, state, stored });
  latest.current = { text, state, stored };

  const save = async (value: string) => {
    const serialized = serializeMyLife({ ...latest.current.stored, lifeContent: value });
    setState('saving');
    try {
      await saveMyLife(serialized);
      useSession.setState((s) => ({
        config: s.config ? { ...s.config, lifeContent: serialized } : s.config,
      }));
      if (latest.current.text === value) {
        localStorage.removeItem(draftKey(userId));
        setState('saved');
      } else setState('unsaved');
    } catch {
      setState('failed');
    }
  };

  // A draft left by a tab closed before it was saved goes up now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (state === 'unsaved') void save(text);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: saves the text as it stands when typing pauses
  useEffect(() => {
    if (state !== 'unsaved') return;
    const timer = setTimeout(() => void save(text), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, state]);

  // Closing the tab or leaving the page with unsaved text: sent on the way out (keepalive).
  useEffect(() => {
    const flush = () => {
      const { text: value, state: now, stored: base } = latest.current;
      if (now === 'saved') return;
      void sendQuietly({
        url: '/system/user-config',
        method: 'PUT',
        data: { lifeContent: serializeMyLife({ ...base, lifeContent: value }) },
      });
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const change = (value: string) => {
    setText(value);
    setState('unsaved');
    localStorage.setItem(draftKey(userId), value);
  };

  const look = STATE_LOOK[state];
  return (
    <Card
      title={t('defect.my-life')}
      extra={
        <Typography.Text type={look.type} data-testid="my-life-state" data-state={state}>
          {look.icon} {t(`my-life.state.${state}`)}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type="secondary">{t('my-life.help')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Input.TextArea
            aria-label={t('my-life.source')}
            value={text}
            onChange={(e) => change(e.target.value)}
            maxLength={LIFE_NOTE_MAX}
            showCount
            autoSize={{ minRows: 14 }}
            placeholder={t('my-life.placeholder')}
            style={{ fontFamily: 'monospace' }}
          />
        </Col>
        <Col xs={24} lg={12}>
          <div className="my-life-preview" data-testid="my-life-preview">
            <MarkdownView source={text} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}
