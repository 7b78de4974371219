import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ManagerClient, ManagerError } from './manager-client';
import { NodeSettingsError } from './settings';

/** Where a node keeps the token its enrolment gave it (readable by its own user only). */
export const tokenFile = (workDir: string) => join(workDir, 'node-token.json');

interface SavedToken {
  uuid: string;
  name: string;
  token: string;
}

/**
 * The node's token: the environment's, else the one saved at an earlier enrolment, else a new one
 * traded for the one-time enrolment token (and saved, so a restart does not need another).
 */
export async function resolveNodeToken(args: {
  client: ManagerClient;
  workDir: string;
  nodeToken: string | undefined;
  enrolmentToken: string | undefined;
  name: string;
  blenderVersion: string;
  cores: number;
}): Promise<{ token: string; uuid: string | null }> {
  if (args.nodeToken) return { token: args.nodeToken, uuid: null };
  const saved = await readSaved(args.workDir);
  if (saved) return { token: saved.token, uuid: saved.uuid };
  if (!args.enrolmentToken) {
    throw new NodeSettingsError([
      {
        variable: 'RENDER_NODE_TOKEN',
        message: `not set and no saved token in ${tokenFile(args.workDir)}: set it, or set RENDER_ENROLMENT_TOKEN (from Admin › Nodes › Add) for the first start`,
      },
    ]);
  }
  const enrolled = await args.client
    .enrol({
      enrolment_token: args.enrolmentToken,
      name: args.name,
      blender_version: args.blenderVersion,
      cores: args.cores,
    })
    .catch((error: unknown) => {
      if (error instanceof ManagerError && error.status >= 400 && error.status < 500) {
        throw new NodeSettingsError([
          {
            variable: 'RENDER_ENROLMENT_TOKEN',
            message: `the manager refused it (${error.status}): it was used or has expired; issue a new one in Admin › Nodes`,
          },
        ]);
      }
      throw error;
    });
  const file = tokenFile(args.workDir);
  const record: SavedToken = { uuid: enrolled.node.uuid, name: enrolled.node.name, token: enrolled.token };
  await writeFile(`${file}.tmp`, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return { token: enrolled.token, uuid: enrolled.node.uuid };
}

async function readSaved(workDir: string): Promise<SavedToken | null> {
  const text = await readFile(tokenFile(workDir), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<SavedToken>;
    if (typeof parsed.token === 'string' && parsed.token && typeof parsed.uuid === 'string') {
      return { uuid: parsed.uuid, name: String(parsed.name ?? ''), token: parsed.token };
    }
  } catch {
    // Unreadable: as if absent (enrolment, when it can, writes a good one).
  }
  return null;
}
