// One lint configuration for the whole workspace (docs/architecture.md#boundaries-checked-by-the-linter).
// Type-aware rules read each file's own tsconfig through the project service.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = ['about', 'auth', 'bulletins', 'custom-request', 'home', 'layout', 'news', 'ops', 'orders', 'reports', 'staff']

/** Features never import each other: what two share moves to components/ or lib/ (bulletproof-react). */
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: './client/src/features',
  except: [`./${name}`],
  message: 'A feature does not import another feature; move what they share to client/src/components or client/src/lib.',
}))

/**
 * A service's tiers import downwards only: routes → plugins/app → plugins/external → lib/http.
 * The shared layers of the client never reach into the app shell or a feature.
 */
const tierZones = [
  ...['core-api', 'bff'].flatMap((service) => [
    {
      target: `./${service}/src/plugins/external`,
      from: [`./${service}/src/plugins/app`, `./${service}/src/routes`],
      message: 'External plugins sit below the app tier.',
    },
    { target: `./${service}/src/plugins/app`, from: `./${service}/src/routes`, message: 'App plugins do not import routes.' },
    { target: `./${service}/src/lib`, from: [`./${service}/src/plugins`, `./${service}/src/routes`], message: 'lib/ is the bottom tier.' },
  ]),
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
const staffAreas = ['publishing', 'site', 'requests', 'orders', 'customers', 'dashboard', 'audit']
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
/**
 * The zones check only imports the linter can resolve to a file, and the default
 * resolver knows no .ts/.tsx: the console's own files resolve TypeScript, so the
 * zones above (and every other zone, for an import from the console) are enforced.
 */
const staffConsoleResolver = {
  files: ['client/src/features/staff/**/*.{ts,tsx}'],
  settings: {
    'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'] })],
  },
}

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
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...tierZones, ...staffAreaZones] }],
      // `_name` marks a parameter an interface requires but this implementation ignores.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify plugins, hooks and handlers are async by contract (the promise they
      // return is how they finish), whether or not their body awaits anything.
      '@typescript-eslint/require-await': 'off',
    },
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
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  staffConsoleResolver,
  prettier,
)
