import { DeleteOutlined, EditOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { DefectAction } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  type ButtonProps,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Image,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermi } from '../../components/auth.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { assetUrl } from '../../lib/http.ts';
import { useLayout } from '../../stores/layout.store.ts';
import { useSession } from '../../stores/session.store.ts';
import { DefectActionDialog } from './defect-action-dialog.tsx';
import { DefectStateTag, DefectTypeTag, FollowStar, useLevelText } from './defect-tags.tsx';
import { DefectTimeline } from './defect-timeline.tsx';
import { collectDefect, type DefectDetail, defectKeys, deleteDefect, getDefect } from './defects.api.ts';
import { HandlerAvatars } from './handler-avatars.tsx';
import { MarkdownView } from './markdown-view.tsx';
import { splitPaths } from './upload-paths-field.tsx';
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
  const levelText = useLevelText();
  const images = splitPaths(defect.imgUrls);
  const annexes = splitPaths(defect.annexUrls);
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        title={t('base-info')}
        items={[
          { key: 'level', label: t('defect.level'), children: levelText(defect.defectLevel) },
          {
            key: 'handlers',
            label: t('defect.handlers'),
            children: <HandlerAvatars people={defect.handleByList} />,
          },
          { key: 'creator', label: t('defect.creator'), children: defect.createBy },
          { key: 'version', label: t('defect.version'), children: defect.moduleVersion || '-' },
          { key: 'created', label: t('create-time'), children: defect.createTime },
          { key: 'updated', label: t('update-time'), children: defect.updateTime },
          { key: 'start', label: t('defect.plan-start'), children: defect.planStartTime || '-' },
          { key: 'end', label: t('defect.plan-end'), children: defect.planEndTime || '-' },
        ]}
      />
      <Divider titlePlacement="start">{t('defect.describe')}</Divider>
      <MarkdownView source={defect.defectDescribe ?? ''} />
      {images.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('defect.images')}</Divider>
          <Image.PreviewGroup>
            <Space wrap>
              {images.map((path) => (
                <Image
                  key={path}
                  src={assetUrl(path)}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        </>
      ) : null}
      {annexes.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('defect.annexes')}</Divider>
          <Flex vertical gap={4}>
            {annexes.map((path) => (
              <Typography.Link key={path} href={assetUrl(path)} download>
                {path.split('/').pop()}
              </Typography.Link>
            ))}
          </Flex>
        </>
      ) : null}
      <Divider titlePlacement="start">{t('defect.history')}</Divider>
      <DefectTimeline defectId={defect.defectId} />
    </>
  );
}

/** One defect: its workflow buttons (exactly those the server offers), details and history. */
export function DefectViewDrawer({ defectId, onClose, onEdit, onChanged }: DefectViewDrawerProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
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
  });
  const defect = query.data?.data;
  const { members, testers } = useProjectMembers(defect?.projectId ?? 0);
  const isCreator = defect !== undefined && defect.createById === myId;

  const askDelete = (target: DefectDetail) =>
    confirm({
      content: t('defect.delete-confirm', { num: target.projectNum }),
      action: async () => {
        await deleteDefect(target.defectId);
        onClose();
        await onChanged();
      },
    });

  const title = defect ? (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong style={{ fontSize: 18 }}>{`#${defect.projectNum}`}</Typography.Text>
      <DefectTypeTag type={defect.defectType} />
      <DefectStateTag state={defect.defectState} />
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
