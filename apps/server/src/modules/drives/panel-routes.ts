import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { fileView } from './service';
import {
  attachRequest,
  createDriveRequest,
  destroyDriveRequest,
  folderRequest,
  pathQuery,
  removeRequest,
  updateDriveRequest,
} from './validators';

const driveParam = (request: FastifyRequest) => String((request.params as { drive?: string }).drive ?? '');
const SMALL_BODY = 16 * 1024;

/**
 * The customer's drives (docs/screens.md): the list with its create/resize dialog, delete,
 * attach and detach; a drive's folder browser with new folder and delete; a file's download page.
 * Uploads (tus) are upload-routes.ts, the signed download link download-routes.ts.
 */
export async function panelDriveRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { drives, driveLinks } = app.services;
  const list = () => registry.url('panel.drives.list', {}, false);
  const show = (drive: string, path = '') =>
    registry.url('panel.drives.show', path ? { drive, path } : { drive }, false);

  route(
    { name: 'panel.drives.list', method: 'GET', uri: '/panel/drives', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const options = await drives.listOptions(user);
      return render(reply, 'Panel/Drives/List', {
        drives: () => drives.listOwn(user.id),
        ...options,
        balance: user.balance,
      });
    },
  );

  route(
    { name: 'panel.drives.store', method: 'POST', uri: '/panel/drives', access: 'customer' },
    async (request, reply) => {
      const input = await request.validate(createDriveRequest);
      const drive = await drives.create(request.user!, {
        name: input.name,
        sizeGb: input.size_gb,
        locationId: input.location_id,
      });
      request.session.flash('success', `فضای «${drive.name}» ساخته شد و بهای ماه نخست از کیف پول کم شد.`);
      return reply.redirect(list(), 303);
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    { name: 'panel.drives.update', method: 'PATCH', uri: '/panel/drives/{drive}', access: 'customer' },
    async (request, reply) => {
      const input = await request.validate(updateDriveRequest);
      const drive = await drives.update(request.user!, driveParam(request), {
        name: input.name,
        sizeGb: input.size_gb,
      });
      request.session.flash('success', `فضای «${drive.name}» به‌روز شد.`);
      return reply.redirect(list(), 303);
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    {
      name: 'panel.drives.destroy',
      method: 'DELETE',
      uri: '/panel/drives/{drive}',
      access: 'customer',
      errorField: 'confirm_name',
    },
    async (request, reply) => {
      const input = await request.validate(destroyDriveRequest);
      await drives.destroy(request.user!.id, driveParam(request), input.confirm_name);
      request.session.flash('success', 'فضا و همهٔ فایل‌هایش حذف شد.');
      return reply.redirect(list(), 303);
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    {
      name: 'panel.drives.attach',
      method: 'POST',
      uri: '/panel/drives/{drive}/attach',
      access: 'customer',
      errorField: 'instance',
    },
    async (request, reply) => {
      const input = await request.validate(attachRequest);
      await drives.attach(request.user!.id, driveParam(request), input.instance);
      request.session.flash('success', 'فضا به سرور وصل شد؛ با روشن‌کردن سرور در دسترس است.');
      // Back where it was asked: the drives list or the machine's Edit page.
      return reply.back(list());
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    {
      name: 'panel.drives.detach',
      method: 'POST',
      uri: '/panel/drives/{drive}/detach',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      await drives.detach(request.user!.id, driveParam(request));
      request.session.flash('success', 'فضا از سرور جدا شد.');
      return reply.back(list());
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    { name: 'panel.drives.show', method: 'GET', uri: '/panel/drives/{drive}', access: 'customer' },
    async (request, reply) => {
      const { path } = pathQuery.parse(request.query ?? {});
      const view = await drives.browse(request.user!.id, driveParam(request), path);
      const { drive } = view;
      return render(reply, 'Panel/Drives/Show', {
        drive: {
          uuid: drive.uuid,
          name: drive.name,
          status: drive.status,
          size_gb: drive.sizeGb,
          used_bytes: drive.usedBytes,
          reserved_bytes: view.reserved,
        },
        path,
        breadcrumb: view.breadcrumb,
        folders: view.folders,
        files: view.files,
        upload_url: registry.url('panel.drives.files.store', { drive: drive.uuid }, false),
        can_write: drive.status === 'active',
      });
    },
  );

  route(
    {
      name: 'panel.drives.folders.store',
      method: 'POST',
      uri: '/panel/drives/{drive}/folders',
      access: 'customer',
      errorField: 'name',
    },
    async (request, reply) => {
      const input = await request.validate(folderRequest);
      const uuid = driveParam(request);
      await drives.makeFolder(request.user!.id, uuid, input.path, input.name);
      request.session.flash('success', `پوشهٔ «${input.name}» ساخته شد.`);
      return reply.redirect(show(uuid, input.path), 303);
    },
    { bodyLimit: SMALL_BODY },
  );

  route(
    {
      name: 'panel.drives.files.destroy',
      method: 'DELETE',
      uri: '/panel/drives/{drive}/files',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      const input = await request.validate(removeRequest);
      const uuid = driveParam(request);
      const count = await drives.removeEntries(request.user!.id, uuid, input.paths);
      request.session.flash('success', `${count.toLocaleString('fa-IR')} مورد پاک شد.`);
      return reply.back(show(uuid));
    },
    { bodyLimit: 512 * 1024 },
  );

  route(
    { name: 'panel.drives.down', method: 'GET', uri: '/panel/drives/{drive}/download', access: 'customer' },
    async (request, reply) => {
      const { path } = pathQuery.parse(request.query ?? {});
      const user = request.user!;
      const { drive, entry } = await drives.findFile(user.id, driveParam(request), path);
      const link = driveLinks.issue({ drive: drive.id, file: entry.id, user: user.id });
      return render(reply, 'Panel/Drives/Down', {
        drive: { uuid: drive.uuid, name: drive.name },
        file: fileView(entry),
        download_url: registry.url('drives.file', { token: link.token }, false),
        expires_at: link.expiresAt.toISOString(),
      });
    },
  );
}
