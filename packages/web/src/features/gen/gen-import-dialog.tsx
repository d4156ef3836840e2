import { SearchOutlined } from '@ant-design/icons';
import type { GenDbTable } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { genKeys, importTables, listDbTables } from './gen.api.ts';

interface Filters {
  tableName?: string;
  tableComment?: string;
}

/** The tables of the database not imported yet; the ticked ones are imported with their columns. */
export function GenImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const query = { ...filters, ...page };
  const tables = useQuery({
    queryKey: genKeys.dbList(query),
    queryFn: () => listDbTables(query),
    enabled: isOpen,
  });
  const close = () => {
    setSelected([]);
    onClose();
  };
  const save = useMutation({
    mutationFn: () => importTables(selected),
    onSuccess: () => {
      message.success(t('gen.import-success'));
      void queryClient.invalidateQueries({ queryKey: genKeys.all });
      close();
    },
  });

  const columns: TableColumnsType<GenDbTable> = [
    { title: t('gen.table-name'), dataIndex: 'tableName', ellipsis: true },
    { title: t('gen.table-comment'), dataIndex: 'tableComment', ellipsis: true },
  ];
  return (
    <Modal
      open={isOpen}
      title={t('gen.import-table')}
      width={{ xs: '100%', md: 800 }}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={close}
      destroyOnHidden
    >
      <Form<Filters>
        name="gen-import-search"
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ rowGap: 12, marginBottom: 12, flexWrap: 'wrap' }}
      >
        <Form.Item name="tableName" label={t('gen.table-name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="tableComment" label={t('gen.table-comment')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<GenDbTable>
        rowKey="tableName"
        size="small"
        loading={tables.isFetching}
        columns={columns}
        dataSource={tables.data?.rows ?? []}
        scroll={{ x: 'max-content', y: 360 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        onRow={(row) => ({
          onClick: () =>
            setSelected((s) =>
              s.includes(row.tableName) ? s.filter((n) => n !== row.tableName) : [...s, row.tableName],
            ),
        })}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: tables.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </Modal>
  );
}
