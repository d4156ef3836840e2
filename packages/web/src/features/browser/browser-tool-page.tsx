import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserTool } from './browser-tool.tsx';

/** /tools/browser: the tool on the whole window, without the app's layout (opened in a tab of its own). */
export default function BrowserToolPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('browser.tool')} - ${t('system-name')}`;
  }, [t]);
  return <BrowserTool isFullScreen />;
}
