import type { Database } from '../../db/client';
import {
  DEMO_HARDWARES,
  DEMO_IMAGES,
  DEMO_LIMITATIONS,
  DEMO_LOCATIONS,
  DEMO_RESOURCES,
} from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { DEMO_CONFIGS } from './demo-configs';
import { configs, hardwares, images, limitations, locations, ports, resources } from './tables';

/** Locations, plans, software images, hosts with one public RDP port per slot, and the settings. */
export async function seedDemoCatalog(db: Database, demo: DemoSeedContext): Promise<void> {
  const locationIds = new Map<string, number>();
  for (const location of DEMO_LOCATIONS) {
    const [row] = await db.insert(locations).values(location).returning({ id: locations.id });
    locationIds.set(location.code, row!.id);
  }
  const hardwareIds = new Map<string, number>();
  for (const hardware of DEMO_HARDWARES) {
    const [row] = await db
      .insert(hardwares)
      .values({ ...hardware, status: 'active' })
      .returning({ id: hardwares.id });
    hardwareIds.set(hardware.slug, row!.id);
  }
  await db.insert(images).values(DEMO_IMAGES);
  for (const host of DEMO_RESOURCES) {
    const [row] = await db
      .insert(resources)
      .values({
        name: host.name,
        address: host.address,
        capacity: host.capacity,
        locationId: locationIds.get(host.location)!,
        hardwareId: hardwareIds.get(host.hardware)!,
        driver: 'simulated',
        status: 'available',
        lastSeenAt: demo.now,
      })
      .returning({ id: resources.id });
    await db.insert(ports).values(
      Array.from({ length: host.capacity }, (_, i) => ({
        resourceId: row!.id,
        publicIp: host.ip,
        publicPort: 33_891 + i,
      })),
    );
  }
  await db.insert(configs).values(DEMO_CONFIGS);
  await db.insert(limitations).values(DEMO_LIMITATIONS);
  demo.ids.set('locations', locationIds);
  demo.ids.set('hardwares', hardwareIds);
}
