import { type GenTableColumn, genColumnBody } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { genKeys, getGenTable, updateGenTable } from './gen.api.ts';
import { GenColumnsTable } from './gen-columns-table.tsx';
import { type BasicValues, GenBasicForm, GenInfoForm, type InfoValues } from './gen-edit-forms.tsx';

/** `/tool/gen-edit/index/:tableId`, digits only (anything else is not a page). */
export default function GenEditPage() {
  const tableId = useParams().tableId ?? '';
  if (!/^\d+$/.test(tableId)) return <Navigate to="/404" replace />;
  return <GenEditor tableId={Number(tableId)} />;
}

type Tab = 'basic' | 'columns' | 'info';

/**
 * The imported table's three parts, as in the original: basic information, the columns' roles in
 * the generated page (type, form and list, search mode, control, dictionary), and the generation
 * settings. One save sends all three.
 */
function GenEditor({ tableId }: { tableId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [basicForm] = Form.useForm<BasicValues>();
  const [infoForm] = Form.useForm<InfoValues>();
  const [tab, setTab] = useState<Tab>('columns');
  const [columns, setColumns] = useState<GenTableColumn[]>([]);
  const detail = useQuery({
    queryKey: genKeys.detail(tableId),
    queryFn: () => getGenTable(tableId),
    staleTime: 0,
  });
  const info = detail.data?.data?.info;

  useEffect(() => {
    if (!info) return;
    basicForm.setFieldsValue(info);
    const { tplCategory, packageName, moduleName, businessName, functionName, genType, genPath } = info;
    infoForm.setFieldsValue({
      tplCategory: tplCategory === 'tree' || tplCategory === 'sub' ? tplCategory : 'crud',
      packageName,
      moduleName,
      businessName,
      functionName,
      genType: genType === '1' ? '1' : '0',
      genPath,
      parentMenuId: info.parentMenuId ? Number(info.parentMenuId) : undefined,
    });
    setColumns(detail.data?.data?.rows ?? []);
  }, [info, detail.data, basicForm, infoForm]);

  const save = useMutation({
    mutationFn: async () => {
      const basic = await basicForm.validateFields().catch((error: unknown) => {
        setTab('basic');
        throw error;
      });
      const settings = await infoForm.validateFields().catch((error: unknown) => {
        setTab('info');
        throw error;
      });
      if (!info) return;
      const { parentMenuId, ...rest } = settings;
      await updateGenTable({
        ...basic,
        ...rest,
        tableId,
        params: { parentMenuId: parentMenuId ?? null },
        columns: columns.map((c) => genColumnBody.parse(c)),
      });
    },
    onSuccess: () => {
      message.success(t('modify-success'));
      void queryClient.invalidateQueries({ queryKey: genKeys.all });
      navigate('/system/gen');
    },
  });

  const update = (columnId: number, change: Partial<GenTableColumn>) =>
    setColumns((list) => list.map((c) => (c.columnId === columnId ? { ...c, ...change } : c)));

  if (detail.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  return (
    <Card>
      <PageHeaderBar
        title={t('gen.edit-title', { name: info?.tableName ?? '' })}
        backTo="/system/gen"
        extra={
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
            {t('save')}
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'basic',
            label: t('gen.tab.basic'),
            forceRender: true,
            children: <GenBasicForm form={basicForm} />,
          },
          {
            key: 'columns',
            label: t('gen.tab.columns'),
            children: <GenColumnsTable columns={columns} onChange={update} />,
          },
          {
            key: 'info',
            label: t('gen.tab.info'),
            forceRender: true,
            children: <GenInfoForm form={infoForm} />,
          },
        ]}
      />
    </Card>
  );
}
