// One lint configuration for the whole workspace (docs/architecture.md#boundaries-checked-by-the-linter).
// Type-aware rules read each file's own tsconfig through the project service.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = [
  'about',
  'auth',
  'bulletins',
  'custom-request',
  'home',
  'invoicing',
  'layout',
  'news',
  'ops',
  'orders',
  'reports',
  'staff',
]

/** Features never import each other: what two share moves to components/ or lib/ (bulletproof-react). */
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: './client/src/features',
  except: [`./${name}`],
  message: 'A feature does not import another feature; move what they share to client/src/components or client/src/lib.',
}))

/**
 * The core API: domain modules on a platform layer (docs/architecture.md#the-core-apis-modules).
 * platform/ imports no module; a module reaches another only through its index.ts; only the
 * composition roots (app.ts, server.ts, modules/index.ts, modules/routes.ts, cli/) see everything.
 */
const coreModules = [
  'accounts',
  'catalogue',
  'desk',
  'invoicing',
  'licensing',
  'mail',
  'order-documents',
  'orders',
  'publishing',
  'search',
  'settings',
  'shipping',
  'site',
  'staff',
]
const coreApiZones = [
  {
    target: './core-api/src/platform',
    from: ['./core-api/src/modules', './core-api/src/cli', './core-api/src/app.ts', './core-api/src/server.ts'],
    message: 'The platform layer imports no module: what a module and the platform share belongs in platform/.',
  },
  ...coreModules.map((name) => ({
    target: `./core-api/src/modules/${name}`,
    from: './core-api/src/modules',
    except: [`./${name}`, ...coreModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'A module imports another module only through its index.ts, and never the composition roots.',
  })),
  ...coreModules.map((name) => ({
    target: `./core-api/src/modules/${name}`,
    from: ['./core-api/src/cli', './core-api/src/app.ts', './core-api/src/server.ts'],
    message: 'A module does not import an entry point.',
  })),
]

/**
 * The BFF's tiers, bottom first (docs/architecture.md#bff-the-gateway-the-browser-talks-to).
 * Each folder, and each file at the top of bff/src, may import itself and the
 * tiers listed against it, all of them below it; anything else in bff/src is
 * refused, so an upward (or sideways) import fails lint. A new folder needs a line here.
 *   lib/, paths.ts      the bottom: pure helpers and vocabulary (editions, cache and limit names)
 *   config.ts           the environment's settings
 *   upstream/           calling the core API: its client, retries, the allow-list
 *   http/               the BFF's own answers: envelope, error catalogue, a request's language
 *   plugins/external    Fastify plugins wrapping third-party packages
 *   plugins/app         the app's services (session, CSRF, limits, caches, page payloads)
 *   proxy/, ssr/        above the app plugins, beside each other: the core API's calls passed
 *                       through (/api, /staff-api); server rendering
 *   routes/             the BFF's own routes (they register the SSR plugin)
 *   app.ts, server.ts   the assembly, then the process
 */
const bffTiers = [
  { tier: './lib', mayImport: [] },
  { tier: './paths.ts', mayImport: [] },
  { tier: './config.ts', mayImport: ['./lib', './paths.ts'] },
  { tier: './upstream', mayImport: ['./config.ts', './lib', './paths.ts'] },
  { tier: './http', mayImport: ['./upstream', './config.ts', './lib', './paths.ts'] },
  { tier: './plugins/external', mayImport: ['./http', './upstream', './config.ts', './lib', './paths.ts'] },
  { tier: './plugins/app', mayImport: ['./plugins/external', './http', './upstream', './config.ts', './lib', './paths.ts'] },
  {
    tier: './proxy',
    mayImport: ['./plugins/app', './plugins/external', './http', './upstream', './config.ts', './lib', './paths.ts'],
  },
  { tier: './ssr', mayImport: ['./plugins/app', './plugins/external', './http', './upstream', './config.ts', './lib', './paths.ts'] },
  {
    tier: './routes',
    mayImport: ['./ssr', './plugins/app', './plugins/external', './http', './upstream', './config.ts', './lib', './paths.ts'],
  },
  {
    tier: './app.ts',
    mayImport: ['./routes', './proxy', './ssr', './plugins', './http', './upstream', './config.ts', './lib', './paths.ts'],
  },
  {
    tier: './server.ts',
    mayImport: ['./app.ts', './routes', './proxy', './ssr', './plugins', './http', './upstream', './config.ts', './lib', './paths.ts'],
  },
]
const bffZones = bffTiers.map(({ tier, mayImport }) => ({
  target: `./bff/src/${tier.slice(2)}`,
  from: './bff/src',
  except: [tier, ...mayImport],
  message: `The BFF's tiers import downwards only: ${tier.slice(2)} may import ${mayImport.map((t) => t.slice(2)).join(', ') || 'nothing else in bff/src'} (bffTiers).`,
}))

/** The shared layers of the client never reach into the app shell or a feature; the contract and server-kit depend on no service. */
const tierZones = [
  {
    target: './client/src/components',
    from: ['./client/src/features', './client/src/app'],
    message: 'Shared components do not import features or the app shell.',
  },
  {
    target: './client/src/lib',
    from: ['./client/src/features', './client/src/app', './client/src/components'],
    message: 'lib/ is the bottom tier of the client.',
  },
  { target: './contract/src', from: ['./core-api', './bff', './client', './sandbox'], message: 'The contract depends on no tier.' },
  { target: './server-kit/src', from: ['./core-api', './bff', './client', './sandbox'], message: 'server-kit depends on no service.' },
]

/**
 * The staff console in areas (docs/staff.md#building-a-console-screen): each area
 * imports only the kit, the shell, the console's api/ and messages/ (and the
 * client's shared components/ and lib/), never another area; the kit imports no
 * area and not the shell; api/ and messages/ import none of the console's screens.
 */
const staffConsole = './client/src/features/staff'
const staffAreas = [
  'publishing',
  'imports',
  'site',
  'requests',
  'orders',
  'customers',
  'dashboard',
  'audit',
  'accounts',
  'media',
  'transfers',
]
const staffAreaZones = [
  ...staffAreas.map((area) => ({
    target: `${staffConsole}/${area}`,
    from: staffConsole,
    except: [`./${area}`, './kit', './shell', './api', './messages'],
    message: 'A staff console area does not import another area; move what they share to the kit (staff/kit).',
  })),
  {
    target: `${staffConsole}/kit`,
    from: staffConsole,
    except: ['./kit', './api', './messages'],
    message: "The staff console's kit imports no area and not the shell.",
  },
  {
    target: [`${staffConsole}/api`, `${staffConsole}/messages`],
    from: staffConsole,
    except: ['./api', './messages'],
    message: "The staff console's api/ and messages/ import none of its screens.",
  },
]
export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/.data/', '**/coverage/', 'test-artifacts/', 'fixtures/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Config files at the roots of the workspaces sit outside every tsconfig.
          allowDefaultProject: [
            '*.js',
            'scripts/*.mjs',
            'bff/vitest.config.ts',
            'contract/vitest.config.ts',
            'server-kit/vitest.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, ...tierZones, ...staffAreaZones, ...coreApiZones, ...bffZones] },
      ],
      // `_name` marks a parameter an interface requires but this implementation ignores.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify plugins, hooks and handlers are async by contract (the promise they
      // return is how they finish), whether or not their body awaits anything.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // No import cycles in any package's source (docs/architecture.md#boundaries-checked-by-the-linter).
    // import-x reads the modules it follows only when their extension is listed and has a
    // parser (TypeScript's, as in import-x's own typescript preset), and its fallback
    // resolver takes any folder called node/ beside a package.json (lru-cache's
    // dist/esm/node) for a resolver and throws; the resolver import-x ships does not.
    // Type-only imports are erased at run time and are not counted.
    files: ['{core-api,bff,client,contract,server-kit}/src/**/*.{ts,tsx}'],
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests read the answers they check as untyped JSON (inject().json(), fetch().json())
    // and poke at them field by field; typing every answer again in the tests would
    // restate the contract, which the tests hold the answers to instead.
    files: ['**/test/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'scripts/testkit/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // A page's script carries only the groups of the call table its modules call: the bundler drops a
    // group no module imports, unless something imports the whole table (which holds them all).
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/features/staff/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@rpt/contract/calls', message: "Import the call's group (researchReportCalls, …) from @rpt/contract/site-calls." },
            {
              name: '@rpt/contract/site-calls',
              importNames: ['SITE_CALLS'],
              message: "Import the call's group (researchReportCalls, …): the whole table rides in every page.",
            },
            // The staff API's addresses stay in the console's chunk.
            { name: '@rpt/contract/staff-calls', message: 'Only the staff console imports the staff API calls.' },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/features/staff/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@rpt/contract/calls',
              message: 'Import STAFF_CALLS from @rpt/contract/staff-calls, or a group from @rpt/contract/site-calls.',
            },
            {
              name: '@rpt/contract/site-calls',
              importNames: ['SITE_CALLS'],
              message: "Import the call's group (dictCalls, …): the whole table would ride in every page.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
)
