import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { startA11yPatches } from './lib/a11y-patches.ts';
import { currentLocale, loadLocale } from './lib/i18n.ts';
import './styles.css';
import { AppProviders } from './app-providers.tsx';
import { AppRoutes } from './router/app-routes.tsx';

const root = document.getElementById('root');
// A reader of English waits for its texts (a chunk of their own) rather than seeing Chinese flash;
// should they fail to arrive, the page shows in Chinese.
if (root) {
  void loadLocale(currentLocale())
    .catch(() => {})
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <AppProviders>
            <HashRouter>
              <AppRoutes />
            </HashRouter>
          </AppProviders>
        </StrictMode>,
      ),
    );
  startA11yPatches();
}
