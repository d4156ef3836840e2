/**
 * The layering rules `npm test` enforces (docs/architecture.md, "Layers"). Test files are left out
 * of the "from" side: a test may reach across layers to build its scene.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-knows-no-feature',
      comment:
        "The server's core (http/, db/, lib/, access/, config.ts) imports nothing from features/: a feature registers what it brings (a kind of caller, a limit, a query hook) with the core instead.",
      severity: 'error',
      from: {
        path: '^packages/server/src/(http|db|lib|access)/|^packages/server/src/config\\.ts$',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'web-features-through-public-file',
      comment:
        "A web feature uses another only through that feature's public file (features/<name>/index.ts): what it offers the others is stated once, and the rest stays free to change.",
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^packages/web/src/features/',
        pathNot: ['^packages/web/src/features/$1/', '^packages/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles: a cycle makes two modules one, and their load order an accident.',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
