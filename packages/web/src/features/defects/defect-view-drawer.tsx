import { DeleteOutlined, EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { DefectAction } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Divider, Drawer, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { FocusAvatars } from '../../components/focus-avatars.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useViewFocus } from '../../hooks/use-view-focus.ts';
import { defectKeys } from '../../lib/query-keys.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { useSession } from '../../stores/session.store.ts';
import { useShortcuts } from '../../stores/shortcuts.store.ts';
import { useColumnLayout } from '../defect-fields/index.ts';
import { DefectActionDialog } from './defect-action-dialog.tsx';
import { DefectDetails } from './defect-details.tsx';
import { DefectStateTag, DefectTypeTag, FollowStar } from './defect-tags.tsx';
import { DefectTimeline } from './defect-timeline.tsx';
import {
  closeDefectView,
  collectDefect,
  type DefectDetail,
  deleteDefect,
  getDefect,
  runDefectAction,
} from './defects.api.ts';
import { HandlerAvatars } from './handler-avatars.tsx';
import { useProjectMembers } from './use-project-members.ts';

// The QR code library is only needed once someone shares, so the dialog is its own chunk.
const DefectShareDialog = lazy(() => import('./defect-share-dialog.tsx'));

/** Button look per action, after the original: repair blue, pass green, reject amber, close/open red. */
const ACTION_LOOK: Record<DefectAction, ButtonProps> = {
  assign: {},
  repair: { type: 'primary' },
  pass: { color: 'green', variant: 'solid' },
  reject: { color: 'orange', variant: 'solid' },
  close: { danger: true },
  open: { danger: true },
};

interface DefectViewDrawerProps {
  defectId: number | undefined;
  onClose: () => void;
  onEdit: (defect: DefectDetail) => void;
  onChanged: () => Promise<unknown>;
}

function DefectBody({ defect }: { defect: DefectDetail }) {
  const { t } = useTranslation();
  const { customFields } = useColumnLayout(defect.projectId);
  return (
    <>
      <DefectDetails
        defect={defect}
        handlers={<HandlerAvatars people={defect.handleByList} />}
        fields={customFields}
      />
      <Divider titlePlacement="start">{t('defect.history')}</Divider>
      <DefectTimeline defectId={defect.defectId} />
    </>
  );
}

/** One defect: its workflow buttons (exactly those the server offers), details and history. */
export function DefectViewDrawer({ defectId, onClose, onEdit, onChanged }: DefectViewDrawerProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const isMobile = useLayout((s) => s.isMobile);
  const myId = useSession((s) => s.user?.userId);
  const canEditAny = usePermi(['system:defect:edit']);
  const canRemoveAny = usePermi(['system:defect:remove']);
  const [action, setAction] = useState<DefectAction | undefined>();
  const [isSharing, setSharing] = useState(false);
  const query = useQuery({
    queryKey: defectKeys.detail(defectId ?? 0),
    queryFn: () => getDefect(defectId ?? 0),
    enabled: defectId !== undefined,
    // Every opening must reach the server: that read is what marks this user as looking.
    staleTime: 0,
  });
  const defect = query.data?.data;
  const focusList = defect?.defectId === defectId ? defect?.focusList : undefined;
  useViewFocus('defect', defectId, focusList, query.isFetching, closeDefectView);
  const { members, testers } = useProjectMembers(defect?.projectId ?? 0);
  const isCreator = defect !== undefined && defect.createById === myId;
  // The keyboard's Space panel offers "assign to me" while a defect that may be assigned is open.
  const offer = useShortcuts((s) => s.offer);
  const { message } = App.useApp();
  const canAssign = defect?.actions?.includes('assign') === true && myId !== undefined;
  const openId = defect?.defectId;
  useEffect(() => {
    if (!canAssign || openId === undefined || myId === undefined) return;
    return offer([
      {
        id: 'assign-to-me',
        title: t('shortcut.assign-to-me'),
        run: () =>
          void runDefectAction(openId, 'assign', { receiveBy: [myId] })
            .then(() => {
              message.success(t('defect.action-success.assign'));
              return Promise.all([
                queryClient.invalidateQueries({ queryKey: defectKeys.detail(openId) }),
                onChanged(),
              ]);
            })
            .catch(() => {}),
      },
    ]);
  }, [canAssign, openId, myId, offer, t, message, queryClient, onChanged]);

  const askDelete = (target: DefectDetail) =>
    confirm({
      content: t('defect.delete-confirm', { num: target.projectNum }),
      action: async () => {
        await deleteDefect(target.defectId);
        // The drawer's own queries go first: the list's refresh would otherwise read the deleted
        // defect and its history again while the drawer still holds them, and be told "no permission".
        queryClient.removeQueries({ queryKey: defectKeys.detail(target.defectId) });
        queryClient.removeQueries({ queryKey: defectKeys.logs(target.defectId) });
        onClose();
        await onChanged();
      },
    });

  const title = defect ? (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong style={{ fontSize: 18 }}>{`#${defect.projectNum}`}</Typography.Text>
      <DefectTypeTag type={defect.defectType} />
      <DefectStateTag state={defect.defectState} />
      <FocusAvatars moduleName="defect" dataId={defect.defectId} />
      <Typography.Text strong style={{ fontSize: 16, wordBreak: 'break-word' }}>
        {defect.defectName}
      </Typography.Text>
    </Flex>
  ) : null;

  const tools = defect ? (
    <Flex gap={6} wrap justify="end">
      <Button size="small" icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
        {t('share.button')}
      </Button>
      <FollowStar
        isOn={defect.collect}
        onToggle={() =>
          void collectDefect(defect.defectId, !defect.collect)
            .then(onChanged)
            .catch(() => {})
        }
      />
      {(defect.actions ?? []).map((name) => (
        <Button key={name} size="small" {...ACTION_LOOK[name]} onClick={() => setAction(name)}>
          {t(`defect.action.${name}`)}
        </Button>
      ))}
      {isCreator || canEditAny ? (
        <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(defect)}>
          {t('modify')}
        </Button>
      ) : null}
      {isCreator || canRemoveAny ? (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete(defect)}>
          {t('delete')}
        </Button>
      ) : null}
    </Flex>
  ) : null;

  return (
    <Drawer
      open={defectId !== undefined}
      rootClassName="defect-view-drawer"
      title={title}
      size={isMobile ? '100%' : '55%'}
      destroyOnHidden
      onClose={onClose}
      styles={{ body: { borderLeft: '3px solid #ff4949' } }}
    >
      {defect ? (
        <>
          {tools}
          <Divider style={{ margin: '12px 0' }} />
          <DefectBody defect={defect} />
          <DefectActionDialog
            defectId={defect.defectId}
            action={action}
            members={members}
            testers={testers}
            onClose={() => setAction(undefined)}
            onDone={() => {
              setAction(undefined);
              void onChanged();
            }}
          />
          {isSharing ? (
            <Suspense fallback={null}>
              <DefectShareDialog defectId={defect.defectId} onClose={() => setSharing(false)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
