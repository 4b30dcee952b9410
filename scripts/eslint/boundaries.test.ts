import { RuleTester } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string, code: string) => ({ filename: path.join(root, file), code });
const crossing = (file: string, code: string) => ({ ...at(file, code), errors: [{ messageId: 'crossing' }] });

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } }).run('layers', boundaries.rules.layers, {
  valid: [
    at('web/src/features/items/pages/item-page.tsx', "import { getItem } from '../api/get-item';"),
    at('web/src/features/items/pages/item-page.tsx', "import { Button } from '../../../components/ui/button';"),
    at('web/src/app/router.tsx', "import { ItemPage } from '../features/items/pages/item-page';"),
    at('web/src/lib/api-client.ts', "import { TEXT } from '@swapyard/contract';"),
    at('web/src/features/proposals/pages/page.tsx', "import { useItem } from '../../../api/item.ts';"),
    at('web/src/api/item.ts', "import { itemKeys } from '../lib/query-keys.ts';"),
    at('server/src/modules/items/routes.ts', "import { ItemsService } from './service.ts';"),
    at('server/src/modules/items/service.ts', "import * as repo from './repository.ts';"),
    at('server/src/modules/proposals/service.ts', "import type { PointsService } from '../points/service.ts';"),
    at('server/src/plugins/rate-limit.ts', "import { AppError } from '../lib/app-error.ts';"),
    at('server/src/modules/points/ledger.test.ts', "import { appendEntry } from '../points/repository.ts';"),
    at('server/src/realtime/socket-route.test.ts', "import { appendEntry } from '../modules/points/repository.ts';"),
  ],
  invalid: [
    crossing('web/src/features/proposals/api/get-item.ts', "import { getItem } from '../../items/api/get-item';"),
    crossing('web/src/features/proposals/pages/page.tsx', "export { ItemCard } from '../../items/components/item-card';"),
    crossing('web/src/features/proposals/pages/page.tsx', "const items = import('../../items/pages/item-page');"),
    crossing('web/src/lib/query-keys.ts', "import { itemKeys } from '../features/items/api/keys';"),
    crossing('web/src/components/ui/menu.tsx', "import { useMe } from '../../app/use-me';"),
    crossing('web/src/lib/connectivity.ts', "import { memberProfileQuery } from '../api/member-profile.ts';"),
    crossing('web/src/api/item.ts', "import { ItemCard } from '../features/items/components/item-card.tsx';"),
    crossing('server/src/modules/items/routes.ts', "import * as repo from './repository.ts';"),
    crossing('server/src/modules/items/routes.ts', "import { eq } from 'drizzle-orm';"),
    crossing('server/src/plugins/authentication.ts', "import type { AuthService } from '../modules/auth/service.ts';"),
    crossing('server/src/realtime/socket-route.ts', "import type { PresenceService } from '../modules/presence/service.ts';"),
    crossing('server/src/modules/conversations/service.ts', "import * as proposalsRepo from '../proposals/repository.ts';"),
    crossing('server/src/lib/anything.ts', "import { listAvailable } from '../modules/items/repository.ts';"),
  ],
});
