import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.ts';

// `npm run build -w server`: what `npm start` runs, into server/dist.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
await bundleServer(path.join(serverDir, 'src', 'main.ts'), path.join(serverDir, 'dist'));
