import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { fnodeskPlugin } from './eslint-web-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const src = resolve(import.meta.dirname, '../apps/web/src');
const at = (path: string) => resolve(src, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const rule = fnodeskPlugin.rules['web-layers'];

tester.run('web-layers', rule, {
  valid: [
    { filename: at('features/theme/components/toggle.tsx'), code: "import { x } from '../hooks/use-theme';" },
    { filename: at('features/theme/components/toggle.tsx'), code: "import { api } from '../../../lib/api-client';" },
    { filename: at('app/routes/home.tsx'), code: "import { Hero } from '../../features/landing/components/hero';" },
    { filename: at('components/spinner.tsx'), code: "import { fmt } from '../lib/format';" },
    { filename: at('features/a/x.ts'), code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: at('features/theme/components/toggle.tsx'),
      code: "import { Hero } from '../../landing/components/hero';",
      errors: [{ message: 'Features never import each other; compose them in a page under app/.' }],
    },
    {
      filename: at('features/theme/deep/er/file.ts'),
      code: "export { Hero } from '../../../landing/hero';",
      errors: 1,
    },
    {
      filename: at('features/theme/x.ts'),
      code: "const m = import('../../app/paths');",
      errors: [{ message: 'Features do not import the app layer; the app composes features.' }],
    },
    {
      filename: at('components/spinner.tsx'),
      code: "import { useTheme } from '../features/theme/hooks/use-theme';",
      errors: [{ message: 'Shared components hold no feature or app code.' }],
    },
    {
      filename: at('lib/api-client.ts'),
      code: "import { Spinner } from '../components/spinner';",
      errors: [{ message: 'lib/ is the bottom layer of the web app.' }],
    },
  ],
});
