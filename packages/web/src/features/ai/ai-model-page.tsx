import { CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { type AiModelKind, SUPER_ADMIN_ID } from '@buglet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Card, Divider, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { PageHeaderBar } from '../../components/page-header-bar.tsx';
import { PermiButton } from '../../components/permi-button.tsx';
import { useConfirm } from '../../hooks/use-confirm.ts';
import { useSession } from '../../stores/session.store.ts';
import { useCurrentProject } from '../projects/index.ts';
import {
  aiKeys,
  deleteAiModel,
  getAiConfig,
  listAiModels,
  listDefaultModels,
  pullAiModel,
  saveAiConfig,
} from './ai.api.ts';
import { AiModelTable } from './ai-model-table.tsx';
import { modelNameProblem } from './ai-rules.ts';
import { AiServerForm } from './ai-server-form.tsx';
import {
  mergeModelRows,
  modelSuggestions,
  RECENT_MODELS_KEY,
  readRecentModels,
  rememberModel,
} from './model-pull.ts';
import { useModelPulls } from './use-model-pulls.ts';

/**
 * The project's AI: which Ollama server it talks to, the models there (download with live
 * progress, delete), and which model serves business text and which images.
 */
export default function AiModelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { projectId, project } = useCurrentProject();
  const isReadOnly = Boolean(project?.archived);
  const [name, setName] = useState('');
  const [isSuggesting, setSuggesting] = useState(false);
  const [recent, setRecent] = useState(readRecentModels);
  const { pulls, start, forget } = useModelPulls(projectId);

  const enabled = projectId > 0;
  const config = useQuery({
    queryKey: aiKeys.config(projectId),
    queryFn: () => getAiConfig(projectId),
    enabled,
  });
  const models = useQuery({
    queryKey: aiKeys.models(projectId),
    queryFn: () => listAiModels(projectId),
    enabled,
    retry: false,
  });
  const defaults = useQuery({
    queryKey: aiKeys.defaults(projectId),
    queryFn: () => listDefaultModels(projectId),
    enabled,
  });
  const rows = useMemo(() => mergeModelRows(models.data?.rows ?? [], pulls), [models.data, pulls]);
  const reload = () => queryClient.invalidateQueries({ queryKey: aiKeys.all });
  // The project's own server, else the platform's.
  const urlInUse = config.data?.data?.aiUrl || config.data?.data?.defaultAiUrl || '';
  // The platform's server serves every project: its models are the super administrator's to
  // manage, but for those the administrator lets projects pull (the server refuses the rest).
  const isSuperAdmin = useSession((s) => s.user?.userId === SUPER_ADMIN_ID);
  const isPlatformServer = config.data?.data !== undefined && !config.data.data.aiUrl && !isSuperAdmin;

  const pull = async (wanted: string) => {
    const problem = modelNameProblem(wanted);
    if (problem) {
      message.error(t(problem));
      return;
    }
    const trimmed = wanted.trim();
    start(trimmed);
    try {
      await pullAiModel(projectId, trimmed);
      const next = rememberModel(recent, trimmed);
      setRecent(next);
      localStorage.setItem(RECENT_MODELS_KEY, JSON.stringify(next));
      setName('');
      setSuggesting(false);
    } catch {
      // Refused (already downloading, server down): the HTTP layer said why; the list says the rest.
      forget(trimmed);
    }
  };

  const remove = (model: string) =>
    confirm({
      content: t('ai.model.delete-confirm', { name: model }),
      action: async () => {
        await deleteAiModel(projectId, model);
        forget(model);
        await reload();
      },
    });

  const choose = useMutation({
    mutationFn: ({ kind, model }: { kind: AiModelKind; model: string }) =>
      saveAiConfig({ projectId, [kind === 'business' ? 'businessModule' : 'imageModule']: model }),
    onSuccess: () => {
      message.success(t('ai.model.chosen'));
      void reload();
    },
  });

  return (
    <Card>
      <PageHeaderBar title={t('ai.title')} backTo="/project/option" />
      <AiServerForm
        projectId={projectId}
        config={config.data?.data}
        urlInUse={urlInUse}
        isReadOnly={isReadOnly}
      />
      <Divider style={{ margin: '12px 0 16px' }} />
      <ListToolbar
        onRefresh={() => void reload()}
        extra={
          <Flex gap={8} wrap>
            <AutoComplete
              value={name}
              onChange={setName}
              open={isSuggesting}
              onOpenChange={setSuggesting}
              options={modelSuggestions(defaults.data?.rows ?? [], recent, name).map((value) => ({ value }))}
              style={{ width: 280 }}
            >
              <Input
                prefix={<CloudDownloadOutlined />}
                placeholder={t('ai.model.name-placeholder')}
                aria-label={t('ai.model.name-placeholder')}
                onPressEnter={() => void pull(name)}
              />
            </AutoComplete>
            <PermiButton
              permi={['system:ai:add']}
              type="primary"
              icon={<DownloadOutlined />}
              disabled={isReadOnly}
              onClick={() => void pull(name)}
            >
              {t('ai.model.download-model')}
            </PermiButton>
          </Flex>
        }
      >
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('ai.model.list')}
        </Typography.Title>
      </ListToolbar>
      {isPlatformServer ? (
        <Alert
          type="info"
          showIcon
          className="ai-platform-server"
          style={{ marginBottom: 12 }}
          title={t('ai.model.platform-server')}
        />
      ) : null}
      {models.isError ? (
        <Alert
          type="error"
          showIcon
          className="ai-server-error"
          style={{ marginBottom: 12 }}
          title={t('ai.server-down', { url: urlInUse })}
          description={models.error.message}
        />
      ) : null}
      <AiModelTable
        rows={rows}
        isLoading={models.isFetching && !models.data}
        isReadOnly={isReadOnly}
        isDeleteHidden={isPlatformServer}
        onPull={(model) => void pull(model)}
        onDelete={remove}
        onChoose={(kind, model) => choose.mutate({ kind, model })}
      />
    </Card>
  );
}
