import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Modal, Tabs, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { toJson, toJsx } from './form-builder-code.ts';
import type { FormSchema } from './form-builder-schema.ts';

function saveText(text: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/** The form as code: the React component (Ant Design Form JSX) and the JSON definition, to copy or save. */
export function FormBuilderCodeDialog({
  form,
  isOpen,
  onClose,
}: {
  form: FormSchema;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const files = [
    {
      key: 'jsx',
      label: t('build.code.jsx'),
      fileName: `${form.componentName}.tsx`,
      code: toJsx(form, {
        required: (label) => t('field-required', { field: label }),
        submit: t('submit'),
        reset: t('reset'),
      }),
    },
    { key: 'json', label: t('build.code.json'), fileName: `${form.componentName}.json`, code: toJson(form) },
  ];
  const copy = (code: string) =>
    void navigator.clipboard.writeText(code).then(
      () => message.success(t('copy-success')),
      () => message.error(t('gen.copy-failed')),
    );

  return (
    <Modal
      open={isOpen}
      title={t('build.code')}
      width={{ xs: '100%', md: 900 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Tabs
        items={files.map((f) => ({
          key: f.key,
          label: f.label,
          children: (
            <>
              <Flex gap={8} justify="flex-end">
                <Button size="small" icon={<CopyOutlined />} onClick={() => copy(f.code)}>
                  {t('copy')}
                </Button>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => saveText(f.code, f.fileName)}>
                  {t('build.download')}
                </Button>
              </Flex>
              <pre
                data-code={f.key}
                style={{
                  maxHeight: '60vh',
                  overflow: 'auto',
                  margin: '8px 0 0',
                  padding: 12,
                  fontSize: 12,
                  background: token.colorFillQuaternary,
                  borderRadius: token.borderRadius,
                }}
              >
                {f.code}
              </pre>
            </>
          ),
        }))}
      />
    </Modal>
  );
}
