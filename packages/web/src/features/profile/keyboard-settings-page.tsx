import { Alert, App, Button, Card, Flex, Input, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTION_DEFAULTS,
  GO_DEFAULTS,
  type Lettered,
  letterProblem,
  RESERVED_ACTION_KEYS,
} from '../../layout/shortcuts.ts';
import { keepSettings } from '../../lib/preferences.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { useShortcuts } from '../../stores/shortcuts.store.ts';

/** Saves the person's letters (and the switch) with their layout settings, on the server too. */
function keep(patch: { keyMap?: Record<string, string>; shortcutsEnabled?: boolean }) {
  const { settings, setSettings } = useLayout.getState();
  const next = { ...settings, ...patch };
  setSettings(next);
  keepSettings(next);
}

function LetterInput({
  command,
  panel,
  isAction,
}: {
  command: Lettered;
  panel: readonly Lettered[];
  isAction: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(command.key);
  const [problem, setProblem] = useState<string>();
  const commit = (letter: string) => {
    const value = letter.toLowerCase();
    const why = letterProblem(value, command.id, panel, isAction);
    if (why) {
      setProblem(t(`shortcut.problem.${why}`));
      return;
    }
    setProblem(undefined);
    keep({ keyMap: { ...useLayout.getState().settings.keyMap, [command.id]: value } });
  };
  return (
    <Flex vertical gap={2}>
      <Input
        value={text.toUpperCase()}
        maxLength={1}
        style={{ width: 56, textAlign: 'center' }}
        status={problem ? 'error' : undefined}
        aria-label={`${t('shortcut.letter')} ${command.title}`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value) commit(e.target.value);
        }}
      />
      {problem ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Panel({
  title,
  commands,
  defaults,
  isAction,
}: {
  title: string;
  commands: Lettered[];
  defaults: Record<string, string>;
  isAction: boolean;
}) {
  const { t } = useTranslation();
  const own = useLayout((s) => s.settings.keyMap);
  return (
    <Card size="small" title={title}>
      <Table<Lettered>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={commands}
        columns={[
          { title: t('shortcut.action'), dataIndex: 'title', ellipsis: true },
          {
            title: t('shortcut.letter'),
            width: 160,
            render: (_, c) => (
              <LetterInput key={`${c.id}:${c.key}`} command={c} panel={commands} isAction={isAction} />
            ),
          },
          {
            title: t('shortcut.default'),
            width: 90,
            render: (_, c) => defaults[c.id.replace(/^(go|action):/, '')]?.toUpperCase() ?? '-',
          },
          {
            title: t('operate'),
            width: 100,
            render: (_, c) =>
              own[c.id] ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    const { [c.id]: _gone, ...rest } = useLayout.getState().settings.keyMap;
                    keep({ keyMap: rest });
                  }}
                >
                  {t('reset')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

/**
 * Keyboard settings (1.0's /member/keyboard): the shortcuts on or off, and each page's and action's
 * letter, the person's own kept with their layout settings on the server; a letter taken twice in a
 * panel, or reserved, is refused where it is typed.
 */
export default function KeyboardSettingsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isEnabled = useLayout((s) => s.settings.shortcutsEnabled);
  // The palette (in the layout) keeps its panels in the store as it letters them.
  const { go, actions } = useShortcuts((s) => s.panels);
  return (
    <Flex vertical gap={16} data-testid="keyboard-settings">
      <Card size="small">
        <Flex vertical gap={8}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('shortcut.intro')}</Typography.Paragraph>
          <Flex gap={8} align="center" wrap>
            <Switch
              checked={isEnabled}
              aria-label={t('shortcut.enable')}
              onChange={(on) => keep({ shortcutsEnabled: on })}
            />
            <Typography.Text>{t('shortcut.enable')}</Typography.Text>
            <Button
              onClick={() =>
                modal.confirm({
                  title: t('prompted'),
                  content: t('shortcut.reset-all-confirm'),
                  onOk: () => keep({ keyMap: {} }),
                })
              }
            >
              {t('shortcut.reset-all')}
            </Button>
          </Flex>
          <Alert
            type="info"
            showIcon
            title={
              <span>
                {t('shortcut.reserved')}{' '}
                {RESERVED_ACTION_KEYS.map((k) => (
                  <Tag key={k}>{k.toUpperCase()}</Tag>
                ))}
              </span>
            }
          />
        </Flex>
      </Card>
      <Panel title={t('shortcut.title.go')} commands={go} defaults={GO_DEFAULTS} isAction={false} />
      <Panel title={t('shortcut.title.actions')} commands={actions} defaults={ACTION_DEFAULTS} isAction />
    </Flex>
  );
}
