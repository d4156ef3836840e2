// The modules `npm run test:mutation` mutates, in groups, each judged by the tests that are about
// it: running the whole suite against every mutant of code every request passes through (the
// access rules) would take hours on two cores. A mutant these tests miss counts as surviving even
// if some other test would catch it, so the scores are, if anything, low.
const S = 'packages/server/src';

/** @type {{ name: string, mutate: string[], tests: string[] }[]} */
export const MUTATION_GROUPS = [
  {
    name: 'workflow',
    mutate: [`${S}/features/defects/defect-workflow.ts`],
    tests: [`${S}/features/defects/defect-workflow.test.ts`, `${S}/features/defects/defects.test.ts`],
  },
  {
    name: 'access',
    mutate: [`${S}/access/*.ts`, `${S}/features/depts/data-scope.ts`],
    tests: [
      `${S}/access/*.test.ts`,
      `${S}/http/permission.test.ts`,
      `${S}/http/authorisation-matrix.test.ts`,
      `${S}/http/self-made-identity.test.ts`,
      `${S}/features/depts/data-scope.test.ts`,
      `${S}/features/depts/data-scope-rules.test.ts`,
      `${S}/features/depts/role-data-scope.test.ts`,
      `${S}/features/projects/projects-isolation.test.ts`,
      `${S}/features/teams/teams-isolation.test.ts`,
      `${S}/features/session/session.test.ts`,
      // Sessions ended and listed through the API (sessions.repository.ts).
      `${S}/features/profile/profile.test.ts`,
      `${S}/features/online/online.test.ts`,
    ],
  },
  {
    name: 'api-keys',
    mutate: [`${S}/features/open-api/api-key*.ts`],
    // rate-limits.test.ts: the Open API's limit per key (api-key.caller.ts) is tested there.
    tests: [`${S}/features/open-api/*.test.ts`, `${S}/http/callers.test.ts`, `${S}/http/rate-limits.test.ts`],
  },
  {
    name: 'outbound',
    mutate: [`${S}/lib/outbound.ts`, `${S}/lib/outbound-address.ts`],
    tests: [
      `${S}/lib/outbound.test.ts`,
      `${S}/lib/outbound-address.test.ts`,
      `${S}/features/configs/outbound-guard.test.ts`,
    ],
  },
  {
    name: 'markdown',
    mutate: [`${S}/lib/markdown.ts`, 'packages/web/src/lib/markdown.ts'],
    tests: [
      `${S}/lib/markdown.test.ts`,
      'packages/contracts/src/markdown.test.ts',
      'packages/web/test/markdown*.test.{ts,tsx}',
      'packages/web/test/documents.test.ts',
    ],
  },
  {
    name: 'shares',
    mutate: [
      `${S}/features/defects/share-passwords.ts`,
      `${S}/features/defects/defect-shares.routes.ts`,
      `${S}/lib/places-per-key.ts`,
    ],
    tests: [
      `${S}/features/defects/defect-shares.test.ts`,
      `${S}/features/defects/share-passwords.test.ts`,
      `${S}/lib/places-per-key.test.ts`,
    ],
  },
  {
    name: 'sign-in',
    mutate: [`${S}/features/session/login-guard.ts`],
    tests: [
      `${S}/features/session/login-guard.test.ts`,
      `${S}/features/session/session.test.ts`,
      `${S}/features/session/sign-in-abuse.test.ts`,
      `${S}/features/session/sign-in-races.test.ts`,
      `${S}/features/login-log/login-log.test.ts`,
      `${S}/features/totp/totp.test.ts`,
    ],
  },
];

/** The group named by MUTATION_GROUP (the runner, scripts/mutation.mjs, sets it). */
export function currentGroup() {
  const name = process.env.MUTATION_GROUP;
  const group = MUTATION_GROUPS.find((g) => g.name === name);
  if (!group) {
    throw new Error(
      `MUTATION_GROUP must be one of ${MUTATION_GROUPS.map((g) => g.name).join(', ')}: run npm run test:mutation`,
    );
  }
  return group;
}
