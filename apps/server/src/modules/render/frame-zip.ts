import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ObjectStorage } from '../../lib/storage';
import { DriveError, type DriveService } from '../drives';
import { RenderError } from './errors';
import { FRAME_NAME, type JobDrive } from './job-pages';
import type { RenderJob } from './tables';

/**
 * A job's frames as one zip, streamed from the drive's storage as it is sent (decision record
 * 0015): nothing is written to disk or held whole in memory. Frames are stored, not deflated
 * (PNG, JPEG and OpenEXR are compressed already), so the zip's length is known before the first
 * byte and the browser shows real progress.
 */
export async function frameZip(
  drives: DriveService,
  storage: ObjectStorage,
  job: RenderJob,
  drive: JobDrive,
): Promise<{ stream: Readable; size: number; files: number }> {
  const none = () =>
    new RenderError(
      'RF_RENDER_ACTION',
      'هنوز فریمی از این رندر در فضای شما نیست؛ پس از رندر شدن نخستین فریم دوباره بزنید.',
    );
  if (!drive.live)
    throw new RenderError('RF_RENDER_ACTION', 'فضای این رندر حذف شده است و فریم‌هایش دیگر در دسترس نیستند.');
  let files: { name: string; path: string; size: number; created_at: string }[];
  try {
    files = (await drives.browse(job.userId, drive.uuid, job.outputPath)).files;
  } catch (error) {
    if (error instanceof DriveError) throw none();
    throw error;
  }
  const frames = files.filter((f) => FRAME_NAME.test(f.name));
  if (frames.length === 0) throw none();

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A frame gone between the listing and its turn ends the download cut short rather than with a
  // zip whose directory lies; the browser reports the download as failed.
  zip.on('error', (error: Error) => output.destroy(error));
  for (const frame of frames) {
    zip.addReadStreamLazy(
      frame.name,
      { compress: false, size: frame.size, mtime: new Date(frame.created_at) },
      (done) => {
        drives
          .findFile(job.userId, drive.uuid, frame.path)
          .then(({ entry }) => storage.get(entry.objectKey ?? ''))
          .then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, undefined as never),
          );
      },
    );
  }
  const size = await new Promise<number>((resolve) => {
    // @types/yazl leaves out the callback's argument: the zip's length, or -1 when unknown.
    const total = resolve as unknown as () => void;
    zip.end(undefined, total);
  });
  return { stream: output, size, files: frames.length };
}
