import { SearchOutlined } from '@ant-design/icons';
import type { Team } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, type InputRef, Modal, Spin, Tag, Typography } from 'antd';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listMyTeams, teamKeys } from '../features/teams/teams.api.ts';
import { useCurrentTeamId, useSwitchTeam } from '../features/teams/use-team-context.ts';
import { useIsDark } from '../lib/color-scheme.ts';
import { keepSettings } from '../lib/preferences.ts';
import { useLayout } from '../stores/layout.store.ts';
import { useSession } from '../stores/session.store.ts';
import { useShortcuts } from '../stores/shortcuts.store.ts';
import { leafEntries } from './menu-items.tsx';
import {
  ACTION_DEFAULTS,
  assignLetters,
  type Command,
  GO_DEFAULTS,
  isOverlayOpen,
  isOwnedByFocus,
  type Lettered,
} from './shortcuts.ts';
import { useMenuGroups } from './use-menu-groups.ts';
import { useSearchResults } from './use-search-results.ts';

/** How long a leader waits for its letter. */
const LEADER_MS = 2000;

/** The pages of the menus (and the fixed ones the keyboard reaches), lettered for `g`. */
function useGoCommands(): Lettered[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useMenuGroups();
  const own = useLayout((s) => s.settings.keyMap);
  return useMemo(() => {
    const seen = new Set<string>();
    const pages = [
      { key: '/index', title: t('home') },
      ...leafEntries(groups.all),
      { key: '/member/profile', title: t('personal-center') },
      { key: '/member/keyboard', title: t('shortcut.settings') },
    ].filter((p) => !/^https?:/.test(p.key) && !seen.has(p.key) && seen.add(p.key));
    // The pages with a letter of their own first, so theirs are never taken by another.
    const ranked = [...pages].sort(
      (a, b) => Number(GO_DEFAULTS[b.key] !== undefined) - Number(GO_DEFAULTS[a.key] !== undefined),
    );
    return assignLetters(
      ranked.map((p) => ({ id: `go:${p.key}`, title: p.title, run: () => navigate(p.key) })),
      GO_DEFAULTS,
      own,
    );
  }, [groups.all, navigate, own, t]);
}

/** The actions of Space: the global ones and those the current page offers. */
function useActionCommands(): Lettered[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const own = useLayout((s) => s.settings.keyMap);
  const pageActions = useShortcuts((s) => s.pageActions);
  const open = useShortcuts((s) => s.open);
  const isDark = useIsDark();
  const hasPermi = useSession((s) => s.hasPermi);
  return useMemo(() => {
    const commands: Command[] = [
      ...(hasPermi(['system:defect:add'])
        ? [
            {
              id: 'action:new-defect',
              title: t('defect.create'),
              run: () => navigate('/project/defect?create=1'),
            },
          ]
        : []),
      ...Object.values(pageActions).map((a) => ({ id: `action:${a.id}`, title: a.title, run: a.run })),
      { id: 'action:switch-team', title: t('shortcut.switch-team'), run: () => open('teams') },
      {
        id: 'action:theme',
        title: t(isDark ? 'theme.to-light' : 'theme.to-dark'),
        run: () => {
          const { settings, setSettings } = useLayout.getState();
          const next = { ...settings, themeMode: isDark ? ('light' as const) : ('dark' as const) };
          setSettings(next);
          keepSettings(next);
        },
      },
      { id: 'action:help', title: t('shortcut.help'), run: () => open('help') },
    ];
    return assignLetters(commands, ACTION_DEFAULTS, own);
  }, [hasPermi, isDark, navigate, open, own, pageActions, t]);
}

function LetterList({
  commands,
  onRun,
  active,
}: {
  commands: readonly Lettered[];
  onRun: (c: Lettered) => void;
  active: number;
}) {
  return (
    <div role="listbox" className="palette-list">
      {commands.map((c, i) => (
        <button
          type="button"
          key={c.id}
          role="option"
          aria-selected={i === active}
          className={`palette-item${i === active ? ' is-active' : ''}`}
          onClick={() => onRun(c)}
        >
          <span>{c.title}</span>
          <kbd className="palette-key">{c.key.toUpperCase()}</kbd>
        </button>
      ))}
    </div>
  );
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const { results, open, isWaiting } = useSearchResults(query);
  const flat = results.flatMap((g) => g.items);
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  const onKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(flat.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = flat[active];
      if (item) {
        onDone();
        void open(item.target).catch(() => {});
      }
    }
  };
  let at = -1;
  return (
    <>
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('shortcut.search-placeholder')}
        aria-label={t('search')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        data-testid="palette-search"
      />
      <Spin spinning={isWaiting} size="small">
        <div role="listbox" className="palette-list" style={{ minHeight: 48 }}>
          {results.map((g) => (
            <div key={g.label}>
              <Typography.Text type="secondary" className="palette-group">
                {g.label}
              </Typography.Text>
              {g.items.map((item) => {
                at += 1;
                const index = at;
                return (
                  <button
                    type="button"
                    key={item.key}
                    role="option"
                    aria-selected={index === active}
                    className={`palette-item${index === active ? ' is-active' : ''}`}
                    onClick={() => {
                      onDone();
                      void open(item.target).catch(() => {});
                    }}
                  >
                    <span>{item.label}</span>
                  </button>
                );
              })}
            </div>
          ))}
          {query.trim() && !isWaiting && flat.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shortcut.no-match')} />
          ) : null}
        </div>
      </Spin>
    </>
  );
}

function TeamsPanel({ onDone }: { onDone: () => void }) {
  const currentTeamId = useCurrentTeamId();
  const switchTeam = useSwitchTeam();
  const teams = useQuery({ queryKey: [...teamKeys.all, 'mine', 'palette'], queryFn: listMyTeams }).data;
  const rows: Team[] = teams?.rows ?? [];
  const commands = assignLetters(
    rows.map((team) => ({
      id: `team:${team.teamId}`,
      title: team.teamId === currentTeamId ? `${team.teamName} ✓` : team.teamName,
      run: () => void switchTeam(team.teamId),
    })),
    {},
    {},
  );
  return <LetteredPanel commands={commands} onDone={onDone} />;
}

/** A panel of lettered commands: the letter runs one, ↑↓ and Enter too. */
function LetteredPanel({ commands, onDone }: { commands: readonly Lettered[]; onDone: () => void }) {
  const [active, setActive] = useState(0);
  const [isStaying, setStaying] = useState(false);
  const toSearch = useShortcuts((s) => s.open);
  const run = (c: Lettered) => {
    onDone();
    c.run();
  };
  useEffect(() => {
    // 1.0's leader waits two seconds for its letter; a pointer over the list keeps it for the mouse.
    const timer = isStaying ? undefined : setTimeout(onDone, LEADER_MS);
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => Math.max(0, Math.min(commands.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
        return;
      }
      if (e.key === '/') {
        e.preventDefault();
        toSearch('search');
        return;
      }
      if (e.key === 'Enter') {
        const c = commands[active];
        if (c) {
          e.preventDefault();
          run(c);
        }
        return;
      }
      const c = commands.find((x) => x.key === e.key.toLowerCase());
      if (c) {
        e.preventDefault();
        run(c);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('keydown', onKey, true);
    };
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the list open while the pointer is on it
    <div onPointerEnter={() => setStaying(true)} onFocus={() => setStaying(true)}>
      <LetterList commands={commands} active={active} onRun={run} />
    </div>
  );
}

function HelpPanel() {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['Ctrl/⌘ + K', t('shortcut.key.palette')],
    ['G → ?', t('shortcut.key.go')],
    [t('shortcut.space'), t('shortcut.key.actions')],
    ['J / K', t('shortcut.key.move')],
    ['Enter', t('shortcut.key.open')],
    ['Ctrl/⌘ + Enter', t('shortcut.key.save')],
    ['Esc', t('shortcut.key.close')],
    ['?', t('shortcut.key.help')],
  ];
  return (
    <table className="palette-help" data-testid="shortcut-help">
      <tbody>
        {rows.map(([keys, what]) => (
          <tr key={keys}>
            <td>
              <kbd className="palette-key">{keys}</kbd>
            </td>
            <td>{what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The command palette and the keyboard's leaders, inside the signed-in layout: Ctrl/Cmd+K searches
 * pages, projects, defects (by number or words) and cases; `g` shows the pages with their letters,
 * Space the actions (a new defect, the open defect's "assign to me", switching team or theme); `?`
 * the keys. Never while typing in a field or while a dialog or drawer has the keyboard.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const mode = useShortcuts((s) => s.mode);
  const open = useShortcuts((s) => s.open);
  const close = useShortcuts((s) => s.close);
  const isEnabled = useLayout((s) => s.settings.shortcutsEnabled);
  const go = useGoCommands();
  const actions = useActionCommands();
  // The settings page lists the panels as the palette has them.
  useEffect(() => useShortcuts.setState({ panels: { go, actions } }), [go, actions]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        open('search');
        return;
      }
      if (!isEnabled || useShortcuts.getState().mode !== 'closed' || isOwnedByFocus(e) || isOverlayOpen())
        return;
      if (e.key === 'g') {
        e.preventDefault();
        open('go');
      } else if (e.key === ' ') {
        e.preventDefault();
        open('actions');
      } else if (e.key === '?') {
        e.preventDefault();
        open('help');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isEnabled, open]);

  const titles: Record<Exclude<typeof mode, 'closed'>, string> = {
    search: t('shortcut.title.search'),
    go: t('shortcut.title.go'),
    actions: t('shortcut.title.actions'),
    teams: t('shortcut.switch-team'),
    help: t('shortcut.help'),
  };
  return (
    <Modal
      open={mode !== 'closed'}
      title={mode === 'closed' ? '' : titles[mode]}
      footer={
        mode === 'search' || mode === 'help' ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('shortcut.footer')}
          </Typography.Text>
        )
      }
      onCancel={close}
      destroyOnHidden
      width={520}
      className="command-palette"
      data-testid="command-palette"
    >
      {mode === 'search' ? <SearchPanel onDone={close} /> : null}
      {mode === 'go' ? <LetteredPanel commands={go} onDone={close} /> : null}
      {mode === 'actions' ? <LetteredPanel commands={actions} onDone={close} /> : null}
      {mode === 'teams' ? <TeamsPanel onDone={close} /> : null}
      {mode === 'help' ? <HelpPanel /> : null}
      {mode === 'actions' && actions.length === 0 ? <Empty /> : null}
      {mode === 'go' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Tag>/</Tag>
          {t('shortcut.slash-search')}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
