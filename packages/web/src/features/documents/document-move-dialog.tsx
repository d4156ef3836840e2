import { FolderFilled, FolderOpenFilled } from '@ant-design/icons';
import type { DocumentNode } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Tree, type TreeDataNode } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKeys, listFolders, updateDocument } from './documents.api.ts';

const ROOT_KEY = '0';

interface DocumentMoveDialogProps {
  projectId: number;
  doc: DocumentNode | undefined;
  onClose: () => void;
}

const withChildren = (nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] =>
  nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: withChildren(node.children, key, children) }
        : node,
  );

/**
 * Move to another folder: a tree of the project's folders, loaded a level at a time, without the
 * item itself (so never into itself or anything inside it; the server checks again).
 */
export function DocumentMoveDialog({ projectId, doc, onClose }: DocumentMoveDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<TreeDataNode[]>([]);
  const [target, setTarget] = useState<number>();
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (!doc) return;
    setTarget(undefined);
    setTree([{ key: ROOT_KEY, title: t('doc.root-folder'), icon: <FolderOpenFilled /> }]);
  }, [doc, t]);

  const loadData = async (node: TreeDataNode) => {
    if (node.children) return;
    const res = await listFolders(projectId, Number(node.key));
    const children = res.rows
      .filter((folder) => folder.docId !== doc?.docId)
      .map((folder) => ({
        key: String(folder.docId),
        title: folder.docName,
        icon: <FolderFilled style={{ color: '#e8a33d' }} />,
        isLeaf: folder.leaf,
      }));
    setTree((nodes) => withChildren(nodes, String(node.key), children));
  };

  const move = async () => {
    if (!doc || target === undefined) return;
    setSaving(true);
    try {
      await updateDocument({ docId: doc.docId, docPid: target });
      message.success(t('doc.moved'));
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      onClose();
    } catch {
      // reported by the HTTP layer; the dialog stays for another choice
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={doc !== undefined}
      title={t('doc.move-title', { name: doc?.docName ?? '' })}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: target === undefined }}
      confirmLoading={isSaving}
      onOk={() => void move()}
      onCancel={onClose}
      width={{ xs: '100%', md: 520 }}
      destroyOnHidden
    >
      <Tree
        showIcon
        blockNode
        data-testid="document-move-tree"
        treeData={tree}
        loadData={loadData}
        defaultExpandedKeys={[ROOT_KEY]}
        selectedKeys={target === undefined ? [] : [String(target)]}
        onSelect={(keys) => setTarget(keys.length ? Number(keys[0]) : undefined)}
        style={{ minHeight: 200 }}
      />
    </Modal>
  );
}
