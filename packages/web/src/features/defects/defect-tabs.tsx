import {
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import type { AjaxResult } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../hooks/use-confirm.ts';
import type { DefectColumn } from './defect-columns.ts';
import type { DefectFilters } from './defect-query.ts';
import { tabConfigOf } from './defect-tab-config.ts';
import { DefectTabDialog, type TabDialogTarget } from './defect-tab-dialog.tsx';
import {
  createDefectTab,
  type DefectConfig,
  type DefectTab,
  defectTabKeys,
  deleteDefectTab,
  updateDefectTab,
} from './defect-tabs.api.ts';

/** Key of the built-in first tab, the whole list; it is not stored. */
export const ALL_TAB = 'all';

interface DefectTabStripProps {
  projectId: number;
  userId: number | undefined;
  tabs: DefectTab[];
  /** The active saved tab; undefined when "All" is active. */
  active: DefectTab | undefined;
  /** The filters or columns differ from what the active tab saved. */
  isModified: boolean;
  current: { filters: DefectFilters; columns: readonly DefectColumn[] };
  /** Applies a tab (or, with undefined, "All"). */
  onSelect: (tab: DefectTab | undefined) => void;
}

/** The user's saved views of this project's list, after "All"; the active one can be updated, renamed or deleted. */
export function DefectTabStrip({
  projectId,
  userId,
  tabs,
  active,
  isModified,
  current,
  onSelect,
}: DefectTabStripProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<TabDialogTarget | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: defectTabKeys.config(projectId) });
  const currentConfig = () => tabConfigOf(current.filters, current.columns, userId);

  const saveDialog = async (tabName: string) => {
    if (dialog?.kind === 'rename') {
      const { tab } = dialog;
      await updateDefectTab({
        tabId: tab.tabId,
        tabName,
        projectId,
        config: tab.config,
        tabSort: tab.tabSort,
      });
      return;
    }
    const tabSort = Math.max(0, ...tabs.map((tab) => tab.tabSort)) + 1;
    const res = await createDefectTab({ tabName, projectId, config: currentConfig(), tabSort });
    const created = res.data;
    if (!created) return;
    // Shown as active at once, before the refetch of the tab list comes back.
    queryClient.setQueryData<AjaxResult<DefectConfig>>(defectTabKeys.config(projectId), (old) =>
      old?.data ? { ...old, data: { ...old.data, tabs: [...old.data.tabs, created] } } : old,
    );
    onSelect(created);
  };

  const updateActive = (tab: DefectTab) =>
    void updateDefectTab({
      tabId: tab.tabId,
      tabName: tab.tabName,
      projectId,
      config: currentConfig(),
      tabSort: tab.tabSort,
    })
      .then(() => {
        message.success(t('defect.tab.updated'));
        return refresh();
      })
      .catch(() => {});

  const askDelete = (tab: DefectTab) =>
    confirm({
      content: t('defect.tab.delete-confirm', { name: tab.tabName }),
      action: async () => {
        await deleteDefectTab(tab.tabId);
        const at = tabs.findIndex((x) => x.tabId === tab.tabId);
        const rest = tabs.filter((x) => x.tabId !== tab.tabId);
        if (active?.tabId === tab.tabId) onSelect(rest[at] ?? rest[at - 1]);
        await refresh();
      },
    });

  const actions = active ? (
    <Flex gap={4} align="center">
      {isModified ? (
        <Tooltip title={t('defect.tab.modified')}>
          <Button
            size="small"
            type="primary"
            ghost
            icon={<SaveOutlined />}
            onClick={() => updateActive(active)}
          >
            {t('defect.tab.update-short')}
          </Button>
        </Tooltip>
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'update', icon: <SaveOutlined />, label: t('defect.tab.update') },
            { key: 'rename', icon: <EditOutlined />, label: t('defect.tab.rename') },
            { type: 'divider' },
            { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('defect.tab.delete') },
          ],
          onClick: ({ key }) => {
            if (key === 'update') updateActive(active);
            else if (key === 'rename') setDialog({ kind: 'rename', tab: active });
            else askDelete(active);
          },
        }}
      >
        <Button size="small" type="text" icon={<EllipsisOutlined />} aria-label={t('defect.tab.actions')} />
      </Dropdown>
    </Flex>
  ) : null;

  return (
    <>
      <Tabs
        size="small"
        activeKey={active ? String(active.tabId) : ALL_TAB}
        onChange={(key) => onSelect(tabs.find((tab) => String(tab.tabId) === key))}
        style={{ marginBottom: 4 }}
        items={[
          { key: ALL_TAB, label: t('defect.tab.all') },
          ...tabs.map((tab) => ({
            key: String(tab.tabId),
            label: (
              <span data-testid="defect-tab">
                {tab.tabName}
                {tab.tabId === active?.tabId && isModified ? (
                  <span title={t('defect.tab.modified')} style={{ color: '#faad14', marginInlineStart: 2 }}>
                    *
                  </span>
                ) : null}
              </span>
            ),
          })),
        ]}
        tabBarExtraContent={{
          right: (
            <Flex gap={4} align="center" style={{ marginInlineStart: 8 }}>
              {actions}
              <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                {t('defect.tab.save-as')}
              </Button>
            </Flex>
          ),
        }}
      />
      <DefectTabDialog
        projectId={projectId}
        target={dialog}
        save={saveDialog}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
