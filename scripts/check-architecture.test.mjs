import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArchitecture, importsOf, sizeReport } from './check-architecture.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
let root;

function plant(files) {
  root = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

// Every import the rules allow, one of each kind.
const clean = {
  'apps/web/src/app/routes/watch.route.tsx':
    "import { WatchPage } from '@/features/watch/watch-page';\nimport { useAuctionStatus } from '@/features/live/use-auction-status';\n",
  'apps/web/src/features/watch/watch-page.tsx': [
    "import { useQuery } from '@tanstack/react-query';",
    "import { useLiveRoom } from '@/features/live-room/use-live-room';",
    "import { paths } from '@/app/paths';",
    "import { Button } from '@/ui/button';",
    "import { api } from '../../lib/api-client';",
    "import { BidPanel } from './bid-panel';",
    '',
  ].join('\n'),
  'apps/web/src/features/live/studio/studio-page.tsx':
    "import { useLiveRoom } from '@/features/live-room/use-live-room';\nimport { status } from '../auction-status';\n",
  'apps/web/src/features/live-room/use-live-room.ts':
    "import { liveRoomReducer } from '@/features/live-room/live-room';\nimport { socket } from '@/lib/socket';\n",
  'apps/web/src/ui/button.tsx': "import { clsx } from 'clsx';\n",
  'apps/web/src/lib/socket.ts':
    "import { io } from 'socket.io-client';\nimport { storage } from '@/lib/storage';\n",
  'apps/web/src/test/render-app.tsx': "import { AuthProvider } from '@/features/auth/auth-provider';\n",
  'apps/server/src/app.ts':
    "import { productsRepository } from '@/modules/products/products.repository.ts';\n",
  'apps/server/src/modules/products/products.routes.ts':
    "import type { ProductsService } from '@/modules/products/products.service.ts';\n",
  'apps/server/src/modules/products/products.service.ts':
    "import type { ProductsRepository } from './products.repository.ts';\nimport type { NotificationsService } from '@/modules/notifications/notifications.service.ts';\n",
  'apps/server/src/modules/products/products.test.ts':
    "import { buildTestApp } from '@/test/build-test-app.ts';\nconst fixture = new URL('../../../fixtures/a.webm', import.meta.url);\n",
  'apps/server/src/test/build-test-app.ts':
    "import { productsRepository } from '@/modules/products/products.repository.ts';\n",
};

describe('check-architecture', () => {
  it('passes a tree whose imports all follow the rules', () => {
    const { files, breaches } = checkArchitecture(plant(clean));
    expect(files).toBe(Object.keys(clean).length);
    expect(breaches).toEqual([]);
  });

  it('finds each kind of planted breach, with its file and line', () => {
    const { breaches } = checkArchitecture(
      plant({
        ...clean,
        'apps/web/src/features/watch/bid-panel.tsx':
          "import { x } from '@/lib/money';\n\nimport { useAuctionStatus } from '@/features/live/use-auction-status';\n",
        'apps/web/src/features/watch/watch-chat.tsx': "export { Feed } from '../live/studio/live-feed';\n",
        'apps/web/src/features/live-room/live-room.ts':
          "import type { Status } from '@/features/live/auction-status';\n",
        'apps/web/src/features/blips/blips-page.tsx':
          "const load = () => import('@/features/products/products-api');\ntype P = import('@/features/products/types').P;\n",
        'apps/web/src/ui/chat.tsx': "import type { FeedItem } from '@/features/live-room/live-room';\n",
        'apps/web/src/lib/upload.ts': "import { session } from '../features/auth/session';\n",
        'apps/web/src/lib/deep.ts': "import { x } from '../../../server/src/app.ts';\n",
        'apps/server/src/modules/admin/admin.routes.ts':
          "import { z } from 'zod';\nimport { adminRepository } from '@/modules/admin/admin.repository.ts';\n",
        'apps/server/src/modules/live/live.service.ts':
          "import type { ProductsRepository } from '../products/products.repository.ts';\n",
        'apps/server/src/modules/live/live.test.ts': "vi.mock('@/modules/blips/blips.repository.ts');\n",
      }),
    );
    const found = breaches.map((b) => `${b.file}:${b.line} ${b.rule}`).sort();
    expect(found).toEqual(
      [
        'apps/server/src/modules/admin/admin.routes.ts:2 route-imports-repository',
        'apps/server/src/modules/live/live.service.ts:1 module-imports-other-repository',
        'apps/server/src/modules/live/live.test.ts:1 module-imports-other-repository',
        'apps/web/src/features/blips/blips-page.tsx:1 feature-imports-feature',
        'apps/web/src/features/blips/blips-page.tsx:2 feature-imports-feature',
        'apps/web/src/features/live-room/live-room.ts:1 feature-imports-feature',
        'apps/web/src/features/watch/bid-panel.tsx:3 feature-imports-feature',
        'apps/web/src/features/watch/watch-chat.tsx:1 feature-imports-feature',
        'apps/web/src/lib/deep.ts:1 deep-relative-import',
        'apps/web/src/lib/upload.ts:1 lib-imports-feature',
        'apps/web/src/ui/chat.tsx:1 ui-imports-feature',
      ].sort(),
    );
  });

  it('reads imports with the parser: nothing from comments or strings', () => {
    const text = [
      "// import { a } from '@/features/x/a';",
      'const s = "import { b } from \'@/features/y/b\'";',
      "import {\n  c,\n} from '@/features/z/c';",
    ].join('\n');
    expect(importsOf('f.ts', text)).toEqual([{ specifier: '@/features/z/c', line: 5 }]);
  });

  it('lists files over 400 lines unless their first line says why', () => {
    const long = `${'x;\n'.repeat(401)}`;
    const report = sizeReport(
      plant({
        'apps/web/src/features/a/long.tsx': long,
        'apps/web/src/features/a/explained.tsx': `// size: one reducer whose cases read in order\n${long}`,
        'apps/web/src/features/a/exactly.tsx': 'x;\n'.repeat(400),
        'scripts/long.mjs': long,
        'apps/web/node_modules/dep/long.js': long,
      }),
    );
    expect(report).toEqual([
      { file: 'apps/web/src/features/a/long.tsx', lines: 401 },
      { file: 'scripts/long.mjs', lines: 401 },
    ]);
  });

  it("finds no breach in this repository's own apps", () => {
    const { files, breaches } = checkArchitecture(repoRoot);
    expect(files).toBeGreaterThan(100);
    expect(breaches.map((b) => `${b.file}:${b.line} '${b.specifier}' ${b.rule}`)).toEqual([]);
  }, 60_000);
});
