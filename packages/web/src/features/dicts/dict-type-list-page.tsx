import { SyncOutlined } from '@ant-design/icons';
import type { DictType } from '@buglet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { usePermi } from '../../components/auth.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { seededText } from '../../lib/i18n.ts';
import { DictSearchSelect } from './dict-fields.tsx';
import { DictTag } from './dict-tag.tsx';
import { DictTypeDialog } from './dict-type-dialog.tsx';
import { deleteDictTypes, dictTypeKeys, listDictTypes, refreshDictCache } from './dicts.api.ts';

const FILTERS = ['dictName', 'dictType', 'status'] as const;

export default function DictTypeListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canOpenData = usePermi(['system:dict:list']);

  const refreshCache = async () => {
    await refreshDictCache();
    message.success(t('dict.refresh-success'));
    await queryClient.invalidateQueries({ queryKey: ['dict-data-by-type'] });
  };

  return (
    <AdminListPage<DictType, (typeof FILTERS)[number]>
      filters={FILTERS}
      rowKey="dictId"
      permiPrefix="system:dict"
      keys={dictTypeKeys}
      list={listDictTypes}
      remove={{ call: deleteDictTypes, confirm: (ids) => t('dict.confirm-delete-type', { ids }) }}
      exportTo={{ url: '/system/dict/type/export', fileName: `dict_type_${Date.now()}.xlsx` }}
      search={
        <>
          <SearchInput name="dictName" label={t('dict.name')} />
          <SearchInput name="dictType" label={t('dict.type')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        { title: t('id'), dataIndex: 'dictId', width: 80 },
        {
          title: t('dict.name'),
          ellipsis: true,
          render: (_v, row) => seededText(`dict.name.${row.dictType}`, row.dictName),
        },
        {
          title: t('dict.type'),
          dataIndex: 'dictType',
          render: (value: string, row) =>
            canOpenData ? <Link to={`/system/dict-data/index/${row.dictId}`}>{value}</Link> : value,
        },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 90,
          render: (v: string) => <DictTag type="sys_normal_disable" value={v} />,
        },
        { title: t('remark'), dataIndex: 'remark', ellipsis: true },
        { title: t('create-time'), dataIndex: 'createTime', width: 170 },
        { title: t('operate'), fixed: 'right', render: (_v, row) => list.rowActions(row) },
      ]}
      toolbar={() => (
        <PermiButton
          permi={['system:dict:remove']}
          icon={<SyncOutlined />}
          onClick={() => void refreshCache().catch(() => {})}
        >
          {t('refresh-cache')}
        </PermiButton>
      )}
      dialog={(list) => <DictTypeDialog target={list.target} onClose={list.closeDialog} />}
    />
  );
}
