import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from './config';
import { ROOT_DIR } from './paths';

/**
 * For process entries (server, realtime, db CLI): reads `.env` at the repository root (real
 * environment variables win), parses the settings, and on a bad value prints which variable is
 * wrong and exits 1.
 */
export function loadEnvironment(): Config {
  const envFile = join(ROOT_DIR, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
