import type { DictData } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminListPage } from '../../components/admin-list-page.tsx';
import { SearchInput } from '../../components/search-form.tsx';
import { DictDataDialog } from './dict-data-dialog.tsx';
import { DictSearchSelect } from './dict-fields.tsx';
import { DictTag } from './dict-tag.tsx';
import { deleteDictData, dictDataKeys, dictTypeKeys, getDictType, listDictData } from './dicts.api.ts';
import { dictKeys, dictLabel } from './use-dict.ts';

const FILTERS = ['dictLabel', 'status'] as const;
const TAG_COLORS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** Values of one dictionary type; the page learns the type from its id first. */
export default function DictDataListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dictId = Number(useParams().dictId);
  const typeQuery = useQuery({ queryKey: dictTypeKeys.detail(dictId), queryFn: () => getDictType(dictId) });
  const dictType = typeQuery.data?.data?.dictType ?? '';

  return (
    <AdminListPage<DictData, (typeof FILTERS)[number]>
      title={`${t('dict.data')}: ${dictType}`}
      extra={<Button onClick={() => navigate(-1)}>{t('back')}</Button>}
      filters={FILTERS}
      baseQuery={{ dictType }}
      isReady={dictType !== ''}
      rowKey="dictCode"
      permiPrefix="system:dict"
      keys={dictDataKeys}
      list={listDictData}
      remove={{ call: deleteDictData, confirm: (ids) => t('dict.confirm-delete-data', { ids }) }}
      alsoInvalidate={[dictKeys.type(dictType)]}
      exportTo={{ url: '/system/dict/data/export', fileName: `dict_data_${Date.now()}.xlsx` }}
      search={
        <>
          <SearchInput name="dictLabel" label={t('dict.label')} />
          <DictSearchSelect type="sys_normal_disable" name="status" label={t('status')} />
        </>
      }
      columns={(list) => [
        { title: t('dict.code'), dataIndex: 'dictCode', width: 80 },
        {
          title: t('dict.label'),
          render: (_v, row) => {
            const color = row.listClass ? TAG_COLORS[row.listClass] : undefined;
            const label = dictLabel(dictType, row);
            return color ? <Tag color={color}>{label}</Tag> : label;
          },
        },
        { title: t('dict.value'), dataIndex: 'dictValue' },
        { title: t('dict.sort'), dataIndex: 'dictSort', width: 80 },
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
      dialog={(list) => (
        <DictDataDialog dictType={dictType} target={list.target} onClose={list.closeDialog} />
      )}
    />
  );
}
