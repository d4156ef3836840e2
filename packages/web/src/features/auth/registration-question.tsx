import { CONFIG_KEYS, type Config } from '@buglet/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configKeys, listConfigs, updateConfig } from '../configs/index.ts';

const QUERY = { configKey: CONFIG_KEYS.registerUser, pageNum: 1, pageSize: 1 };

/**
 * The first-run question beside the default password: may people create their own accounts on
 * the sign-in page (config record sys.account.registerUser, seeded on)? Saved as it is switched.
 */
export function RegistrationQuestion() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: configKeys.list(QUERY), queryFn: () => listConfigs(QUERY) });
  const record = query.data?.rows?.find((row: Config) => row.configKey === CONFIG_KEYS.registerUser);
  const [isSaving, setSaving] = useState(false);
  if (!record) return null;
  const change = async (isOpen: boolean) => {
    setSaving(true);
    try {
      await updateConfig({ ...record, configValue: String(isOpen) });
      await queryClient.invalidateQueries({ queryKey: configKeys.all });
      message.success(t(isOpen ? 'first-run.registration-on' : 'first-run.registration-off'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex gap={12} align="flex-start" data-testid="registration-question" style={{ marginBlock: 16 }}>
      <Switch
        checked={record.configValue === 'true'}
        loading={isSaving}
        aria-label={t('first-run.registration')}
        onChange={(isOpen) => void change(isOpen).catch(() => {})}
      />
      <Flex vertical>
        <Typography.Text strong>{t('first-run.registration')}</Typography.Text>
        <Typography.Text type="secondary">{t('first-run.registration-help')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
