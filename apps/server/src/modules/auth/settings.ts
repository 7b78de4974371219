import type { Database } from '../../db/client';
import { readConfig } from '../catalog';

/**
 * The admin-editable switches identity depends on (Admin/Configs, group `auth`). Pages read them
 * through `services.settings()`, cached until a write to configs calls `cache.forget('configs')`
 * (in every process, through Redis), so an admin turning `staff_require_2fa` on takes effect at once.
 */
export interface AuthSettings {
  registrationOpen: boolean;
  staffRequire2fa: boolean;
}

async function flag(db: Database, key: string, fallback: boolean): Promise<boolean> {
  const value = await readConfig(db, key);
  return value === undefined ? fallback : value === true || value === 'true';
}

export async function readAuthSettings(db: Database): Promise<AuthSettings> {
  const [registrationOpen, staffRequire2fa] = await Promise.all([
    flag(db, 'registration_open', true),
    flag(db, 'staff_require_2fa', false),
  ]);
  return { registrationOpen, staffRequire2fa };
}
