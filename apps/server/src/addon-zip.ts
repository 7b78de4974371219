import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { blenderAddonFileName, blenderAddonZip } from './modules/render';
import { ROOT_DIR } from './paths';

/*
 * `pnpm addon:zip [file]`: writes the Blender add-on's zip (the same bytes the server offers at
 * /software/blender-addon.zip) to `file`, by default integrations/blender/dist/<name>-<version>.zip,
 * for installing by hand or attaching to a release.
 */
const target = process.argv[2]
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  : join(ROOT_DIR, 'integrations/blender/dist', blenderAddonFileName());
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, await blenderAddonZip());
console.log(target);
