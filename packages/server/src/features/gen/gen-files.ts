import type { GenModel } from './gen-model.ts';
import { contractsFile } from './templates/contracts.template.ts';
import { menusFile } from './templates/menus.template.ts';
import { repositoryFile } from './templates/repository.template.ts';
import { routesFile } from './templates/routes.template.ts';
import { localeKeysFile, setupFile } from './templates/setup.template.ts';
import { webApiFile } from './templates/web-api.template.ts';
import { webDialogFile } from './templates/web-dialog.template.ts';
import { webListFile } from './templates/web-list.template.ts';

/** Where each file of a table goes, relative to the root of the repository. */
export function genPaths(m: GenModel) {
  const server = `packages/server/src/features/${m.fileBase}`;
  const web = `packages/web/src/features/${m.fileBase}`;
  return {
    contracts: `packages/contracts/src/${m.fileBase}.ts`,
    repository: `${server}/${m.fileBase}.repository.ts`,
    routes: `${server}/${m.fileBase}.routes.ts`,
    menus: `${server}/${m.fileBase}.menus.ts`,
    api: `${web}/${m.fileBase}.api.ts`,
    list: `${web}/${m.fileBase}-list-page.tsx`,
    dialog: `${web}/${m.fileBase}-dialog.tsx`,
    locale: `${web}/${m.fileBase}.locale-keys.json`,
    setup: `gen-${m.fileBase}.md`,
  };
}

/** The generated code of one table: file path -> text, in the order a reader takes them. */
export function generateFiles(m: GenModel): Record<string, string> {
  const p = genPaths(m);
  return {
    [p.setup]: setupFile(m, p),
    [p.contracts]: contractsFile(m),
    [p.repository]: repositoryFile(m),
    [p.routes]: routesFile(m),
    [p.menus]: menusFile(m),
    [p.api]: webApiFile(m),
    [p.list]: webListFile(m),
    [p.dialog]: webDialogFile(m),
    [p.locale]: localeKeysFile(m),
  };
}
