import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../paths';
import { createTestApp, type TestApp } from '../../testing/app';
import { BLENDER, makeTestScenes, noteSkip, skipWithoutBlender } from '../../testing/render-farm';
import { BLENDER_ADDON_DIR, blenderAddonVersion, blenderAddonZip } from './blender-addon';

const run = promisify(execFile);
noteSkip('the Blender add-on installed from its download');

/** The zip's entry names, from its central directory (signature 0x02014b50). */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + length));
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 46 + length);
  }
  return names;
}

describe('the Blender add-on download (software.blender-addon)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    // No page is drawn: the app need not read the built web app's manifest.
    t = await createTestApp({ seed: false, env: { VITE_DEV_SERVER: 'http://127.0.0.1:5173' } });
    dir = await mkdtemp(join(tmpdir(), 'rf-addon-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is a zip of the add-on package, the same bytes each time, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/software/blender-addon.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="renderfarm-blender-addon-${blenderAddonVersion()}.zip"`,
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    const names = zipNames(res.rawPayload);
    expect(names).toContain('renderfarm_submit/__init__.py');
    expect(names).toContain('renderfarm_submit/client.py');
    expect(names.every((n) => n.startsWith('renderfarm_submit/') && n.endsWith('.py'))).toBe(true);
    expect((await blenderAddonZip()).equals(res.rawPayload)).toBe(true);
  });

  it.skipIf(skipWithoutBlender)('installs and enables in Blender as a downloaded zip does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/software/blender-addon.zip' });
    const zip = join(dir, 'addon.zip');
    await writeFile(zip, res.rawPayload);
    const script = [
      'import addon_utils, bpy',
      `bpy.ops.preferences.addon_install(filepath=${JSON.stringify(zip)})`,
      'addon_utils.enable("renderfarm_submit", default_set=True, handle_error=None)',
      'prefs = bpy.context.preferences.addons["renderfarm_submit"].preferences',
      'print("RESULT", hasattr(bpy.types, "RENDER_PT_renderfarm"), prefs.bl_rna.properties["api_token"].subtype, bpy.context.scene.renderfarm.chunk)',
    ].join('\n');
    const { stdout } = await run(BLENDER, ['-b', '--factory-startup', '--python-expr', script], {
      env: { ...process.env, BLENDER_USER_SCRIPTS: join(dir, 'scripts') },
    });
    expect(stdout).toContain('RESULT True PASSWORD 10');
  });

  it('passes its own Python unit tests (the tus upload: chunks, resume, refusals)', async () => {
    const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests'], {
      cwd: join(ROOT_DIR, 'integrations/blender'),
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(stderr).toMatch(/Ran \d+ tests/);
    expect(stderr).toMatch(/\nOK\n?$/);
  });

  it.skipIf(skipWithoutBlender)(
    'packs a copy of the open scene in a second Blender: found files inside, missing ones listed, the scene untouched',
    async () => {
      const scenes = await makeTestScenes(join(dir, 'scenes'));
      // A scene whose texture is there, beside the render node's scene whose texture is not.
      const textured = join(dir, 'scenes/textured.blend');
      await run(BLENDER, [
        '-b',
        scenes.scene,
        '--python-expr',
        [
          'import bpy',
          'image = bpy.data.images.new("wood.png", 8, 8)',
          `image.filepath_raw = ${JSON.stringify(join(dir, 'scenes/textures/wood.png'))}`,
          'image.file_format = "PNG"',
          'image.save()',
          'image.filepath = "//textures/wood.png"',
          'image.use_fake_user = True',
          `bpy.ops.wm.save_as_mainfile(filepath=${JSON.stringify(textured)})`,
        ].join('\n'),
      ]);
      await mkdir(join(dir, 'user/addons'), { recursive: true });
      await symlink(BLENDER_ADDON_DIR, join(dir, 'user/addons/renderfarm_submit'));
      const env = { ...process.env, BLENDER_USER_SCRIPTS: join(dir, 'user'), TMPDIR: join(dir, 'work') };
      await mkdir(join(dir, 'work'));
      const pack = async (scene: string) => {
        const out = join(dir, 'pack.json');
        await run(
          BLENDER,
          ['-b', scene, '--python', join(ROOT_DIR, 'integrations/blender/tests/pack_scene.py'), '--', out],
          { env },
        );
        return JSON.parse(await readFile(out, 'utf8')) as {
          copy: string;
          missing: unknown[];
          dirty: boolean;
        };
      };

      const missing = await pack(scenes.missingTexture);
      expect(missing.missing).toEqual([
        { type: 'image', name: 'missing.png', path: join(dir, 'scenes/textures/missing.png'), found: false },
      ]);
      expect(missing.dirty).toBe(false);

      const packed = await pack(textured);
      expect(packed.missing).toEqual([]);
      expect(packed.copy.startsWith(join(dir, 'work/renderfarm-blender/textured-'))).toBe(true);
      // Blender 3 compresses with Zstandard.
      expect((await readFile(packed.copy)).subarray(0, 4)).toEqual(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
      const { stdout } = await run(BLENDER, [
        '-b',
        packed.copy,
        '--python-expr',
        'import bpy; print("PACKED", bpy.data.images["wood.png"].packed_file is not None)',
      ]);
      expect(stdout).toContain('PACKED True');
      // The artist's own scene is not packed by it.
      const { stdout: original } = await run(BLENDER, [
        '-b',
        textured,
        '--python-expr',
        'import bpy; print("PACKED", bpy.data.images["wood.png"].packed_file is not None)',
      ]);
      expect(original).toContain('PACKED False');
    },
  );
});
