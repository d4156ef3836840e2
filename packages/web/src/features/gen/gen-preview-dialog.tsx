import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Spin, Tabs, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { genKeys, previewCode } from './gen.api.ts';

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** One tab a generated file: its place in the repository, the code, and a copy button. */
export function GenPreviewDialog({ tableId, onClose }: { tableId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const preview = useQuery({
    queryKey: genKeys.preview(tableId ?? 0),
    queryFn: () => previewCode(tableId ?? 0),
    enabled: tableId !== undefined,
    staleTime: 0,
  });
  const files = Object.entries(preview.data?.data ?? {});
  const copy = (text: string) =>
    void navigator.clipboard.writeText(text).then(
      () => message.success(t('copy-success')),
      () => message.error(t('gen.copy-failed')),
    );

  return (
    <Modal
      open={tableId !== undefined}
      title={t('gen.preview')}
      width={{ xs: '100%', md: '90%', xxl: 1200 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview.isFetching ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Tabs
          size="small"
          items={files.map(([path, code]) => ({
            key: path,
            label: baseName(path),
            children: (
              <>
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <Typography.Text type="secondary" code>
                    {path}
                  </Typography.Text>
                  <Button size="small" icon={<CopyOutlined />} onClick={() => copy(code)}>
                    {t('copy')}
                  </Button>
                </Flex>
                <pre
                  data-file={path}
                  style={{
                    maxHeight: '65vh',
                    overflow: 'auto',
                    margin: '8px 0 0',
                    padding: 12,
                    fontSize: 12,
                    lineHeight: 1.5,
                    background: token.colorFillQuaternary,
                    borderRadius: token.borderRadius,
                  }}
                >
                  {code}
                </pre>
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
